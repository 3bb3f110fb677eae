"""Making the trump, the discard, the trump card and playing alone (Laws 74-105), and etiquette (106-116)."""

from __future__ import annotations

import re

from arbiter.fact import Fact
from arbiter.model import Seat, Suit, Table
from arbiter.kinds.deal import holds_good
from arbiter.registry import kind
from arbiter.ruler import Ruler


def _roles(t: Table) -> str:
    """The roles of the deal in one sentence, so a summary can be checked against the seating."""
    return (f"{t.dealer.name_} deals: {t.eldest.name_} is eldest hand, {t.second.name_} second hand "
            f"(the dealer's partner), {t.third.name_} third hand.")


# -- making the trump (Laws 74-82) --

_NOUN = {"assist": "assist", "order up": "order-up"}


@kind(
    "pass_then_order",
    laws=("late_assist",),
    facts=(Fact("offender", "seat", "the player who passed and then tried to order up or assist"),),
    required=("offender",),
)
def pass_then_order(r: Ruler) -> None:
    """A player passed, then tried to order up or assist."""
    offender = r.fact("offender")
    case = r.case
    if case.dealer is not None and offender == case.dealer:
        r.refuse(f"{r.seat(offender)} neither orders up nor assists: he takes up the trump card or turns it "
                 "down (Laws §third_hand_and_dealer, §second_round)")
    if case.dealer is None:
        act = "order up or assist"
    else:  # Technical Terms: assisting is ordering up when your partner deals
        act = "assist" if offender == r.table.second else "order up"
    partner, adversaries = offender.partner, offender.side.other
    r.cite("late_assist")
    r.summary = (f"{r.seat(offender)} passed and then tried to {act}. The attempt is void and his partner "
                 f"{r.seat(partner)} must pass too, unless {adversaries.name_} elect that the hand be played "
                 "as if the trump had been taken up on his word.")
    r.option("play_it", "late_assist", adversaries,
             f"elect that it shall be played: {offender.name_} is held to his {_NOUN.get(act, 'bid')}, the trump "
             "card is taken up, "
             f"and {offender.side.name_} are the makers.")
    r.note("Law §late_assist does not say whether the partner's forced pass reaches into the second round (Law §second_round); "
           "we apply it to his turn in the round in which the offence happened.")
    r.note(f"Having passed, {offender.name_} cannot play alone in this round (Law §who_may_play_alone).")
    if case.dealer is not None:
        r.note(_roles(r.table))
    r.deal("stands")


@kind(
    "named_turned_down_suit",
    laws=("naming_final", "mentioning_trump", "second_round"),
    facts=(
        Fact("offender", "seat", "the player who named the suit turned down"),
        Fact("then_named", "suit", "the suit he then mentioned as the one he meant, if any"),
    ),
    required=("offender",),
)
def named_turned_down_suit(r: Ruler) -> None:
    """On the second round a player named the suit that had been turned down."""
    offender = r.fact("offender")
    then_named: Suit | None = r.facts["then_named"]
    case = r.case
    turned = case.turned
    if turned is not None and case.trump is turned.suit:
        r.refuse(f"the trump is {case.trump}, the suit turned up: it was taken up in the first round, "
                 "so no suit was turned down (Law §second_round)")
    if turned is not None and then_named is turned.suit:
        r.refuse(f"then_named is {then_named}, the suit turned down itself; Law §mentioning_trump concerns the suit he "
                 "meant to make instead")
    down = f"{turned.suit}, the suit turned down" if turned is not None else "the suit turned down"
    partner = offender.partner
    r.cite("naming_final")
    summary = [f"{r.seat(offender)} named {down}. That is no trump: he is considered to have passed (Law §naming_final)."]
    if then_named is not None:
        r.action("mentioning_trump", f"{r.seat(partner)} must pass: {offender.name_} mentioned {then_named} as the suit he "
                     "meant to make trumps.")
        summary.append(f"Having then mentioned {then_named}, the suit he meant, he has told his partner his hand, "
                       f"so {partner.name_} must pass too (Law §mentioning_trump).")
    if case.dealer is not None and offender == case.dealer:
        # The dealer speaks last on the second round: the three others have passed already.
        r.cite("second_round")
        summary.append("He deals and speaks last, so all four have now passed on the second round: the deal "
                       f"is at an end and {case.dealer.left.name_} deals next (Law §second_round).")
        if then_named is not None:
            r.note("Law §mentioning_trump's forced pass costs nothing here: the dealer's partner has passed already.")
        r.deal("passes")
    else:
        summary.append("The bidding goes on with the next player.")
        if then_named is not None:
            r.note(f"If {partner.name_} has passed already in this round, Law §mentioning_trump adds nothing for this round; "
                   "the law does not carry the forced pass further.")
        r.deal("stands")
    r.summary = " ".join(summary)


@kind(
    "change_named_suit",
    laws=("naming_final",),
    facts=(Fact("offender", "seat", "the player who named a suit and then tried to change it"),),
    required=("offender",),
)
def change_named_suit(r: Ruler) -> None:
    """A player named a suit for trumps and then tried to change it."""
    offender = r.fact("offender")
    case = r.case
    if case.maker is not None and case.maker != offender:
        r.refuse(f"maker is {case.maker.name_}, but {offender.name_} is the one who named the suit")
    if case.turned is not None and case.trump is case.turned.suit:
        r.refuse(f"{case.trump} is the suit turned down: naming it counts as a pass (Law §naming_final), so there is "
                 "nothing to change; see named_turned_down_suit")
    named = f"{case.trump}" if case.trump is not None else "a suit"
    r.cite("naming_final")
    r.summary = (f"{r.seat(offender)} named {named} as trumps and then tried to change. He cannot: the suit "
                 f"first named is the trump, and {offender.side.name_} are the makers.")
    r.action("naming_final", f"The suit {offender.name_} first named stands as trumps; the second naming is void.")
    r.note("Law §naming_final states no penalty beyond holding him to the suit first named; none is applied.")
    r.note("A lone hand had to be announced before the trump was named (Law §alone_before_trump).")
    r.deal("stands")


