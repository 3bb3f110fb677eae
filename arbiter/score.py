"""The score: what points do to the game and the rubber (Laws 1, 2, 4, 7 and the Lap).

Every figure comes from the law records; nothing here holds a number the laws state.

How we read the laws on the rubber (Law 1, Law 7, Technical Terms: Lap, Rubber):

- A side that reaches five points (Law 2) wins the game. Points beyond five are the lap,
  carried into the next game. A game counts one, or two when the losers end it with no
  points at all (Law 7; the glossary's "five to nothing").
- The rubber is the best of three games: the first side to win two games wins it, and takes
  the rubber's two points (Law 7). That never changes afterwards.
- The third game is always played, even when one side won the first two (Law 1): it is
  played for its points under Law 7, not to decide the rubber.
- Should the third game lap, a fourth game is played (Law 1), again for its points only, and
  the lap carries into it. Games count singly towards the best of three: a double game is
  worth two points in the rubber, not two games (otherwise Law 7's "four double games"
  could never happen).
- Nothing follows the fourth game: its lap stays in its final tally and carries nowhere.
  Law 7 counts games, not points, so this changes no one's rubber points. The same holds
  for a third game won with no lap.
- Law 4: the revoke penalty is scored before all other scores. When several awards arrive
  together (a hand and its penalties), the revoke penalties go first, the rest in the order
  given. If an award wins the game, what follows goes into the next game, the winner's as
  lap and the losers' as their opening points; when no game follows it is kept as
  `left_over`, shown but counted in no game. No point is dropped. One consequence: a
  penalty that wins the game while the offenders have nothing makes it a love game (Law 7),
  for their points for the hand come after the game is won.
- A lap is carried whole, even one of five or more (a lone revoke repeated): the next game
  is then won at once, as the text "carried to the next game" implies, and so on.
- A position given only as points and games (a case file): three games won and no points
  standing means the third game did not lap, so the rubber is over; points standing after
  three games mean the fourth game is in play, since it always opens with the third's lap.
- Rubber points (Law 7) are each side's game values, and the rubber's two to the side that
  won two games first; so no side can pass Law 7's ten (four double games and the rubber).
- A negative award puts a score error right (Law 5) in the game in play; it can take a side
  down to nothing in that game but cannot unwin a game that is over. Below nothing only
  where a rule deducts (`Rules.deducts`), shown as negative.

House practice the code does not state (rulesets.md, "House rules"), read as figures that a
house layer lays over the records (`Rulebook.with_numbers`); absent, Somerset as printed:
- `rubber` (Law 1's numbers, default true): false plays single games. No rubber is won and
  none ends; games follow one another, laps carried as Law 1 and the glossary say, and
  `games` counts the games won in the evening.
- `hands_per_game` (Law 1's numbers, default none): a game is that many deals (hands scored
  with `deal=True`); reaching the points of a game (Law 2) no longer ends it, and when its
  last deal is scored the side with more points wins it. Equal points: the game is drawn,
  counted for no one. There is no lap, for no side passes a target.
- `scored` (Law 63's numbers, default `added`): `deducted` or `choice` means a penalty may be
  taken off the offenders, so a score may go below nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple
from weakref import WeakKeyDictionary

from arbiter.model import PARTNERSHIPS, InputError, Side, sides_of
from arbiter.rulebook import Rulebook

Tally = dict[Side, int]


def tally(ns: int = 0, ew: int = 0) -> Tally:
    """A score for both partnerships."""
    return {Side.NS: ns, Side.EW: ew}


def zero(sides: tuple[Side, ...] = PARTNERSHIPS) -> Tally:
    """Nothing for each side of the table (two partnerships, or two players)."""
    return {side: 0 for side in sides}


def plain(t: Tally) -> dict[str, int]:
    """A tally as plain data: {"NS": 2, "EW": 3}."""
    return {SIDE_NAMES[side]: n for side, n in t.items()}


SIDE_NAMES = {side: side.value for side in Side}
"""Each side's name (an enum's value is slow to read, and a ruling gives a dozen tallies,
an audit one for every deal)."""


def words(t: Tally) -> str:
    """A tally as people say it: 'NS 2 – EW 3', North-South first however it was built."""
    return " – ".join(f"{side.value} {t[side]}" for side in Side if side in t)


class Award(NamedTuple):  # a NamedTuple, not a dataclass: cheaper to define at each start
    """Points scored for one reason: a hand's result, a penalty, a correction."""

    side: Side
    """The side that scores them."""
    points: int
    """How many; negative only to put a score error right (Law 5)."""
    law: int | None = None
    """The law they are scored under; decides the order of scoring (Law 4)."""

    def as_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {"side": SIDE_NAMES[self.side], "points": self.points, "law": self.law}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Award:
        """From `as_dict` data."""
        law = data.get("law")
        return cls(Side.any(data["side"]), int(data["points"]), int(law) if law is not None else None)


