"""Cards liable to be called, cards played in error, and the revoke (Laws 46-71, 83-85)."""

from __future__ import annotations

from arbiter.incident import Fact
from arbiter.ruling import Ruler, kind


@kind(
    "lead_out_of_turn",
    laws=(52, 53, 85, 104),
    facts=(
        Fact("offender", "seat", "the seat that led out of turn"),
        Fact("followed", "seats", "seats that played to the false lead", default=[]),
    ),
    required=("offender",),
)
def lead_out_of_turn(r: Ruler) -> None:
    """A player led when it was not his turn."""
    offender = r.fact("offender")
    followed: list = r.facts["followed"]
    case = r.case
    if offender in followed:
        r.refuse(f"{offender.name_} cannot both lead and follow to the same false lead")
    lone = case.alone
    if lone is not None and offender == lone.partner:
        r.refuse(f"{offender.name_} is the lone player's partner and has no cards in play (Law 101)")
    if lone is not None and lone.partner in followed:
        r.refuse(f"{lone.partner.name_} is the lone player's partner and cannot play to a trick (Law 101)")
    victims = offender.side.other
    in_play = 2 if lone is not None else 3  # the others who could follow
    if len(followed) >= in_play:
        r.cite(53)
        r.summary = (
            f"{offender.name_} led out of turn, but every other player in the hand followed: "
            "the trick is complete and stands, and there is no penalty."
        )
        r.note("Law 53 overrides Law 52 once all the others have played to the false lead.")
        r.cite(52)
        r.deal("stands")
        return
    governing = 104 if lone == offender else 52
    r.cite(governing)
    if followed:
        r.action(53, f"{', '.join(s.name_ for s in followed)} take back the card(s) played to the false lead; "
                     "there is no penalty against anyone but the offender.")
    if lone == offender:
        r.summary = (f"{offender.name_}, playing alone, led out of turn: the card led is an exposed card and "
                     "can be called (Law 104), though a lone player is not liable for merely exposing a card.")
        r.option("call_card", 104, victims, f"Call the card {offender.name_} led: it is left on the table and must be "
                 "played when called, unless that would make him revoke (Law 55).")
    else:
        r.summary = (f"{offender.name_} led out of turn. {victims.name_} may call the card wrongly led, "
                     f"or call a suit from {offender.name_} or his partner at their next lead.")
        r.option("call_card", 52, victims, f"Call the card {offender.name_} led as an exposed card; it stays on the "
                 "table until played (Law 56), and he cannot be made to revoke to play it (Law 55).")
        r.option("call_suit", 52, victims, f"Call a suit from {offender.name_} or {offender.partner.name_} when it is "
                 "next the turn of either of them to lead.")
    r.deal("stands")
