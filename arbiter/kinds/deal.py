"""Shuffling, cutting, dealing, new deals and misdeals (Laws 22-45, 72-73), and cutting for the table (Laws 8-14)."""

from __future__ import annotations

from typing import Any

from arbiter.fact import Fact
from arbiter.model import PACK, PARTNERSHIPS, RANKS, Card, Seat
from arbiter.registry import kind
from arbiter.ruler import Ruler, listing

_WORDS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
          9: "nine", 10: "ten"}


def _n(number: int) -> str:
    """A small number in words, as the laws write them."""
    return _WORDS.get(number, str(number))


def _cards(number: int) -> str:
    return f"{_n(number)} card" + ("" if number == 1 else "s")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _round(pattern: tuple[int, ...]) -> str:
    """A dealing pattern in words: 'two then three'."""
    return " then ".join(_n(n) for n in pattern)


LAW_90_NOTE = "A wrong number of cards found once play has begun is not a misdeal: Law §wrong_number_of_cards governs."


# -- Misdeals (Laws 41-45) --


@kind(
    "misdeal",
    laws=("misdeal_loses_deal", "misdeal_defined", "misdeal_keeps_deal", "interrupting_dealer", "misdeal_partners_deal",
          "wrong_number_of_cards"),
    facts=(
        Fact("counts", "counts", "cards each seat received; a seat not named received the right number",
             low=0, high=len(PACK)),
        Fact("pattern", "choice", "how the cards went round", choices=("2-3", "3-2", "irregular")),
        Fact("touched_first", "choice", "which side first touched the cards during the deal",
             choices=("dealer_side", "adversaries")),
        Fact("interrupted", "bool", "the adversaries questioned the score or the deal and failed to make it good",
             default=False),
        Fact("dealt_by", "seat", "the seat that actually dealt, if not the dealer"),
        Fact("play_begun", "bool", "the wrong number of cards was found only once play had begun", default=False),
    ),
    needs=("dealer",),
)
def misdeal(r: Ruler) -> None:
    """A deal that may be a misdeal: wrong number of cards, or not dealt two and three."""
    dealer: Seat = r.case.dealer  # type: ignore[assignment]
    law42 = r.book.provision("misdeal_defined")
    each: int = law42.number_of("cards_each")
    rounds = [tuple(x) for x in law42.number_of("rounds")]
    regular = {"-".join(str(n) for n in x) for x in rounds}
    counts: dict[Seat, int] = r.facts["counts"] or {}
    pattern: str | None = r.facts["pattern"]
    dealt_by: Seat | None = r.facts["dealt_by"]
    if dealt_by == dealer:
        dealt_by = None
    touched: str | None = r.facts["touched_first"]
    interrupted: bool = r.facts["interrupted"]

    full = {seat: counts.get(seat, each) for seat in Seat}
    if sum(full.values()) > r.pack:
        r.refuse(f"the counts make {sum(full.values())} cards dealt, more cards than the pack holds ({r.pack})"
                 + ("; a seat not named is taken to have received " + _cards(each) if len(counts) < len(Seat) else ""))
    wrong = [seat for seat in Seat if full[seat] != each]
    irregular = pattern is not None and pattern not in regular
    tested = bool(counts) or pattern is not None
    faults = [f"{seat.name_} received {_cards(full[seat])}, not {_n(each)}" for seat in wrong]
    if irregular:
        faults.append("the cards were not dealt in rounds of " + ", nor of ".join(_round(x) for x in rounds))
    if r.facts["play_begun"] and wrong:
        _found_in_play(r, wrong, full, each)
        return
    r.note(LAW_90_NOTE)

    if tested and not faults:
        r.cite("misdeal_defined")
        r.verdict = "no_misdeal"
        how = f", dealt in rounds of {_round(tuple(int(n) for n in pattern.split('-')))}" if pattern else ""
        r.summary = (f"Every player received {_cards(each)}{how}: this is no misdeal, and the deal stands.")
        if touched or interrupted:
            r.note("Who touched the cards first, or an interruption by the adversaries, matters only when "
                   "there is a misdeal (Laws §misdeal_keeps_deal, §interrupting_dealer).")
        if dealt_by is not None:
            r.note(f"{dealt_by.name_} dealt in {dealer.name_}'s turn: that is a deal out of turn, which Law §deal_out_of_turn "
                   "governs.")
        r.deal("stands", dealt_by or dealer)
        return

    r.verdict = "misdeal" if tested else None
    why = _cap(listing(faults) + ": a misdeal (Law §misdeal_defined). ") if faults else "A misdeal, as reported. "
    if not tested:
        r.note("The facts do not say what was wrong with the deal (counts or pattern); it is ruled as the "
               "misdeal reported.")
    saved_by_touch = touched == "adversaries"
    partner_first = touched == "dealer_side"
    cards_words = ("the dealer's partner touched the cards before either adversary" if partner_first else
                   "an adversary touched the cards before the dealer's partner did")

    if dealt_by is not None and dealt_by == dealer.partner:
        # Law 45: the rightful dealer bears the penalty of his partner's misdeal.
        r.cite("misdeal_partners_deal")
        nxt = dealer.left
        if saved_by_touch or interrupted:
            r.cite("misdeal_keeps_deal" if saved_by_touch else "interrupting_dealer")
            if saved_by_touch and interrupted:
                r.cite("interrupting_dealer")
            r.cite("misdeal_loses_deal", "misdeal_defined", "deal_out_of_turn")
            r.summary = (f"{why}{dealt_by.name_} took his partner {dealer.name_}'s deal and misdealt, so "
                         f"{dealer.name_} is liable to the usual penalties (Law §misdeal_partners_deal); but "
                         + (f"{cards_words}" if saved_by_touch else "the adversaries interrupted the deal and failed "
                            "to make their claim good")
                         + f", so the deal is not lost. {dealer.name_}, whose deal it was, deals.")
            r.note("We read Law §misdeal_partners_deal's 'usual penalties' as including the exceptions of Laws §misdeal_keeps_deal and §interrupting_dealer; where the "
                   "deal is not lost, the player whose turn it was deals, not the partner who took his deal "
                   "(Law §deal_out_of_turn).")
            r.deal("redeal", dealer)
            return
        r.cite("misdeal_loses_deal", "misdeal_defined")
        if partner_first:
            r.cite("misdeal_keeps_deal")
        r.summary = (f"{why}{dealt_by.name_} took his partner {dealer.name_}'s deal and misdealt. "
                     f"{dealer.name_}, whose deal it was, bears the penalty and loses the deal (Laws §misdeal_partners_deal, §misdeal_loses_deal); "
                     f"{nxt.name_}, the adversary next in rotation to him, deals.")
        r.deal("passes", nxt)
        return

    if dealt_by is not None:
        # An adversary of the rightful dealer dealt out of his turn and misdealt.
        r.cite("deal_out_of_turn", "misdeal_defined", "misdeal_loses_deal", "misdeal_partners_deal")
        r.summary = (f"{why}{dealt_by.name_} dealt out of turn (it was {dealer.name_}'s deal) and misdealt. "
                     f"The deal out of turn is stopped before the trump card is turned (Law §deal_out_of_turn), and "
                     f"{dealer.name_}, whose deal it is, deals.")
        r.note(f"The laws give no penalty for a misdeal made by an adversary of the rightful dealer: Law §misdeal_partners_deal covers "
               f"only a player who takes his partner's deal. {dealer.name_} keeps his turn; {dealt_by.name_} is not "
               "charged with the loss of a deal he never had.")
        r.deal("redeal", dealer)
        return

    if saved_by_touch:
        r.cite("misdeal_keeps_deal", "misdeal_loses_deal", "misdeal_defined")
        if interrupted:
            r.cite("interrupting_dealer")
        r.summary = (f"{why}A misdeal loses the deal (Law §misdeal_loses_deal), but {cards_words}, so the deal is not lost: "
                     f"{r.seat(dealer)} deals again (Law §misdeal_keeps_deal).")
        r.deal("redeal", dealer)
        return
    if interrupted:
        r.cite("interrupting_dealer")
        if partner_first:
            r.cite("misdeal_keeps_deal")
        r.cite("misdeal_loses_deal", "misdeal_defined")
        r.summary = (f"{why}The adversaries interrupted {r.seat(dealer)} while he dealt and failed to make their "
                     "claim good, so he may deal again (Law §interrupting_dealer); the misdeal does not cost him the deal.")
        r.note("Law §interrupting_dealer says the dealer 'may' deal again: he may waive it and let the deal pass to his left; "
               "the ruling shows him dealing again.")
        if partner_first:
            r.note("Laws §misdeal_keeps_deal and §interrupting_dealer are independent exceptions to Law §misdeal_loses_deal: Law §misdeal_keeps_deal's 'the deal is lost' answers only "
                   "whether the adversaries' touching saves the deal, and does not take away Law §interrupting_dealer's relief "
                   "for an interrupted dealer.")
        r.deal("redeal", dealer)
        return
    if partner_first:
        r.cite("misdeal_keeps_deal", "misdeal_loses_deal", "misdeal_defined")
        r.summary = (f"{why}{_cap(cards_words)}, so the adversaries' later touching does "
                     f"not save the deal (Law §misdeal_keeps_deal): {r.seat(dealer)} loses the deal, and "
                     f"{dealer.left.name_} deals (Law §misdeal_loses_deal).")
        r.deal("passes")
        return
    r.cite("misdeal_loses_deal", "misdeal_defined")
    r.summary = (f"{why}A misdeal loses the deal: {r.seat(dealer)} loses it, and "
                 f"{dealer.left.name_}, on his left, deals (Law §misdeal_loses_deal).")
    r.deal("passes")