class Rules(NamedTuple):  # not a dataclass: the audit starts without importing dataclasses
    """The figures of scoring, read from the law records."""

    target: int
    """Points in a game (Law 2)."""
    games_in_rubber: int
    """The rubber is the best of this many games (Law 1)."""
    games_to_win: int
    """Games that win the rubber (Law 1)."""
    single: int
    """What a game counts (Law 7)."""
    double: int
    """What a game counts when the losers failed to score (Law 7)."""
    rubber_bonus: int
    """The additional points for winning the rubber (Law 7)."""
    rubber_max: int
    """The most a side can win in a rubber (Law 7)."""
    first: str | None
    """The kind of penalty that takes precedence of all other scores (Law 4's reading)."""
    rubber: bool = True
    """Rubbers are played (Law 1); false under the house rule of single games."""
    hands_per_game: int | None = None
    """A game is this many deals, most points winning (tournament practice); None: to the points of Law 2."""
    deducts: bool = False
    """A rule takes points off a side, so a score may go below nothing."""
    sides: tuple[Side, ...] = PARTNERSHIPS
    """The sides at the table: two partnerships, or the two players of the two-handed game."""
    borrowed: tuple[str, ...] = ()
    """The parts of the score this ruleset does not state (`game`, `rubber`), kept to the Somerset
    code's figures as a reference."""

    @classmethod
    def of(cls, book: Rulebook) -> Rules:
        """The figures of a rulebook, found by what its provisions are about. A code that does
        not state one (the manual names no game or rubber) is kept to Somerset's figure, and
        `borrowed` says which, so that a ruling can say so.

        Worked out once per book: an audit asks for them at every game and every ruling, and
        a book is not changed once made (a view of it, or one with house rules, is a new
        book)."""
        rules = _RULES.get(book)
        if rules is None:
            rules = _RULES[book] = cls._read(book)
        return rules

    @classmethod
    def _read(cls, book: Rulebook) -> Rules:
        borrowed: list[str] = []

        def figure(keys: tuple[str, ...], name: str, part: str) -> Any:
            for key in keys:
                if book.has(key) and name in book.provision(key).reading.get("numbers", {}):
                    return book.provision(key).number_of(name)
            from arbiter.rulebook import load

            borrowed.append(part)
            return load().provision(keys[-1]).number_of(name)

        rules = cls(
            target=figure(("game_points", "points_for_tricks"), "game", "game"),
            games_in_rubber=figure(("rubber",), "games_in_rubber", "rubber"),
            games_to_win=figure(("rubber",), "games_to_win", "rubber"),
            single=figure(("game_and_rubber_value",), "game", "rubber"),
            double=figure(("game_and_rubber_value",), "double_game", "rubber"),
            rubber_bonus=figure(("game_and_rubber_value",), "rubber", "rubber"),
            rubber_max=figure(("game_and_rubber_value",), "rubber_max", "rubber"),
            first=book.provision("revoke_scores_first").reading.get("penalty") if book.has("revoke_scores_first") else None,
            sides=sides_of(book.shape.get("players", 4)),
            # House practice the code does not state, laid over these records by house rules:
            rubber=bool(_stated(book, "rubber", "rubber", True)),
            hands_per_game=_stated(book, "rubber", "hands_per_game", None) or None,
            deducts=(_stated(book, "revoke_penalty", "scored", "added") in ("deducted", "choice")
                     or bool(book.house is not None and book.house.value("false_claim"))),
        )
        return rules._replace(borrowed=tuple(borrowed))

    @property
    def last_game(self) -> int:
        """The fourth game: one more than the rubber's three, played only when the third laps (Law 1)."""
        return self.games_in_rubber + 1


