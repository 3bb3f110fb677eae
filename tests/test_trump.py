"""Unit tests for making the trump, the discard, the trump card, playing alone and etiquette (Laws 74-116)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from arbiter.cli import app
from arbiter.incident import build_case
from arbiter.model import InputError
from arbiter.rulebook import load
from arbiter.ruling import Ruling, rule

BOOK = load("somerset-1888")
ENVELOPE = ("dealer", "trump", "turned", "maker", "alone", "score", "games")


def ruling(kind: str, book: Any = None, **facts: Any) -> Ruling:
    """Rule on a kind with facts as keywords; envelope keys go to the top level (dealer N by default)."""
    top = {k: facts.pop(k) for k in list(facts) if k in ENVELOPE}
    top.setdefault("dealer", "N")
    return rule(build_case({**top, "incident": {"kind": kind, **facts}}), book or BOOK)


def refused(kind: str, **facts: Any) -> str:
    with pytest.raises(InputError) as err:
        ruling(kind, **facts)
    return str(err.value)


def ids(r: Ruling) -> list[str]:
    return sorted(o.id for o in r.options)


def electors(r: Ruling) -> set[str]:
    return {o.elector.value for o in r.options}


def points(r: Ruling) -> dict[str, int]:
    return {side.value: n for side, n in r.adjustment.items()}


# -- who may play alone (dealer N: eldest E, second S, third W) --


@pytest.mark.parametrize(
    ("facts", "verdict", "governing"),
    [
        ({"declarer": "E", "via": "order"}, "allowed", 93),                        # Law 74
        ({"declarer": "W", "via": "order"}, "allowed", 93),                        # Law 76
        ({"declarer": "S", "via": "assist"}, "allowed", 93),                       # Law 75
        ({"declarer": "N", "via": "adopt"}, "allowed", 93),                        # Law 76
        ({"declarer": "W", "via": "take_from_partner", "maker": "E"}, "allowed", 94),  # Law 74
        ({"declarer": "N", "via": "take_from_partner", "maker": "S"}, "allowed", 94),  # Law 75
        ({"declarer": "S", "via": "order", "maker": "E"}, "not_allowed", 95),      # ordered up
        ({"declarer": "N", "via": "order", "maker": "W"}, "not_allowed", 95),      # the dealer ordered up
        # The dealer's partner ordering it up assists (Technical Terms: "Assist"), so Law 75 lets him
        ({"declarer": "S", "via": "order"}, "allowed", 93),
        ({"declarer": "E", "via": "adopt", "maker": "N"}, "not_allowed", 95),      # adversaries adopt
        ({"declarer": "W", "via": "make", "maker": "S", "trump": "spades", "turned": "9H"}, "not_allowed", 95),
        ({"declarer": "E", "via": "assist", "maker": "S"}, "not_allowed", 93),     # adversaries assisted
        ({"declarer": "S", "via": "adopt"}, "not_allowed", 93),  # second hand spoke before the dealer
        ({"declarer": "E", "via": "take_from_partner"}, "not_allowed", 93),        # eldest passed before third hand
        ({"declarer": "E", "via": "order", "declarer_passed": True}, "not_allowed", 93),
        ({"declarer": "E", "via": "order", "exposed_before": True}, "not_allowed", 95),
        ({"declarer": "N", "via": "adopt", "after_quitting_discard": True}, "not_allowed", 96),
        ({"declarer": "W", "via": "take_from_partner", "after_lead": True}, "not_allowed", 99),
    ],
)
def test_who_may_play_alone(facts: dict[str, Any], verdict: str, governing: int) -> None:
    r = ruling("lone_declaration", **facts)
    assert r.verdict == verdict
    assert r.laws[0] == governing


def test_roles_are_named_in_the_summary() -> None:
    r = ruling("lone_declaration", dealer="S", declarer="E", via="take_from_partner", maker="W")
    assert "East (third hand)" in r.summary
    assert "West is eldest hand" in r.summary and "North second hand" in r.summary


def test_an_allowed_lone_hand_lays_the_partner_down() -> None:
    r = ruling("lone_declaration", declarer="E", via="order")
    assert [a.law for a in r.actions] == [101]
    assert "West" in r.actions[0].text


def test_a_refused_lone_hand_is_played_with_the_partner() -> None:
    r = ruling("lone_declaration", declarer="S", via="order", maker="E")
    assert r.actions == []
    assert "plays the hand with his partner" in r.summary


@pytest.mark.parametrize(
    ("words", "verdict", "governing"),
    [
        ("I play alone at hearts", "allowed", 93),
        ("Alone at hearts", "allowed", 93),
        ("I play alone", "allowed", 93),
        ("I order it up and play it alone", "not_allowed", 98),
        ("I'll order it up, and go alone!", "not_allowed", 98),
        ("I take it up and play alone", "not_allowed", 98),
        ("I order it up", "not_allowed", 98),
        ("I take it from you", "not_allowed", 98),  # he made it himself: nothing to take
    ],
)
def test_law_98_a_single_declaration(words: str, verdict: str, governing: int) -> None:
    r = ruling("lone_declaration", declarer="E", via="order", turned="9H", words=words)
    assert (r.verdict, r.laws[0]) == (verdict, governing)


def test_make_it_hearts_and_play_it_alone_precludes_the_lone_hand() -> None:
    r = ruling("lone_declaration", declarer="S", via="make", trump="hearts", turned="9S",
               words="I make it hearts and play it alone")
    assert (r.verdict, r.laws[0]) == ("not_allowed", 98)


def test_taking_it_from_a_lone_partner_needs_law_94s_form() -> None:
    good = ruling("lone_declaration", declarer="W", via="take_from_partner", maker="E", alone="E",
                  words="I take it from you")
    bad = ruling("lone_declaration", declarer="W", via="take_from_partner", maker="E", alone="E",
                 words="I play alone")
    assert good.verdict == "allowed" and good.laws[0] == 94
    assert bad.verdict == "not_allowed" and bad.laws[:2] == [94, 98]


def test_a_passed_partner_offering_to_take_it_leaves_neither_alone() -> None:
    r = ruling("lone_declaration", declarer="W", via="take_from_partner", maker="E", alone="E",
               declarer_passed=True)
    assert r.verdict == "not_allowed"
    assert r.laws[:2] == [93, 99]
    assert "neither West nor East" in r.summary


def test_law_97_leaves_the_late_lone_hand_to_the_adversaries() -> None:
    r = ruling("lone_declaration", declarer="E", via="make", trump="clubs", turned="9S", after_naming_trump=True)
    assert r.verdict == "allowed"
    assert r.laws[0] == 97
    assert ids(r) == ["require_partner"] and electors(r) == {"NS"}
    assert r.actions == []  # the partner lays down his cards only if they let him play alone


def test_naming_the_turned_down_suit_alone_is_a_pass() -> None:
    r = ruling("lone_declaration", declarer="E", via="make", turned="9H", words="Alone at hearts")
    assert (r.verdict, r.laws[0]) == ("not_allowed", 78)


def test_a_card_exposed_before_declaring_can_be_called() -> None:
    r = ruling("lone_declaration", declarer="E", via="order", exposed_before=True)
    assert r.laws[0] == 95
    assert ids(r) == ["call_card"] and electors(r) == {"NS"}


@pytest.mark.parametrize(
    ("facts", "words"),
    [
        ({"declarer": "E", "via": "assist"}, "only the second hand"),
        ({"declarer": "W", "via": "adopt"}, "only the dealer"),
        ({"declarer": "E", "via": "order", "maker": "S"}, "called assisting"),
        ({"declarer": "E", "via": "take_from_partner", "maker": "S"}, "only from his partner"),
        ({"declarer": "E", "via": "take_from_partner", "declarer_passed": False}, "must have passed"),
        ({"declarer": "E", "via": "order", "alone": "S"}, "only one side plays alone"),
        ({"declarer": "E", "via": "order", "turned": "9H", "trump": "spades"}, "second round"),
        ({"declarer": "E", "via": "make", "turned": "9H", "trump": "hearts"}, "cannot be the suit turned down"),
        ({"declarer": "N", "via": "make", "after_quitting_discard": True}, "no discard"),
        ({"declarer": "E", "via": "order", "turned": "9H", "words": "Alone at spades"}, "only be hearts"),
    ],
)
def test_lone_declaration_refuses_contradictions(facts: dict[str, Any], words: str) -> None:
    assert words in refused("lone_declaration", **facts)


def test_lone_declaration_needs_a_dealer() -> None:
    with pytest.raises(InputError, match="dealer"):
        rule(build_case({"incident": {"kind": "lone_declaration", "declarer": "E", "via": "order"}}), BOOK)


# -- the wrong number of cards (Law 90) --


def test_wrong_card_count_scores_law_90s_figures() -> None:
    # Law 90: "the party so offending forfeits two if all four are playing, and four if a lone hand is played".
    four = ruling("wrong_card_count", offender="E", cards=4)
    alone = ruling("wrong_card_count", offender="E", cards=6, alone="W", maker="W")
    assert points(four) == {"NS": 2, "EW": 0}
    assert points(alone) == {"NS": 4, "EW": 0}
    assert four.deal_outcome == "stands" and four.next_dealer.value == "N"


def test_wrong_card_count_reads_the_figures_from_the_record() -> None:
    book = BOOK.with_numbers({90: {"cards": 6, "forfeit": 7, "forfeit_lone": 11}})
    assert points(ruling("wrong_card_count", book, offender="S", cards=5)) == {"NS": 0, "EW": 7}
    assert points(ruling("wrong_card_count", book, offender="S", cards=5, alone="E", maker="E")) == {"NS": 0, "EW": 11}
    with pytest.raises(InputError, match="no offence"):
        ruling("wrong_card_count", book, offender="S", cards=6)


def test_law_103_is_cited_only_for_the_lone_players_partner() -> None:
    partner = ruling("wrong_card_count", offender="E", cards=4, alone="W", maker="W")
    adversary = ruling("wrong_card_count", offender="S", cards=4, alone="W", maker="W")
    assert 103 in partner.laws and 103 not in adversary.laws
    assert points(partner) == {"NS": 4, "EW": 0}  # Law 90: "four if a lone hand is played"


def test_a_dealer_who_did_not_discard_forfeits() -> None:
    r = ruling("wrong_card_count", offender="N", no_discard=True)
    assert points(r) == {"NS": 0, "EW": 2}  # Law 90: "or the dealer neglect to discard ... forfeits two"


@pytest.mark.parametrize(
    ("facts", "words"),
    [
        ({"offender": "E", "no_discard": True}, "not the dealer"),
        ({"offender": "E", "cards": 5}, "no offence"),
        ({"offender": "E"}, "missing cards or no_discard"),
        ({"offender": "N", "no_discard": True, "cards": 4}, "more than 5"),
        ({"offender": "N", "no_discard": True, "trump": "clubs", "turned": "9H"}, "second round"),
    ],
)
def test_wrong_card_count_refusals(facts: dict[str, Any], words: str) -> None:
    assert words in refused("wrong_card_count", **facts)


# -- making the trump --


def test_pass_then_order_lets_the_adversaries_hold_him_to_it() -> None:
    r = ruling("pass_then_order", offender="E")
    assert r.laws == [80] and ids(r) == ["play_it"] and electors(r) == {"NS"}
    assert "West (third hand) must pass" in r.summary
    assert "assist" in ruling("pass_then_order", offender="S").summary
    assert "neither orders up nor assists" in refused("pass_then_order", offender="N")


def test_naming_the_turned_down_suit() -> None:
    plain = ruling("named_turned_down_suit", offender="E", turned="JH")
    told = ruling("named_turned_down_suit", offender="E", turned="JH", then_named="diamonds")
    assert plain.laws == [78] and plain.actions == []
    assert told.laws[:2] == [78, 79] and [a.law for a in told.actions] == [79]
    assert "West (third hand) must pass" in told.actions[0].text
    assert "then_named is hearts" in refused("named_turned_down_suit", offender="E", turned="JH", then_named="hearts")


def test_a_dealer_naming_the_turned_down_suit_ends_the_deal() -> None:
    r = ruling("named_turned_down_suit", dealer="W", offender="W", turned="8C")
    assert (r.deal_outcome, r.next_dealer.value) == ("passes", "N")
    assert 77 in r.laws


def test_change_named_suit() -> None:
    r = ruling("change_named_suit", offender="E", trump="spades", turned="9H")
    assert r.laws == [78] and r.options == [] and r.deal_outcome == "stands"
    assert "named_turned_down_suit" in refused("change_named_suit", offender="E", trump="hearts", turned="9H")
    assert "maker is South" in refused("change_named_suit", offender="E", maker="S")


@pytest.mark.parametrize(
    ("offender", "action", "words"),
    [("W", "assist", "cannot assist"), ("S", "order", "called assisting"), ("N", "order", "does not order up"),
     ("E", "pass", "speaks first")],
)
def test_bid_out_of_turn_refusals(offender: str, action: str, words: str) -> None:
    assert words in refused("bid_out_of_turn", offender=offender, action=action)


def test_bid_out_of_turn_takes_away_no_right_and_names_no_penalty() -> None:
    r = ruling("bid_out_of_turn", offender="W", action="order")
    assert r.laws == [82] and r.options == [] and points(r) == {"NS": 0, "EW": 0}
    assert any("names no penalty" in n for n in r.notes)


@pytest.mark.parametrize("how", ["turned_down", "threw_cards_second_round"])
def test_the_dealers_act_binds_his_partner(how: str) -> None:
    r = ruling("dealer_turned_down", dealer="S", how=how)
    assert r.laws[0] == 82
    assert [a.law for a in r.actions] == [82] and "North" in r.actions[0].text


def test_declaration_not_heard_stands() -> None:
    r = ruling("declaration_not_heard", offender="W", maker="E")
    assert r.laws == [81] and "not invalidated" in r.summary
    assert "adversary" in refused("declaration_not_heard", offender="W", maker="N")


# -- the discard and the trump card --


def test_eldest_leading_before_the_discard() -> None:
    r = ruling("lead_before_discard", offender="E")
    assert r.laws[0] == 87 and ids(r) == ["change_discard"] and electors(r) == {"NS"}


def test_second_hand_leading_before_the_discard_when_the_third_hand_plays_alone() -> None:
    r = ruling("lead_before_discard", offender="S", alone="W", maker="W")
    assert r.laws[0] == 89 and 85 in r.laws
    assert ids(r) == ["call_highest", "call_lose", "call_lowest", "call_win"]
    assert electors(r) == {"EW"}


@pytest.mark.parametrize(
    ("facts", "words"),
    [
        ({"offender": "E", "alone": "W", "maker": "W"}, "lone player's partner"),
        ({"offender": "S"}, "lead out of turn"),
        ({"offender": "W"}, "lead out of turn"),
        ({"offender": "E", "trump": "spades", "turned": "9H"}, "no discard"),
    ],
)
def test_lead_before_discard_refusals(facts: dict[str, Any], words: str) -> None:
    assert words in refused("lead_before_discard", **facts)


def test_the_trump_card_cannot_be_discarded() -> None:
    r = ruling("trump_discarded", turned="QS")
    assert r.laws[0] == 88 and [a.law for a in r.actions] == [88, 86, 91]
    assert points(r) == {"NS": 0, "EW": 0}
    assert "second round" in refused("trump_discarded", turned="QS", trump="hearts")


def test_the_trump_card_lifted() -> None:
    dealer = ruling("trump_card_lifted", offender="N")
    lone = ruling("trump_card_lifted", offender="N", alone="N", maker="N")
    adversary = ruling("trump_card_lifted", offender="E")
    assert dealer.laws[:2] == [91, 46] and ids(dealer) == ["call_card"] and electors(dealer) == {"EW"}
    assert lone.laws[0] == 104 and lone.options == []
    assert adversary.options == []


def test_asking_the_turned_card() -> None:
    after = ruling("asked_turned_card", offender="E", trump_card_played=True)
    before = ruling("asked_turned_card", offender="E")
    assert (after.laws[0], after.verdict) == (92, "improper")
    assert before.verdict == "proper"
    assert points(after) == {"NS": 0, "EW": 0}


def test_lone_partner_played() -> None:
    r = ruling("lone_partner_played", offender="W", alone="E", maker="E")
    assert r.laws == [100] and ids(r) == ["play_alone"] and electors(r) == {"NS"}
    assert "not the lone player's partner" in refused("lone_partner_played", offender="N", alone="E")


# -- all four pass (Law 77) --


def test_all_passing_on_the_card_turned_up_begins_the_naming_round() -> None:
    # Law 77: "Should all four players pass, the trump is turned down, and the first hand can name a suit,
    # or pass"; Law 78: "should he name the suit turned down, he is considered to have passed".
    r = ruling("all_passed", dealer="S", turned="9H", round=1)
    assert r.laws[:2] == [77, 78] and r.verdict == "second_round"
    assert (r.deal_outcome, r.next_dealer.value) == ("stands", "S")
    assert [a.law for a in r.actions] == [77] and "West" in r.actions[0].text  # the first hand: the dealer's left
    assert "hearts" in r.summary
    assert points(r) == {"NS": 0, "EW": 0}


def test_all_passing_again_ends_the_deal_and_the_next_player_deals() -> None:
    # Law 77: "Should all pass again, the deal is at an end, and the next player deals"; Law 28: "the right
    # of dealing goes to the left".
    r = ruling("all_passed", dealer="S", round=2)
    assert r.laws[0] == 77 and 28 in r.laws and r.verdict == "deal_ended"
    assert (r.deal_outcome, r.next_dealer.value) == ("passes", "W")
    assert r.options == [] and points(r) == {"NS": 0, "EW": 0}


@pytest.mark.parametrize("envelope", [{"maker": "E"}, {"alone": "E", "maker": "E"}, {"trump": "clubs"}])
def test_all_passed_with_a_trump_made_is_refused(envelope: dict[str, str]) -> None:
    with pytest.raises(InputError, match="no one made the trump|no trump was made"):
        ruling("all_passed", round=2, **envelope)


def test_all_passed_needs_the_round() -> None:
    with pytest.raises(InputError, match="round"):
        ruling("all_passed")
    with pytest.raises(InputError, match="out of range"):
        ruling("all_passed", round=3)


# -- etiquette --

RULES = {
    "one_pack": 107, "drew_card_early": 108, "signal": 109, "placed_cards_to_inform": 110,
    "refused_bystander_referee": 111, "purposeful_revoke": 112, "bets_with_bystanders": 113,
    "bystander_remark": 114, "looked_over_hand": 115, "unusual_manner": 116,
}


# Rule 106: the rules of etiquette carry no penalty of their own. Where no law attaches one to
# the same act, nothing is scored; the laws that do attach one are named.
ALSO = {"signal": {83, 79}, "drew_card_early": {83}, "placed_cards_to_inform": {84}, "one_pack": {72}}


@pytest.mark.parametrize(("what", "number"), sorted((w, n) for w, n in RULES.items() if w != "purposeful_revoke"))
def test_etiquette_cites_its_rule_then_106_and_scores_nothing(what: str, number: int) -> None:
    r = ruling("etiquette_breach", what=what)
    assert r.laws[:2] == [number, 106]
    assert set(r.laws[2:]) == ALSO.get(what, set())
    assert r.options == [] and r.actions == []
    assert points(r) == {"NS": 0, "EW": 0}
    assert r.deal_outcome is None
    assert BOOK.law(number).kind == "etiquette"


@pytest.mark.parametrize("what", sorted(ALSO))
def test_an_etiquette_ruling_names_the_law_that_also_governs_the_act(what: str) -> None:
    r = ruling("etiquette_breach", what=what)
    for n in ALSO[what]:
        assert f"Law {n}" in r.summary
    assert "no points are scored" not in r.summary  # a law may still score them


def test_a_purposeful_revoke_pays_the_revoke_penalty() -> None:
    # Rule 112: "It is unfair to revoke purposely". Law 63: "The penalty of a revoke is three points,
    # except in the case of a lone hand, when it is five"; Rule 106 does not take that away.
    r = ruling("etiquette_breach", what="purposeful_revoke", offender="E")
    assert r.laws[0] == 63 and {62, 64, 112, 106} <= set(r.laws)
    assert points(r) == {"NS": 3, "EW": 0}
    assert r.deal_outcome == "stands"
    assert "no penalty can be applied" not in r.summary
    lone = ruling("etiquette_breach", what="purposeful_revoke", offender="W", maker="N", alone="N")
    assert points(lone) == {"NS": 5, "EW": 0}
    # "...and having made a revoke, a player is not justified in making a second to conceal the first":
    # Law 63, "the penalty may be claimed as often as the revoke is repeated in the hand".
    assert points(ruling("etiquette_breach", what="purposeful_revoke", offender="N", revokes=2)) == {"NS": 0, "EW": 6}


def test_a_purposeful_revoke_needs_the_offender() -> None:
    with pytest.raises(InputError, match="offender"):
        ruling("etiquette_breach", what="purposeful_revoke")
    result = run("rule", "etiquette_breach", "--what", "purposeful_revoke")
    assert result.exit_code == 2 and "offender" in result.output and "Traceback" not in result.output


def test_revokes_belong_to_a_purposeful_revoke_only() -> None:
    with pytest.raises(InputError, match="revokes"):
        ruling("etiquette_breach", what="signal", revokes=2)


# -- the command line --


def run(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


def test_cli_rules_a_lone_declaration_as_json() -> None:
    result = run("rule", "lone_declaration", "--dealer", "S", "--declarer", "N", "--via", "order", "--maker", "W",
                 "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["verdict"] == "not_allowed" and data["laws"][0] == 95


@pytest.mark.parametrize(
    "args",
    [
        ("lone_declaration", "--dealer", "N", "--declarer", "E", "--via", "assist"),
        ("wrong_card_count", "--dealer", "N", "--offender", "E", "--no-discard"),
        ("wrong_card_count", "--dealer", "N", "--offender", "E", "--cards", "5"),
    ],
)
def test_cli_refuses_contradictions_with_status_2(args: tuple[str, ...]) -> None:
    result = run("rule", *args, "--json")
    assert result.exit_code == 2
    assert "Traceback" not in result.output