def _found_in_play(r: Ruler, wrong: list[Seat], full: dict[Seat, int], each: int) -> None:
    """A wrong number of cards found only once play had begun: Law 90, not Law 42 (the
    reading in Law 42's record). The party so offending is the side holding the wrong number."""
    held = listing(f"{seat.name_} held {_cards(full[seat])}, not {_n(each)}" for seat in wrong)
    if len({seat.side for seat in wrong}) > 1:
        r.refuse(f"{held}: players of both sides hold a wrong number of cards, and Law §wrong_number_of_cards "
                 "names one party so offending; the text does not say which side forfeits")
    r.verdict = "no_misdeal"
    holds_good(r, wrong[0], "", opening=f"{_cap(held)}, found only once play had begun: that is not a misdeal "
               "(Law §misdeal_defined governs the deal as it is made).")


def holds_good(r: Ruler, offender: Seat, what: str, opening: str | None = None) -> None:
    """Law 90: the deal holds good, and the offender's side forfeits two (four under a lone
    hand) and scores nothing it makes on the hand. `what` is what he did ("held six cards
    instead of five"); `opening` replaces "{offender} {what}." at the head of the summary.
    Shared with a misdeal found only once play has begun."""
    lone = r.case.alone
    forfeit = r.number("wrong_number_of_cards", "forfeit_lone" if lone is not None else "forfeit")
    offenders = offender.side
    r.award(offenders.other, forfeit)
    hand = "a lone hand is played" if lone is not None else "all four are playing"
    r.summary = (f"{opening or f'{r.seat(offender)} {what}.'} The deal holds good. {offenders.name_} forfeit {forfeit} "
                 f"points, since {hand}; {offenders.other.name_} score them. {offenders.name_} score nothing they make "
                 "on this hand.")
    r.action("wrong_number_of_cards", f"{offenders.name_} are not entitled to score any point they make on this hand.")
    if lone is not None and offender == lone.partner:
        r.cite("counting_partners_hand")
        r.note(f"{offender.name_} is the lone player's partner: once he has laid his hand on the table, either "
               "adversary may count it (Law §counting_partners_hand).")
    r.note("Found while the deal is being made, a wrong number of cards is a misdeal (Law §misdeal_defined I); Law §wrong_number_of_cards "
           "governs once play has begun.")
    r.deal("stands")