_RULES: WeakKeyDictionary[Rulebook, Rules] = WeakKeyDictionary()
"""Each book's figures, for as long as the book lives (a book is its own key: one is equal
only to itself)."""


def _stated(book: Rulebook, key: str, name: str, default: Any) -> Any:
    """A figure of the provision `key` if the code (or its house rules) states one, else `default`."""
    if not book.has(key):
        return default
    return book.provision(key).reading.get("numbers", {}).get(name, default)


def in_order(book: Rulebook, awards: Iterable[Award], rules: Rules | None = None) -> list[Award]:
    """Awards in the order they are scored: the revoke penalty first (Law 4), the rest as given.

    An award comes first when the record of its law names the same penalty as Law 4's
    reading (Law 63's `revoke_penalty`). `rules` are the book's, where already worked out.
    """
    items = list(awards)
    if len(items) < 2:  # a hand's points alone, most often: nothing to put in order
        return items
    first = (rules or Rules.of(book)).first

    def leads(a: Award) -> bool:
        return first is not None and a.law is not None and book.law(a.law).reading.get("penalty") == first

    return [a for a in items if leads(a)] + [a for a in items if not leads(a)]


class Game(NamedTuple):
    """One game of the rubber."""

    number: int
    """1 to 4."""
    start: Tally
    """The lap it started from. Points of the same hand scored after the last game was won
    (Law 4) are scored in this game, so they count in `points`, not here."""
    points: Tally
    """Its final tally, lap included; for the game in play, the points so far."""
    winner: Side | None = None
    """The side that reached five; None while it is in play."""
    value: int = 0
    """What it counts in the rubber (Law 7): one, or two for a love game; 0 while in play."""
    lap: int = 0
    """The winner's points beyond five."""
    drawn: bool = False
    """Its deals were all played with the points equal (`hands_per_game`): won by no one."""

    def as_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "number": self.number, "start": plain(self.start), "points": plain(self.points),
            "winner": SIDE_NAMES[self.winner] if self.winner else None, "value": self.value, "lap": self.lap,
            "drawn": self.drawn,
        }


