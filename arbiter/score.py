"""The score: what a ruling's points do to the game and the rubber (Laws 1, 2, 7, Lap).

Every figure comes from the law records; nothing here holds a number the laws state.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.model import Side
from arbiter.rulebook import Rulebook

Tally = dict[Side, int]


def tally(ns: int = 0, ew: int = 0) -> Tally:
    """A score for both sides."""
    return {Side.NS: ns, Side.EW: ew}


@dataclass(frozen=True)
class After:
    """The game state once a ruling's points are scored."""

    points: Tally
    """Points in the current game, the adjustment included (before any lap is carried)."""
    games: Tally
    """Games won in the rubber, counting one that this adjustment wins."""
    game_won_by: Side | None
    """The side that reaches the game (Law 2), if this adjustment takes it there."""
    game_value: int
    """What the game just won counts (Law 7): two when the losers scored nothing; 0 if none was won."""
    lap: int
    """Points beyond the game, carried into the next (Technical Terms: Lap)."""
    rubber_won_by: Side | None
    """The side that has won two games (Law 1)."""
    carried: Tally
    """The score the next game starts from: the lap."""

    def as_dict(self) -> dict[str, object]:
        """Plain data for --json."""
        return {
            "points": _plain(self.points),
            "games": _plain(self.games),
            "game_won_by": self.game_won_by.value if self.game_won_by else None,
            "game_value": self.game_value,
            "lap": self.lap,
            "rubber_won_by": self.rubber_won_by.value if self.rubber_won_by else None,
            "carried": _plain(self.carried),
        }


def _plain(t: Tally) -> dict[str, int]:
    return {side.value: t[side] for side in Side}


def game_points(book: Rulebook) -> int:
    """Points in a game (Law 2)."""
    return book.law(2).number_of("game")


def games_to_win(book: Rulebook) -> int:
    """Games that win the rubber (Law 1)."""
    return book.law(1).number_of("games_to_win")


def apply(book: Rulebook, points: Tally, games: Tally, adjustment: Tally) -> After:
    """Score an adjustment on the current game (Laws 1, 2 and 7)."""
    target = game_points(book)
    new = {side: points[side] + adjustment[side] for side in Side}
    won = [side for side in Side if new[side] >= target and adjustment[side] > 0]
    winner = won[0] if won else None
    games_after = dict(games)
    lap, value = 0, 0
    carried = tally()
    if winner is not None:
        loser = winner.other
        law7 = book.law(7)
        value = law7.number_of("double_game") if new[loser] == 0 else law7.number_of("game")
        lap = new[winner] - target
        games_after[winner] += 1
        carried[winner] = lap
    need = games_to_win(book)
    rubber = next((side for side in Side if games_after[side] >= need), None)
    return After(new, games_after, winner, value, lap, rubber, carried)