# -- A new deal (Laws 33-40) --


@kind(
    "deal_out_of_turn",
    laws=("deal_out_of_turn",),
    facts=(
        Fact("dealt_by", "seat", "the seat that dealt out of turn"),
        Fact("trump_turned", "bool", "the trump card had been turned when the error was found", default=False),
    ),
    required=("dealt_by",),
    needs=("dealer",),
)
def deal_out_of_turn(r: Ruler) -> None:
    """A player dealt when it was another's turn (the dealer given is the one whose turn it was)."""
    rightful: Seat = r.case.dealer  # type: ignore[assignment]
    wrong: Seat = r.fact("dealt_by")
    if wrong == rightful:
        r.refuse(f"{wrong.name_} is the dealer; dealing in the dealer's own turn is no deal out of turn")
    r.cite("deal_out_of_turn")
    if wrong == rightful.partner:
        r.note(f"{wrong.name_} took his partner's deal: should he misdeal, Law §misdeal_partners_deal governs.")
    if not r.facts["trump_turned"]:
        r.summary = (f"{wrong.name_} dealt out of turn; it was {rightful.name_}'s deal. The error was found "
                     f"before the trump card was turned, so the deal can be stopped and {rightful.name_} deals; "
                     f"if no one stops it before the trump card is turned, the deal stands.")
        for side in (rightful.side.other, rightful.side):
            r.option("stop_deal", "deal_out_of_turn", side, f"stop the deal: the cards are gathered and {rightful.name_}, whose "
                     "turn it is, deals.")
        r.deal("stands", wrong)
        return
    r.cite("deal_passes_left")
    nxt = wrong.left
    skipped = _passed_over(rightful, wrong)
    r.summary = (f"{wrong.name_} dealt out of turn (it was {rightful.name_}'s deal), and the trump card was turned "
                 f"before the error was found: the deal stands, as {wrong.name_}'s deal.")
    r.note(f"Law §deal_out_of_turn is silent on the turn of dealing after a deal out of turn that stands. We read the hand as "
           f"{wrong.name_}'s deal, so the right of dealing goes on to his left (Law §deal_passes_left): {nxt.name_} deals next"
           + (f", and {listing([s.name_ for s in skipped])} lose{'s' if len(skipped) == 1 else ''} this round's turn"
              if skipped else f", so {rightful.name_}'s turn is only put off by one hand")
           + ". The other reading, reverting to the turn the deal should have followed, has no words in the text.")
    r.deal("stands", wrong)


def _passed_over(rightful: Seat, wrong: Seat) -> list[Seat]:
    """Seats whose turn to deal is passed over when the rotation goes on from the wrong dealer's left."""
    if wrong == rightful.right:
        return []  # the last dealer dealt again: the rotation comes straight back to the rightful dealer
    out: list[Seat] = []
    seat = rightful
    while seat != wrong:
        out.append(seat)
        seat = seat.left
    return out


@kind(
    "exposed_in_deal",
    laws=("card_exposed_dealing", "touching_cards_in_deal", "exposed_last_cards"),
    facts=(
        Fact("exposed_by", "seat", "the seat whose act exposed the card"),
        Fact("touched", "seats", "seats that touched their cards during the deal, in the order they did", default=[]),
        Fact("last_cards", "bool", "the card exposed was one of the last cards dealt", default=False),
        Fact("trump_turned", "bool", "the dealer had turned the trump card", default=False),
    ),
    required=("exposed_by",),
    needs=("dealer",),
)
def exposed_in_deal(r: Ruler) -> None:
    """A card exposed while the cards were being dealt."""
    dealer: Seat = r.case.dealer  # type: ignore[assignment]
    exposer: Seat = r.fact("exposed_by")
    touched: list[Seat] = r.facts["touched"]
    offenders = exposer.side
    claimant = offenders.other
    if claimant == dealer.side:
        # Law 35: an adversary's exposure gives the claim to the dealer, kept while his partner has not touched.
        guards = [dealer.partner]
        who = r.seat(dealer)
    else:
        guards = list(claimant.seats)
        who = claimant.name_

    # Law 36: a claimant who touches only after a player of the other side has touched keeps the claim.
    lost_by: Seat | None = None
    excused: list[Seat] = []
    for i, seat in enumerate(touched):
        if seat in guards:
            if any(s.side == offenders for s in touched[:i]):
                excused.append(seat)
            else:
                lost_by = seat
                break
    if touched:
        r.note("We read the list of seats that touched their cards as in the order they touched them (Law §touching_cards_in_deal).")

    last = r.facts["last_cards"]
    turned = r.facts["trump_turned"]
    saved_by_37 = turned and last and claimant != dealer.side
    lost_by_time: str | None = None
    if turned and not saved_by_37:
        if claimant == dealer.side:
            lost_by_time = f"{dealer.name_} turned the trump card himself, going on with the deal, so his claim is gone"
            r.note("Law §exposed_last_cards protects only the dealer's adversaries: the dealer, who turns the trump card himself, "
                   "cannot say he had no time to claim. We read his turning it as letting the deal stand.")
        else:
            lost_by_time = ("the card was not one of the last cards, and the trump card has been turned: the "
                            "adversaries let the deal go on, and their claim is gone")
            r.note("Law §exposed_last_cards keeps the claim alive only for one of the last cards, turned before there was reasonable "
                   "time to decide; we read it as implying that a claim not made by the time the trump card is "
                   "turned, after an exposure earlier in the deal, is lost.")

    r.cite(*(("exposed_last_cards", "card_exposed_dealing") if saved_by_37 else ("card_exposed_dealing",)))
    if turned:
        r.cite("exposed_last_cards")
    if excused and lost_by is None:
        r.cite("touching_cards_in_deal")
    exposed = f"A card was exposed by {r.seat(exposer)} while dealing"
    r.action("card_exposed_dealing", "If no new deal takes place, the hand is played and the exposed card cannot be called.")
    r.deal("stands", dealer)
    if lost_by is not None or lost_by_time is not None:
        reason = (f"{lost_by.name_} touched his cards before anyone on the other side had, so the claim for a new "
                  "deal is lost (Law §card_exposed_dealing)" if lost_by is not None else lost_by_time)
        r.summary = (f"{exposed}. {who} could have called for a new deal, but {reason}. The deal stands, and the "
                     "exposed card cannot be called.")
        r.verdict = "claim_lost"
        return
    kept = ""
    if saved_by_37:
        kept = (" It was one of the last cards and the dealer turned the trump card before there was reasonable time "
                "to decide, so the claim is not lost (Law §exposed_last_cards).")
    if excused:
        kept += (f" {listing([s.name_ for s in excused])} touched only after a player of the other side had done so, "
                 "which does not cost the claim (Law §touching_cards_in_deal).")
    r.summary = (f"{exposed}: {who} may call for a new deal.{kept} If no new deal is called, the deal stands and the "
                 "exposed card cannot be called.")
    r.verdict = "claim_open"
    r.option("new_deal", "card_exposed_dealing", claimant, f"call for a new deal, made by the same dealer, {dealer.name_}.")
    # Who makes the new deal is open in Law 35's text; our reading is in its record's notes.