@kind(
    "bid_out_of_turn",
    laws=("bid_out_of_turn",),
    facts=(
        Fact("offender", "seat", "the player who spoke out of turn"),
        Fact("action", "choice", "what he did out of turn", choices=("pass", "order", "assist", "make")),
        Fact("suit", "suit", "action make: the suit he named out of turn, in the second round"),
    ),
    required=("offender", "action"),
    needs=("dealer",),
)
def bid_out_of_turn(r: Ruler) -> None:
    """A player passed, ordered up, assisted or named a suit out of turn."""
    offender = r.fact("offender")
    action = r.fact("action")
    t = r.table
    if action == "make":
        r.fact("suit")
    elif r.facts["suit"] is not None:
        r.refuse("'suit' belongs to action: make (a suit named out of turn)")
    if offender == t.eldest:
        r.refuse(f"{r.seat(offender)} speaks first in both rounds, so he cannot speak before his turn; an "
                 "order-up after his own pass is Law §late_assist (pass_then_order)")
    if action == "assist" and offender != t.second:
        r.refuse(f"{r.seat(offender)} cannot assist: assisting is ordering up when your partner deals, which "
                 f"only the second hand ({t.second.name_}) can do")
    if action == "order" and offender == t.second:
        r.refuse(f"{r.seat(offender)} is the dealer's partner: his ordering up is called assisting (action: assist)")
    if action == "order" and offender == t.dealer:
        r.refuse(f"{r.seat(offender)} does not order up: the dealer takes up the trump card or turns it down")
    words = {"pass": "passed", "order": "ordered up", "assist": "assisted",
             "make": f"named {r.facts['suit'].value if r.facts['suit'] else 'a suit'}"}[action]
    r.cite("bid_out_of_turn")
    r.summary = (f"{r.seat(offender)} {words} out of turn. That takes away no one's right: each player whose "
                 "turn came before his keeps every choice the laws give him, in the proper order. "
                 + _roles(t))
    r.note("Law §bid_out_of_turn names no penalty for passing, ordering up or assisting out of turn, and none is applied. "
           "It does not say whether the offender is held to what he said when his turn comes; we do not hold him.")
    if action == "make":
        r.note("Law §bid_out_of_turn speaks of passing, ordering up and assisting out of turn, not of naming a suit in the "
               "second round. We read a suit named out of turn like them: it takes away no one's right, and no "
               "penalty is applied.")
    elif action != "pass":
        r.note("If the offender had already passed and now orders up or assists, Law §late_assist governs instead "
               "(pass_then_order): his partner must pass.")
    if offender == t.dealer:
        r.note("Had the dealer turned the trump card down, or on the second round thrown his cards on the "
               "table, that would bind his partner (Law §bid_out_of_turn; dealer_turned_down).")
    r.deal("stands")


@kind(
    "all_passed",
    laws=("second_round", "naming_final", "deal_passes_left"),
    facts=(Fact("round", "int", "the round in which all four passed: 1 (on the card turned up) or 2 (naming a "
                "suit)", low=1, high=2),),
    required=("round",),
)
def all_passed(r: Ruler) -> None:
    """All four players passed, in the first round or the second."""
    case = r.case
    for key, seat in (("maker", case.maker), ("alone", case.alone)):
        if seat is not None:
            r.refuse(f"{key} is {seat.name_}, but if all four passed no one made the trump")
    if case.trump is not None:
        r.refuse(f"trump is given as {case.trump.value}, but if all four passed no trump was made")
    t = r.table if case.dealer is not None else None
    r.cite("second_round")
    if r.fact("round") == 1:
        first = r.seat(t.eldest) if t else "the eldest hand"
        turned = case.turned
        down = f"the {turned.words}" if turned is not None else "the trump card"
        r.verdict = "second_round"
        r.summary = (f"All four players passed on the card turned up. By Law §second_round {down} is turned down, and the first "
                     f"hand, {first}, can name a suit or pass; and so on in turn around the table."
                     + (f" Should he name {turned.suit.value}, the suit turned down, he is considered to have passed "
                        "(Law §naming_final)." if turned is not None else
                        " A player who names the suit turned down is considered to have passed (Law §naming_final)."))
        r.cite("naming_final")
        r.action("second_round", f"The trump card is turned down; {first} speaks first, naming a suit or passing.")
        r.deal("stands")
        return
    if r.by_house("stick_the_dealer"):
        dealer = r.seat(t.dealer) if t else "the dealer"
        r.verdict = "dealer_must_name"
        r.summary = (f"The second round came round to the dealer with no suit named. The house rules stick the "
                     f"dealer: {dealer} may not pass, and must name a suit other than the one turned down. The deal "
                     "stands.")
        r.action("second_round", f"{dealer} names a suit for trumps; he may not pass, nor name the suit turned down.")
        r.deal("stands")
        return
    nxt = r.seat(t.dealer.left) if t else "the player on the dealer's left"
    r.cite("deal_passes_left")
    r.verdict = "deal_ended"
    r.summary = (f"All four players passed again, on the second round. By Law §second_round the deal is at an end, and the next "
                 f"player deals: the right of dealing goes to the left (Law §deal_passes_left), so {nxt} deals. No trump is made "
                 "and no points are scored.")
    r.deal("passes")


@kind(
    "dealer_turned_down",
    laws=("bid_out_of_turn", "second_round"),
    facts=(Fact("how", "choice", "what the dealer did",
                choices=("turned_down", "threw_cards_second_round")),),
    required=("how",),
    needs=("dealer",),
)
def dealer_turned_down(r: Ruler) -> None:
    """The dealer turned the trump card down, or on the second round threw his cards on the table."""
    how = r.fact("how")
    t = r.table
    dealer, partner = t.dealer, t.second
    r.cite("bid_out_of_turn")
    if how == "turned_down":
        r.summary = (f"{r.seat(dealer)} turned the trump card down. That is his pass, and it binds his partner "
                     f"{r.seat(partner)}: he can no longer assist. " + _roles(t))
        r.action("bid_out_of_turn", f"{partner.name_} is bound by the dealer's act: he cannot assist or play alone on the card "
                     "turned up.")
        r.cite("second_round")
        r.note("Law §bid_out_of_turn does not say whether the adversaries' turns are affected; we leave them untouched. If "
               f"{t.eldest.name_} or {t.third.name_} has not yet spoken, he may still order up, and the dealer "
               "then takes the card up. If all have passed, the second round begins (Law §second_round).")
    else:
        r.summary = (f"{r.seat(dealer)} threw his cards on the table on the second round. That is his pass, and it "
                     f"binds his partner {r.seat(partner)}: he cannot make the trump. " + _roles(t))
        r.action("bid_out_of_turn", f"{partner.name_} is bound by the dealer's act: he must pass on the second round.")
        r.cite("second_round")
        r.note("Law §bid_out_of_turn does not say whether the adversaries' turns are affected; we leave them untouched. If no "
               "one makes the trump, the deal is at an end and the next player deals (Law §second_round).")
    r.deal("stands")