class Rubber:
    """A rubber's score, game by game; `score` applies awards in the order of Law 4.

    Made either fresh (`Rubber(rules)`, every game known: the ledger) or from a position in
    the middle of a rubber (`Rubber.at`, from a case's score and games: the earlier games'
    values are then unknown, so `rubber_points` is None).
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.finished: list[Game] = []
        """Games won, in order (only those this object saw, for a position)."""
        self.number = 1
        """The game in play, or the last one played once the rubber is over."""
        self.start: Tally = zero(rules.sides)
        self.current: Tally = zero(rules.sides)
        self.games: Tally = zero(rules.sides)
        """Games won by each side (counting singly towards the best of three)."""
        self.won_by: Side | None = None
        """The first side to win two games (Law 1)."""
        self.over = False
        """No game is in play and none follows."""
        self.left_over: Tally = zero(rules.sides)
        """Points scored after the rubber's last game was won (Law 4): counted in no game."""
        self.known = True
        """Whether every game of the rubber passed through this object."""
        self.deals = 0
        """Deals scored in the game in play (counted only under `hands_per_game`)."""

    @classmethod
    def at(cls, book: Rulebook, points: Tally, games: Tally) -> Rubber:
        """The rubber at a position: `points` in the game in play, `games` won so far."""
        rules = Rules.of(book)
        r = cls(rules)
        r.known = not any(games.values())
        played = sum(games.values())
        if rules.rubber and played > rules.last_game:
            raise InputError(
                f"games: {played} games won, but a rubber has at most {rules.last_game} "
                f"(the best of {rules.games_in_rubber}, and one more when the last of those laps: Law 1)"
            )
        for side in rules.sides:
            if points[side] < 0 and not rules.deducts:
                raise InputError(f"score: {side.value} have {points[side]} points; a score is below nothing "
                                 "only under a rule that deducts")
            if points[side] >= rules.target and rules.hands_per_game is None:
                raise InputError(
                    f"score: {side.value} have {points[side]} points, but a side that reaches {rules.target} "
                    "has won the game (Law 2); give the points of the game in play"
                )
        r.games = dict(games)
        r.start, r.current = dict(points), dict(points)
        if not rules.rubber:  # single games: the evening goes on, and no rubber is won
            r.number = played + 1
            return r
        winners = [s for s in rules.sides if games[s] >= rules.games_to_win]
        r.won_by = winners[0] if len(winners) == 1 else None  # two-all after four games: who led is unknown
        r.number = min(played + 1, rules.last_game)
        nothing = not any(points.values())
        # After the third game, a fourth is in play only if it lapped, and then it opens with the lap.
        if played == rules.last_game or (played == rules.games_in_rubber and nothing):
            r.over = True
            r.number = played
        return r

    # -- what the game stands at --

    @property
    def points(self) -> Tally:
        """Points in the game in play (nothing once the rubber is over)."""
        return dict(self.current) if not self.over else zero(self.rules.sides)

    @property
    def next_game(self) -> int | None:
        """The game in play, or None once the rubber is over."""
        return None if self.over else self.number

    def rubber_points(self) -> Tally | None:
        """What each side has won (Law 7): the games' values, and the rubber's points to its winner."""
        if not self.known:
            return None
        won = zero(self.rules.sides)
        for g in self.finished:
            if g.winner is not None:
                won[g.winner] += g.value
        if self.won_by is not None:
            won[self.won_by] += self.rules.rubber_bonus
        return won

    def in_play(self) -> Game | None:
        """The game in play, as a Game without a winner."""
        return None if self.over else Game(self.number, dict(self.start), dict(self.current))

    def copy(self) -> Rubber:
        """An independent copy."""
        other = Rubber(self.rules)
        other.finished = list(self.finished)
        other.number, other.over, other.won_by, other.known = self.number, self.over, self.won_by, self.known
        other.start, other.current = dict(self.start), dict(self.current)
        other.games, other.left_over = dict(self.games), dict(self.left_over)
        other.deals = self.deals
        return other

    # -- scoring --

    def score(self, book: Rulebook, awards: Iterable[Award], deal: bool = False) -> list[Game]:
        """Score awards together (one hand, one ruling), in Law 4's order; the games they won.

        `deal`: the awards end a deal (a hand's result), which counts under `hands_per_game`.
        Refused (InputError, nothing changed) when points are scored once the rubber is over,
        or when a correction would take a side below nothing.
        """
        counted = deal and self.rules.hands_per_game is not None
        items = awards if isinstance(awards, list) else list(awards)
        if len(items) == 1 and items[0].points > 0 and not counted and not self.over:
            # One award of points, as an audit scores each hand (10,000 in a large event):
            # nothing to put in order, and nothing that could be refused half-way.
            return self._add(items[0])
        batch = [a for a in in_order(book, items, self.rules) if a.points]
        if not batch and not counted:
            return []
        if self.over:
            raise InputError(
                f"the rubber is over ({self._over_words()}): no game is in play to score in; start a new rubber"
            )
        if not counted and all(a.points > 0 for a in batch):  # only a correction can be refused half-way
            return [game for award in batch for game in self._add(award)]
        trial = self.copy()
        won: list[Game] = []
        for award in batch:
            won.extend(trial._add(award))
        if counted:
            trial.deals += 1
            if trial.deals >= (self.rules.hands_per_game or 0):
                won.append(trial._finish_by_points())
        self.__dict__.update(trial.__dict__)
        return won

    def _over_words(self) -> str:
        if self.number >= self.rules.last_game:
            return f"game {self.number} has been played, and no game follows it (Law 1)"
        return f"game {self.number} was won without a lap, so no further game is played (Law 1)"

    def _add(self, award: Award) -> list[Game]:
        side = award.side
        if self.over:
            self.left_over[side] += award.points
            return []
        total = self.current[side] + award.points
        if total < 0 and not self.rules.deducts:
            raise InputError(
                f"cannot take {-award.points} from {side.value}: they have {self.current[side]} in this game "
                "(a correction cannot unwin a game that is over)"
            )
        self.current[side] = total
        won: list[Game] = []
        if self.rules.hands_per_game is not None:
            return won  # the game ends with its last deal, not at a number of points
        while not self.over and self.current[side] >= self.rules.target:
            won.append(self._finish(side))
        return won

    def _finish(self, winner: Side) -> Game:
        rules = self.rules
        loser = winner.other
        value = rules.double if self.current[loser] == 0 else rules.single
        lap = self.current[winner] - rules.target
        game = Game(self.number, dict(self.start), dict(self.current), winner, value, lap)
        self._close(game, {winner: lap, loser: 0})
        return game

    def _finish_by_points(self) -> Game:
        """The last deal of a game of `hands_per_game` deals: most points wins; equal points, drawn."""
        a, b = self.rules.sides
        if self.current[a] == self.current[b]:
            game = Game(self.number, dict(self.start), dict(self.current), drawn=True)
        else:
            winner = a if self.current[a] > self.current[b] else b
            value = self.rules.double if self.current[winner.other] == 0 else self.rules.single
            game = Game(self.number, dict(self.start), dict(self.current), winner, value)
        self._close(game, zero(self.rules.sides))
        return game

    def _close(self, game: Game, carried: Tally) -> None:
        """A game is over: count it, and begin the next with `carried` (the lap) if one follows."""
        rules = self.rules
        self.finished.append(game)
        self.deals = 0
        if game.winner is not None:
            self.games[game.winner] += 1
            if rules.rubber and self.won_by is None and self.games[game.winner] >= rules.games_to_win:
                self.won_by = game.winner
        n = rules.games_in_rubber
        follows = not rules.rubber or self.number < n or (self.number == n and game.lap > 0)
        if follows:
            self.number += 1
            self.start = dict(carried)
            self.current = dict(self.start)
        else:
            self.over = True
            self.current = zero(rules.sides)

    def as_dict(self) -> dict[str, Any]:
        """Plain data for --json."""
        rp = self.rubber_points()
        return {
            "games": [g.as_dict() for g in self.finished],
            "in_play": g.as_dict() if (g := self.in_play()) else None,
            "points": plain(self.points),
            "games_won": plain(self.games),
            "rubber_won_by": self.won_by.value if self.won_by else None,
            "rubber_over": self.over,
            "rubber_points": plain(rp) if rp is not None else None,
            "left_over": plain(self.left_over),
        }