@kind("faced_card", laws=("card_faced_in_pack",),
      facts=(Fact("lead_made", "bool", "a lead had been made when the card was found", default=False),))
def faced_card(r: Ruler) -> None:
    """A card found faced in the pack."""
    r.cite("card_faced_in_pack")
    if not r.facts["lead_made"]:
        r.summary = "A card was found faced in the pack before a lead was made: there must be a new deal."
        r.deal("redeal")
        return
    r.summary = ("A card was found faced in the pack after a lead had been made: Law §card_faced_in_pack calls for a new deal only "
                 "before a lead, so the hand is played out and the deal stands.")
    r.note("Law §card_faced_in_pack is silent on a faced card found after a lead. Its words 'before a lead is made' limit the new "
           "deal to that time, so we read the deal as standing; a pack that is also incorrect or imperfect would "
           "still fall under Law §imperfect_pack.")
    r.deal("stands")


@kind("imperfect_pack", laws=("imperfect_pack",),
      facts=(Fact("found", "choice", "when the pack was found incorrect or imperfect",
                  choices=("during_deal", "during_play", "after_hand"), default="during_play"),))
def imperfect_pack(r: Ruler) -> None:
    """The pack found incorrect or imperfect during the deal, the play, or after the hand."""
    r.cite("imperfect_pack")
    found: str = r.facts["found"]
    if found == "after_hand":
        # Law 33 speaks only of the deal and the play; our reading for after the hand is in its notes.
        r.verdict = "result_stands"
        r.summary = ("The pack was found incorrect or imperfect only after the hand was played out. Law §imperfect_pack calls "
                     "for a new deal when that is found during the deal or during the play of the hand, and says "
                     "nothing of a pack found faulty afterwards: we read the hand's result as standing, like the "
                     "points scored on previous hands, and the pack as put right before the next deal.")
        r.deal("stands")
        return
    when = "during the deal" if found == "during_deal" else "during the play of the hand"
    who = f"{r.case.dealer.name_}, the same dealer" if r.case.dealer else "the same dealer"
    r.verdict = "new_deal"
    r.summary = (f"The pack was found incorrect or imperfect {when}: there must be a new deal by {who}. All points "
                 "scored on previous hands stand; the hand in progress scores nothing.")
    r.action("imperfect_pack", "The hand in progress is abandoned and the cards are dealt again with a correct pack.")
    r.deal("redeal")


@kind("trump_turn_exposes", laws=("exposed_turning_trump",))
def trump_turn_exposes(r: Ruler) -> None:
    """The dealer, turning the trump card, exposed another card of the pack."""
    r.cite("exposed_turning_trump")
    who = f"{r.case.dealer.name_}, the same dealer," if r.case.dealer else "the same dealer"
    r.summary = (f"In turning the trump card the dealer exposed another card of the pack: there must be a new "
                 f"deal, made by {who} since this is not a misdeal.")
    r.deal("redeal")


@kind("wrong_pack", laws=("dealing_adversaries_cards",),
      facts=(Fact("trump_turned", "bool", "the trump card had been turned when the error was found", default=False),))
def wrong_pack(r: Ruler) -> None:
    """The cards were dealt with the adversaries' pack."""
    r.cite("dealing_adversaries_cards")
    dealer = r.case.dealer
    owners = dealer.side.other.name_ if dealer else "The adversaries"
    if r.facts["trump_turned"]:
        r.summary = ("The deal was made with the adversaries' pack, but the trump card had been turned: the deal is "
                     "good and stands.")
        r.action("dealing_adversaries_cards", f"{owners}, whose cards were used, may reclaim them at the end of the deal.")
        r.deal("stands")
        return
    r.summary = ("The deal was made with the adversaries' pack and the trump card has not been turned: a new deal "
                 "may be claimed. If none is claimed before the trump card is turned, the deal is good.")
    for side in PARTNERSHIPS:
        r.option("new_deal", "dealing_adversaries_cards", side, "claim a new deal, by the same dealer, with the proper pack.")
    r.note("If no new deal is claimed and the trump card is turned, the players whose cards were used may reclaim "
           "them at the end of the deal (Law §dealing_adversaries_cards).")
    r.deal("stands")


# -- Cutting and shuffling (Laws 22-31) --