@kind(
    "declaration_not_heard",
    laws=("unheard_declaration",),
    facts=(Fact("offender", "seat", "the partner who did not hear the declaration and passed"),),
    required=("offender",),
)
def declaration_not_heard(r: Ruler) -> None:
    """A player's partner did not hear his declaration and passed."""
    offender = r.fact("offender")
    case = r.case
    declarer = offender.partner
    if case.maker is not None and case.maker.side != offender.side:
        r.refuse(f"maker is {case.maker.name_}, an adversary; the declaration not heard was made by "
                 f"{declarer.name_}, {offender.name_}'s partner")
    if case.alone == offender:
        r.refuse(f"{offender.name_} passed, so he cannot be the one playing alone (Law §who_may_play_alone)")
    r.cite("unheard_declaration")
    r.summary = (f"{r.seat(declarer)} made a declaration; his partner {r.seat(offender)} did not hear it and "
                 "passed. The declaration is not invalidated: it stands as made, and the pass does not undo it.")
    r.note(f"Having passed, {offender.name_} cannot afterwards take it from his partner: a player who has passed "
           "may not play alone (Law §who_may_play_alone), and such an offer leaves neither able to (Law §partner_late_takeover).")
    r.deal("stands")


# -- the discard (Laws 86-90) --


@kind(
    "lead_before_discard",
    laws=("lead_before_discard", "lead_before_discard_third_alone", "dealers_discard"),
    facts=(Fact("offender", "seat", "the player who led before the dealer's discard was complete"),),
    required=("offender",),
    needs=("dealer",),
)
def lead_before_discard(r: Ruler) -> None:
    """A lead was made before the dealer's discard was complete."""
    offender = r.fact("offender")
    case = r.case
    t = r.table
    if r.case.second_round:
        r.refuse(f"the trump ({case.trump}) was made in the second round, so the dealer has no discard (Law §dealers_discard)")
    lone = case.alone
    house_lead = lone is not None and r.by_house("lone_lead") == "left_of_loner"
    if house_lead:
        # The house moves the opening lead against a lone hand to the lone player's left. We rule
        # an early lead by the dealer's partner as Law 89 does (the lone player calls on the
        # dealer), and by the dealer's adversary as Law 87 does (the dealer may change his discard).
        if offender != lone.left:
            r.refuse(f"under the house rules {lone.left.name_}, at the lone player's left, leads first; a lead by "
                     f"{offender.name_} is a lead out of turn (Law §lead_out_of_turn)")
        if offender == t.dealer:
            r.refuse(f"{offender.name_} is the dealer: he discards before he leads, so his lead cannot come before "
                     "his own discard")
        third_alone = offender == t.second
    else:
        third_alone = lone == t.third
    if third_alone and offender == t.eldest and not house_lead:
        r.refuse(f"{r.seat(offender)} is the lone player's partner: his cards are on the table and he does not "
                 "lead (Law §partner_lays_down)")
    if offender == t.second and not third_alone and not house_lead:
        r.refuse(f"{r.seat(offender)} does not lead the first trick unless the third hand plays alone; a lead by "
                 "him is a lead out of turn (Law §lead_out_of_turn)")
    if offender in (t.third, t.dealer) and not house_lead:
        r.refuse(f"{r.seat(offender)} does not lead the first trick; a lead by him is a lead out of turn (Law §lead_out_of_turn)")
    if third_alone:
        r.cite("lead_before_discard_third_alone")
        lone_side = lone.side
        who_leads = (f"under the house rules the opening lead is {r.seat(offender)}'s, at his left" if house_lead
                     else f"his partner {r.seat(t.eldest)} sits out and the opening lead falls to {r.seat(offender)}")
        r.summary = (f"{r.seat(lone)} plays alone, so {who_leads}; {offender.name_} led before his partner the "
                     "dealer had discarded. "
                     f"The lead stands; {lone.name_} may call on {t.dealer.name_} to play his highest or lowest "
                     "of the suit led, or to win or lose the trick. " + _roles(t))
        who = t.dealer.name_
        r.call_play("lead_before_discard_third_alone", lone_side, t.dealer)
        r.action("dealers_discard", f"{who} completes his discard before he plays to the trick; should he play without "
                     "discarding, Law §wrong_number_of_cards applies.")
        r.note("A dealer called on to play highest or lowest who has none of the suit led is not made to revoke "
               "(Law §never_forced_to_revoke).")
    else:
        r.cite("lead_before_discard")
        r.summary = (f"{r.seat(offender)} led before the dealer {t.dealer.name_} had completed his discard. "
                     f"The lead stands, and {t.dealer.name_} may change his discard if he wishes. " + _roles(t))
        r.option("change_discard", "lead_before_discard", t.dealer.side,
                 f"change the discard: {t.dealer.name_} takes back the card laid out and discards another (the trump card excepted, "
                 "Law §trump_card_not_discarded).")
        r.cite("dealers_discard")
        r.note("Law §dealers_discard: the discard is complete only when the dealer has placed the card under the pack and "
               "quitted it; until then Law §lead_before_discard lets him change it.")
    r.deal("stands")


@kind(
    "trump_discarded",
    laws=("trump_card_not_discarded", "dealers_discard", "trump_card_in_view"),
    facts=(),
)
def trump_discarded(r: Ruler) -> None:
    """The dealer discarded the trump card."""
    case = r.case
    if r.case.second_round:
        r.refuse(f"the trump ({case.trump}) was made in the second round: the card turned up was turned down and "
                 "there is no discard (Law §dealers_discard)")
    dealer = r.seat(case.dealer) if case.dealer is not None else "The dealer"
    card = f"the trump card ({case.turned.words})" if case.turned is not None else "the trump card"
    r.cite("trump_card_not_discarded")
    r.summary = (f"{dealer} discarded {card}. The trump card cannot be discarded: the discard is void. "
                 "He takes the trump card back and discards another card from his hand.")
    r.action("trump_card_not_discarded", "The dealer takes the trump card back; it is not a lawful discard.")
    r.action("dealers_discard", "The dealer discards one other card under the pack and quits it.")
    r.action("trump_card_in_view", "The trump card is left in view until it is played.")
    r.note("Law §trump_card_not_discarded says only that the trump card cannot be discarded; it states no penalty and does not say what "
           "follows. We read it as voiding the discard: the dealer takes the card back and discards another.")
    r.note("Law §trump_card_in_view makes a trump card removed from the pack an exposed card; the law does not say whether a "
           "forbidden discard counts as removing it, and we do not treat it so.")
    r.deal("stands")


