"""Shuffling, cutting, dealing, new deals and misdeals (Laws 8-14, 22-45, 72-73)."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from arbiter.cli import app
from arbiter.incident import build_case
from arbiter.model import InputError
from arbiter.rulebook import load
from arbiter.ruling import Ruling, rule

BOOK = load("somerset-1888")


def ruling(kind: str, book: Any = None, **data: Any) -> Ruling:
    envelope = {k: data.pop(k) for k in ("dealer", "score", "games", "trump") if k in data}
    return rule(build_case({**envelope, "incident": {"kind": kind, **data}}), book)


def refused(kind: str, **data: Any) -> str:
    with pytest.raises(InputError) as err:
        ruling(kind, **data)
    return str(err.value)


# -- misdeal --


@pytest.mark.parametrize(
    ("facts", "governing", "outcome", "next_dealer"),
    [
        ({"pattern": "irregular"}, 41, "passes", "E"),
        ({"counts": {"S": 4}}, 41, "passes", "E"),
        ({"pattern": "irregular", "touched_first": "adversaries"}, 43, "redeal", "N"),
        ({"pattern": "irregular", "touched_first": "dealer_side"}, 43, "passes", "E"),
        ({"pattern": "irregular", "interrupted": True}, 44, "redeal", "N"),
        ({"pattern": "irregular", "interrupted": True, "touched_first": "dealer_side"}, 44, "redeal", "N"),
        ({"pattern": "irregular", "dealt_by": "S"}, 45, "passes", "E"),
        ({"pattern": "irregular", "dealt_by": "S", "touched_first": "adversaries"}, 45, "redeal", "N"),
        ({"pattern": "irregular", "dealt_by": "W"}, 40, "redeal", "N"),
        ({"pattern": "irregular", "dealt_by": "N"}, 41, "passes", "E"),  # the dealer named as dealt_by
    ],
)
def test_misdeal_fate_of_the_deal(facts: dict, governing: int, outcome: str, next_dealer: str) -> None:
    r = ruling("misdeal", dealer="N", **facts)
    assert r.laws[0] == governing
    assert r.deal_outcome == outcome
    assert r.next_dealer is not None and r.next_dealer.value == next_dealer
    assert r.options == [] and all(v == 0 for v in r.adjustment.values())


def test_a_correct_deal_is_no_misdeal_and_says_so() -> None:
    r = ruling("misdeal", dealer="E", counts={"N": 5, "E": 5, "S": 5, "W": 5}, pattern="3-2",
               touched_first="adversaries")
    assert r.verdict == "no_misdeal" and r.laws == [42]
    assert r.deal_outcome == "stands" and r.next_dealer.value == "E"
    assert "no misdeal" in r.summary


def test_a_seat_left_out_of_counts_is_taken_to_have_the_right_number() -> None:
    assert ruling("misdeal", dealer="N", counts={"E": 5}).verdict == "no_misdeal"


def test_cards_each_is_read_from_law_42() -> None:
    five_each = {"counts": {"N": 5, "E": 5, "S": 5, "W": 5}, "pattern": "2-3"}
    assert ruling("misdeal", dealer="N", **five_each).verdict == "no_misdeal"
    r = ruling("misdeal", BOOK.with_numbers({42: {'cards_each': 6}}), dealer="N", **five_each)
    assert r.verdict == "misdeal" and "six" in r.summary


def test_the_dealing_rounds_are_read_from_law_42() -> None:
    r = ruling("misdeal", BOOK.with_numbers({42: {'rounds': [[2, 3]]}}), dealer="N", pattern="3-2")
    assert r.verdict == "misdeal"


def test_misdeal_points_to_law_90_once_play_has_begun() -> None:
    r = ruling("misdeal", dealer="N", counts={"W": 6})
    assert any("Law 90" in n and "not a misdeal" in n for n in r.notes)
    assert 90 not in r.laws


@pytest.mark.parametrize(
    ("counts", "words"),
    [
        ({"N": 10, "E": 10, "S": 10, "W": 10}, "more cards than the pack"),
        ({"N": 30}, "more cards than the pack"),  # the others are taken to hold five each
        ({"N": 5, "north": 6}, "named twice"),
        ({"N": -1}, "out of range"),
        ({"X": 5}, "unknown seat"),
    ],
)
def test_impossible_counts_are_refused(counts: dict, words: str) -> None:
    assert words in refused("misdeal", dealer="N", counts=counts)


def test_misdeal_needs_a_dealer() -> None:
    assert "dealer" in refused("misdeal", pattern="irregular")


# -- exposed in the deal --


@pytest.mark.parametrize(
    ("exposed_by", "touched", "last", "turned", "elector"),
    [
        ("N", [], False, False, "EW"),  # by the dealer: the adversaries' claim
        ("S", [], False, False, "EW"),  # by his partner
        ("E", [], False, False, "NS"),  # by an adversary: the dealer's claim
        ("E", ["N"], False, False, "NS"),  # the dealer touching does not cost his claim; only his partner's touch does
        ("E", ["S"], False, False, None),
        ("N", ["E"], False, False, None),
        ("N", ["S", "E"], False, False, "EW"),  # Law 36: the dealer's partner touched first
        ("N", [], True, True, "EW"),  # Law 37
        ("N", [], False, True, None),  # not one of the last cards: the turned trump ends the claim
        ("E", [], True, True, None),  # Law 37 protects the adversaries, not the dealer
    ],
)
def test_exposed_in_deal_claim(exposed_by: str, touched: list, last: bool, turned: bool, elector: str | None) -> None:
    r = ruling("exposed_in_deal", dealer="N", exposed_by=exposed_by, touched=touched, last_cards=last,
               trump_turned=turned)
    assert r.deal_outcome == "stands" and r.next_dealer.value == "N"
    if elector is None:
        assert r.options == [] and r.verdict == "claim_lost"
    else:
        assert [(o.id, o.elector.value) for o in r.options] == [("new_deal", elector)]
        assert r.verdict == "claim_open"
    assert any("cannot be called" in a.text for a in r.actions)


def test_law_37_governs_an_exposed_last_card_with_the_trump_turned() -> None:
    r = ruling("exposed_in_deal", dealer="W", exposed_by="E", last_cards=True, trump_turned=True)
    assert r.laws[:2] == [37, 35] and r.options[0].elector.value == "NS"


# -- the other new deals --


@pytest.mark.parametrize(
    ("kind", "facts", "law", "outcome"),
    [
        ("imperfect_pack", {}, 33, "redeal"),
        # Law 33: "a new deal by the same dealer if during the deal or during the play of the hand"
        ("imperfect_pack", {"found": "during_deal"}, 33, "redeal"),
        ("imperfect_pack", {"found": "during_play"}, 33, "redeal"),
        ("faced_card", {}, 34, "redeal"),
        ("faced_card", {"lead_made": True}, 34, "stands"),
        ("trump_turn_exposes", {}, 39, "redeal"),
        ("wrong_pack", {"trump_turned": True}, 38, "stands"),
        ("reshuffle_after_cut", {}, 31, "passes"),
    ],
)
def test_new_deal_kinds(kind: str, facts: dict, law: int, outcome: str) -> None:
    r = ruling(kind, dealer="S", score={"NS": 4, "EW": 1}, **facts)
    assert r.laws[0] == law and r.deal_outcome == outcome
    assert r.next_dealer.value == ("W" if outcome == "passes" else "S")
    assert r.after.points == r.before  # none of these scores a point


def test_wrong_pack_before_the_trump_is_turned_may_be_claimed_by_either_side() -> None:
    r = ruling("wrong_pack", dealer="S")
    assert sorted((o.id, o.elector.value) for o in r.options) == [("new_deal", "EW"), ("new_deal", "NS")]
    assert 85 not in r.laws  # one option each: no election between penalties


@pytest.mark.parametrize(("turned", "outcome_dealer", "options"), [(False, "W", 2), (True, "W", 0)])
def test_deal_out_of_turn(turned: bool, outcome_dealer: str, options: int) -> None:
    r = ruling("deal_out_of_turn", dealer="E", dealt_by="W", trump_turned=turned)
    assert r.laws[0] == 40 and r.deal_outcome == "stands"
    assert r.next_dealer.value == outcome_dealer
    assert len(r.options) == options and all(o.id == "stop_deal" for o in r.options)


@pytest.mark.parametrize(
    ("dealt_by", "words"),
    [
        ("S", ["West deals next", "North and East lose this round's turn"]),
        ("E", ["South deals next", "North loses this round's turn"]),
        ("W", ["North deals next", "only put off"]),  # the last dealer dealt again
    ],
)
def test_a_deal_out_of_turn_that_stands_says_who_deals_next(dealt_by: str, words: list[str]) -> None:
    r = ruling("deal_out_of_turn", dealer="N", dealt_by=dealt_by, trump_turned=True)
    note = next(n for n in r.notes if n.startswith("Law 40 is silent"))
    assert all(w in note for w in words), note


def test_an_imperfect_pack_found_after_the_hand_leaves_the_result_standing_as_our_reading() -> None:
    # Law 33 speaks only of "during the deal or during the play of the hand".
    r = ruling("imperfect_pack", dealer="S", found="after_hand")
    assert r.laws == [33] and r.deal_outcome == "stands" and r.verdict == "result_stands"
    assert r.actions == []  # no new deal
    assert any(n.startswith("Law 33:") and "after the hand" in n for n in r.notes)


def test_a_cutter_who_re_cuts_is_held_to_his_first_cut() -> None:
    # Law 30: "When a player has once separated a pack he cannot alter his intention; he can neither
    # re-shuffle nor re-cut the cards."
    r = ruling("cut_irregular", dealer="N", recut=True)
    assert r.laws[0] == 30 and r.verdict == "first_cut_stands"
    assert [a.law for a in r.actions] == [30]
    assert any(n.startswith("Law 30:") for n in r.notes)
    # Law 29: fewer than four cards in a packet means a fresh cut, re-cut or not.
    false_cut = ruling("cut_irregular", dealer="N", recut=True, smaller_packet=3)
    assert false_cut.laws[:2] == [29, 30] and false_cut.verdict == "fresh_cut"


def test_who_deals_after_a_deal_out_of_turn_that_stands_is_shown_as_our_reading() -> None:
    # Law 40: "otherwise the deal stands" - the text says nothing of whose deal comes next.
    r = ruling("deal_out_of_turn", dealer="N", dealt_by="S", trump_turned=True)
    assert any(n.startswith("Law 40:") and "does not say whose deal follows" in n for n in r.notes)


def test_who_makes_the_new_deal_of_law_35_is_shown_as_our_reading() -> None:
    # Law 35: "the adversaries can call for a new deal" - it does not say by whom.
    r = ruling("exposed_in_deal", dealer="N", exposed_by="N")
    assert [o.id for o in r.options] == ["new_deal"]
    assert any(n.startswith("Law 35:") and "same dealer" in n for n in r.notes)


def test_the_dealer_cannot_deal_out_of_his_own_turn() -> None:
    assert "no deal out of turn" in refused("deal_out_of_turn", dealer="S", dealt_by="S")


# -- cutting and shuffling --


def test_min_packet_is_read_from_law_29() -> None:
    assert ruling("cut_irregular", smaller_packet=4).verdict == "cut_stands"
    assert ruling("cut_irregular", BOOK.with_numbers({29: {'min_packet': 5}}), smaller_packet=4).verdict == "fresh_cut"


@pytest.mark.parametrize("facts", [{"smaller_packet": 3}, {"card_exposed": True}, {"confusion": True}])
def test_fresh_cut(facts: dict) -> None:
    r = ruling("cut_irregular", dealer="N", **facts)
    assert r.verdict == "fresh_cut" and r.laws[0] == 29 and 24 in r.laws
    assert any(a.law == 29 and "West" in a.text for a in r.actions)  # the dealer's right cuts


def test_a_smaller_packet_over_half_the_pack_is_refused() -> None:
    assert "half the pack" in refused("cut_irregular", smaller_packet=17)


def test_card_seen_in_the_dealers_shuffle() -> None:
    r = ruling("shuffle_irregular", dealer="W", how="card_seen_in_dealers_shuffle")
    assert [(o.id, o.elector.value) for o in r.options] == [("compel_reshuffle", "NS")]
    assert r.laws[:2] == [27, 24]
    assert "not the dealer" in refused("shuffle_irregular", dealer="W", how="card_seen_in_dealers_shuffle",
                                       offender="E")


def test_faces_seen_in_the_dealers_own_shuffle_is_law_27() -> None:
    r = ruling("shuffle_irregular", dealer="W", how="faces_seen", offender="W")
    assert r.laws[0] == 27 and 22 in r.laws and r.options


@pytest.mark.parametrize(("how", "law"), [("below_table", 22), ("faces_seen", 22), ("during_play", 23),
                                          ("more_than_once", 24)])
def test_shuffle_irregular_governing_law(how: str, law: int) -> None:
    r = ruling("shuffle_irregular", how=how)
    assert r.laws[0] == law and r.options == []


def test_the_one_shuffle_is_read_from_law_24() -> None:
    r = ruling("shuffle_irregular", BOOK.with_numbers({24: {'shuffles': 2}}), how="more_than_once")
    assert "more than two times" in r.summary


# -- new cards --


def test_new_cards_before_and_after_the_cut() -> None:
    assert ruling("new_cards").verdict == "allowed"
    assert ruling("new_cards", after_cut=True).verdict == "not_allowed"
    damaged = ruling("new_cards", after_cut=True, damaged=True)
    assert damaged.verdict == "replace" and damaged.laws[0] == 73


def test_the_number_of_packs_is_read_from_law_72() -> None:
    assert "three new packs" in ruling("new_cards", BOOK.with_numbers({72: {'packs': 3}})).summary


# -- cutting for the table --


def table(**cuts: str) -> dict:
    r = ruling("cut_for_table", cuts=cuts)
    assert r.table is not None
    return {**r.table, "verdict": r.verdict, "laws": r.laws}


def test_the_knave_is_highest_without_bowers_and_suits_do_not_rank() -> None:
    t = table(N="JC", E="AS", S="9D", W="7H")
    assert t["partners"] == [["N", "E"], ["S", "W"]] and t["dealer"] == "N"
    # with hearts trumps, the knave of diamonds would be a bower in play; in cutting it merely ties the other knave
    r = ruling("cut_for_table", trump="hearts", cuts={"N": "JH", "E": "JD", "S": "9D", "W": "7H"})
    assert r.table["partners"] == [["N", "E"], ["S", "W"]] and r.table["dealer"] is None
    assert r.table["recut"] == ["N", "E"] and r.laws[0] == 13


def test_the_first_dealer_is_a_seat_only_where_candidates_are_seats() -> None:
    assert ruling("cut_for_table", cuts={"N": "JC", "E": "AS", "S": "9D", "W": "7H"}).next_dealer.value == "N"
    r = ruling("cut_for_table", cuts={"Ann": "JC", "Ben": "AS", "Cy": "9D", "E": "7H"})
    assert r.next_dealer is None and r.table["dealer"] == "Ann"
    assert "East" not in r.summary  # a player called E is not the East seat


def test_two_equal_in_the_middle_cut_again() -> None:
    t = table(Ann="AH", Ben="QS", Cy="QD", Di="7C")
    assert t["recut"] == ["Ben", "Cy"] and t["partners"] is None and t["dealer"] == "Ann"
    assert t["verdict"] == "cut_again" and t["laws"][0] == 13


def test_three_equal_with_the_fourth_highest() -> None:
    t = table(Ann="9S", Ben="9H", Cy="9C", Di="JD")
    assert sorted(t["recut"]) == ["Ann", "Ben", "Cy"] and t["dealer"] == "Di" and t["laws"][0] == 14


def test_three_equal_with_the_fourth_lowest() -> None:
    t = table(Ann="KS", Ben="KH", Cy="KD", Di="8C")
    assert sorted(t["recut"]) == ["Ann", "Ben", "Cy"] and t["dealer"] is None and t["laws"][0] == 14


def test_more_than_four_candidates_cut_again_for_partners() -> None:
    t = table(A="JS", B="AH", C="KC", D="QD", E="10H")
    assert t["players"] == ["A", "B", "C", "D"] and t["partners"] is None
    assert t["waiting"] == ["E"] and t["verdict"] == "cut_for_partners" and 12 not in t["laws"]


def test_table_positions_are_read_from_law_12() -> None:
    cuts = {"A": "JS", "B": "AH", "C": "KC", "D": "QD", "E": "10H", "F": "9C", "G": "8S"}
    r = ruling("cut_for_table", cuts=cuts)
    assert r.table["table"] == ["E", "F"] and r.table["out"] == ["G"] and 12 in r.laws
    r = ruling("cut_for_table", BOOK.with_numbers({12: {'table_positions': [5]}}), cuts=cuts)
    assert r.table["table"] == ["E"] and r.table["out"] == ["F", "G"]


def test_a_tie_across_the_fourth_place_is_cut_again() -> None:
    t = table(A="JS", B="AH", C="KC", D="QD", E="QH")
    assert t["players"] is None and sorted(t["recut"]) == ["D", "E"] and t["settled"] == ["A", "B", "C"]


def test_a_partner_cut_after_the_selection() -> None:
    r = ruling("cut_for_table", cuts={"A": "JS", "B": "AH", "C": "KC", "D": "QD", "E": "10H"},
               partner_cuts={"A": "7H", "B": "JD", "C": "AD", "D": "KS"})
    assert r.table["partners"] == [["B", "C"], ["D", "A"]] and r.table["dealer"] == "B"
    assert r.table["waiting"] == ["E"]
    assert "four who play" in refused("cut_for_table", cuts={"A": "JS", "B": "AH", "C": "KC", "D": "QD", "E": "10H"},
                                      partner_cuts={"A": "7H", "B": "JD", "C": "AD", "E": "KS"})


def test_an_exposer_is_matched_to_his_cut_whatever_the_case_of_his_name() -> None:
    r = ruling("cut_for_table", cuts={"Ann": "JS", "Ben": "AD", "Cy": "KH", "Di": "9C"}, exposed_more_than_one=["ann"])
    assert r.table["recut"] == ["Ann"]


def test_exposing_more_than_one_card_means_cutting_again() -> None:
    r = ruling("cut_for_table", cuts={"N": "JS", "E": "AD", "S": "KH", "W": "9C"}, exposed_more_than_one=["W"])
    assert r.laws[0] == 10 and r.table["recut"] == ["W"] and r.table["partners"] is None


@pytest.mark.parametrize(
    ("facts", "words"),
    [
        ({"cuts": {"N": "JS", "E": "AD", "S": "KH"}}, "four"),
        ({"cuts": {"N": "JS", "E": "JS", "S": "KH", "W": "9C"}}, "same card"),
        ({"cuts": {"Ann": "JS", "ann ": "AD", "S": "KH", "W": "9C"}}, "named twice"),
        ({"cuts": {"N": "JS", "E": "AD", "S": "KH", "W": "9C"}, "exposed_more_than_one": ["W", "W"]}, "named twice"),
        ({"cuts": {"Ann": "JS", "Ben": "AD", "Cy": "KH"}, "exposed_more_than_one": ["ann"]}, "four"),
        ({"cuts": {"N": "JS", "E": "AD", "S": "KH", "W": "9C"}, "partner_cuts": {"N": "7H", "E": "8H", "S": "9H",
                                                                                 "W": "10H"}}, "no second cut"),
    ],
)
def test_cut_for_table_refusals(facts: dict, words: str) -> None:
    assert words in refused("cut_for_table", **facts)


# -- the command line --


def test_refusals_exit_2_with_one_line() -> None:
    result = CliRunner().invoke(app, ["rule", "misdeal", "--dealer", "N", "--counts", "N=12,E=12,S=12"])
    assert result.exit_code == 2
    assert "more cards than the pack" in result.output and "Traceback" not in result.output


def test_cut_for_table_json_has_the_table() -> None:
    import json

    result = CliRunner().invoke(app, ["rule", "cut_for_table", "--cuts", "N=JS,E=AD,S=KH,W=9C", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["table"]["partners"] == [["N", "E"], ["S", "W"]] and data["table"]["dealer"] == "N"
    assert data["deal"]["dealer"] == "N"
