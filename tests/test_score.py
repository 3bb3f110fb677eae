"""Scoring: the hand-result table, penalties, games, laps, the fourth game and the rubber (issue 4)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from arbiter import score as scoring
from arbiter.cli import app
from arbiter.incident import build_case
from arbiter.model import PARTNERSHIPS, InputError, Side
from arbiter.rulebook import load
from arbiter.ruling import rule
from arbiter.score import Award, Rubber, Rules, tally

NS, EW = Side.NS, Side.EW
BOOK = load()
RULES = Rules.of(BOOK)


def hand(score: tuple[int, int] = (0, 0), games: tuple[int, int] = (0, 0), book: Any = None, **incident: Any):
    data = {"incident": {"kind": "hand_result", **incident},
            "score": {"NS": score[0], "EW": score[1]}, "games": {"NS": games[0], "EW": games[1]}}
    if isinstance(incident.get("alone"), str):  # a lone seat goes in the envelope
        data["alone"] = data["incident"].pop("alone")
    return rule(build_case(data), book)


# The figures the laws state, written out as the book's text has them: a test never takes its
# expected value from the record the code reads (tests that change a record, with_numbers,
# show that the code reads it).
FIGURES = {
    (1, "games_in_rubber"): 3,   # Law 1: "The rubber is the best of three games."
    (1, "games_to_win"): 2,      # Law 1: best of three; "If the first two games are won by the same players"
    (2, "game"): 5,              # Law 2: "A game consists of five points."
    (2, "march"): 2,             # Law 2: "take five tricks, they score two"
    (2, "point"): 1,             # Law 2: "three or four tricks, they score one"
    (2, "euchre"): 2,            # Law 2: "they are euchred, and the adversaries score two"
    (2, "march_tricks"): 5,      # Law 2: "take five tricks"
    (2, "point_tricks"): 3,      # Law 2: "If they fail to take three tricks they are euchred"
    (3, "march"): 4,             # Law 3: "takes five tricks, he scores four"
    (3, "point"): 1,             # Law 3: "three or four tricks, he scores one"
    (3, "euchre"): 4,            # Law 3: "he is euchred, and the adversaries score four"
    (7, "game"): 1,              # Law 7: "Each game won counts one"
    (7, "double_game"): 2,       # Law 7: "... in which case the game counts two"
    (7, "rubber_max"): 10,       # Law 7: "it is possible to win ten points in a rubber"
    (50, "lone_side"): 5,        # Law 50: "the party playing alone scores five points"
    (63, "revoke"): 3,           # Law 63: "The penalty of a revoke is three points,"
    (63, "revoke_lone"): 5,      # Law 63: "except in the case of a lone hand, when it is five"
    (90, "forfeit"): 2,          # Law 90: "forfeits two if all four are playing,"
    (90, "forfeit_lone"): 4,     # Law 90: "and four if a lone hand is played"
    (102, "march"): 2,           # Law 102: "his partner can score only two points, should he take every trick"
    (102, "euchre"): 4,          # Law 102: "but in case of a euchre the adversaries score four"
}
LAST_GAME = 4  # Law 1: "should the score of the third game lap, a fourth game is played"


def number(law: int, name: str) -> int:
    return FIGURES[(law, name)]


# -- the hand-result table (Laws 2 and 3) --


@pytest.mark.parametrize(
    ("tricks", "alone", "scorer", "law", "name"),
    [
        (5, False, "makers", 2, "march"), (4, False, "makers", 2, "point"), (3, False, "makers", 2, "point"),
        (2, False, "adversaries", 2, "euchre"), (0, False, "adversaries", 2, "euchre"),
        (5, True, "makers", 3, "march"), (4, True, "makers", 3, "point"), (3, True, "makers", 3, "point"),
        (2, True, "adversaries", 3, "euchre"), (0, True, "adversaries", 3, "euchre"),
    ],
)
def test_the_hand_result_table(tricks: int, alone: bool, scorer: str, law: int, name: str) -> None:
    r = hand(makers="EW", tricks=tricks, alone=alone)
    side = EW if scorer == "makers" else NS
    assert r.adjustment == {side: number(law, name), side.other: 0}
    assert r.laws[0] == law
    assert [a.law for a in r.awards] == [law]


def test_the_trick_thresholds_are_law_2s() -> None:
    # Law 2: "three or four tricks, they score one. If they fail to take three tricks they are euchred".
    assert hand(makers="NS", tricks=3).verdict == "point"
    assert hand(makers="NS", tricks=2).verdict == "euchred"


def test_points_are_read_from_the_law_records_not_written_in_code() -> None:
    assert hand(makers="NS", tricks=5, alone=True, book=BOOK.with_numbers({3: {'march': 7}})).adjustment[NS] == 7
    assert hand(makers="NS", tricks=3, book=BOOK.with_numbers({2: {'point': 9}})).adjustment[NS] == 9
    assert hand(makers="NS", tricks=5, revoke_by="EW", book=BOOK.with_numbers({63: {'revoke': 11}})).adjustment[NS] == 11 + 2
    # The game's five comes from Law 2 as well.
    assert hand((3, 0), makers="NS", tricks=5, book=BOOK.with_numbers({2: {'game': 6}})).after.game_won_by is None


def test_the_maker_can_be_given_as_a_seat_in_the_incident_or_the_envelope() -> None:
    assert hand(maker="W", tricks=5).adjustment[EW] == 2
    data = {"maker": "N", "incident": {"kind": "hand_result", "tricks": 2}}
    assert rule(build_case(data)).adjustment[EW] == 2


@pytest.mark.parametrize(
    ("incident", "envelope", "words"),
    [
        ({"makers": "NS", "tricks": 6}, {}, "only 5 tricks"),
        ({"makers": "NS", "maker": "E", "tricks": 3}, {}, "different sides"),
        ({"makers": "NS", "tricks": 3}, {"alone": "E"}, "different sides"),
        ({"makers": "NS", "tricks": 3}, {"maker": "W"}, "different sides"),
        ({"maker": "N", "tricks": 3}, {"maker": "S"}, "given as North and as South"),
        ({"makers": "NS", "tricks": 3, "alone": False}, {"alone": "N"}, "alone is false"),
        ({"tricks": 3}, {}, "who made the trump"),
        ({"makers": "NS"}, {}, "tricks is needed"),
        ({"makers": "NS", "tricks": 5, "partner_exposed": True}, {}, "only to a lone hand"),
        ({"makers": "NS", "abandoned": True}, {}, "only to a lone hand"),
        ({"makers": "NS", "tricks": 3, "revokes": 2}, {}, "revoke_by"),
    ],
)
def test_contradictions_are_refused(incident: dict, envelope: dict, words: str) -> None:
    with pytest.raises(InputError, match=words):
        rule(build_case({**envelope, "incident": {"kind": "hand_result", **incident}}))


# -- penalties the laws set --


def test_revokes_cost_three_each_or_five_each_in_a_lone_hand() -> None:
    r = hand(makers="NS", tricks=3, revoke_by="EW", revokes=2)
    assert r.adjustment == {NS: 2 * number(63, "revoke") + number(2, "point"), EW: 0}
    r = hand(makers="NS", tricks=3, alone="S", revoke_by="EW", revokes=2)
    assert r.adjustment[NS] == 2 * number(63, "revoke_lone") + number(3, "point")


def test_the_revoke_penalty_is_scored_before_the_hand_law_4() -> None:
    # At four-all, East and West's point would win the game if it were scored first.
    r = hand((4, 4), makers="EW", tricks=3, revoke_by="EW")
    assert [a.law for a in r.awards] == [63, 2]
    assert r.after.game_won_by is NS
    assert r.after.points == {NS: 7, EW: 4}
    assert r.after.carried == {NS: 2, EW: 1}  # the lap, and East and West's point opens the next game
    assert 4 in r.laws


def test_in_order_puts_the_revoke_penalty_first_and_keeps_the_rest_in_order() -> None:
    awards = [Award(EW, 1, 2), Award(NS, 2, 90), Award(NS, 3, 63), Award(EW, 4, None), Award(NS, 3, 63)]
    assert scoring.in_order(BOOK, awards) == [awards[2], awards[4], awards[0], awards[1], awards[3]]


def test_law_102_holds_a_lone_march_to_two_and_a_euchre_gives_four() -> None:
    assert hand(makers="NS", tricks=5, alone="N", partner_exposed=True).adjustment[NS] == number(102, "march")
    assert hand(makers="NS", tricks=1, alone="N", partner_exposed=True).adjustment[EW] == number(102, "euchre")
    assert hand(makers="NS", tricks=4, alone="N", partner_exposed=True).adjustment[NS] == number(3, "point")


def test_law_50_gives_the_lone_side_five_whatever_the_tricks() -> None:
    r = hand(makers="EW", alone="W", abandoned=True)
    assert r.adjustment == {NS: 0, EW: number(50, "lone_side")} and r.laws[0] == 50


def test_law_90_forfeits_and_the_offenders_score_nothing_for_the_hand() -> None:
    r = hand(makers="NS", tricks=5, wrong_count_by="NS")
    assert r.adjustment == {NS: 0, EW: number(90, "forfeit")}
    r = hand(makers="NS", tricks=5, alone="S", wrong_count_by="EW")
    assert r.adjustment == {NS: number(3, "march") + number(90, "forfeit_lone"), EW: 0}


# -- games, laps, the fourth game and the rubber --


def apply(points: tuple[int, int], games: tuple[int, int], ns: int = 0, ew: int = 0, awards: list | None = None):
    return scoring.apply(BOOK, tally(*points), tally(*games), tally(ns, ew), awards)


def test_a_lap_is_carried_into_the_next_game() -> None:
    a = apply((4, 2), (0, 0), ns=4)
    assert (a.game_won_by, a.lap, a.game_value, a.carried, a.next_game) == (NS, 3, 1, {NS: 3, EW: 0}, 2)
    assert a.points == {NS: 8, EW: 2} and a.games == {NS: 1, EW: 0}


def test_a_love_game_counts_two() -> None:
    assert apply((3, 0), (0, 0), ns=2).game_value == number(7, "double_game")
    assert apply((3, 1), (0, 0), ns=2).game_value == number(7, "game")


def test_a_lap_carried_in_keeps_the_next_game_from_being_a_love_game() -> None:
    a = apply((1, 4), (0, 1), ew=1)  # EW have won one game; NS opened this one with a lap of one
    assert a.game_won_by is EW and a.game_value == 1


def test_the_third_game_is_played_after_two_straight_games() -> None:
    a = apply((4, 0), (1, 0), ns=1)
    assert a.rubber_won_by is NS and not a.rubber_over and a.next_game == 3


def test_the_rubber_is_the_best_of_three_and_a_fourth_game_follows_a_lap() -> None:
    a = apply((4, 4), (1, 1), ew=2)
    assert a.rubber_won_by is EW and a.next_game == 4 and a.carried == {NS: 0, EW: 1}
    b = apply((4, 4), (1, 1), ew=1)
    assert b.rubber_won_by is EW and b.rubber_over and b.next_game is None


def test_the_fourth_game_changes_no_one_s_rubber_and_its_lap_carries_nowhere() -> None:
    a = apply((3, 1), (1, 2), ns=4)  # the fourth game: EW won the rubber 2-1 in the third
    assert a.rubber_won_by is EW and a.game_won_by is NS and a.lap == 2
    assert a.rubber_over and a.carried == {NS: 0, EW: 0} and a.games == {NS: 2, EW: 2}


@pytest.mark.parametrize(
    ("points", "games", "words"),
    [((5, 0), (0, 0), "has won the game"), ((0, 0), (3, 2), "at most 4"), ((0, 0), (2, 1), "rubber is over"),
     ((0, 0), (2, 2), "rubber is over"), ((0, 0), (4, 0), "rubber is over")],
)
def test_impossible_positions_and_play_after_the_end_are_refused(points, games, words) -> None:
    with pytest.raises(InputError, match=words):
        apply(points, games, ns=1)


def test_a_position_in_the_fourth_game_is_accepted() -> None:
    assert apply((0, 2), (2, 1), ns=1).game == 4


def test_four_double_games_and_the_rubber_make_ten() -> None:
    r = Rubber(RULES)
    for points in (5, 5, 6, 4):  # the third game laps by one, so the fourth starts at one
        r.score(BOOK, [Award(NS, points, 2)])
    assert [g.value for g in r.finished] == [2, 2, 2, 2] and r.over
    assert r.rubber_points() == {NS: number(7, "rubber_max"), EW: 0}


def test_points_after_the_last_game_of_a_batch_are_kept_as_left_over() -> None:
    r = Rubber(RULES)
    r.score(BOOK, [Award(NS, 5)])
    r.score(BOOK, [Award(NS, 5)])
    r.score(BOOK, [Award(NS, 2)])
    r.score(BOOK, [Award(EW, 1, 2), Award(NS, 3, 63)])  # the revoke ends game 3 exactly; EW's point follows
    assert r.over and r.finished[-1].lap == 0
    assert r.left_over == {NS: 0, EW: 1}


def test_a_ten_point_lone_revoke_from_love_wins_two_games_and_says_that_is_our_reading() -> None:
    # Law 63: "five" for a revoke in a lone hand, "claimed as often as the revoke is repeated";
    # Law 2: "A game consists of five points"; Lap: points "carried to the next game".
    twice = rule(build_case({"dealer": "S", "maker": "N", "alone": "N",
                             "incident": {"kind": "revoke", "offender": "E", "count": 2}}))
    assert twice.adjustment == {NS: 10, EW: 0}
    assert twice.after.games == {NS: 2, EW: 0} and len(twice.after.games_won) == 2
    assert any(n.startswith("Lap:") and "five or more" in n for n in twice.notes)
    once = rule(build_case({"dealer": "S", "maker": "N", "alone": "N", "score": {"NS": 4, "EW": 0},
                            "incident": {"kind": "revoke", "offender": "E"}}))
    assert once.after.lap == 4 and not any(n.startswith("Lap:") for n in once.notes)


def test_a_lap_of_five_or_more_wins_the_next_game_at_once() -> None:
    a = apply((4, 3), (0, 0), ns=10, awards=[Award(NS, 10, 63)])
    assert [g.number for g in a.games_won] == [1, 2] and a.games == {NS: 2, EW: 0}
    assert a.carried == {NS: 4, EW: 0} and a.rubber_won_by is NS


def test_a_correction_cannot_take_a_side_below_nothing() -> None:
    r = Rubber(RULES)
    r.score(BOOK, [Award(NS, 2)])
    with pytest.raises(InputError, match="cannot take 3"):
        r.score(BOOK, [Award(NS, -3, 5)])
    assert r.points == {NS: 2, EW: 0}  # nothing changed


def test_a_refused_batch_changes_nothing() -> None:
    r = Rubber(RULES)
    r.score(BOOK, [Award(NS, 4)])
    with pytest.raises(InputError):
        r.score(BOOK, [Award(NS, 2), Award(EW, -1)])
    assert r.points == {NS: 4, EW: 0} and not r.finished


# -- Law 5 and Law 6 --


def score_error(score: tuple[int, int], **facts: Any):
    return rule(build_case({"score": {"NS": score[0], "EW": score[1]},
                            "incident": {"kind": "score_error", **facts}}))


def test_a_score_error_is_put_right_before_the_next_trump_card_is_turned() -> None:
    r = score_error((3, 2), correct_ns=2, correct_ew=3)
    assert r.verdict == "rectified" and r.after.points == {NS: 2, EW: 3}
    assert score_error((3, 2), correct_ns=2, trump_turned_next_deal=True).adjustment == {NS: 0, EW: 0}
    assert score_error((3, 2)).verdict == "may_be_rectified"
    assert score_error((3, 2), correct_ns=3).verdict == "no_error"
    with pytest.raises(InputError, match="both sides"):
        score_error((3, 2), correct_ns=5, correct_ew=6)


def test_points_not_announced_carry_no_penalty() -> None:
    r = rule(build_case({"incident": {"kind": "points_not_announced", "side": "EW"}}))
    assert r.laws == [6] and r.adjustment == {NS: 0, EW: 0} and not r.options


# -- the command line --

runner = CliRunner()


def test_score_quick_form_prints_the_ruling_and_touches_no_file(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ARBITER_LEDGER", raising=False)
    out = runner.invoke(app, ["score", "--makers", "NS", "--tricks", "5", "--alone", "--now", "3-4", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["kind"] == "hand_result"
    assert data["score"]["adjustment"] == {"NS": 4, "EW": 0}
    assert data["score"]["after"]["points"] == {"NS": 7, "EW": 4}
    assert data["score"]["after"]["game_won_by"] == "NS" and data["score"]["after"]["lap"] == 2
    out = runner.invoke(app, ["score", "--makers", "EW", "--tricks", "2"])
    assert out.exit_code == 0 and "NS 2" in out.stdout
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--makers", "NS", "--tricks", "6", "--now", "0-0"], "only 5 tricks"),
        (["--makers", "NS", "--tricks", "5", "--now", "9-x"], "two numbers"),
        (["--makers", "NS", "--tricks", "5", "--now", "9-0"], "has won the game"),
        (["--makers", "XX", "--tricks", "5"], "unknown side"),
        (["--makers", "NS", "--tricks", "5", "--now", "1-1", "--record"], "drop one"),
        (["--makers", "NS", "--tricks", "5", "--history"], "one thing at a time"),
        (["--law", "63"], "--law goes with --add"),
        (["--now", "1-1"], "give --makers"),
    ],
)
def test_score_refuses_bad_input_with_one_line_and_status_2(args: list[str], words: str, tmp_path, monkeypatch) -> None:
    from arbiter.cli import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ARBITER_LEDGER", raising=False)
    with pytest.raises(SystemExit) as done:
        main(["score", *args])
    assert done.value.code == 2
    assert list(tmp_path.iterdir()) == []


def test_score_refusal_message_is_one_line(capsys, tmp_path, monkeypatch) -> None:
    from arbiter.cli import main

    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit):
        main(["score", "--makers", "NS", "--tricks", "6", "--now", "0-0"])
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "only 5 tricks" in err and "Traceback" not in err


# -- property tests: no point lost or invented, no side over ten --

AWARD_LAWS = (2, 3, 50, 63, 90, 102, None)
award_st = st.builds(Award, st.sampled_from([NS, EW]), st.integers(1, 10), st.sampled_from(AWARD_LAWS))
batches = st.lists(st.lists(award_st, min_size=0, max_size=3), min_size=1, max_size=40)


def check_rubber(r: Rubber, awarded: dict[Side, int]) -> None:
    games = r.finished
    # Conservation: each game's points less what it started from (the lap carried in),
    # plus the game in play and what came after the end, are exactly what was awarded.
    for side in PARTNERSHIPS:
        shown = sum(g.points[side] - g.start[side] for g in games)
        if not r.over:
            shown += r.current[side] - r.start[side]
        assert shown + r.left_over[side] == awarded[side], side
    assert [g.number for g in games] == list(range(1, len(games) + 1))
    assert len(games) <= LAST_GAME
    for prev, g in zip(games, games[1:]):
        assert g.start == {prev.winner: prev.lap, prev.winner.other: 0}
    if not r.over and games:
        last = games[-1]
        assert r.start == {last.winner: last.lap, last.winner.other: 0}
    for g in games:
        w = g.winner
        assert g.points[w] >= number(2, "game") and g.lap == g.points[w] - number(2, "game")
        assert g.value == (number(7, "double_game") if g.points[w.other] == 0 else number(7, "game"))
    if len(games) == LAST_GAME:
        assert games[number(1, "games_in_rubber") - 1].lap > 0
    if r.over:
        assert len(games) == LAST_GAME or (len(games) == number(1, "games_in_rubber") and games[-1].lap == 0)
    else:
        assert len(games) < LAST_GAME
    # Best of three: the first side to two games, never changed.
    count = tally()
    first = None
    for g in games:
        count[g.winner] += 1
        if first is None and count[g.winner] >= number(1, "games_to_win"):
            first = g.winner
    assert r.won_by is first and r.games == count
    for side, points in (r.rubber_points() or {}).items():
        assert points <= number(7, "rubber_max"), (side, points)


@settings(max_examples=400, deadline=None)
@given(batches)
def test_no_point_is_lost_or_invented_across_a_rubber(seq: list[list[Award]]) -> None:
    r = Rubber(RULES)
    awarded = tally()
    played = 0
    for batch in seq:
        if r.over:
            with pytest.raises(InputError):
                r.score(BOOK, batch or [Award(NS, 1)])
            break
        before = dict(r.games)
        r.score(BOOK, batch)
        for a in batch:
            awarded[a.side] += a.points
        assert all(r.games[s] >= before[s] for s in PARTNERSHIPS)  # games never decrease
        assert len(r.finished) >= played
        played = len(r.finished)
        check_rubber(r, awarded)


corrections = st.lists(st.tuples(st.sampled_from([NS, EW]), st.integers(-4, 6)), min_size=1, max_size=60)


@settings(max_examples=200, deadline=None)
@given(corrections)
def test_corrections_keep_the_books_balanced(seq: list[tuple[Side, int]]) -> None:
    r = Rubber(RULES)
    awarded = tally()
    for side, points in seq:
        if r.over:
            break
        try:
            r.score(BOOK, [Award(side, points, 5 if points < 0 else 2)])
        except InputError:
            assert points < 0 and r.current[side] + points < 0
            continue
        awarded[side] += points
        check_rubber(r, awarded)


hands = st.fixed_dictionaries(
    {"makers": st.sampled_from(["NS", "EW"]), "tricks": st.integers(0, 5)},
    optional={"alone": st.booleans(), "revoke_by": st.sampled_from(["NS", "EW"]),
              "wrong_count_by": st.sampled_from(["NS", "EW"])},
)


@settings(max_examples=120, deadline=None)
@given(st.lists(hands, min_size=1, max_size=30))
def test_hands_ruled_one_after_another_make_a_consistent_rubber(seq: list[dict[str, Any]]) -> None:
    """Each hand is ruled at the position the previous ones left; the rulings' `after` agrees with the rubber."""
    r = Rubber(RULES)
    awarded = tally()
    for facts in seq:
        if r.over:
            break
        ruling = hand((r.points[NS], r.points[EW]), (r.games[NS], r.games[EW]), **facts)
        won = r.score(BOOK, ruling.awards)
        for a in ruling.awards:
            awarded[a.side] += a.points
        assert ruling.after.games == r.games
        assert ruling.after.rubber_over == r.over
        assert [g.winner for g in ruling.after.games_won] == [g.winner for g in won]
        if not r.over:
            assert (ruling.after.carried if won else ruling.after.points) == r.points
        check_rubber(r, awarded)