@kind(
    "wrong_card_count",
    laws=("wrong_number_of_cards", "counting_partners_hand"),
    facts=(
        Fact("offender", "seat", "the player with the wrong number of cards"),
        Fact("cards", "int", "how many cards he holds", low=0, high=32),
        Fact("no_discard", "bool", "the dealer played without discarding", default=False),
    ),
    required=("offender",),
)
def wrong_card_count(r: Ruler) -> None:
    """A player held more or fewer than five cards, or the dealer played without discarding."""
    offender = r.fact("offender")
    cards: int | None = r.facts["cards"]
    no_discard: bool = r.facts["no_discard"]
    case = r.case
    if cards is None and not no_discard:
        r.refuse("missing cards or no_discard")
    right = r.book.provision("wrong_number_of_cards").number_of("cards")
    if cards is not None and cards == right:
        r.refuse(f"{offender.name_} holds {cards} cards, the right number (Law §wrong_number_of_cards): that is no offence")
    if no_discard:
        if case.dealer is None:
            r.refuse("no_discard needs 'dealer', to tell that the offender dealt")
        if offender != case.dealer:
            r.refuse(f"{r.seat(offender)} is not the dealer; only the dealer discards (Law §dealers_discard)")
        if r.case.second_round:
            r.refuse(f"the trump ({case.trump}) was made in the second round, so the dealer had no discard (Law §dealers_discard)")
        if cards is not None and cards < right:
            r.refuse(f"a dealer who did not discard holds more than {right} cards, not {cards}")
    what = ("played without discarding" if no_discard
            else f"held {cards} card{'' if cards == 1 else 's'} instead of {right}")
    holds_good(r, offender, what)


# -- the trump card (Laws 91, 92) --


@kind(
    "trump_card_lifted",
    laws=("trump_card_in_view", "exposed_card_defined", "lone_player_exposes"),
    facts=(Fact("offender", "seat", "the player who lifted the trump card from the pack"),),
    required=("offender",),
)
def trump_card_lifted(r: Ruler) -> None:
    """The trump card was lifted or removed from the pack before it was played."""
    offender = r.fact("offender")
    case = r.case
    if r.case.second_round:
        r.refuse(f"the trump ({case.trump}) was made in the second round: the card turned up was turned down "
                 "and is not the trump card in play (Law §trump_card_in_view)")
    dealer = case.dealer
    holder = dealer if dealer is not None else offender  # the trump card is the dealer's card (Laws 86, 91)
    lone = case.alone
    card = f"the trump card ({case.turned.words})" if case.turned is not None else "the trump card"
    opening = f"{r.seat(offender)} lifted {card} from the pack."
    if lone is not None and lone == holder:
        r.cite("lone_player_exposes", "trump_card_in_view", "exposed_card_defined")
        r.summary = (f"{opening} It becomes an exposed card (Laws §trump_card_in_view, §exposed_card_defined III), but {holder.name_} plays alone, "
                     "and a player playing alone is liable to no penalty for simply exposing a card (Law §lone_player_exposes).")
        r.action("trump_card_in_view", "The trump card is put back in view until it is played.")
        if offender != holder:
            r.note("Law §lone_player_exposes speaks of the lone player's own exposure; we apply it to the trump card, his card, "
                   "whoever lifted it, since his partner's acts bind him (Law §partner_lays_down).")
    elif lone is not None and lone == holder.partner:
        r.cite("trump_card_in_view", "exposed_card_defined")
        r.summary = (f"{opening} It becomes an exposed card (Laws §trump_card_in_view, §exposed_card_defined III). {holder.name_}, whose card it is, "
                     f"takes no part in the hand: {lone.name_} plays alone.")
        r.action("trump_card_in_view", "The trump card is put back in view.")
        r.note("The laws do not say what becomes of the trump card when the dealer's partner plays alone; calling "
               "it from a hand that takes no part has no object, so no penalty is given.")
    elif dealer is not None and offender.side != dealer.side:
        r.cite("trump_card_in_view", "exposed_card_defined")
        r.summary = (f"{opening} By Law §trump_card_in_view it becomes an exposed card, but it is {dealer.name_}'s card, and "
                     f"{offender.name_} is his adversary.")
        r.action("trump_card_in_view", "The trump card is put back in view until it is played.")
        r.note("The laws do not say what follows when an adversary of the dealer lifts the trump card. Calling it "
               "would let the offender's own side penalise the dealer, so no penalty is given.")
    else:
        r.cite("trump_card_in_view", "exposed_card_defined")
        victims = holder.side.other
        r.summary = (f"{opening} The trump card must be left in view till played; lifted from the pack it becomes an "
                     f"exposed card (Laws §trump_card_in_view, §exposed_card_defined III), and {victims.name_} may call it.")
        r.option("call_card", "exposed_card_defined", victims,
                 f"call the trump card: {holder.name_} must play it when called, unless that would make him revoke "
                 "(Law §never_forced_to_revoke); the call can be repeated until it is played (Law §repeated_calls).")
        r.action("exposed_card_defined", "The trump card is left on the table, in view, until played.")
        if dealer is None:
            r.note(f"No dealer was given; we take {offender.name_} to hold the trump card.")
    r.deal("stands")


@kind(
    "asked_turned_card",
    laws=("asking_turned_card",),
    facts=(
        Fact("offender", "seat", "the player who asked what card was turned up"),
        Fact("trump_card_played", "bool", "the trump card had already been played", default=False),
    ),
    required=("offender",),
)
def asked_turned_card(r: Ruler) -> None:
    """A player asked what card was turned up."""
    offender = r.fact("offender")
    played: bool = r.facts["trump_card_played"]
    if played and r.case.second_round:
        r.refuse("the card turned up was turned down (the trump was made in the second round), so it was never "
                 "played as the trump card")
    r.cite("asking_turned_card")
    if played:
        r.verdict = "improper"
        r.summary = (f"{r.seat(offender)} asked what card was turned up after the trump card had been played. He "
                     "had no right to ask it: the question need not be answered. He may at any time ask what the "
                     "trump suit is.")
        r.note("Law §asking_turned_card denies the right to ask but states no penalty; none is applied.")
    else:
        r.verdict = "proper"
        r.summary = (f"{r.seat(offender)} asked what card was turned up before the trump card was played. Law §asking_turned_card "
                     "forbids the question only after the trump card has been played; until then it is left in "
                     "view (Law §trump_card_in_view). There is no offence.")
        r.cite("trump_card_in_view")
    r.deal(None)