@kind(
    "cut_irregular",
    laws=("cutting_the_pack", "cut_stands"),
    facts=(
        Fact("smaller_packet", "int", "cards in the smaller packet of the cut", low=0, high=len(PACK)),
        Fact("card_exposed", "bool", "a card was exposed in cutting or in putting the packets together",
             default=False),
        Fact("confusion", "bool", "the cards were confused, or it is doubtful where the pack was divided",
             default=False),
        Fact("recut", "bool", "the cutter, having separated the pack, re-shuffled or re-cut it", default=False),
    ),
)
def cut_irregular(r: Ruler) -> None:
    """A cut that may be irregular."""
    least = r.book.provision("cutting_the_pack").number_of("min_packet")
    packet: int | None = r.facts["smaller_packet"]
    if packet is not None and packet > r.pack // 2:
        r.refuse(f"a smaller packet of {packet} is more than half the pack ({r.pack} cards)")
    faults = []
    if packet is not None and packet < least:
        faults.append(f"the cut left {_cards(packet)} in one packet, fewer than the {_n(least)} required")
    if r.facts["card_exposed"]:
        faults.append("a card was exposed")
    if r.facts["confusion"]:
        faults.append("the cards were confused or the place of the cut is in doubt")
    cutter = f"{r.seat(r.case.dealer.right)}" if r.case.dealer else "the player on the dealer's right"
    if r.facts["recut"]:
        _recut(r, cutter, faults)
        return
    r.cite("cutting_the_pack")
    if not faults:
        r.cite("cut_stands")
        r.verdict = "cut_stands"
        r.summary = (f"The cut is good: neither packet has fewer than {_cards(least)} and nothing was exposed or "
                     f"confused. It stands; {cutter}, having separated the pack, can neither re-shuffle nor re-cut "
                     "(Law §cut_stands).")
        return
    r.verdict = "fresh_cut"
    r.summary = (f"{_cap(listing(faults))}: there must be a fresh cut (Law §cutting_the_pack). "
                 "The same dealer deals after it.")
    r.action("cutting_the_pack", f"{_cap(cutter)} cuts the pack again.")
    r.action("one_shuffle_each", "After a false cut each player has again the right to shuffle once before the fresh cut.")
    r.note("We read every cut that Law §cutting_the_pack sends back to be made again as a 'false cut' in Law §one_shuffle_each's words.")


def _recut(r: Ruler, cutter: str, faults: list[str]) -> None:
    """Law 30: once he has separated the pack the cutter can neither re-shuffle nor re-cut it."""
    if faults:
        # His first cut was itself a false cut: Law 29's fresh cut is due anyway, made properly.
        r.cite("cutting_the_pack", "cut_stands")
        r.verdict = "fresh_cut"
        r.summary = (f"{_cap(listing(faults))}, so there must be a fresh cut (Law §cutting_the_pack). {_cap(cutter)} re-cut or "
                     "re-shuffled on his own after separating the pack, which Law §cut_stands forbids: that does not count as "
                     "the fresh cut, which is made again properly.")
        r.action("cutting_the_pack", f"{_cap(cutter)} cuts the pack again.")
        r.action("one_shuffle_each", "After a false cut each player has again the right to shuffle once before the fresh cut.")
        return
    r.cite("cut_stands")
    r.verdict = "first_cut_stands"
    r.summary = (f"{_cap(cutter)}, having separated the pack, re-shuffled or re-cut it. By Law §cut_stands he cannot alter his "
                 "intention: his first cut stands, and the pack is put back as he first divided it. The law names "
                 "no penalty.")
    r.action("cut_stands", "The pack is restored to the order of the first cut, and the dealer deals from it.")
    # Where the first division cannot be restored, our reading (Law 30's notes) sends it to Law 29.
    r.cite("cutting_the_pack")


@kind("reshuffle_after_cut", laws=("reshuffle_after_cut",))
def reshuffle_after_cut(r: Ruler) -> None:
    """The dealer re-shuffled after the pack was cut."""
    r.cite("reshuffle_after_cut", "deal_passes_left")
    dealer = r.case.dealer
    if dealer:
        r.summary = (f"{r.seat(dealer)} re-shuffled after the pack was cut: he loses the deal (Law §reshuffle_after_cut), and the "
                     f"deal goes to his left, to {dealer.left.name_} (Law §deal_passes_left).")
    else:
        r.summary = ("The dealer re-shuffled after the pack was cut: he loses the deal (Law §reshuffle_after_cut), and it goes to "
                     "the player on his left (Law §deal_passes_left).")
    r.deal("passes")