class After(NamedTuple):
    """The game state once a ruling's points are scored (the spec's `score.after`)."""

    points: Tally
    """Points in the game the ruling scored in, the adjustment included. Where the
    adjustment wins that game, its final tally, lap included (7 for NS at 4 scoring 3)."""
    games: Tally
    """Games won in the rubber, counting those this adjustment wins."""
    game_won_by: Side | None
    """The side that reaches the game (Law 2), if this adjustment takes it there."""
    game_value: int
    """What the game just won counts (Law 7): two when the losers scored nothing; 0 if none was won."""
    lap: int
    """The winner's points beyond the game (Technical Terms: Lap)."""
    rubber_won_by: Side | None
    """The side that has won two games (Law 1), now or before."""
    carried: Tally
    """What the next game starts from when a game was won: the lap, and any points of the
    same ruling scored after the game was won (Law 4). Nothing when no game was won or none follows."""
    game: int
    """The number of the game the adjustment was scored in (1 to 4)."""
    next_game: int | None
    """The game in play afterwards, or None when the rubber is over."""
    rubber_over: bool
    """True when no further game is played (Law 1)."""
    left_over: Tally
    """Points that came after the rubber's last game was won: shown, but in no game."""
    games_won: tuple[Game, ...]
    """Every game this adjustment won; more than one only when a lap of five or more wins the next at once."""

    def as_dict(self) -> dict[str, object]:
        """Plain data for --json."""
        return {
            "points": plain(self.points),
            "games": plain(self.games),
            "game_won_by": SIDE_NAMES[self.game_won_by] if self.game_won_by else None,
            "game_value": self.game_value,
            "lap": self.lap,
            "rubber_won_by": SIDE_NAMES[self.rubber_won_by] if self.rubber_won_by else None,
            "carried": plain(self.carried),
            "game": self.game,
            "next_game": self.next_game,
            "rubber_over": self.rubber_over,
            "left_over": plain(self.left_over),
            "games_won": [g.as_dict() for g in self.games_won],
        }