# -- playing alone (Laws 93-105) --

_ACT_WORDS = re.compile(
    r"\b(order\w*|assist\w*|help\w*|make|makes|made|making|adopt\w*|"
    r"(take|takes|took|taking|pick|picks|picked|picking) (it |the trump |the card )?up)\b"
)
_SUIT_WORDS = re.compile(r"\b(heart|diamond|club|spade)s?\b")
_TAKE_FORM = "take it from you"
_CAN = {  # who may do each act, by role (Laws 74-77; Technical Terms: Assist, Ordering up)
    "order": ("eldest", "third"),
    "assist": ("second",),
    "adopt": ("dealer",),
    "make": ("eldest", "second", "third", "dealer"),
}
_DID = {"order": "ordered up the trump", "assist": "assisted", "adopt": "taken up the trump", "make": "made the trump"}


def _plain_words(text: str) -> str:
    return " ".join(re.sub(r"[^a-z]+", " ", text.lower()).split())


def _can(t: Table, seat: Seat, act: str) -> bool:
    roles = {"eldest": t.eldest, "second": t.second, "third": t.third, "dealer": t.dealer}
    return seat in {roles[x] for x in _CAN[act]}


def _cannot(r: Ruler, seat: Seat, act: str) -> str:
    t = r.table
    if act == "order":
        why = ("when his partner deals, ordering up is called assisting (via assist)" if seat == t.second
               else "the dealer takes up the trump card (via adopt)")
        return f"{r.seat(seat)} cannot order up: {why}"
    if act == "assist":
        return (f"{r.seat(seat)} cannot assist: assisting is ordering up the trump when your partner deals, which "
                f"only the second hand ({t.second.name_}, the dealer's partner) can do")
    return f"{r.seat(seat)} cannot adopt the trump: only the dealer ({t.dealer.name_}) takes up the card turned"