@kind(
    "shuffle_irregular",
    laws=("shuffling", "no_shuffle_in_play", "one_shuffle_each", "collecting_cards", "placing_shuffled_pack", "dealer_shuffles_last"),
    facts=(
        Fact("how", "choice", "what was wrong with the shuffle",
             choices=("below_table", "faces_seen", "during_play", "more_than_once", "card_seen_in_dealers_shuffle")),
        Fact("offender", "seat", "the seat that shuffled"),
    ),
    required=("how",),
)
def shuffle_irregular(r: Ruler) -> None:
    """A shuffle made below the table, face up, during play, more than once, or showing a card in the dealer's hands."""
    how: str = r.fact("how")
    offender: Seat | None = r.facts["offender"]
    dealer = r.case.dealer
    who = r.seat(offender) if offender else "A player"
    by_dealer = offender is not None and offender == dealer
    if how == "card_seen_in_dealers_shuffle" or (how == "faces_seen" and by_dealer):
        dealer = r.table.dealer
        if offender is not None and offender != dealer:
            r.refuse(f"{offender.name_} is not the dealer; Law §dealer_shuffles_last is about a card seen in the dealer's own shuffle")
        victims = dealer.side.other
        r.cite("dealer_shuffles_last", "one_shuffle_each")
        r.summary = (f"A card was seen while {r.seat(dealer)} shuffled or gave the pack to be cut: {victims.name_} "
                     "may compel him to re-shuffle (Law §dealer_shuffles_last). The re-shuffle is the exception Law §one_shuffle_each allows to "
                     "the rule of one shuffle each.")
        r.option("compel_reshuffle", "dealer_shuffles_last", victims, f"require {dealer.name_} to shuffle the pack again before it is cut.")
        if how == "faces_seen":
            r.cite("shuffling")
        r.note("A re-shuffle compelled under Law §dealer_shuffles_last is not the dealer's own re-shuffle after the cut, which loses "
               "the deal (Law §reshuffle_after_cut).")
        return
    if how in ("below_table", "faces_seen"):
        r.cite("shuffling")
        what = "below the table" if how == "below_table" else "so that the face of a card could be seen"
        r.summary = (f"{who} shuffled the pack {what}, which Law §shuffling forbids. The law names no penalty: the pack is "
                     "shuffled again, properly, before it is cut.")
        r.action("shuffling", "The pack is shuffled again above the table, with no face showing.")
        r.action("placing_shuffled_pack", "After shuffling, the pack is placed face down, properly collected, to the dealer's left.")
        r.note("Law §shuffling names no penalty. We read a shuffle made against it as no shuffle: it is made again properly, "
               "and that does not count as a second shuffle under Law §one_shuffle_each.")
        return
    if how == "during_play":
        r.cite("no_shuffle_in_play")
        r.summary = (f"{who} shuffled the pack during the play of a hand, which Law §no_shuffle_in_play forbids. The law names no "
                     "penalty: the shuffling stops, the hand is played out and the deal stands.")
        r.note("Law §no_shuffle_in_play names no penalty. Should the shuffling have mixed cards a claim depends on (the tricks taken, "
               "or the proof of a revoke), those laws govern that claim.")
        r.deal("stands")
        return
    # more_than_once
    once = r.book.provision("one_shuffle_each").number_of("shuffles")
    r.cite("one_shuffle_each", "dealer_shuffles_last", "collecting_cards")
    r.summary = (f"{who} shuffled more than {'once' if once == 1 else _n(once) + ' times'} before the deal. Each "
                 "player has the right to shuffle once only (Law §one_shuffle_each), the dealer's partner first (Law §collecting_cards) and the "
                 "dealer always last (Law §dealer_shuffles_last). The law names no penalty.")
    r.action("dealer_shuffles_last", "The dealer keeps his right to shuffle last, after the extra shuffle.")
    r.note("Law §one_shuffle_each names no penalty for a shuffle beyond the one allowed: the other players may object to it, and "
           "the dealer's last shuffle (Law §dealer_shuffles_last) undoes any advantage. A dealer who re-shuffles after the cut loses the "
           "deal (Law §reshuffle_after_cut; kind reshuffle_after_cut).")


# -- New cards (Laws 72, 73) --


@kind(
    "new_cards",
    laws=("new_cards", "torn_marked_cards"),
    facts=(
        Fact("after_cut", "bool", "the pack had been cut for the deal", default=False),
        Fact("damaged", "bool", "a card is torn or marked", default=False),
    ),
)
def new_cards(r: Ruler) -> None:
    """A call for new cards, or a torn or marked card."""
    packs = r.book.provision("new_cards").number_of("packs")
    if r.facts["damaged"]:
        r.cite("torn_marked_cards", "new_cards")
        r.verdict = "replace"
        r.summary = ("A card is torn or marked: it must be replaced by agreement, or new cards called for at the "
                     "expense of the table (Law §torn_marked_cards)."
                     + (" Law §new_cards's bar on calling for cards after the cut does not apply to damaged cards." if
                        r.facts["after_cut"] else ""))
        r.action("torn_marked_cards", "Replace the torn or marked card(s) by agreement, or call for new cards at the expense of the "
                 "table, not of the player who calls.")
        r.note(f"Where new cards are called for, we read Law §new_cards's manner as applying ({_n(packs)} new packs, the "
               "dealer choosing), with the cost borne by the table.")
        r.note("Law §torn_marked_cards does not say whether a hand already being dealt or played is replayed; a torn or marked card "
               "does not make the pack incorrect or imperfect (Law §imperfect_pack), so we read the deal as going on and the cards "
               "as replaced for the next deal.")
        return
    r.cite("new_cards")
    if r.facts["after_cut"]:
        r.verdict = "not_allowed"
        r.summary = ("Fresh cards cannot be called for once the pack has been cut for the deal (Law §new_cards). The deal "
                     "goes on with these cards; he may call for new ones before the next cut.")
        return
    r.verdict = "allowed"
    r.summary = (f"Before the pack is cut any player may call for fresh cards, paying for them. He must call for "
                 f"{_n(packs)} new packs, and the dealer chooses between them (Law §new_cards).")
    r.action("new_cards", f"The player who calls pays for {_n(packs)} new packs; the dealer has the choice of them.")


# -- Cutting for the table (Laws 8-14) --


CUT_ORDER = ("J",) + tuple(rank for rank in reversed(RANKS) if rank != "J")
"""Law §cutting_rank: the knave is the highest card, then the ace, king and so on; no bowers in cutting, and suits do not rank."""

PLAYERS = len(Seat)
"""The four who play at a table."""