# --- house practice: single games, a fixed number of deals, deductions (rulesets.md) ---------

SINGLE = BOOK.with_numbers({1: {"rubber": False}})
TOURNAMENT = BOOK.with_numbers({1: {"hands_per_game": 3}})
DEDUCTING = BOOK.with_numbers({63: {"scored": "deducted"}})


def test_somerset_plays_rubbers_to_five_points_and_never_below_nothing() -> None:
    assert (RULES.rubber, RULES.hands_per_game, RULES.deducts) == (True, None, False)


def test_single_games_follow_one_another_and_no_rubber_is_won() -> None:
    r = Rubber(Rules.of(SINGLE))
    for _ in range(5):  # five love games to NS: a rubber would have ended after the third
        r.score(SINGLE, [Award(NS, 5, 2)])
    assert not r.over and r.won_by is None
    assert r.games == {NS: 5, EW: 0} and r.number == 6
    assert r.rubber_points() == {NS: 5 * 2, EW: 0}  # Law 7's love games, and no rubber's two
    r.score(SINGLE, [Award(EW, 1, 2), Award(NS, 6, 2)])  # a lap is carried as Law 1 has it
    assert r.points == {NS: 1, EW: 0} and r.games[NS] == 6


def test_a_ruling_under_single_games_never_wins_a_rubber() -> None:
    after = scoring.apply(SINGLE, tally(4, 0), tally(1, 1), tally(1, 0))
    assert after.game_won_by is NS and after.rubber_won_by is None
    assert after.games == {NS: 2, EW: 1} and not after.rubber_over
    # Four games won is no position under rubbers, but an evening of single games goes on.
    assert scoring.apply(SINGLE, tally(0, 0), tally(3, 2), tally(2, 0)).next_game == 6
    with pytest.raises(InputError):
        scoring.apply(BOOK, tally(0, 0), tally(3, 2), tally(2, 0))