@kind(
    "lone_declaration",
    laws=("eldest_choices", "second_hand_choices", "third_hand_and_dealer", "who_may_play_alone", "taking_it_from_him", "alone_barred", "dealer_alone_timing", "alone_before_trump", "single_declaration", "partner_late_takeover"),
    facts=(
        Fact("declarer", "seat", "the player who declared to play alone"),
        Fact("via", "choice", "how the trump was made: ordered up, assisted, adopted or made by the declarer, or taken from his partner, who declared first",
             choices=("order", "assist", "adopt", "make", "take_from_partner")),
        Fact("declarer_passed", "bool", "he had already passed in this round", default=False),
        Fact("exposed_before", "bool", "he exposed a card before declaring", default=False),
        Fact("after_naming_trump", "bool", "he announced alone only after naming the trump", default=False),
        Fact("words", "text", "what he said"),
        Fact("after_lead", "bool", "the declaration came after a lead had been made", default=False),
        Fact("after_quitting_discard", "bool", "the dealer announced after quitting his discard", default=False),
    ),
    required=("declarer",),
    needs=("dealer",),
)
def lone_declaration(r: Ruler) -> None:
    """A player declared to play alone: may he?"""
    case, f, t = r.case, r.facts, r.table
    declarer: Seat = r.fact("declarer")
    partner = declarer.partner
    adversaries = declarer.side.other
    second_round = r.case.second_round
    via: str | None = f["via"]
    if via is None:
        via = _infer_via(r, declarer, second_round)
    if via == "order" and declarer == t.second and case.maker in (None, declarer):
        # The fact says the declarer ordered up; the dealer's partner ordering it up is an
        # assist by the book's own terms, not his adversaries ordering up his partner.
        via = "assist"
        r.note(f"{declarer.name_} is the dealer's partner: ordering up the trump when your partner deals is "
               "assisting (Technical Terms: \"Assist\"), so it is ruled as an assist.")
    maker = _lone_maker(r, declarer, via)  # None: an adversary of the dealer ordered up, not named

    # Facts that cannot all be true.
    if case.alone is not None and case.alone.side != declarer.side:
        r.refuse(f"alone is {case.alone.name_}, an adversary of {declarer.name_}: only one side plays alone")
    if via in ("order", "assist", "adopt") and second_round:
        r.refuse(f"the trump ({case.trump}) is not the suit turned up ({case.turned}): it was made in the second "
                 f"round (via make), not by {via}")
    if via == "make" and case.trump is not None and case.turned is not None and case.trump is case.turned.suit:
        r.refuse(f"the trump ({case.trump}) is the suit turned up: a suit made in the second round cannot be the "
                 "suit turned down (Laws §second_round, §naming_final)")
    if f["after_quitting_discard"] and (via == "make" or second_round):
        r.refuse("after_quitting_discard: the trump was made in the second round, so the dealer had no discard "
                 "(Law §dealers_discard)")
    order = t.bidding_order
    partner_act = maker == partner
    passed: bool = f["declarer_passed"]
    if partner_act and order.index(declarer) < order.index(partner) and not passed:
        if "declarer_passed" in case.given:
            r.refuse(f"declarer_passed is false, but {declarer.name_} speaks before {partner.name_}: for "
                     f"{partner.name_} to have {_DID[_act_of(r, via, maker)]}, {declarer.name_} must "
                     "have passed")
        passed = True
        r.note(f"{declarer.name_} speaks before {partner.name_}, so for {partner.name_} to have had his turn "
               f"{declarer.name_} must have passed.")
    taking = via == "take_from_partner" or (partner_act and case.alone == partner)
    act = _act_of(r, via, maker)
    words: str | None = f["words"]
    if words is not None:
        _check_words_suit(r, words, via, second_round)

    # What the declaration was.
    if maker is None or maker.side != declarer.side:
        by = maker.name_ if maker is not None else "an adversary"
        how = f"after {by} had {_DID[act]}"
    elif taking:
        how = f"taking it from his partner {partner.name_}"
    elif partner_act:
        how = f"when his partner {partner.name_} had {_DID[act]}"
    else:
        how = {"order": "on ordering up the trump", "assist": "on assisting",
               "adopt": "on taking up the trump card", "make": "on making the trump"}[act]
    opening = f"{r.seat(declarer)} declared to play alone {how}"
    if words is not None:
        opening += f', saying "{words}"'
    opening += "."

    reasons: list[tuple[str, str]] = []
    also: list[str] = []  # laws that bear, cited after the reasons so that the first reason governs
    if r.by_house("lone_by") == "maker_only" and (maker != declarer or taking):
        reasons.append(("who_may_play_alone", "under the house rules only the player who ordered up, assisted, took "
                        "up or made the trump may play alone" + ("; an assist stops the dealer"
                                                                  if maker == partner and declarer == t.dealer else "")))
    if maker is None or maker.side != declarer.side:
        if act == "order":
            reasons.append(("alone_barred", "a player cannot play alone when he or his partner is ordered up"))
        elif act in ("adopt", "make"):
            reasons.append(("alone_barred", f"a player cannot play alone when his adversaries {act} the trump"))
        else:
            reasons.append(("who_may_play_alone", "a player may play alone only when he or his partner orders up, assists, adopts "
                                "or makes the trump; here his adversaries assisted"))
            also.append("alone_barred")  # its 'adversaries adopt or make' covers an assist in spirit
    if passed:
        reasons.append(("who_may_play_alone", "he had already passed, and a player who has passed cannot play alone"))
        if taking:
            reasons.append(("partner_late_takeover", f"his partner's offer to take it after passing leaves neither {declarer.name_} nor "
                                f"{partner.name_} able to play alone"))
        if not partner_act:
            r.note("An order-up or assist after one's own pass is itself an offence (Law §late_assist, pass_then_order).")
    if f["after_lead"] and (taking or partner_act):
        reasons.append(("partner_late_takeover", f"he offered to take it after a lead had been made, so neither {declarer.name_} nor "
                            f"{partner.name_} can play alone"))
    if f["exposed_before"]:
        reasons.append(("alone_barred", "he exposed a card before making his declaration"))
        r.note("Not playing alone, he is not covered by Law §lone_player_exposes: his exposed card is liable to be called (Law §exposed_card_defined).")
    if words is not None:
        reasons.extend(_word_reasons(r, words, partner_act, via, declarer))
    if f["after_quitting_discard"]:
        if declarer == t.dealer:
            reasons.append(("dealer_alone_timing", "the dealer must announce a lone hand before quitting his discard"))
            r.note("Law §dealer_alone_timing states no consequence of a late announcement; we read it as no declaration: the dealer "
                   "plays with his partner.")
        else:
            r.note("Law §dealer_alone_timing binds the dealer only; the time the dealer quitted his discard does not bear on "
                   f"{declarer.name_}'s declaration.")
    late = f["after_naming_trump"] or (f["after_lead"] and not (taking or partner_act))
    if late and (taking or partner_act):
        r.note("Law §alone_before_trump concerns the player who names the trump; taking it from a partner is timed by Law §partner_late_takeover (before "
               "a lead, and before he has passed).")
        late = False

    role_law = _role_law(r, maker, act, second_round)
    if reasons:
        r.verdict = "not_allowed"
        for law, _ in reasons:
            r.cite(law)
        if any(law == "taking_it_from_him" for law, _ in reasons):
            also.append("single_declaration")  # Law 94's form, enforced by Law 98's "any other declaration"
        r.cite(*also)
        if taking:
            r.cite("taking_it_from_him")
        r.cite("who_may_play_alone")
        if role_law is not None:
            r.cite(role_law)
        why = "; ".join(dict.fromkeys(f"{text} (Law §{law})" for law, text in reasons))
        rest = (f"{declarer.name_} and {partner.name_} play the hand together" if any(law == "partner_late_takeover" for law, _ in reasons)
                else f"{declarer.name_} plays the hand with his partner")
        r.summary = f"{opening} He may not play alone: {why}. {rest}. " + _roles(t)
        if f["exposed_before"]:  # after the citations, so that the law that bars the lone hand governs
            r.option("call_card", "exposed_card_defined", adversaries,
                     f"call the card {declarer.name_} exposed: it is left on the table and must be played when "
                     "called, unless that would make him revoke (Law §never_forced_to_revoke).")
    else:
        r.verdict = "allowed"
        if late:
            r.cite("alone_before_trump")
        if taking:
            r.cite("taking_it_from_him")
        r.cite("who_may_play_alone")
        if role_law is not None:
            r.cite(role_law)
        if late:
            when = "after a lead had been made" if f["after_lead"] and not f["after_naming_trump"] else \
                "after naming the trump"
            r.summary = (f"{opening} He may play alone, but he announced it {when}, so {adversaries.name_} may "
                         f"require him to play the hand with his partner (Law §alone_before_trump). " + _roles(t))
            r.option("require_partner", "alone_before_trump", adversaries,
                     f"require {declarer.name_} to play the hand with his partner {partner.name_}; if they do not, "
                     f"he plays alone and {partner.name_} lays his cards face down (Law §partner_lays_down).")
            r.note("Law §single_declaration precludes a lone hand announced in one breath with another act ('I make it hearts and "
                   "play it alone'); Law §alone_before_trump deals with an announcement made only after the trump was named, and "
                   "leaves the remedy to the adversaries.")
            if f["after_lead"] and not f["after_naming_trump"]:
                r.note("A declaration made after a lead comes after the trump was named; we apply Law §alone_before_trump to it.")
        else:
            r.summary = f"{opening} He may play alone. " + _roles(t)
            if words is None:
                r.note("No words were given: we take the declaration to have been made in proper form (Laws §taking_it_from_him, §single_declaration).")
            r.action("partner_lays_down", f"{partner.name_} places his cards face down on the table and does not take them up again.")
    if via == "make" or second_round:
        r.note("We read 'already passed' in Law §who_may_play_alone as a pass in the current round: on the second round every "
               "player has passed once already (Law §second_round).")
    r.deal("stands")


def _infer_via(r: Ruler, declarer: Seat, second_round: bool) -> str:
    """The act that made the trump, when `via` is not given: the maker's (else the declarer's) role."""
    t = r.table
    r.note("'via' was not given; we infer it from the maker and the roles.")
    if second_round:
        return "make"
    seat = r.case.maker if r.case.maker is not None else declarer
    return t.act_of(seat)


def _lone_maker(r: Ruler, declarer: Seat, via: str) -> Seat | None:
    """Who did the act that made the trump; None for an adversary who ordered up, unnamed."""
    t, given = r.table, r.case.maker
    partner = declarer.partner
    if via == "take_from_partner":
        if given is not None and given != partner:
            r.refuse(f"{declarer.name_} can take it only from his partner {partner.name_}, but the maker is "
                     f"{given.name_}")
        return partner
    if given is not None:
        if not _can(t, given, via):
            r.refuse(_cannot(r, given, via))
        return given
    for seat in (declarer, partner):
        if _can(t, seat, via):
            return seat
    if via == "order":
        return None  # his side cannot order up, so it was ordered up (Law 95)
    r.refuse(_cannot(r, declarer, via))
    return None  # pragma: no cover - refuse raises