_ORDINALS = {5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth"}


_SEATS = {seat.value: seat for seat in Seat}


class _Names:
    """Candidates in words: 'North' where all are named by seat; otherwise each name as given ('E' may be a name)."""

    def __init__(self, names: list[str]) -> None:
        self.seats = all(x in _SEATS for x in names)

    def __call__(self, name: str) -> str:
        return _SEATS[name].name_ if self.seats else name

    def all(self, names: list[str]) -> str:
        return listing([self(x) for x in names])


def _value(card: Card) -> int:
    return len(CUT_ORDER) - CUT_ORDER.index(card.rank)


@kind(
    "cut_for_table",
    laws=("cutting_rank", "cut_same_pack", "cut_more_than_one", "forming_the_table", "fifth_and_sixth", "two_equal_cuts", "three_equal_cuts"),
    facts=(
        Fact("cuts", "cuts", "the card each candidate cut: seats or names"),
        Fact("exposed_more_than_one", "names", "candidates who exposed more than one card", default=[]),
        Fact("partner_cuts", "cuts", "with more than four candidates: the second cut of the four chosen, for partners"),
    ),
    required=("cuts",),
)
def cut_for_table(r: Ruler) -> None:
    """Cutting to form the table: who plays, who partners whom, who deals."""
    cuts: dict[str, Card] = r.fact("cuts")
    exposed: list[str] = r.facts["exposed_more_than_one"]
    second: dict[str, Card] | None = r.facts["partner_cuts"]
    spelled = {x.casefold(): x for x in cuts}
    if len(spelled) != len(cuts):
        r.refuse("a player is named twice in the cut (names are the same whatever their case)")
    exposed = [spelled.get(x.casefold(), x) for x in exposed]  # 'ann' is the Ann who cut
    if len(set(exposed)) != len(exposed):
        r.refuse("a player is named twice among those who exposed more than one card")
    candidates = list(cuts) + [x for x in exposed if x not in cuts]
    who = _Names(candidates + list(second or {}))
    if len(candidates) < PLAYERS:
        r.refuse(f"{_n(len(candidates))} candidates cut; a table needs {_n(PLAYERS)} players (Law §forming_the_table)")
    if exposed:
        if second is not None:
            r.refuse("a cut with a card exposed is not finished (Law §cut_more_than_one), so there can be no cut for partners yet")
        most = r.book.provision("cut_more_than_one").number_of("max_exposed")
        r.cite("cut_more_than_one", "cut_same_pack")
        r.verdict = "cut_again"
        names = who.all(exposed)
        r.summary = (f"{names} exposed more than {_n(most)} card in cutting and must cut again (Law §cut_more_than_one), from the same "
                     "pack (Law §cut_same_pack). The others' cuts stand; the table is settled when the new cut is made.")
        r.action("cut_more_than_one", f"{names} must cut again.")
        r.table_result = {"players": None, "partners": None, "dealer": None, "recut": list(exposed),
                          "recuts": [{"players": list(exposed), "law": r.law("cut_more_than_one"), "decides": "their cut, made again"}]}
        return

    ranked = sorted(cuts, key=lambda name: -_value(cuts[name]))
    if len(cuts) == PLAYERS:
        if second is not None:
            r.refuse("with four candidates the first cut settles partners and deal (Law §forming_the_table); there is no second cut")
        _partnership(r, ranked, cuts, who)
        return
    _selection(r, ranked, cuts, second, who)


def _selection(r: Ruler, ranked: list[str], cuts: dict[str, Card], second: dict[str, Card] | None,
               who: _Names) -> None:
    """More than four candidates: the four highest play (Law 11); with more than six, the fifth and sixth belong
    to the table (Law 12)."""
    n = len(ranked)
    places = list(range(1, n + 1))
    table_places: list[int] = []
    if n > max(r.book.provision("fifth_and_sixth").number_of("table_positions")):
        table_places = list(r.book.provision("fifth_and_sixth").number_of("table_positions"))

    def tier(place: int) -> str:
        if place <= PLAYERS:
            return "play"
        if not table_places:
            return "wait"
        return "table" if place in table_places else "out"

    recuts: list[dict[str, Any]] = []
    for value in sorted({_value(c) for c in cuts.values()}, reverse=True):
        group = [x for x in ranked if _value(cuts[x]) == value]
        first = 1 + sum(1 for x in ranked if _value(cuts[x]) > value)
        tiers = [tier(p) for p in range(first, first + len(group))]
        if len(group) > 1 and len(set(tiers)) > 1:
            parts = [f"{_n(tiers.count(t))} place{'s' if tiers.count(t) > 1 else ''} "
                     + {"play": "among the four who play", "table": "belonging to the table",
                        "wait": "waiting for a later rubber", "out": "outside the table"}[t]
                     for t in dict.fromkeys(tiers)]
            recuts.append({"players": group, "law": r.law("two_equal_cuts" if len(group) == 2 else "three_equal_cuts"), "decides": listing(parts)})
    settled = {x: tier(places[i]) for i, x in enumerate(ranked)}
    tied = {x for rc in recuts for x in rc["players"]}
    players = [x for x in ranked if settled[x] == "play" and x not in tied]
    table = [x for x in ranked if settled[x] == "table" and x not in tied]
    waiting = [x for x in ranked if settled[x] == "wait" and x not in tied]
    out = [x for x in ranked if settled[x] == "out" and x not in tied]

    if recuts:
        r.cite("two_equal_cuts")
        if any(rc["law"] == r.law("three_equal_cuts") for rc in recuts):
            r.cite("three_equal_cuts")
    r.cite("forming_the_table", "cutting_rank")
    if table_places:
        r.cite("fifth_and_sixth")
    words = [f"{who.all(players)} cut the highest cards and play" if players else ""]
    if table:
        places = " and ".join(_ORDINALS.get(n, f"{n}th") for n in table_places)
        words.append(f"{who.all(table)} belong{'s' if len(table) == 1 else ''} to the table (Law §fifth_and_sixth: the {places})"
                     if len(table) < len(table_places) else f"{who.all(table)}, {places}, belong to the table (Law §fifth_and_sixth)")
    if waiting:
        words.append(f"{who.all(waiting)} {'waits' if len(waiting) == 1 else 'wait'} for a later rubber")
    if out:
        words.append(f"{who.all(out)} {'is' if len(out) == 1 else 'are'} not of this table")
    for rc in recuts:
        words.append(f"{who.all(rc['players'])} cut equal cards and cut again for {rc['decides']} "
                     f"(Laws §forming_the_table, {rc['law']})")
    summary = "; ".join(w for w in words if w) + "."
    result: dict[str, Any] = {"players": players if not recuts or len(players) == PLAYERS else None,
                              "partners": None, "dealer": None,
                              "recut": [x for rc in recuts for x in rc["players"]], "recuts": recuts}
    if table_places:
        result["table"] = table
        result["out"] = out
    else:
        result["waiting"] = waiting
    if not result["players"]:
        result["settled"] = players
    if recuts and any("play" in rc["decides"] for rc in recuts):
        r.verdict = "cut_again"
        if second is not None:
            r.refuse("the four who play are not yet settled, so there can be no cut for partners yet")
        r.summary = summary + " The four then cut again for partners and deal (Law §forming_the_table)."
        r.table_result = result
        return
    if second is None:
        r.verdict = "cut_for_partners" if not recuts else "cut_again"
        r.summary = summary + " The four who play cut again to decide partners and deal (Law §forming_the_table)."
        r.action("forming_the_table", f"{who.all(players)} cut again: the two highest play against the two lowest, and the "
                 "highest deals.")
        r.table_result = result
        return
    if set(second) != set(players):
        r.refuse(f"the partner cut must be made by the four who play: {who.all(players)}")
    ranked2 = sorted(second, key=lambda name: -_value(second[name]))
    _partnership(r, ranked2, second, who, lead=summary)
    if r.table_result is not None:
        r.table_result = {**result, **r.table_result, "players": players}


def _partnership(r: Ruler, ranked: list[str], cuts: dict[str, Card], who: _Names, lead: str = "") -> None:
    """Four cut: the two highest play against the two lowest; the highest deals (Laws 11, 13, 14)."""
    v = [_value(cuts[x]) for x in ranked]
    a, b, c, d = ranked
    wa, wb, wc, wd = (who(x) for x in ranked)
    shown = listing([f"{who(x)} the {cuts[x].words}" for x in ranked])
    lead = (lead + " ") if lead else ""
    table: dict[str, Any] = {"players": list(ranked), "partners": None, "dealer": None, "recut": [], "recuts": []}
    chooses = " The dealer has the choice of cards, seats and counters, and must abide by it once made (Law §forming_the_table)."

    def settle(governing: str | None) -> None:
        if governing:
            r.cite(governing)
        r.cite("forming_the_table", "cutting_rank")

    def recut(players: list[str], law: str, decides: str) -> None:
        table["recut"] = players
        table["recuts"] = [{"players": players, "law": r.law(law), "decides": decides}]

    if v[0] == v[3]:
        settle("three_equal_cuts")
        r.cite("two_equal_cuts")
        r.verdict = "cut_again"
        r.summary = f"{lead}The cut was {shown}: all four cut equal cards, and all four cut again."
        r.note("Laws §two_equal_cuts and §three_equal_cuts speak of two and of three equal cards; four equal cards are not provided for, and we "
               "read them, like the others, as cut again.")
        recut(list(ranked), "three_equal_cuts", "partners and deal")
    elif v[0] == v[1] == v[2]:
        settle("three_equal_cuts")
        r.verdict = "cut_again"
        r.summary = (f"{lead}The cut was {shown}. {listing([wa, wb, wc])} cut equal cards and cut again; {wd}'s card is "
                     "the lowest, so the two highest of the new cut are partners, and have the deal and choice of "
                     f"seats (Law §three_equal_cuts), the highest of them dealing; the lowest of the new cut partners {wd}.")
        recut([a, b, c], "three_equal_cuts", f"the two highest are partners and deal; the lowest partners {d}")
    elif v[1] == v[2] == v[3]:
        settle("three_equal_cuts")
        r.verdict = "cut_again"
        r.summary = (f"{lead}The cut was {shown}. {listing([wb, wc, wd])} cut equal cards and cut again; {wa}'s card is "
                     f"the highest, so the two lowest of the new cut are partners, and their opponents, {wa} and the "
                     f"highest of the new cut, have the deal (Law §three_equal_cuts): {wa} deals.")
        table["dealer"] = a
        recut([b, c, d], "three_equal_cuts", f"the highest partners {a}; the two lowest are partners")
    elif v[1] == v[2]:
        settle("two_equal_cuts")
        r.verdict = "cut_again"
        r.summary = (f"{lead}The cut was {shown}. {wb} and {wc} cut equal cards, neither the two highest nor the two "
                     f"lowest, and cut again (Law §two_equal_cuts): the higher partners {wa}, the lower partners {wd}. {wa} deals, "
                     "having cut the highest." + chooses)
        table["dealer"] = a
        recut([b, c], "two_equal_cuts", f"which of them partners {a}")
    else:
        top_tie = v[0] == v[1]
        settle("two_equal_cuts" if top_tie or v[2] == v[3] else None)
        r.verdict = "settled"
        table["partners"] = [[a, b], [c, d]]
        ties = []
        if v[2] == v[3]:
            ties.append(f"{wc} and {wd} cut equal cards, but being the two lowest they do not cut again (Law §two_equal_cuts)")
        if top_tie:
            ties.append(f"{wa} and {wb} cut equal cards, but being the two highest they do not cut again for "
                        "partners (Law §two_equal_cuts)")
            recut([a, b], "two_equal_cuts", "which of them deals")
            deal_words = f"Which of {wa} and {wb} deals is settled by their cutting again between themselves."
        else:
            table["dealer"] = a
            deal_words = f"{wa} deals, having cut the highest." + chooses
            r.action("forming_the_table", f"{wa} deals first and chooses the cards, the seats and the counters.")
        r.summary = (f"{lead}The cut was {shown}. {wa} and {wb}, the two highest, play against {wc} and {wd}, the "
                     "two lowest (Law §forming_the_table). " + ("; ".join(ties) + ". " if ties else "") + deal_words)
    if who.seats and table["dealer"] is not None:
        r.deal(None, _SEATS[table["dealer"]])  # candidates named by seat: the first dealer is a seat
    r.table_result = table
