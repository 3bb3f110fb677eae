"""Unit tests for the play kinds: cards liable to be called, cards played in error, the revoke."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from arbiter.cli import app
from arbiter.incident import build_case
from arbiter.model import InputError
from arbiter.rulebook import load
from arbiter.ruling import KINDS, Ruling, rule

BOOK = load("somerset-1888")


def ruling(kind: str, book: Any = None, **envelope: Any) -> Ruling:
    """Rule on a kind with facts given as keywords; envelope keys go to the top level."""
    top = {k: envelope.pop(k) for k in list(envelope) if k in ("dealer", "trump", "turned", "maker", "alone",
                                                                  "score", "games")}
    top.setdefault("dealer", "S")
    return rule(build_case({**top, "incident": {"kind": kind, **envelope}}), book or BOOK)


def option_ids(r: Ruling) -> list[str]:
    return sorted(o.id for o in r.options)


def adjustment(r: Ruling) -> dict[str, int]:
    return {side.value: pts for side, pts in r.adjustment.items()}


# -- the revoke, judged from the cards --


@pytest.mark.parametrize(
    ("led", "played", "hand", "verdict"),
    [
        # Hearts trumps: the knave of diamonds is the left bower, a heart in play.
        ("AD", "9C", ["JD", "9C", "KS"], "no_revoke"),     # holds only the left bower of diamonds
        ("JD", "10S", ["9H", "10S", "AC"], "revoke"),      # left bower led is a trump lead; he held a heart
        ("AH", "JD", ["JD", "KD", "7C"], "no_revoke"),     # left bower follows a trump lead
        ("AD", "JD", ["JD", "QD", "7C"], "revoke"),        # trumping with the left bower while holding a diamond
        ("AD", "JD", ["JD", "9C"], "no_revoke"),           # trumping with the left bower, no diamond held
        ("AD", "KD", ["KD", "AS"], "no_revoke"),           # plainly following suit
        ("KS", "9H", ["9H", "JC"], "no_revoke"),           # with hearts trumps the knave of clubs is a plain club
        ("KS", "9H", ["9H", "7S"], "revoke"),
    ],
)
def test_whether_it_was_a_revoke_turns_on_the_suit_in_play(led: str, played: str, hand: list[str],
                                                            verdict: str) -> None:
    r = ruling("revoke", trump="hearts", offender="E", led=led, played=played, hand=hand)
    assert r.verdict == verdict
    assert r.laws[0] == 62
    assert adjustment(r) == ({"NS": 3, "EW": 0} if verdict == "revoke" else {"NS": 0, "EW": 0})


def test_left_bower_of_clubs_counts_as_a_spade() -> None:
    # Spades trumps, clubs led: the knave of clubs is a spade, so a player holding only it may discard.
    r = ruling("revoke", trump="spades", offender="W", led="AC", played="9D", hand=["JC", "9D"])
    assert r.verdict == "no_revoke"
    assert "left bower" in r.summary


@pytest.mark.parametrize(
    ("facts", "words"),
    [
        ({"led": "AD", "played": "9C", "hand": ["JD", "KS"]}, "not in hand"),
        ({"led": "AD", "played": "9C", "hand": ["AD", "9C"]}, "it was led"),
        ({"led": "AD", "played": "9C", "hand": ["9C", "9C"]}, "named twice"),
        ({"led": "AD", "played": "9C"}, "missing hand"),
        ({"led": "AD", "played": "9C", "hand": ["9C", "7C", "8C", "10C", "QC", "KC"]}, "no player holds more"),
        ({"answered_no": True}, "needs 'partner_asked'"),
        ({"established": False, "played_to_next": True}, "Law 64"),
        ({"count": 11}, "out of range"),
    ],
)
def test_contradictory_revoke_facts_are_refused(facts: dict[str, Any], words: str) -> None:
    with pytest.raises(InputError, match=words):
        ruling("revoke", trump="hearts", offender="E", **facts)


def test_cards_without_a_trump_are_refused() -> None:
    with pytest.raises(InputError, match="'trump' is needed"):
        ruling("revoke", offender="E", led="AD", played="9C", hand=["9C"])


def test_more_revokes_than_a_lone_player_can_make_are_refused() -> None:
    with pytest.raises(InputError, match="more than the 5 tricks"):
        ruling("revoke", maker="S", alone="S", offender="S", count=6)


# -- the revoke: points, establishment, cancelling --


def test_revoke_points_are_read_from_law_63() -> None:
    book = BOOK.with_numbers({63: {"revoke": 7, "revoke_lone": 11}})
    assert adjustment(ruling("revoke", book, offender="E")) == {"NS": 7, "EW": 0}
    lone = ruling("revoke", book, maker="N", alone="N", offender="E")
    assert adjustment(lone) == {"NS": 11, "EW": 0}


def test_revoke_points_are_the_books() -> None:
    # Law 63: "The penalty of a revoke is three points, except in the case of a lone hand, when it is five".
    assert adjustment(ruling("revoke", offender="N"))["EW"] == 3
    assert adjustment(ruling("revoke", maker="N", alone="N", offender="N"))["EW"] == 5


def test_each_revoke_is_penalised() -> None:
    # Law 63: three points, "and the penalty may be claimed as often as the revoke is repeated in the hand".
    assert adjustment(ruling("revoke", offender="N", count=2))["EW"] == 6


@pytest.mark.parametrize(
    ("count", "other", "ns", "ew"),
    [(1, 1, 0, 0), (2, 2, 0, 0), (2, 1, 1, 0), (1, 3, 0, 2), (3, 0, 3, 0)],
)
def test_equal_revokes_cancel_and_the_excess_is_scored(count: int, other: int, ns: int, ew: int) -> None:
    each = 3  # Law 63: "The penalty of a revoke is three points"; Law 71: "An equal number ... cancel each other."
    r = ruling("revoke", offender="E", count=count, other_side_count=other)
    assert adjustment(r) == {"NS": ns * each, "EW": ew * each}
    if other:
        assert 71 in r.laws
    if count == other:
        assert r.laws[0] == 71 and r.verdict == "cancelled"


def test_revoke_penalty_is_scored_first_and_can_win_the_game() -> None:
    r = ruling("revoke", offender="E", score={"NS": 3, "EW": 2})
    assert 4 in r.laws
    assert r.after.game_won_by is not None and r.after.game_won_by.value == "NS"
    # 3 points, the penalty of three (Law 63), a game of five (Law 2): a lap of one.
    assert r.after.lap == 1
    assert "before the hand's own points" in r.summary


def test_revoke_claimed_after_the_cut_scores_nothing_even_when_the_cards_show_one() -> None:
    r = ruling("revoke", trump="hearts", offender="E", claimed_after_cut=True, led="AS", played="9C",
               hand=["9C", "KS"], other_side_count=1)
    assert r.laws[0] == 68
    assert r.verdict == "revoke"
    assert adjustment(r) == {"NS": 0, "EW": 0}
    assert ruling("revoke", offender="E", claimed_after_cut=True).verdict == "too_late"


def test_a_revoke_not_established_is_corrected_under_law_69() -> None:
    r = ruling("revoke", offender="W", established=False)
    assert r.laws[:2] == [69, 64]
    assert option_ids(r) == ["call_card"]
    assert r.options[0].elector.value == "NS"
    assert adjustment(r) == {"NS": 0, "EW": 0}
    assert any("except East" in a.text for a in r.actions)


@pytest.mark.parametrize(
    ("facts", "points"),
    [
        ({"partner_asked": True}, 0),                                  # saved by the question
        ({"partner_asked": True, "answered_no": True}, 3),             # answered in the negative
        ({"partner_asked": True, "played_to_next": True}, 3),          # his side played to the next trick
        ({"partner_asked": True, "established": False}, 0),
    ],
)
def test_law_65_partner_asking(facts: dict[str, Any], points: int) -> None:
    r = ruling("revoke", offender="W", **facts)
    assert 65 in r.laws
    assert adjustment(r)["NS"] == points
    assert (r.verdict == "corrected") == (points == 0)


def test_mixing_the_cards_establishes_the_revoke() -> None:
    r = ruling("revoke", offender="W", established=False, cards_mixed=True)
    assert r.laws[0] == 67
    assert adjustment(r)["NS"] == 3  # Law 63: "three points"


def test_cards_that_show_no_revoke_outweigh_mixing() -> None:
    r = ruling("revoke", trump="hearts", offender="W", cards_mixed=True, led="AD", played="9C", hand=["JD", "9C"])
    assert r.verdict == "no_revoke"
    assert adjustment(r) == {"NS": 0, "EW": 0}
    assert any("Law 67 cannot make a revoke" in n for n in r.notes)


def test_revoking_side_may_have_the_hand_played_out() -> None:
    r = ruling("revoke", offender="S")
    assert [(o.id, o.law, o.elector.value) for o in r.options] == [("play_out", 70, "NS")]


# -- calls (Laws 54, 57) --


def test_failing_a_call_while_holding_costs_a_revoke_penalty() -> None:
    book = BOOK.with_numbers({63: {"revoke": 9}})
    r = ruling("called_card_not_played", book, offender="W", call="suit")
    assert r.laws[0] == 54
    assert adjustment(r) == {"NS": 9, "EW": 0}


@pytest.mark.parametrize("call", ["highest", "lowest", "suit"])
def test_no_penalty_without_the_card_demanded(call: str) -> None:
    r = ruling("called_card_not_played", offender="W", call=call, held=False)
    assert r.verdict == "no_penalty"
    assert adjustment(r) == {"NS": 0, "EW": 0}
    assert 55 in r.laws


def test_a_called_exposed_card_not_played_may_be_called_again() -> None:
    r = ruling("called_card_not_played", offender="W", call="exposed_card")
    assert r.laws[0] == 56
    assert option_ids(r) == ["call_again"]
    assert adjustment(r) == {"NS": 0, "EW": 0}


@pytest.mark.parametrize("call", ["exposed_card", None])
def test_a_called_card_that_would_make_him_revoke_need_not_be_played(call: str | None) -> None:
    # Law 55: "In no case can a player be compelled to play a card which would oblige him to revoke."
    r = ruling("called_card_not_played", offender="W", call=call, would_revoke=True)
    assert r.laws[0] == 55 and r.verdict == "no_penalty"
    assert adjustment(r) == {"NS": 0, "EW": 0}
    assert option_ids(r) == (["call_again"] if call == "exposed_card" else [])


@pytest.mark.parametrize("facts", [{"call": "suit"}, {"call": "highest"}, {"held": False}])
def test_a_call_that_cannot_oblige_a_revoke_is_refused(facts: dict[str, Any]) -> None:
    # A lead, or a card of the suit led, is never a revoke (Law 62); nor is a card he does not hold.
    with pytest.raises(InputError):
        ruling("called_card_not_played", offender="W", would_revoke=True, **facts)


def test_a_called_suit_not_held_is_a_paid_penalty() -> None:
    r = ruling("called_suit_void", offender="N")
    assert (r.laws, r.verdict, r.options) == ([57], "penalty_paid", [])


def test_a_lone_player_cannot_be_called_on_to_lead_a_suit() -> None:
    with pytest.raises(InputError, match="Law 104"):
        ruling("called_suit_void", maker="N", alone="N", offender="N")


# -- exposed cards and the lone hand (Laws 46, 51, 101-104) --


@pytest.mark.parametrize("how", ["dropped", "shown", "two_played", "detached_named"])
def test_exposed_cards_may_be_called_by_the_adversaries(how: str) -> None:
    r = ruling("exposed_card", offender="E", how=how, card="KC")
    assert option_ids(r) == ["call_card"]
    assert r.options[0].elector.value == "NS"
    assert {46, 55, 56} <= set(r.laws)


def test_a_card_below_the_table_is_not_exposed() -> None:
    r = ruling("exposed_card", offender="E", how="below_table")
    assert (r.verdict, r.options, r.laws) == ("not_exposed", [], [46])


@pytest.mark.parametrize("how", ["dropped", "shown", "two_played", "detached_named", "trump_card_lifted"])
def test_a_lone_player_is_liable_to_no_penalty_for_exposing(how: str) -> None:
    r = ruling("exposed_card", trump="spades", turned="9S", dealer="E", maker="E", alone="E", offender="E",
               how=how, card="9S" if how == "trump_card_lifted" else "AH")
    assert r.laws[0] == 104
    assert r.options == [] and r.verdict == "no_penalty"


def test_the_lone_players_partner_exposing_reads_law_102_figures() -> None:
    book = BOOK.with_numbers({102: {"march": 1, "euchre": 6}})
    r = ruling("exposed_card", book, maker="W", alone="W", offender="E", how="shown")
    assert r.laws[0] == 102 and 101 in r.laws
    assert "only 1 instead of" in r.summary and "score 6" in r.summary
    assert adjustment(r) == {"NS": 0, "EW": 0}
    assert r.options == []


def test_the_lone_players_partner_dropping_a_card_below_the_table_is_not_exposed() -> None:
    r = ruling("exposed_card", maker="W", alone="W", offender="E", how="below_table")
    assert r.verdict == "not_exposed"


def test_a_wrong_naming_gives_the_holders_side_a_suit_call_and_leaves_the_other_adversary_his_naming() -> None:
    # Law 51: "liable to be called if either of the adversaries can name it; but should an adversary name
    # a wrong card, he is liable to have a suit called when he or his partner next lead."
    r = ruling("exposed_card", offender="E", how="detached_named", card="QD", named="KD", named_by="S")
    assert sorted((o.id, o.elector.value) for o in r.options) == [("call_suit", "EW"), ("name_card", "NS")]
    assert "North may still name it" in r.summary
    assert "name_card" in [o.id for o in r.options if "North" in o.text]


def test_a_partner_cannot_name_the_detached_card() -> None:
    with pytest.raises(InputError, match="only an adversary"):
        ruling("exposed_card", offender="E", how="detached_named", card="QD", named="QD", named_by="W")


def test_the_trump_card_lifted_by_an_adversary_is_not_called_from_the_dealer() -> None:
    r = ruling("exposed_card", trump="hearts", turned="9H", offender="E", how="trump_card_lifted")
    assert r.options == [] and r.verdict == "no_penalty"


# -- leads and plays out of turn (Laws 52, 53, 58, 59, 104, 105) --


def test_law_53_needs_all_three_followers() -> None:
    assert ruling("lead_out_of_turn", offender="E", followed=["S", "W", "N"]).laws[0] == 53
    partial = ruling("lead_out_of_turn", offender="E", followed=["S", "W"])
    assert partial.laws[0] == 52
    assert option_ids(partial) == ["call_card", "call_suit"]
    assert 85 in partial.laws


def test_law_53_needs_only_two_followers_against_a_lone_hand() -> None:
    r = ruling("lead_out_of_turn", maker="W", alone="W", offender="W", followed=["N", "S"])
    assert r.laws[0] == 53 and r.options == []
    one = ruling("lead_out_of_turn", maker="W", alone="W", offender="W", followed=["N"])
    assert one.laws[0] == 104
    assert option_ids(one) == ["call_card"]


def test_an_adversary_leading_out_of_turn_against_a_lone_hand_falls_under_law_52() -> None:
    # Law 105: "Should an adversary play out of turn to the lead of a lone hand" - a play to the lone
    # player's lead, not a lead. Law 52: "If any player lead out of turn, the adversaries may either call
    # the card erroneously led, or may call a suit from him or his partner".
    r = ruling("lead_out_of_turn", maker="W", alone="W", offender="S")
    assert r.laws[0] == 52 and 85 in r.laws and 105 not in r.laws
    assert [(o.id, o.elector.value) for o in r.options] == [("call_card", "EW"), ("call_suit", "EW")]
    assert r.actions == []  # no hands laid down
    assert any(n.startswith("Law 105:") and "lead out of turn by an adversary" in n for n in r.notes)
    # Law 85 has "a player and his partner" agree who elects; the lone player's partner is out of play.
    assert any(n.startswith("Law 85: West plays alone") for n in r.notes)


def test_an_adversarys_false_lead_followed_by_the_others_in_a_lone_hand_stands() -> None:
    # Law 53: once the others have followed "the trick is complete, and the error cannot be rectified".
    r = ruling("lead_out_of_turn", maker="W", alone="W", offender="S", followed=["W", "N"])
    assert r.laws[:2] == [53, 52] and r.options == []


@pytest.mark.parametrize("followed", [["W"], ["N"], ["S", "N"]])
def test_followers_out_of_order_are_refused(followed: list[str]) -> None:
    with pytest.raises(InputError, match="follow in turn"):
        ruling("lead_out_of_turn", offender="E", followed=followed)


def test_the_lone_players_partner_cannot_follow() -> None:
    with pytest.raises(InputError, match="Law 101"):
        ruling("lead_out_of_turn", maker="W", alone="W", offender="N", followed=["E"])


def test_fourth_before_partner_calls_the_partner_to_win_or_lose() -> None:
    r = ruling("play_out_of_turn", offender="W", position="fourth_before_partner", leader="N")
    assert r.laws[0] == 59
    assert option_ids(r) == ["call_lose", "call_win"]
    assert {o.elector.value for o in r.options} == {"NS"}
    assert "East" in r.summary


def test_third_before_second_frees_the_fourth_hand() -> None:
    r = ruling("play_out_of_turn", offender="S", position="third_before_second", leader="N")
    assert r.laws == [58]
    assert [(o.id, o.elector.value) for o in r.options] == [("fourth_plays_before_partner", "EW")]


@pytest.mark.parametrize(("offender", "law"), [("W", 59), ("S", 58)])
def test_the_position_follows_from_the_leader_and_the_offender(offender: str, law: int) -> None:
    # North leads: East is second, South third, West fourth. West playing early is "the fourth
    # hand play before his partner" (Law 59); South is "the third hand play before the second"
    # (Law 58). Nobody need say which.
    r = ruling("play_out_of_turn", offender=offender, leader="N")
    assert r.laws[0] == law


@pytest.mark.parametrize("leader", [None, "S"])
def test_playing_out_of_turn_to_the_lone_players_lead_lays_both_hands_down(leader: str | None) -> None:
    # South alone leads; West is next (North's cards are out of play), East plays before him.
    # Law 105: "both opposing hands must be laid on the table, and can be called by the player playing alone."
    r = ruling("play_out_of_turn", dealer="E", maker="S", alone="S", offender="E", leader=leader)
    assert r.laws[0] == 105
    assert [(o.id, o.elector.value) for o in r.options] == [("call_cards", "NS")]
    assert any(a.law == 105 for a in r.actions)


def test_playing_out_of_turn_to_an_adversarys_lead_in_a_lone_hand_is_not_law_105() -> None:
    # East leads against South alone; West plays before South: third hand before second. Law 105 speaks
    # only of "the lead of a lone hand"; Law 58's remedy ("the fourth may play before his partner") falls
    # to North, whose cards are out of play.
    r = ruling("play_out_of_turn", dealer="E", maker="S", alone="S", offender="W", leader="E")
    assert r.laws[0] == 58 and 105 not in r.laws
    assert r.verdict == "no_penalty" and r.options == [] and r.actions == []
    assert any(n.startswith("Law 105:") for n in r.notes)


@pytest.mark.parametrize(("offender", "leader", "position"), [
    ("E", "W", None),                       # West led: East is next to play, not out of turn
    ("W", "S", None),                       # South led: West is next
    ("E", "S", "third_before_second"),      # to South's lead the third hand is North, out of play
    ("S", "E", None),                       # the lone player is next after East
])
def test_a_play_out_of_turn_that_cannot_happen_in_a_lone_hand_is_refused(offender: str, leader: str,
                                                                          position: str | None) -> None:
    with pytest.raises(InputError, match="out of turn|Law 101"):
        ruling("play_out_of_turn", dealer="E", maker="S", alone="S", offender=offender, leader=leader,
               position=position)


def test_play_out_of_turn_needs_a_position_outside_a_lone_hand() -> None:
    with pytest.raises(InputError, match="position"):
        ruling("play_out_of_turn", offender="W")


# -- abandoned hands, omitted plays, extra cards (Laws 47-50, 60, 61) --


def test_an_adversary_abandoning_against_a_lone_hand_scores_the_law_50_figure() -> None:
    book = BOOK.with_numbers({50: {"lone_side": 8}})
    r = ruling("hand_abandoned", book, maker="N", alone="N", who=["E"])
    assert r.laws[0] == 50
    assert adjustment(r) == {"NS": 8, "EW": 0}


def test_throwers_on_both_sides_give_each_side_a_call() -> None:
    r = ruling("hand_abandoned", who=["N", "E"])
    assert sorted((o.id, o.elector.value) for o in r.options) == [("call_cards_ew", "NS"), ("call_cards_ns", "EW")]
    assert 85 not in r.laws


def test_all_four_throwing_down_abandons_the_hands() -> None:
    r = ruling("hand_abandoned", who=["N", "E", "S", "W"])
    assert r.laws[0] == 49 and r.options == []


def test_a_revoke_established_after_all_four_throw_down_is_still_penalised() -> None:
    # Law 49: "no such claim can be entertained unless a revoke be established"; Law 63: "The penalty of a
    # revoke is three points".
    r = ruling("hand_abandoned", who=["N", "E", "S", "W"], revoke_proved="EW")
    assert r.laws[0] == 49 and 63 in r.laws
    assert r.verdict == "revoke_established"
    assert adjustment(r) == {"NS": 3, "EW": 0}


def test_revoke_proved_belongs_to_law_49_only() -> None:
    # Law 49's exception is for hands abandoned by "all four players"; with two, Law 48 rules the
    # cards thrown down (called by the adversary), and the revoke is left to its own ruling.
    r = ruling("hand_abandoned", who=["N", "E"], revoke_proved="NS")
    assert r.laws[0] == 48 and 49 not in r.laws
    assert not any(r.adjustment.values())
    assert any("ruled by itself" in n for n in r.notes)


def test_winning_cards_run_by_a_lone_player_is_refused() -> None:
    with pytest.raises(InputError, match="lead_out_of_turn"):
        ruling("winning_cards_run", maker="N", alone="N", offender="N")


def test_an_omission_found_in_time_carries_no_penalty() -> None:
    r = ruling("omitted_play", offender="E")
    assert r.verdict == "no_penalty" and r.options == []


def test_an_omission_found_late_leaves_the_deal_to_the_adversaries() -> None:
    r = ruling("omitted_play", offender="E", discovered_after_next_trick=True)
    assert option_ids(r) == ["deal_stands", "new_deal"]
    assert r.deal_outcome is None
    # Law 60: "the adversaries may claim a new deal" - who deals it is our reading, shown as such.
    assert any(n.startswith("Law 60:") and "same dealer" in n for n in r.notes)


def test_an_extra_card_answers_for_each_revoke() -> None:
    # Law 61: "answerable for all the consequent revokes"; Law 63: three points each.
    r = ruling("extra_card_in_trick", offender="E", revokes=2)
    assert adjustment(r) == {"NS": 6, "EW": 0}


def test_attention_to_the_trick_by_a_lone_player_has_no_one_to_punish() -> None:
    r = ruling("attention_to_trick", maker="N", alone="N", offender="N")
    assert r.verdict == "no_penalty" and r.options == []


def test_attention_to_the_trick_calls_fall_on_the_offenders_partner() -> None:
    r = ruling("attention_to_trick", offender="N")
    assert option_ids(r) == ["call_highest", "call_lose", "call_lowest", "call_win"]
    assert all("South" in o.text for o in r.options)


def test_consulting_loses_the_penalty() -> None:
    r = ruling("penalty_consultation", side="EW")
    assert r.verdict == "penalty_lost" and r.laws == [85]


# -- the registry and the command line --


SPEC_LAWS = {
    "exposed_card": {46, 51, 55, 56, 91, 101, 102, 104},
    "lead_out_of_turn": {52, 53, 85, 104},
    "play_out_of_turn": {58, 59, 105, 101},
    "revoke": {4, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71},
    "called_card_not_played": {54, 55},
    "called_suit_void": {57},
    "winning_cards_run": {47},
    "hand_abandoned": {48, 49, 50},
    "omitted_play": {60},
    "extra_card_in_trick": {61},
    "attention_to_trick": {83},
    "asked_who_played": {84},
    "penalty_consultation": {85},
}


@pytest.mark.parametrize("name", sorted(SPEC_LAWS))
def test_every_play_kind_is_registered_with_the_spec_laws(name: str) -> None:
    assert SPEC_LAWS[name] <= set(KINDS[name].numbers(load()))


def test_a_refusal_exits_2_with_one_line() -> None:
    result = CliRunner().invoke(app, ["rule", "revoke", "--dealer", "S", "--trump", "hearts", "--offender", "E",
                                      "--led", "AD", "--played", "9C", "--hand", "JD,KS"])
    assert result.exit_code == 2
    assert "not in hand" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_the_cli_rules_on_a_left_bower_dispute() -> None:
    import json

    result = CliRunner().invoke(app, ["rule", "revoke", "--dealer", "S", "--trump", "hearts", "--offender", "E",
                                      "--led", "AD", "--played", "9C", "--hand", "JD,9C,KS", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["verdict"] == "no_revoke"
    assert data["score"]["adjustment"] == {"NS": 0, "EW": 0}


def test_a_choice_given_to_a_lone_players_side_is_his_to_make() -> None:
    # West plays alone, so his partner East sits out: South's lead out of turn (Law 52) gives
    # West, not "East and West", the choice; the other side's choices stay the side's.
    r = rule(build_case({"dealer": "E", "alone": "W", "incident": {"kind": "lead_out_of_turn", "offender": "S",
                                                                   "followed": []}}))
    assert r.options and all(o.elector.value == "EW" and o.by is not None and o.by.value == "W" for o in r.options)
    assert all(o["by"] == "W" for o in r.as_dict()["options"])
    out = CliRunner().invoke(app, ["rule", "lead_out_of_turn", "--offender", "S", "--alone", "W", "--dealer", "E",
                                   "--followed", "none"], env={"COLUMNS": "80"})
    assert "West may call" in out.stdout and "East and West may" not in out.stdout
    r = rule(build_case({"dealer": "E", "alone": "W", "incident": {"kind": "lead_out_of_turn", "offender": "W"}}))
    assert all(o.elector.value == "NS" and o.by is None for o in r.options)  # the adversaries consult (Law 85)