def _act_of(r: Ruler, via: str, maker: Seat | None) -> str:
    """The act by which the trump was made, for take_from_partner the partner's act."""
    if via != "take_from_partner":
        return via
    if r.case.second_round:
        return "make"
    t = r.table
    return t.act_of(maker) if maker else "order"


def _role_law(r: Ruler, maker: Seat | None, act: str, second_round: bool) -> str | None:
    """The law that gives the maker's role its lone-hand choice: 74, 75, 76, or 77 on the second round."""
    if maker is None:
        return None
    if act == "make" or second_round:
        return "second_round"
    t = r.table
    return {t.eldest: "eldest_choices", t.second: "second_hand_choices", t.third: "third_hand_and_dealer", t.dealer: "third_hand_and_dealer"}[maker]


def _check_words_suit(r: Ruler, words: str, via: str, second_round: bool) -> None:
    """A suit in the words that contradicts the trump or the card turned."""
    case = r.case
    found = _SUIT_WORDS.search(_plain_words(words))
    if found is None:
        return
    suit = Suit.parse(found.group(1))
    if via in ("order", "assist", "adopt") and case.turned is not None and suit is not case.turned.suit:
        r.refuse(f"on the first round the trump can only be {case.turned.suit}, the suit turned up; the words "
                 f"name {suit}")
    naming_down = via == "make" and case.turned is not None and suit is case.turned.suit  # a pass: Law 78
    if case.trump is not None and suit is not case.trump and not naming_down:
        r.refuse(f"the words name {suit}, but the trump is {case.trump}")


def _word_reasons(r: Ruler, words: str, partner_act: bool, via: str,
                  declarer: Seat) -> list[tuple[str, str]]:
    """Law 98 (and 94): whether the words were a single declaration in a proper form."""
    text = _plain_words(words)
    quoted = f'"{words.strip()}"'
    if via == "take_from_partner" or r.case.alone == declarer.partner:  # taking it from a partner: Law 94's form
        if _TAKE_FORM not in text or _ACT_WORDS.search(text):
            r.note("Law §taking_it_from_him prescribes the form but not the consequence of another; we apply Law §single_declaration: any other "
                   "declaration precludes a lone hand.")
            return [("taking_it_from_him", f'taking it from a partner who declared alone, the form must be "I take it from you", '
                         f"not {quoted}")]
        return []
    if _TAKE_FORM in text and not _ACT_WORDS.search(text):
        if partner_act:
            return []
        return [("single_declaration", f"{quoted} is not a declaration of a lone hand: he had nothing to take from his partner")]
    if "alone" not in text.split():
        return [("single_declaration", f"{quoted} does not declare a lone hand, and any declaration but 'I play alone at hearts' "
                     "or 'Alone at hearts' precludes one")]
    if _ACT_WORDS.search(text):
        return [("single_declaration", f"{quoted} joins two acts in one declaration; it must be 'I play alone at hearts' or "
                     "'Alone at hearts', and any other declaration precludes a lone hand")]
    found = _SUIT_WORDS.search(text)
    turned = r.case.turned
    if via == "make" and found is not None and turned is not None and Suit.parse(found.group(1)) is turned.suit:
        return [("naming_final", f"he named {turned.suit}, the suit turned down, and so is considered to have passed")]
    return []


@kind(
    "lone_partner_played",
    laws=("partner_plays_first_lead",),
    facts=(Fact("offender", "seat", "the lone player's partner, who played to the first lead"),),
    required=("offender",),
)
def lone_partner_played(r: Ruler) -> None:
    """A lone player's partner played to the first lead."""
    offender = r.fact("offender")
    case = r.case
    lone = offender.partner
    if case.alone is not None and case.alone != lone:
        r.refuse(f"{offender.name_} is not the lone player's partner: {case.alone.name_} plays alone, and his "
                 f"partner is {case.alone.partner.name_}")
    if case.maker is not None and case.maker.side != lone.side:
        r.refuse(f"{lone.name_} cannot play alone when {case.maker.name_}, an adversary, made the trump (Law §alone_barred)")
    adversaries = lone.side.other
    r.cite("partner_plays_first_lead")
    r.summary = (f"{r.seat(lone)} announced that he would play alone, and his partner {r.seat(offender)} played "
                 f"upon the first lead. {lone.name_} loses his right to play alone and plays the hand with his "
                 f"partner, unless {adversaries.name_} elect that he play it alone.")
    r.option("play_alone", "partner_plays_first_lead", adversaries, f"elect that {lone.name_} play the hand alone after all.")
    r.note(f"If {adversaries.name_} elect that he play alone, the law does not say what becomes of the card "
           f"{offender.name_} played; we read it as taken back, since he has no part in a lone hand (Law §partner_lays_down).")
    r.deal("stands")


# -- etiquette (Rules 106-116) --

_ETIQUETTE: dict[str, tuple[str, str]] = {
    "one_pack": ("two_packs", "playing with one pack where two packs of different colours can be had"),
    "drew_card_early": ("drawing_early", "drawing the second winning card from the hand before the partner had played to "
                             "the first trick, which tells him the first card is a winner"),
    "signal": ("no_hints", "an intimation by word or gesture about the state of the hand or the game after the trump "
                    "card was turned"),
    "placed_cards_to_inform": ("placing_own_cards", "asking for the cards to be placed, or to see the last trick, to draw the "
                                    "partner's attention rather than for one's own information"),
    "refused_bystander_referee": ("referring_to_bystander", "objecting to refer a disputed question of fact to a bystander who "
                                       "professes himself uninterested and able to decide it"),
    "purposeful_revoke": ("no_deliberate_revoke", "revoking on purpose, or revoking a second time to conceal the first"),
    "bets_with_bystanders": ("bets_with_bystanders", "betting with bystanders before the players had made the bets they wished"),
    "bystander_remark": ("bystanders_silent", "a bystander's remark, gesture, or walking round the table to look at the hands "
                              "before the game was concluded and scored"),
    "looked_over_hand": ("looking_over_hand", "looking over the hand of a player against whom one is betting"),
    "unusual_manner": ("even_bidding", "passing, assisting or ordering up with unusual quickness or delay, or in an unusual "
                            "manner, so giving information"),
}
# Rule 106: the etiquette rules carry no penalty of their own. A law that attaches a penalty to
# the same act still applies, and the ruling must say so rather than deny it: for each breach,
# the laws that may also govern it, and in what case.
_ALSO: dict[str, tuple[tuple[str, ...], str]] = {
    "signal": (("calling_attention", "mentioning_trump"), "Where the intimation calls attention to the trick before the partner has played "
                         "(saying it is or is not his, naming his card, or calling on his partner to take or not "
                         "to take it), Law §calling_attention applies and the adversaries may exact its penalty. Where a player "
                         "who has passed mentions the suit he meant to make, Law §mentioning_trump applies: his partner must pass."),
    "drew_card_early": (("calling_attention",), "Law §calling_attention penalises a player who, before his partner plays, calls attention to the "
                               "trick by naming his card or by drawing it; where the players find that he did "
                               "that, Law §calling_attention's penalty applies."),
    "placed_cards_to_inform": (("asking_to_place",), "The right itself stands: any player may demand that the cards be placed "
                                      "(Law §asking_to_place); no law attaches a penalty to using it to inform the partner."),
    "one_pack": (("new_cards",), "A player calling for fresh cards must call for two new packs (Law §new_cards); no law attaches "
                        "a penalty to playing with one."),
    "unusual_manner": ((), "No law attaches a penalty to it; words that intimate the state of the hand are also "
                           "against Rule §no_hints."),
}