def test_a_game_of_three_deals_is_won_on_points_after_the_third() -> None:
    r = Rubber(Rules.of(TOURNAMENT))
    assert r.score(TOURNAMENT, [Award(NS, 4, 3)], deal=True) == []
    assert r.score(TOURNAMENT, [Award(NS, 2, 2)], deal=True) == []  # six: past five, but deals decide
    assert r.score(TOURNAMENT, [Award(EW, 3, 63)]) == []  # a penalty is no deal
    [game] = r.score(TOURNAMENT, [Award(EW, 1, 2)], deal=True)
    assert game.winner is NS and game.points == {NS: 6, EW: 4} and game.value == 1 and game.lap == 0
    assert r.points == {NS: 0, EW: 0} and r.number == 2


def test_equal_points_after_the_last_deal_is_a_drawn_game() -> None:
    r = Rubber(Rules.of(TOURNAMENT))
    for award in (Award(NS, 2, 2), Award(EW, 1, 2), Award(EW, 1, 2)):
        won = r.score(TOURNAMENT, [award], deal=True)
    assert won[0].drawn and won[0].winner is None
    assert r.games == {NS: 0, EW: 0} and r.number == 2


def test_a_score_goes_below_nothing_only_under_a_rule_that_deducts() -> None:
    with pytest.raises(InputError, match="cannot take"):
        Rubber(RULES).score(BOOK, [Award(EW, -2, 63)])
    r = Rubber(Rules.of(DEDUCTING))
    r.score(DEDUCTING, [Award(EW, -2, 63)])
    assert r.points == {NS: 0, EW: -2}


def test_a_tally_is_said_north_south_first_however_it_was_built() -> None:
    # A referee read "Game 3: EW 3 – NS 0" on one line and NS first everywhere else.
    from arbiter.score import words

    assert words({Side.EW: 3, Side.NS: 0}) == "NS 0 – EW 3"
    assert words({Side.S: 3, Side.N: 1}) == "N 1 – S 3"
