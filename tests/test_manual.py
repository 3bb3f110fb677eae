"""Rulings under the 1890s manual, each expectation reasoned from the manual's printed words
(laws/sources/euchre-laws-1890s-manual.txt), quoted beside it. Numbers are our numbering
(laws/manual-1890s/README.md)."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.incident import build_case
from arbiter.ruling import rule


def ruling(kind: str, envelope: dict[str, Any] | None = None, **facts: Any) -> dict[str, Any]:
    data = {"ruleset": "manual-1890s", **(envelope or {}), "incident": {"kind": kind, **facts}}
    return rule(build_case(data)).as_dict()


def option(r: dict[str, Any], id: str) -> dict[str, Any]:
    return next(o for o in r["options"] if o["id"] == id)


# -- the revoke: "the adversaries of the revoking player can either deduct two points from his
#    score, or add two to their own score, for every revoke made during the hand" (Law 27) --


def test_revoke_two_points_added_or_deducted_and_the_hand_abandoned() -> None:
    r = ruling("revoke", {"dealer": "S", "score": {"NS": 1, "EW": 3}}, offender="E")
    assert r["laws"][0] == 27 and not r["silent"]
    assert option(r, "deduct")["adjustment"] == {"NS": 0, "EW": -2}
    assert option(r, "add")["adjustment"] == {"NS": 2, "EW": 0}
    assert option(r, "add")["elector"] == option(r, "deduct")["elector"] == "NS"
    assert r["score"]["adjustment"] == {"NS": 0, "EW": 0}  # left at zero until they choose
    assert 28 in r["laws"]  # "The penalty cannot be divided."
    assert any("abandoned" in a["text"] for a in r["actions"])  # "it is usual to abandon the hand"


def test_revoke_for_every_revoke_and_no_more_in_a_lone_hand() -> None:
    r = ruling("revoke", {"dealer": "S", "alone": "W", "maker": "W", "trump": "spades"}, offender="W", count=2)
    # two points for every revoke; the manual gives no larger figure for a lone hand
    assert option(r, "add")["adjustment"] == {"NS": 4, "EW": 0}
    assert option(r, "deduct")["adjustment"] == {"NS": 0, "EW": -4}


def test_both_sides_revoke_the_same_dealer_deals_again() -> None:
    # "If both sides revoke, the deal is void, and the same dealer must deal again."
    r = ruling("revoke", {"dealer": "S"}, offender="E", other_side_count=1)
    assert r["laws"][0] == 29
    assert r["deal"] == {"outcome": "redeal", "dealer": "S"}
    assert r["options"] == [] and r["score"]["adjustment"] == {"NS": 0, "EW": 0}


def test_revoke_claimed_after_the_cut_is_too_late() -> None:
    # "Revokes must be detected and claimed before the cards are cut for the following deal."
    r = ruling("revoke", {"dealer": "S"}, offender="E", claimed_after_cut=True)
    assert r["laws"] == [46] and r["options"] == []
    assert r["score"]["adjustment"] == {"NS": 0, "EW": 0}


def test_revoke_corrected_before_the_trick_is_quitted_leaves_the_card_to_be_called() -> None:
    # "...if the error is not discovered and corrected before the trick ... is turned and quitted";
    # "the card played in error must be left on the table, and is liable to be called."
    r = ruling("revoke", {"dealer": "S"}, offender="E", established=False)
    assert r["verdict"] == "corrected" and r["laws"][0] == 26
    assert option(r, "call_card")["elector"] == "NS"
    assert not any(o.get("adjustment") for o in r["options"])


def test_a_lone_players_corrected_revoke_cannot_be_called() -> None:
    # "A person playing a lone hand is not liable to any penalty for exposing his cards"
    r = ruling("revoke", {"dealer": "S", "alone": "E", "maker": "E"}, offender="E", established=False)
    assert r["options"] == [] and 38 in r["laws"]


def test_no_revoke_when_he_held_none_of_the_suit() -> None:
    # "Any player having none of the suit led may either trump, or throw away a card of another suit."
    r = ruling("revoke", {"dealer": "S", "trump": "hearts"}, offender="E", led="AS", played="9C",
               hand=["9C", "KD", "10H"])
    assert r["verdict"] == "no_revoke" and r["options"] == []


# -- exposed cards (Laws 13-14, 35-38) --


def test_a_dropped_card_is_exposed_and_played_when_called() -> None:
    # "...or dropped face upward on the table, are called exposed cards" / "These must be played
    # when called by the adversaries, unless compliance with the demand would make the player revoke"
    r = ruling("exposed_card", {"dealer": "S"}, offender="W", how="dropped", card="KC")
    assert r["laws"][0] == 35 and 36 in r["laws"]
    assert option(r, "call_card")["elector"] == "NS"


def test_a_lone_player_is_not_liable_for_exposing_a_card() -> None:
    r = ruling("exposed_card", {"dealer": "S", "alone": "W", "maker": "W"}, offender="W", how="dropped")
    assert r["laws"][0] == 38 and r["options"] == [] and r["verdict"] == "no_penalty"


def test_the_lone_players_partner_exposing_a_card_may_be_made_to_take_up_his_hand() -> None:
    # "the adversaries can call upon him to take up the hand and play it ... This of course prevents the lone hand."
    r = ruling("exposed_card", {"dealer": "S", "alone": "W", "maker": "W"}, offender="E", how="shown")
    assert r["laws"][0] == 14
    take = option(r, "take_up_hand")
    assert take["elector"] == "NS" and "lone hand" in take["text"]


def test_a_card_merely_shown_is_not_among_the_manuals_exposed_cards() -> None:
    r = ruling("exposed_card", {"dealer": "S"}, offender="W", how="shown")
    assert r["silent"] and r["laws"] == [] and r["reference"]["ruleset"] == "somerset-1888"


def test_extra_card_in_a_trick_is_exposed() -> None:
    # "two or more played to a trick ... are called exposed cards"
    r = ruling("extra_card_in_trick", {"dealer": "S"}, offender="N", during_play=True)
    assert r["laws"][0] == 35 and option(r, "call_card")["elector"] == "EW"


# -- leading out of turn (Laws 39-41) --


def test_lead_out_of_turn_a_suit_called_by_the_last_player_on_the_trick() -> None:
    # "the adversaries may call a suit from the player in error, or from his partner, when it is
    # next the turn of either of them to lead. The demand must be made by the person who will be
    # the last player on the trick in which the suit is called."
    r = ruling("lead_out_of_turn", {"dealer": "N"}, offender="E", followed=["S"])
    assert r["laws"][0] == 39
    # a trick East leads runs E, S, W, N: North plays last; one West leads runs W, N, E, S: South last
    assert option(r, "call_suit")["by"] == "N"
    assert option(r, "call_suit_partner")["by"] == "S"
    assert all(o["elector"] == "NS" for o in r["options"])
    # "those who have followed the false lead must take back their cards, which are not liable to be called"
    assert any(a["law"] == 41 and "South" in a["text"] for a in r["actions"])


def test_lead_out_of_turn_all_played_cannot_be_rectified() -> None:
    r = ruling("lead_out_of_turn", {"dealer": "N"}, offender="E", followed=["S", "W", "N"])
    assert r["laws"][0] == 41 and r["options"] == []


def test_a_lone_player_leading_out_of_turn_is_not_liable() -> None:
    # "nor for leading out of turn"; and Law 39 speaks of "any person, not playing alone"
    r = ruling("lead_out_of_turn", {"dealer": "N", "alone": "E", "maker": "E"}, offender="E", followed=["S"])
    assert r["laws"][0] == 38 and r["options"] == []


# -- making the trump (Laws 3-7) --


def test_naming_the_turned_down_suit_loses_the_right() -> None:
    r = ruling("named_turned_down_suit", {"dealer": "S", "turned": "9H"}, offender="W")
    assert r["laws"] == [3]


def test_correcting_it_debars_the_partner_too() -> None:
    # "if he corrects himself, and names another suit, he debars not only himself but his partner"
    r = ruling("named_turned_down_suit", {"dealer": "S", "turned": "9H"}, offender="W", then_named="spades")
    assert r["laws"][0] == 4 and "East" in r["summary"]


def test_naming_a_suit_out_of_turn_debars_both_partners_from_it() -> None:
    r = ruling("bid_out_of_turn", {"dealer": "S"}, offender="N", action="make", suit="clubs")
    assert r["laws"] == [6] and "South" in r["actions"][0]["text"] and "clubs" in r["actions"][0]["text"]


def test_passing_out_of_turn_is_not_addressed() -> None:
    r = ruling("bid_out_of_turn", {"dealer": "S"}, offender="N", action="pass")
    assert r["silent"]


def test_no_new_trump_the_deal_is_void_and_passes_left() -> None:
    # "If no one will name a new trump, the deal is void, and passes to the next player on the dealer's left."
    r = ruling("all_passed", {"dealer": "S"}, round=2)
    assert r["laws"] == [7] and r["deal"] == {"outcome": "passes", "dealer": "W"}


# -- playing alone (Laws 1, 10, 12, 15-21) --


@pytest.mark.parametrize("declarer, via, maker, verdict", [
    ("W", "order", None, "allowed"),          # "If any player orders up or assists, that player can play alone."
    ("N", "assist", None, "allowed"),
    ("S", "adopt", None, "allowed"),          # "If the dealer takes up the trump card of his own accord"
    ("E", "make", None, "allowed"),           # "Any player making a new trump ... can play alone."
    ("S", "take_from_partner", "N", "not_allowed"),  # "the dealer's partner assists, that prevents the dealer"
    ("E", "take_from_partner", "W", "not_allowed"),  # "neither his partner nor his adversary can play alone"
])
def test_only_the_maker_may_play_alone(declarer: str, via: str, maker: str | None, verdict: str) -> None:
    env: dict[str, Any] = {"dealer": "S"}
    if maker:
        env["maker"] = maker
    r = ruling("lone_declaration", env, declarer=declarer, via=via)
    assert r["verdict"] == verdict
    assert 16 in r["laws"]  # "No player but the one that takes up, orders up, or makes the trump"


def test_an_adversary_must_announce_alone_when_he_orders_up() -> None:
    # "he must distinctly announce it when he orders up the trump"
    r = ruling("lone_declaration", {"dealer": "S"}, declarer="W", via="order", after_lead=True)
    assert r["verdict"] == "not_allowed" and 12 in r["laws"]


# -- the hand's result (Laws 2, 11) --


def test_euchre_two_points_alone_or_not() -> None:
    # "His side must make at least three tricks, whether he plays alone or not, or it is a euchre,
    # and the adversaries will count two points."
    for alone in (False, True):
        r = ruling("hand_result", {"dealer": "S", "score": {"NS": 1, "EW": 1}}, makers="NS", tricks=2, alone=alone)
        assert r["score"]["adjustment"] == {"NS": 0, "EW": 2}
        assert r["laws"][0] == 11


def test_the_manual_states_no_points_for_the_point_or_the_march() -> None:
    for tricks in (3, 5):
        r = ruling("hand_result", {"dealer": "S"}, makers="NS", tricks=tricks)
        assert r["silent"] and r["score"]["adjustment"] == {"NS": 0, "EW": 0}
        assert r["reference"]["score"]["adjustment"]["NS"] > 0  # Somerset's, as a reference only


def test_kinds_the_manual_does_not_address_are_silent() -> None:
    r = ruling("misdeal", {"dealer": "S"}, counts={"N": 6, "E": 5, "S": 5, "W": 4})
    assert r["silent"] and r["laws"] == [] and r["options"] == []
    assert r["reference"]["laws"]


def test_asking_the_trump_suit_must_be_answered() -> None:
    # "but a player may ask and must be informed what the trump suit is."
    r = ruling("asked_turned_card", {"dealer": "S", "trump": "hearts"}, offender="W")
    assert r["laws"][0] == 34 and r["options"] == []


def test_drawing_cards() -> None:
    r = ruling("asked_who_played", {"dealer": "S"}, offender="W")
    assert r["laws"][0] == 42 and r["options"] == []