def reconcile(awards: Sequence[Award] | None, adjustment: Tally) -> list[Award]:
    """The awards that make up an adjustment; any part the list does not explain is added at the end."""
    items = list(awards or [])
    for side in adjustment:
        rest = adjustment[side] - sum(a.points for a in items if a.side is side)
        if rest:
            items.append(Award(side, rest))
    return items


def apply(
    book: Rulebook, points: Tally, games: Tally, adjustment: Tally, awards: Sequence[Award] | None = None,
) -> After:
    """Score a ruling's adjustment on a position (Laws 1, 2, 4 and 7).

    `awards` gives the adjustment's parts with their laws, so that a revoke penalty is scored
    first (Law 4); without it, the adjustment is scored side by side, North-South first.
    """
    rubber = Rubber.at(book, points, games)
    game = rubber.number
    won = rubber.score(book, reconcile(awards, adjustment))
    first = won[0] if won else None
    return After(
        points=dict(first.points) if first else rubber.points,
        games=dict(rubber.games),
        game_won_by=first.winner if first else None,
        game_value=first.value if first else 0,
        lap=first.lap if first else 0,
        rubber_won_by=rubber.won_by,
        carried=rubber.points if won else zero(rubber.rules.sides),
        game=game,
        next_game=rubber.next_game,
        rubber_over=rubber.over,
        left_over=dict(rubber.left_over),
        games_won=tuple(won),
    )


def describe(book: Rulebook, before: Tally, games_before: Tally, after: After) -> str:
    """What the points did to the game and the rubber, in plain words, citing Laws 1 and 7 as they bear."""
    rules = Rules.of(book)
    if after.points == before and not after.games_won:
        return f"The score stays {words(before)}."
    text = f"{words(before)} becomes {words(after.points)}"
    if not after.games_won:
        return text + "."
    parts: list[str] = []
    for i, g in enumerate(after.games_won):
        assert g.winner is not None
        how = "a love game, which counts" if g.value == rules.double else "which counts"
        lead = f"{g.winner.name_} win game {g.number}" if i == 0 else f"that wins game {g.number} at once for {g.winner.name_}"
        part = f"{lead}, {how} {g.value} (Law 7)"
        if g.lap:
            follows = after.next_game is not None or i + 1 < len(after.games_won)
            into = f"carried into game {g.number + 1}" if follows else "that no further game receives (Law 1)"
            part += f", with a lap of {g.lap} {into}"
        parts.append(part)
    text += ": " + "; ".join(parts)
    for side in rules.sides:
        last = after.games_won[-1]
        if after.next_game is not None and after.carried[side] and side is not last.winner:
            n = after.carried[side]
            text += (f"; the {_pts(n)} {side.name_} scored after the game was won "
                     f"{'goes' if n == 1 else 'go'} into game {after.next_game} (Law 4)")
        if after.left_over[side]:
            n = after.left_over[side]
            text += (f"; the {_pts(n)} {side.name_} scored after the last game was won "
                     f"{'goes' if n == 1 else 'go'} into no game, for none follows (Law 1)")
    won_before = [s for s in rules.sides if games_before[s] >= rules.games_to_win]
    if after.rubber_won_by is not None and not won_before:
        text += f". {after.rubber_won_by.name_} have won {rules.games_to_win} games: the rubber is theirs (Law 1)"
    if after.rubber_over:
        text += ". The rubber is over"
    elif after.next_game == rules.games_in_rubber and after.rubber_won_by is not None and not won_before:
        text += f", but game {after.next_game} is still played for its points (Law 1)"
    elif after.next_game == rules.last_game and after.game < rules.last_game:
        text += f". Game {rules.games_in_rubber} lapped, so game {rules.last_game} is played (Law 1)"
    return text + "."


def _pts(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"
