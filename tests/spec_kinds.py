"""The incident kinds of ../shared/spec/incidents.md, in its order.

Kept here as well as read from the spec, so that a kind dropped from the code is caught
even where the shared folder is not beside the repository.
"""

from __future__ import annotations

import re
from shared import shared

SPEC = shared("spec", "incidents.md")

SPEC_KINDS = (
    "misdeal", "deal_out_of_turn", "exposed_in_deal", "faced_card", "imperfect_pack", "trump_turn_exposes",
    "wrong_pack", "cut_irregular", "reshuffle_after_cut", "shuffle_irregular", "cut_for_table", "exposed_card",
    "lead_out_of_turn", "play_out_of_turn", "revoke", "called_card_not_played", "called_suit_void",
    "winning_cards_run", "hand_abandoned", "omitted_play", "extra_card_in_trick", "new_cards", "pass_then_order",
    "named_turned_down_suit", "change_named_suit", "bid_out_of_turn", "dealer_turned_down",
    "declaration_not_heard", "attention_to_trick", "asked_who_played", "penalty_consultation",
    "lead_before_discard", "trump_discarded", "wrong_card_count", "trump_card_lifted", "asked_turned_card",
    "lone_declaration", "lone_partner_played", "hand_result", "score_error", "etiquette_breach",
    # Added in the second round.
    "all_passed",
)


def kinds_in_spec() -> tuple[str, ...]:
    """The kinds named in the spec's tables, as the spec file has them now: a row of the first table
    names a kind; of the second round's table, only a row marked '(kind)' does (the others add facts)."""
    tables = SPEC.read_text(encoding="utf-8").split("## Kinds and their facts")[1].split("## The ruling")[0]
    return tuple(re.findall(r"^\| `(\w+)` (?:\(kind\) )?\|", tables, re.M))