@kind(
    "etiquette_breach",
    laws=("etiquette_not_law", "two_packs", "drawing_early", "no_hints", "placing_own_cards", "referring_to_bystander", "no_deliberate_revoke", "bets_with_bystanders", "bystanders_silent", "looking_over_hand", "even_bidding", "revoke_defined", "revoke_penalty", "revoke_established", "revoke_scores_first"),
    facts=(
        Fact("what", "choice", "the breach", choices=tuple(_ETIQUETTE)),
        Fact("offender", "seat", "the player in breach, if a player (needed for a purposeful revoke)"),
        Fact("revokes", "int", "purposeful_revoke: revokes he made, a second to conceal the first included",
             low=1, high=5),
        Fact("warnings_given", "int", "table talk: the warnings the offender's side had already had (where a house "
             "rule warns before it penalises)", low=0, high=9),
    ),
    required=("what",),
)
def etiquette_breach(r: Ruler) -> None:
    """A breach of the etiquette of Euchre."""
    what = r.fact("what")
    offender: Seat | None = r.facts["offender"]
    if what == "bystander_remark" and offender is not None:
        r.refuse("a bystander has no seat at the table; leave out offender for bystander_remark")
    if r.facts["revokes"] is not None and what != "purposeful_revoke":
        r.refuse("'revokes' belongs to what: purposeful_revoke")
    if what == "purposeful_revoke":
        _purposeful_revoke(r)
        return
    rule_no, described = _ETIQUETTE[what]
    r.cite(rule_no, "etiquette_not_law")
    opening = f"{r.seat(offender)}: {described}" if offender is not None else described[0].upper() + described[1:]
    laws, also = _ALSO.get(what, ((), ""))
    r.cite(*laws)
    r.summary = (f"{opening} is a breach of the etiquette of Euchre (Rule §{rule_no}). Etiquette is not law: "
                 "Rule §etiquette_not_law attaches no penalty to the breach itself, and the only remedy is to cease to play with "
                 "those who habitually disregard it. "
                 + (also if also else "No law attaches a penalty to this act, so no points are scored."))
    r.deal(None)
    if what == "signal":
        _table_talk(r, offender)


def _table_talk(r: Ruler, offender: Seat | None) -> None:
    """The house rule on table talk: warnings first, then points to the other side."""
    points = r.by_house("table_talk.points")
    if points is None:
        return
    if offender is None:
        r.refuse("offender is needed: under the house rules table talk costs the offender's side points")
    allowed = r.by_house("table_talk.warnings", 0)
    given = r.facts["warnings_given"] or 0
    if given < allowed:
        r.verdict = "warning"
        r.summary += (f" Under the house rules {offender.side.name_} are warned ({given + 1} of {allowed} "
                      "warnings); the next offence after the warnings costs points.")
        r.action("etiquette_not_law", f"Warn {offender.side.name_}: table talk.")
        return
    r.verdict = "penalty"
    r.award(offender.side.other, points, "etiquette_not_law")
    r.summary += (f" Under the house rules the warnings are spent ({given} given), so {offender.side.other.name_} "
                  f"score {points}.")


def _purposeful_revoke(r: Ruler) -> None:
    """Rule 112 censures a purposeful revoke; it is still a revoke, and Law 63's penalty stands."""
    offender: Seat | None = r.facts["offender"]
    if offender is None:
        r.refuse("offender is needed for purposeful_revoke: his adversaries score the revoke penalty (Law §revoke_penalty)")
    assert offender is not None
    lone = r.case.alone
    if lone is not None and offender == lone.partner:
        r.refuse(f"{offender.name_} is the partner of {lone.name_}, who plays alone; his cards are out of play "
                 "(Law §partner_lays_down), so he cannot have revoked")
    count: int = r.facts["revokes"] or 1
    victims = offender.side.other
    each = r.number("revoke_penalty", "revoke_lone" if lone is not None else "revoke")
    r.cite("revoke_defined", "revoke_established", "no_deliberate_revoke", "etiquette_not_law", "revoke_scores_first")
    r.award(victims, each * count, "revoke_penalty")
    times = "" if count == 1 else f" {count} times"
    r.verdict = "revoke"
    r.summary = (f"{r.seat(offender)} revoked on purpose{times}. Rule §no_deliberate_revoke calls that unfair, and Rule §etiquette_not_law attaches "
                 "no penalty to a breach of etiquette as such; but a purposeful revoke is still a revoke (Law §revoke_defined), "
                 f"and Rule §etiquette_not_law does not take away the law's penalty: {victims.name_} score {each} for each revoke"
                 f"{' in a lone hand' if lone is not None else ''} (Law §revoke_penalty), {each * count} in all, scored before any "
                 "other points of the hand (Law §revoke_scores_first). For the unfairness itself the only remedy is to cease to play "
                 "with those who habitually disregard it.")
    r.option("play_out", "revoking_hand_played_out", offender.side, "require the hand to be played out; what they make on it is scored "
             "after the penalty (Law §revoke_scores_first).")
    r.note("We rule the revoke as established (Law §revoke_established). A revoke put right before it was established (Laws §revoke_established, "
           "65, 69) is ruled as kind revoke.")
    r.deal("stands")
