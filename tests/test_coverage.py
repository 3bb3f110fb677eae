"""Between them, the worked cases reach every law from 8 to 105 that prescribes a consequence."""

from __future__ import annotations

from pathlib import Path

from arbiter.incident import build_case, read_case_file
from arbiter.model import InputError
from arbiter.ruling import KINDS, rule

CASES = Path(__file__).resolve().parent.parent / "cases"

# Laws in 8-105 that prescribe no consequence of their own, and why.
NO_CONSEQUENCE = {
    32: "the dealer 'should' put the pack at his right hand; no remedy is stated",
}
CONSEQUENCE = set(range(8, 106)) - set(NO_CONSEQUENCE)

SPEC_KINDS = {
    "misdeal", "deal_out_of_turn", "exposed_in_deal", "faced_card", "imperfect_pack", "trump_turn_exposes",
    "wrong_pack", "cut_irregular", "reshuffle_after_cut", "shuffle_irregular", "cut_for_table", "exposed_card",
    "lead_out_of_turn", "play_out_of_turn", "revoke", "called_card_not_played", "called_suit_void",
    "winning_cards_run", "hand_abandoned", "omitted_play", "extra_card_in_trick", "new_cards", "pass_then_order",
    "named_turned_down_suit", "change_named_suit", "bid_out_of_turn", "dealer_turned_down",
    "declaration_not_heard", "attention_to_trick", "asked_who_played", "penalty_consultation",
    "lead_before_discard", "trump_discarded", "wrong_card_count", "trump_card_lifted", "asked_turned_card",
    "lone_declaration", "lone_partner_played", "hand_result", "score_error", "etiquette_breach",
}


def rulings() -> list[tuple[Path, object]]:
    out = []
    for path in sorted(CASES.rglob("*.yaml")):
        try:
            out.append((path, rule(build_case(read_case_file(path), str(path)))))
        except InputError:
            continue  # refusal cases reach no law
    return out


def test_every_spec_kind_is_implemented() -> None:
    assert SPEC_KINDS <= set(KINDS)


def test_every_kind_has_a_worked_case() -> None:
    kinds = {read_case_file(p)["incident"]["kind"] for p in CASES.rglob("*.yaml")}
    assert set(KINDS) - kinds == set()


def test_the_cases_reach_every_law_that_prescribes_a_consequence() -> None:
    cited = {n for _, ruling in rulings() for n in ruling.laws}
    assert sorted(CONSEQUENCE - cited) == []
