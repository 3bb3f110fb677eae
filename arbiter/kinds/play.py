"""Cards liable to be called, cards played in error, and the revoke (Laws 46-71, 83-85).

Where the lone-hand laws (101-105) change an ordinary rule, the handler says so:
Law 104 frees the lone player of the penalty for simply exposing a card but not for
leading out of turn; Law 105 replaces the ordinary penalties when an adversary plays
out of turn against a lone hand; Law 102 limits what the lone side can score when
the lone player's partner shows his cards; Law 50 scores five for the lone side when
an adversary abandons his hand.
"""

from __future__ import annotations

from collections.abc import Iterable

from arbiter.fact import Fact
from arbiter.model import PARTNERSHIPS, Card, InputError, Seat, Side, Suit
from arbiter.registry import kind
from arbiter.ruler import Ruler, listing

# -- helpers shared by the handlers --


def _names(seats: Iterable[Seat]) -> str:
    """'South', 'South and West', 'South, West and North'."""
    return listing(s.name_ for s in seats)


def _in_play(r: Ruler, seat: Seat, act: str) -> None:
    """Refuse an act that the lone player's partner cannot do: his cards are out of play (Law 101)."""
    lone = r.case.alone
    if lone is not None and seat == lone.partner:
        r.refuse(
            f"{seat.name_} is the partner of {lone.name_}, who plays alone; his cards lie face down "
            f"and out of play (Law §partner_lays_down), so he cannot have {act}"
        )


def _order_after(r: Ruler, seat: Seat) -> list[Seat]:
    """The players who play after `seat` in a trick he leads, leaving out a lone player's partner."""
    out: list[Seat] = []
    s = seat.left
    while s != seat:
        if r.case.alone is None or s != r.case.alone.partner:
            out.append(s)
        s = s.left
    return out


def _revoke_points(r: Ruler) -> int:
    """The penalty of one revoke, read from Law 63: more in a lone hand."""
    return r.number("revoke_penalty", "revoke_lone" if r.case.alone is not None else "revoke")


def _call_card_text(seat: Seat, card: Card | None, what: str = "the card") -> str:
    named = f"the {card.words}" if card is not None else what
    return (
        f"call {named}: {seat.name_} must play it when it is called, unless that would make him revoke "
        "(Law §never_forced_to_revoke); the call may be repeated until the card is played (Law §repeated_calls)."
    )


def _lone_side_scoring(r: Ruler, lone: Seat) -> str:
    """What Law 102 leaves the lone side, read from Laws 102 and 3."""
    march = r.number("lone_exposed_reduces", "march")
    euchre = r.number("lone_exposed_reduces", "euchre")
    usual = r.number("lone_hand_points", "march")
    return (
        f"if {lone.name_} takes every trick he scores only {march} instead of {usual} (Laws §lone_exposed_reduces and §lone_hand_points); "
        f"if he is euchred, {lone.side.other.name_} score {euchre}"
    )


# -- cards liable to be called (Laws 46-57) --


@kind(
    "exposed_card",
    laws=("exposed_card_defined", "detached_card_named", "never_forced_to_revoke", "repeated_calls", "trump_card_in_view", "partner_lays_down", "lone_exposed_reduces", "lone_player_exposes"),
    facts=(
        Fact("offender", "seat", "the seat whose card was exposed"),
        Fact("how", "choice", "how it was exposed", choices=(
            "dropped", "two_played", "shown", "below_table", "trump_card_lifted", "detached_named"),
            default="shown"),
        Fact("card", "card", "the card exposed, where known"),
        Fact("named", "card", "when a detached card was named: the card the adversary named, if not the one detached"),
        Fact("named_by", "seat", "when a detached card was named: the adversary who named it"),
        Fact("namings", "cuts", "when both adversaries named a detached card: what each named, as N=KD,S=QD"),
    ),
    required=("offender",),
)
def exposed_card(r: Ruler) -> None:
    """A card was exposed in play: dropped, shown, played with another, or named when detached."""
    offender: Seat = r.fact("offender")
    how: str = r.facts["how"]
    card: Card | None = r.facts["card"]
    named: Card | None = r.facts["named"]
    named_by: Seat | None = r.facts["named_by"]
    case = r.case
    lone = case.alone
    victims = offender.side.other
    if how != "detached_named" and (named is not None or named_by is not None):
        r.refuse("'named' and 'named_by' belong to how: detached_named (Law §detached_card_named)")
    if named_by is not None and named_by.side == offender.side:
        r.refuse(f"{named_by.name_} is {offender.name_}'s partner or himself; only an adversary names a "
                 "detached card (Law §detached_card_named)")
    namings: dict[str, Card] | None = r.facts["namings"]
    if namings and (how != "detached_named" or named is not None or named_by is not None):
        r.refuse("'namings' is for how: detached_named, instead of 'named' and 'named_by' (Law §detached_card_named)")
    if how == "trump_card_lifted":
        _check_trump_card(r, card)
        card = card or case.turned
    what = f"the {card.words}" if card is not None else "a card"
    if namings:
        _detached_namings(r, offender, card, namings, lone)
        return

    if how == "below_table":
        r.cite("exposed_card_defined")
        r.verdict = "not_exposed"
        r.summary = (f"{r.seat(offender)} dropped {what} on the floor or below the table. By Law §exposed_card_defined that is "
                     "not an exposed card: he takes it back into his hand and there is no penalty.")
        if lone is not None and offender == lone.partner:
            r.cite("lone_exposed_reduces")
            r.summary += (f" Law §lone_exposed_reduces turns on the face of the lone player's partner's cards being exposed, "
                          f"so {lone.name_}'s score on the hand is not limited either.")
        r.deal("stands")
        return

    if lone is not None and offender == lone.partner:
        _partner_of_lone_exposes(r, offender, how, what)
        return

    if lone is not None and offender == lone:
        _lone_player_exposes(r, offender, how, what)
        return

    if how == "detached_named":
        _detached_named(r, offender, card, named, named_by)
        return

    if how == "trump_card_lifted":
        r.cite("trump_card_in_view", "exposed_card_defined")
        if case.dealer is not None and offender.side != case.dealer.side:
            # The card is the dealer's: a call would punish his side for its adversary's act.
            r.verdict = "no_penalty"
            r.summary = (f"{r.seat(offender)} lifted the trump card, which belongs to the dealer, "
                         f"{case.dealer.name_}. Laws §trump_card_in_view and §exposed_card_defined make it an exposed card, but a call against the "
                         "dealer would punish his side for an adversary's act; we rule no penalty and the card "
                         "is put back in view.")
            r.note("Law §trump_card_in_view does not say who lifts the card. We read the call as lying only against the "
                   "dealer's side, whose card it is; when an adversary lifts it the laws give no penalty "
                   "against him.")
            r.action("trump_card_in_view", "The trump card is put back on the pack, in view, until the dealer plays it.")
            r.deal("stands")
            return
        holder = case.dealer or offender
        r.verdict = "exposed"
        r.summary = (f"{r.seat(offender)} lifted the trump card from the pack: by Laws §trump_card_in_view and §exposed_card_defined (III) it "
                     f"becomes an exposed card, and {victims.name_} may call it from {holder.name_}.")
        r.action("exposed_card_defined", "The trump card is left face up on the table until it is played.")
        r.option("call_card", "exposed_card_defined", victims, _call_card_text(holder, card, "the trump card"))
        r.cite("never_forced_to_revoke", "repeated_calls")
        r.deal("stands")
        return

    r.cite("exposed_card_defined")
    r.verdict = "exposed"
    if how == "two_played":
        r.summary = (f"{r.seat(offender)} played two cards at once. By Law §exposed_card_defined (I) both are exposed: one counts "
                     f"as played to the trick, and {victims.name_} may call the other.")
        r.note("Law §exposed_card_defined does not say which of two cards played at once counts as played. We read it as the "
               "one he meant to play, which must follow suit as any play must; the other stays face up "
               "on the table as an exposed card.")
        r.action("exposed_card_defined", f"The card not played to the trick is left face up on the table before {offender.name_}.")
    elif how == "dropped":
        r.summary = (f"{r.seat(offender)} dropped {what} face upwards on or above the table. By Law §exposed_card_defined (II) it is "
                     f"an exposed card, even if snatched up before anyone could name it, and {victims.name_} "
                     "may call it.")
        r.action("exposed_card_defined", f"The card is left face up on the table before {offender.name_} until it is played.")
    else:
        r.summary = (f"{r.seat(offender)} exposed {what} on or above the table. By Law §exposed_card_defined (II) it is an exposed "
                     f"card and {victims.name_} may call it.")
        r.action("exposed_card_defined", f"The card is left face up on the table before {offender.name_} until it is played.")
    r.option("call_card", "exposed_card_defined", victims, _call_card_text(offender, card, "the exposed card"))
    r.cite("never_forced_to_revoke", "repeated_calls")
    r.deal("stands")


def _check_trump_card(r: Ruler, card: Card | None) -> None:
    """The trump card of Law 91 is the turned card, and only while it is the trump."""
    case = r.case
    if card is not None and case.turned is not None and card != case.turned:
        r.refuse(f"the card lifted is given as {card} but the card turned up was {case.turned}")
    turned = card or case.turned
    if turned is not None and case.trump is not None and turned.suit != case.trump:
        r.refuse(f"the turned card {turned} was turned down ({case.trump} are trumps), so it is not the trump "
                 "card that Law §trump_card_in_view keeps in view")


def _partner_of_lone_exposes(r: Ruler, offender: Seat, how: str, what: str) -> None:
    """Law 102: the lone player's partner shows his cards; his side can score only a small march."""
    lone = r.case.alone
    assert lone is not None
    if how not in ("dropped", "shown"):
        r.refuse(f"{offender.name_}'s cards lie face down and out of play while {lone.name_} plays alone "
                 f"(Law §partner_lays_down): he can only expose their faces (how: shown or dropped), not '{how}'")
    r.cite("lone_exposed_reduces", "partner_lays_down")
    scoring = _lone_side_scoring(r, lone)
    r.verdict = "exposed"
    r.summary = (f"{r.seat(offender)}, partner of {lone.name_} who plays alone, exposed the face of {what}. His "
                 f"cards are out of play (Law §partner_lays_down), so there is nothing to call; instead Law §lone_exposed_reduces limits the "
                 f"lone hand: {scoring}. No points are scored now, as the hand is not over.")
    r.action("lone_exposed_reduces", f"When the hand is scored: {scoring}.")
    r.action("partner_lays_down", f"{offender.name_}'s cards stay face down on the table and are not taken up again.")
    r.note("The adjustment is 0 because the hand is still in play; Law §lone_exposed_reduces changes what the lone side "
           "can score when it ends, as the action says.")
    if r.number("lone_exposed_reduces", "euchre") == r.number("lone_hand_points", "euchre"):
        r.note("Law §lone_exposed_reduces's euchre is the same as a lone euchre under Law §lone_hand_points: the hand is still scored as a lone "
               "hand, and only the march is cut down.")
    r.deal("stands")


def _lone_player_exposes(r: Ruler, offender: Seat, how: str, what: str) -> None:
    """Law 104: a lone player is liable to no penalty for simply exposing a card."""
    r.cite("lone_player_exposes", "exposed_card_defined")
    if how == "detached_named":
        r.cite("detached_card_named")
    r.verdict = "no_penalty"
    acts = {
        "dropped": f"dropped {what} face upwards",
        "shown": f"exposed {what}",
        "two_played": "played two cards at once",
        "trump_card_lifted": "lifted the trump card from the pack",
        "detached_named": f"had {what} detached from his hand and named by an adversary",
    }
    r.summary = (f"{r.seat(offender)} plays alone and {acts[how]}. By Law §lone_player_exposes a player playing alone is liable "
                 "to no penalty for simply exposing a card: it cannot be called. (Had he led out of turn, "
                 "the card led could be called.)")
    if how == "two_played":
        r.action("lone_player_exposes", f"{offender.name_} takes back the card he did not mean to play; it is not liable to be "
                      "called.")
    if how == "trump_card_lifted":
        r.cite("trump_card_in_view")
        r.action("trump_card_in_view", "The trump card is put back on the pack, in view, until it is played.")
    r.deal("stands")


def _detached_named(r: Ruler, offender: Seat, card: Card | None, named: Card | None,
                    named_by: Seat | None) -> None:
    """Law 51: a detached card named by an adversary; a wrong name costs the namer's side a suit."""
    victims = offender.side.other
    namer = named_by.name_ if named_by is not None else "an adversary"
    r.cite("detached_card_named")
    if named is not None and card is None:
        r.refuse("to tell whether the adversary named the detached card rightly, give 'card' (the card "
                 "detached) as well as 'named'")
    if named is not None and named != card:
        assert card is not None
        # "liable to be called if either of the adversaries can name it": one wrong name does not
        # take the other adversary's naming away.
        other = named_by.partner.name_ if named_by is not None else "the other adversary"
        r.verdict = "wrongly_named"
        r.summary = (f"A card ({card.words}) was detached from the hand of {r.seat(offender)}, and {namer} named it "
                     f"wrongly as the {named.words}. A wrong name does not make the card liable to be called, and by "
                     f"Law §detached_card_named {victims.name_} are liable to have a suit called when either of them next leads. "
                     f"The card is liable to be called if either of the adversaries can name it, so {other} may "
                     "still name it; if he names it rightly, it can be called.")
        liable = _names(victims.seats)
        r.option("call_suit", "detached_card_named", offender.side,
                 f"call a suit from {liable} when it is next the turn of either of them to lead.")
        r.option("name_card", "detached_card_named", victims,
                 f"have {other} name the detached card: named rightly, it is liable to be called and "
                 f"{offender.name_} must play it when it is called, unless that would make him revoke (Law §never_forced_to_revoke).")
        r.cite("called_suit_not_held", "never_forced_to_revoke")
        r.note("If the player called on to lead the suit has none of it, the penalty is paid (Law §called_suit_not_held).")
        r.deal("stands")
        return
    what = f"the {card.words}" if card is not None else "it"
    r.verdict = "exposed"
    r.summary = (f"A card was detached from the rest of the hand of {r.seat(offender)} and {namer} named it: by Law §detached_card_named "
                 f"{what} is liable to be called by {victims.name_}.")
    r.action("detached_card_named", f"The card is placed face up on the table before {offender.name_} until it is played.")
    r.option("call_card", "detached_card_named", victims, _call_card_text(offender, card, "the card named"))
    r.cite("exposed_card_defined", "never_forced_to_revoke", "repeated_calls")
    r.deal("stands")


def _detached_namings(r: Ruler, offender: Seat, card: Card | None, namings: dict[str, Card],
                      lone: Seat | None) -> None:
    """Law 51 with each adversary's naming given: a right name makes the card liable to be called
    (unless its holder plays alone: Law 104), and any wrong name costs the namer's side a suit call."""
    if card is None:
        r.refuse("to tell right names from wrong, give 'card' (the card detached) as well as 'namings'")
    assert card is not None
    seats = {}
    for who, named in namings.items():
        try:
            seat = Seat.parse(who)
        except InputError:
            r.refuse(f"namings: {who!r} is not a seat; only the holder's adversaries name his card (Law §detached_card_named)")
        if seat.side == offender.side:
            r.refuse(f"namings: {seat.name_} is not an adversary of {offender.name_} (Law §detached_card_named)")
        seats[seat] = named
    victims = offender.side.other
    wrong = [s for s, c in seats.items() if c != card]
    right = [s for s, c in seats.items() if c == card]
    r.cite("detached_card_named")
    r.verdict = "named" if right else "wrongly_named"
    parts = [f"A card ({card.words}) was detached from the hand of {r.seat(offender)}."]
    if right:
        if lone is not None and offender == lone:
            r.cite("lone_player_exposes")
            parts.append(f"{_names(right)} named it rightly, but {offender.name_} plays alone and is liable to no "
                         "penalty for simply exposing a card (Law §lone_player_exposes), so it cannot be called.")
        else:
            parts.append(f"{_names(right)} named it rightly: by Law §detached_card_named it is liable to be called.")
            r.action("detached_card_named", f"The card is placed face up on the table before {offender.name_} until it is played.")
            r.option("call_card", "detached_card_named", victims, _call_card_text(offender, card, "the card named"))
            r.cite("exposed_card_defined", "never_forced_to_revoke", "repeated_calls")
    if wrong:
        parts.append(f"{_names(wrong)} named a wrong card, so {victims.name_} are liable to have a suit called "
                     "when either of them next leads (Law §detached_card_named); a right name by the other does not undo it.")
        r.option("call_suit", "detached_card_named", offender.side,
                 f"call a suit from {_names(victims.seats)} when it is next the turn of either of them to lead.")
        r.cite("called_suit_not_held")
    r.summary = " ".join(parts)
    r.deal("stands")


@kind(
    "lead_out_of_turn",
    laws=("lead_out_of_turn", "false_lead_followed", "choice_of_penalties", "lone_player_exposes"),
    facts=(
        Fact("offender", "seat", "the seat that led out of turn"),
        Fact("followed", "seats", "seats that played to the false lead", default=[]),
    ),
    required=("offender",),
)
def lead_out_of_turn(r: Ruler) -> None:
    """A player led when it was not his turn."""
    offender: Seat = r.fact("offender")
    followed: list[Seat] = r.facts["followed"] or []
    lone = r.case.alone
    if offender in followed:
        r.refuse(f"{offender.name_} cannot both lead and follow to the same false lead")
    _in_play(r, offender, "led")
    if lone is not None and lone.partner in followed:
        r.refuse(f"{lone.partner.name_} is the lone player's partner and cannot play to a trick (Law §partner_lays_down)")
    order = _order_after(r, offender)
    if set(followed) != set(order[: len(followed)]):
        r.refuse(f"players follow in turn to the left: after {offender.name_} come {_names(order)}, so "
                 f"{_names(followed)} cannot have followed without the players before them")
    victims = offender.side.other
    # Law 104 replaces Law 52 for the lone player's own lead. An adversary's lead is no play
    # "to the lead of a lone hand" (Law 105), so Law 52 governs it as any other lead.
    lone_led = lone is not None and offender == lone
    governing = "lone_player_exposes" if lone_led else "lead_out_of_turn"
    against_lone = lone is not None and offender != lone
    if against_lone:
        r.reading_of("adversary_plays_to_lone")

    if len(followed) == len(order):
        r.govern("false_lead_followed")  # an exception to Laws 52 and 104 (their records say so)
        r.cite(governing)
        r.verdict = "trick_stands"
        everyone = "both adversaries" if offender == lone else ("every other player in the hand"
                                                               if lone is None else "the others in the hand")
        r.summary = (f"{r.seat(offender)} led out of turn, but {everyone} followed ({_names(followed)}): by Law §false_lead_followed "
                     "the trick is complete and the error cannot be rectified. There is no penalty.")
        r.note(f"Law §false_lead_followed overrides Law §{governing} once all the others in the hand have played to the false lead"
               + (" (two, against a lone hand)." if lone is not None else "."))
        r.deal("stands")
        return

    r.govern("lead_out_of_turn")
    if lone_led:
        r.govern("lone_player_exposes")  # the lone player's own lead: the exception prevails
    if followed:
        one = len(followed) == 1
        r.action("false_lead_followed", f"{_names(followed)} take{'s' if one else ''} back the card{'' if one else 's'} played to the "
                     "false lead; there is no penalty against anyone but the offender.")
    if lone_led:
        r.cite("exposed_card_defined")
        r.summary = (f"{r.seat(offender)}, playing alone, led out of turn. A lone player is not liable for simply "
                     "exposing a card, but by Law §lone_player_exposes a card he leads out of turn is an exposed card and can be "
                     f"called by {victims.name_}. Law §lead_out_of_turn's other penalty, calling a suit, is not given.")
        r.option("call_card", "lone_player_exposes", victims, _call_card_text(offender, None, "the card led"))
        r.cite("never_forced_to_revoke", "repeated_calls", "lead_out_of_turn")
        r.deal("stands")
        return
    if against_lone:
        assert lone is not None
        r.summary = (f"{r.seat(offender)}, an adversary of {lone.name_} who plays alone, led out of turn. Law §adversary_plays_to_lone "
                     "speaks of playing out of turn to the lead of a lone hand, and this is a lead, not a play to "
                     f"{lone.name_}'s lead; Law §lone_player_exposes concerns only the lone player's own lead. So Law §lead_out_of_turn applies as "
                     f"to any lead out of turn: {lone.name_} may call the card wrongly led, or call a suit from "
                     f"{offender.name_} or {offender.partner.name_} when either of them next leads.")
    else:
        r.summary = (f"{r.seat(offender)} led out of turn. {victims.name_} may call the card wrongly led, or call "
                     f"a suit from {offender.name_} or {offender.partner.name_} when either of them next leads.")
    r.option("call_card", "lead_out_of_turn", victims, _call_card_text(offender, None, "the card led") +
             " It stays face up on the table till then (Law §exposed_card_defined).")
    r.option("call_suit", "lead_out_of_turn", victims, f"call a suit from {offender.name_} or {offender.partner.name_} when "
             "it is next the turn of either of them to lead; if he has none of it, the penalty is paid "
             "(Law §called_suit_not_held).")
    r.cite("exposed_card_defined", "never_forced_to_revoke", "repeated_calls", "called_suit_not_held")
    r.deal("stands")


def _law_105(r: Ruler, lone: Seat) -> None:
    """Both hands of the lone player's adversaries are laid down and may be called by him."""
    adversaries = lone.side.other
    r.action("adversary_plays_to_lone", f"{_names(adversaries.seats)} lay their hands face up on the table.")
    r.option("call_cards", "adversary_plays_to_lone", lone.side,
             f"call the cards of either adversary's hand ({lone.name_}, who plays alone, makes the calls), each "
             "when its holder is to play; no call can make a player revoke (Law §never_forced_to_revoke).")
    r.cite("never_forced_to_revoke")


@kind(
    "called_card_not_played",
    laws=("disobeying_call", "never_forced_to_revoke", "called_suit_not_held", "revoke_penalty", "revoke_scores_first"),
    facts=(
        Fact("offender", "seat", "the player who did not play or lead as called"),
        Fact("held", "bool", "he held the card or suit demanded, so could have complied", default=True),
        Fact("call", "choice", "what was called, where known", choices=("highest", "lowest", "suit", "exposed_card")),
        Fact("would_revoke", "bool", "playing the called card would have made him revoke", default=False),
    ),
    required=("offender",),
)
def called_card_not_played(r: Ruler) -> None:
    """A player liable to a call did not play or lead as called."""
    offender: Seat = r.fact("offender")
    held: bool = r.facts["held"]
    call: str | None = r.facts["call"]
    _in_play(r, offender, "been called on to play")
    victims = offender.side.other
    if r.facts["would_revoke"]:
        _call_would_revoke(r, offender, held, call)
        return
    demanded = {
        "highest": "his highest card of the suit led",
        "lowest": "his lowest card of the suit led",
        "suit": "a lead of the suit called",
        "exposed_card": "his exposed card",
        None: "the card or suit called",
    }[call]
    if call == "exposed_card":
        # Law 54 names only highest/lowest and the called suit; an exposed card is governed by 55-56.
        r.cite("repeated_calls", "never_forced_to_revoke", "exposed_card_defined")
        r.verdict = "no_penalty"
        if held:
            r.summary = (f"{r.seat(offender)} did not play his exposed card when it was called. Law §disobeying_call gives the "
                         "penalty of a revoke only for a called highest or lowest or a called suit; for an exposed "
                         f"card the laws say only that the call can be repeated until it is played (Law §repeated_calls), so "
                         f"{victims.name_} may call it again.")
            r.note("No law states a penalty for not playing a called exposed card. If the card played instead "
                   "failed to follow suit, that is a revoke in its own right (Law §revoke_defined).")
        else:
            r.summary = (f"{r.seat(offender)} did not play his exposed card when called because it would have made "
                         "him revoke: by Law §never_forced_to_revoke he cannot be compelled to, so there is no penalty. The call can be "
                         "repeated until the card is played (Law §repeated_calls).")
        r.option("call_again", "repeated_calls", victims, _call_card_text(offender, None, "the exposed card"))
        r.deal("stands")
        return
    if not held:
        if call == "suit":
            r.cite("called_suit_not_held", "never_forced_to_revoke", "disobeying_call")
            r.summary = (f"{r.seat(offender)} was called on to lead a suit and had none of it: by Law §called_suit_not_held the penalty "
                         "is paid; he may lead any card and there is no further penalty.")
        else:
            r.cite("never_forced_to_revoke", "disobeying_call")
            r.summary = (f"{r.seat(offender)} did not play {demanded} because he did not hold it (or could not "
                         "without revoking). Law §disobeying_call punishes failing to comply only while holding what was "
                         "demanded, and by Law §never_forced_to_revoke no one can be compelled to revoke: there is no penalty.")
        r.verdict = "no_penalty"
        r.deal("stands")
        return
    r.cite("disobeying_call")
    points = _revoke_points(r)
    r.cite("revoke_scores_first")
    lone = " in a lone hand" if r.case.alone is not None else ""
    r.verdict = "revoke_penalty"
    r.summary = (f"{r.seat(offender)} was liable to a call and did not give {demanded}, though he held it. By "
                 f"Law §disobeying_call he incurs the penalty of a revoke: {victims.name_} score {points}{lone} (Law §revoke_penalty), and "
                 "by Law §revoke_scores_first that penalty is scored before any other points of the hand.")
    r.award(victims, points, "revoke_penalty")
    r.note("Law §disobeying_call gives 'the penalty of a revoke' without saying who scores it; as with Law §revoke_penalty we give it to "
           "the adversaries of the offender.")
    r.deal("stands")


def _call_would_revoke(r: Ruler, offender: Seat, held: bool, call: str | None) -> None:
    """Law 55: no player can be compelled to play a card that would oblige him to revoke."""
    if not held:
        r.refuse("'would_revoke' says he held the card called, and 'held: false' says he did not")
    if call in ("highest", "lowest", "suit"):
        what = "a lead" if call == "suit" else "a card of the suit led"
        r.refuse(f"a call for {'a suit to be led' if call == 'suit' else f'his {call} of the suit led'} cannot oblige "
                 f"him to revoke: {what} is never a revoke (Law §revoke_defined)")
    r.govern("disobeying_call")
    r.govern("never_forced_to_revoke")  # the exception to Law 54's penalty: it prevails
    r.cite("revoke_defined")
    r.verdict = "no_penalty"
    r.summary = (f"{r.seat(offender)} did not play the card called because playing it would have made him revoke: he "
                 "held a card of the suit led and had to follow suit. By Law §never_forced_to_revoke in no case can a player be compelled "
                 "to play a card which would oblige him to revoke, so there is no penalty; Law §disobeying_call's penalty of a "
                 "revoke falls only on one who fails to comply when he can.")
    if call == "exposed_card":
        r.cite("repeated_calls")
        r.summary += " The call for the exposed card can be repeated until it has been played (Law §repeated_calls)."
        r.option("call_again", "repeated_calls", offender.side.other, _call_card_text(offender, None, "the exposed card"))
    r.deal("stands")


@kind(
    "called_suit_void",
    laws=("called_suit_not_held",),
    facts=(Fact("offender", "seat", "the player called on to lead a suit he has none of"),),
    required=("offender",),
)
def called_suit_void(r: Ruler) -> None:
    """A player called on to lead a suit has none of it."""
    offender: Seat = r.fact("offender")
    _in_play(r, offender, "been called on to lead")
    lone = r.case.alone
    if lone is not None and offender == lone:
        r.refuse(f"{offender.name_} plays alone, and a lone player cannot be called on to lead a suit: for his "
                 "lead out of turn only the card can be called (Law §lone_player_exposes)")
    r.cite("called_suit_not_held")
    r.verdict = "penalty_paid"
    r.summary = (f"{r.seat(offender)} was called on to lead a suit and has none of it. By Law §called_suit_not_held the penalty is "
                 "paid: he leads any card he likes and owes nothing more.")
    r.deal("stands")


@kind(
    "winning_cards_run",
    laws=("playing_winners", "exposed_card_defined"),
    facts=(Fact("offender", "seat", "the player who led or played winning cards on without waiting for his partner"),),
    required=("offender",),
)
def winning_cards_run(r: Ruler) -> None:
    """A player played several winning cards on without waiting for his partner."""
    offender: Seat = r.fact("offender")
    _in_play(r, offender, "played to a trick")
    lone = r.case.alone
    if lone is not None and offender == lone:
        r.refuse(f"{offender.name_} plays alone and has no partner in play to wait for (Law §playing_winners); a card he leads "
                 "before the trick is complete is a lead out of turn (Law §lone_player_exposes): rule it as lead_out_of_turn")
    victims = offender.side.other
    partner = offender.partner
    r.cite("playing_winners")
    r.summary = (f"{r.seat(offender)} played winning cards one after another without waiting for "
                 f"{partner.name_} to play. By Law §playing_winners {victims.name_} may call on {partner.name_} to win, if he "
                 "can, the first or any other of those tricks, and the other cards so played are exposed cards.")
    r.option("call_to_win", "playing_winners", victims,
             f"name one of those tricks (the first or any other) for {partner.name_} to win, if he can; he need "
             "not revoke to do so (Law §never_forced_to_revoke).")
    r.action("exposed_card_defined", f"The other cards {offender.name_} played ahead are exposed cards: they stay face up on the "
                 "table and can be called (Law §exposed_card_defined).")
    r.cite("never_forced_to_revoke")
    r.deal("stands")


@kind(
    "hand_abandoned",
    laws=("cards_thrown_face_up", "four_hands_thrown_down", "abandoned_against_lone", "lone_player_exposes", "revoke_penalty", "revoke_established"),
    facts=(
        Fact("who", "seats", "the seats that threw their cards on the table face up"),
        Fact("revoke_proved", "side", "all four having thrown down: the side against which a revoke is then established"),
    ),
    required=("who",),
)
def hand_abandoned(r: Ruler) -> None:
    """One or more players threw their cards face up on the table."""
    who: list[Seat] = r.fact("who")
    if not who:
        r.refuse("'who' must name at least one seat that threw down his cards")
    revoker: Side | None = r.facts["revoke_proved"]
    if revoker is not None and len(who) != len(Seat):
        # Law 49's exception speaks of hands abandoned by all four; while the hand is played on,
        # the cards thrown down are ruled here and the revoke on its own.
        r.note("A revoke proved while the hand is played on is ruled by itself under Laws §revoke_defined-§revokes_both_sides (arbiter rule "
               "revoke); Law §four_hands_thrown_down's exception is for hands abandoned by all four players.")
        revoker = None
    lone = r.case.alone
    if lone is not None and lone.partner in who:
        r.refuse(f"{lone.partner.name_}'s cards already lie face down out of play while {lone.name_} plays alone "
                 "(Law §partner_lays_down); showing them is an exposed_card under Law §lone_exposed_reduces, not an abandoned hand")
    if lone is not None:
        _abandoned_against_lone(r, who, lone)
        return
    if len(who) == len(Seat):
        r.cite("four_hands_thrown_down", "revoke_established")
        r.action("four_hands_thrown_down", "No player takes up his cards again; only an established revoke can still be claimed.")
        r.deal("stands")
        abandoned = ("All four players threw their cards face up on the table: by Law §four_hands_thrown_down the hands are abandoned "
                     "and no one may take up his cards again.")
        if revoker is None:
            r.verdict = "abandoned"
            r.summary = (abandoned + " A claim that the game could have been saved or won is not heard, unless a "
                         "revoke is established (Law §revoke_established).")
            return
        points = r.number("revoke_penalty", "revoke")
        r.cite("revoke_defined", "revoke_scores_first")
        r.award(revoker.other, points, "revoke_penalty")
        r.verdict = "revoke_established"
        r.summary = (abandoned + f" Law §four_hands_thrown_down hears no claim that the game could have been saved or won unless a "
                     f"revoke be established, and a revoke by {revoker.name_} is established: {revoker.other.name_} "
                     f"score {points} (Law §revoke_penalty), before any other points of the hand (Law §revoke_scores_first).")
        r.action("searching_tricks", f"{revoker.other.name_} may search all the tricks to prove the revoke.")
        return
    r.cite("cards_thrown_face_up", "exposed_card_defined")
    r.verdict = "exposed"
    r.summary = (f"{_names(who)} threw {'his' if len(who) == 1 else 'their'} cards face up on the table. By Law §cards_thrown_face_up "
                 "those cards are exposed and each player's can be called by his adversaries; anyone who kept "
                 "his hand plays on and cannot be forced to abandon it.")
    r.action("cards_thrown_face_up", f"{_names(who)}'s cards stay face up on the table; the hand is played out.")
    for side in PARTNERSHIPS:
        throwers = [s for s in who if s.side == side]
        if throwers:
            r.option(f"call_cards_{side.value.lower()}" if len({s.side for s in who}) > 1 else "call_cards",
                     "cards_thrown_face_up", side.other,
                     f"call the exposed cards of {_names(throwers)}, each when its holder is to play; no call can "
                     "make him revoke (Law §never_forced_to_revoke).")
    r.cite("never_forced_to_revoke", "repeated_calls")
    r.deal("stands")


def _abandoned_against_lone(r: Ruler, who: list[Seat], lone: Seat) -> None:
    adversaries = [s for s in who if s != lone]
    if adversaries:
        points = r.number("abandoned_against_lone", "lone_side")
        r.verdict = "lone_side_scores"
        r.summary = (f"{_names(adversaries)}, playing against {lone.name_}'s lone hand, abandoned "
                     f"{'his' if len(adversaries) == 1 else 'their'} hand by laying it face up: by Law §abandoned_against_lone the lone "
                     f"side, {lone.side.name_}, scores {points}.")
        r.award(lone.side, points)
        if lone in who:
            r.cite("lone_player_exposes")
            r.note("The lone player also showed his cards; a lone player is liable to no penalty for simply "
                   "exposing a card (Law §lone_player_exposes), so Law §abandoned_against_lone decides the hand.")
        r.note("Law §four_hands_thrown_down (all four throw down) cannot arise in a lone hand, since the lone player's partner's cards "
               "lie face down; we apply Law §abandoned_against_lone whenever an adversary abandons his hand.")
        r.note("The five is scored in place of whatever the hand would have made: the hand ends there.")
        r.deal("stands")
        return
    r.cite("lone_player_exposes", "cards_thrown_face_up")
    r.verdict = "no_penalty"
    r.summary = (f"{lone.name_}, playing alone, laid his cards face up. Law §cards_thrown_face_up would make them exposed cards, but "
                 "by Law §lone_player_exposes a lone player is liable to no penalty for simply exposing a card: they cannot be "
                 "called. He may take them up and play on, and the adversaries cannot be forced to abandon "
                 "their hands.")
    r.note("We read laying down his cards as 'simply exposing' them under Law §lone_player_exposes; if he did so claiming the rest "
           "of the tricks, the hand is played out or scored as the players agree.")
    r.deal("stands")


# -- cards played in error (Laws 58-61) --


@kind(
    "play_out_of_turn",
    laws=("third_hand_early", "fourth_hand_early", "adversary_plays_to_lone", "lone_player_exposes", "partner_lays_down"),
    facts=(
        Fact("offender", "seat", "the seat that played out of turn"),
        Fact("position", "choice", "what happened", choices=("third_before_second", "fourth_before_partner")),
        Fact("leader", "seat", "the seat that led to the trick, where known"),
    ),
    required=("offender",),
)
def play_out_of_turn(r: Ruler) -> None:
    """A player played to a trick before his turn."""
    offender: Seat = r.fact("offender")
    position: str | None = r.facts["position"]
    leader: Seat | None = r.facts["leader"]
    lone = r.case.alone
    _in_play(r, offender, "played to a trick")
    if lone is not None and leader == lone.partner:
        r.refuse(f"{leader.name_} is the lone player's partner and cannot lead (Law §partner_lays_down)")
    if leader is not None and leader == offender:
        r.refuse(f"{offender.name_} led the trick, so he cannot have played out of turn to it")
    if lone is not None and offender != lone:
        _out_of_turn_against_lone(r, offender, lone, leader, position)
        return
    if lone is not None and offender == lone:
        if leader is not None and leader != lone.left:
            r.refuse(f"to {leader.name_}'s lead {lone.name_} plays in his turn ({lone.partner.name_}'s cards are out "
                     f"of play, Law §partner_lays_down); he can be out of turn only when {lone.left.name_} leads")
        r.cite("lone_player_exposes")
        r.verdict = "no_penalty"
        r.summary = (f"{r.seat(offender)}, playing alone, played to a trick before his turn. No law penalises it: "
                     "Law §lone_player_exposes frees a lone player from any penalty for simply exposing a card and penalises only "
                     "his lead out of turn. His card stands as played and the trick is finished in turn.")
        r.note("The laws do not speak of the lone player playing (not leading) out of turn. We read Law §lone_player_exposes as "
               "covering it, and, as in Law §third_hand_early, the card played early stands.")
        r.deal("stands")
        return
    if position is None and leader is not None:
        # the seats tell it: the leader's partner is third to play, the leader's right fourth
        position = {leader.partner: "third_before_second", leader.right: "fourth_before_partner"}.get(offender)
    if position is None:
        r.refuse("the fact 'position' is needed (third_before_second or fourth_before_partner)")
    victims = offender.side.other
    if position == "third_before_second":
        if leader is not None and offender != leader.partner:
            r.refuse(f"{offender.name_} is not the third hand to {leader.name_}'s lead; the third hand is "
                     f"{leader.partner.name_}")
        second = leader.left if leader is not None else None
        fourth = leader.right if leader is not None else None
        r.cite("third_hand_early")
        r.summary = (f"{r.seat(offender)}, the third hand, played before the second. Law §third_hand_early gives no penalty: "
                     f"the fourth hand{f' ({fourth.name_})' if fourth else ''} may in turn play before his partner"
                     f"{f' ({second.name_})' if second else ''}.")
        r.option("fourth_plays_before_partner", "third_hand_early", victims,
                 f"have the fourth hand{f', {fourth.name_},' if fourth else ''} play before his partner, the second "
                 "hand.")
        r.note("Law §third_hand_early states no penalty and does not have the card taken back; we read the third hand's card as "
               "played.")
        r.deal("stands")
        return
    if leader is not None and offender != leader.right:
        r.refuse(f"{offender.name_} is not the fourth hand to {leader.name_}'s lead; the fourth hand is "
                 f"{leader.right.name_}")
    partner = offender.partner
    r.cite("fourth_hand_early")
    r.summary = (f"{r.seat(offender)}, the fourth hand, played before his partner {partner.name_} (the second "
                 f"hand) while the third hand had not played. By Law §fourth_hand_early {victims.name_} may call on "
                 f"{partner.name_} to win or to lose the trick.")
    r.call_play("fourth_hand_early", victims, partner, highest_or_lowest=False)
    r.deal("stands")


def _out_of_turn_against_lone(r: Ruler, offender: Seat, lone: Seat, leader: Seat | None,
                              position: str | None) -> None:
    """An adversary of a lone player plays out of turn: Law 105 only when the lone player led.

    Three play in a lone hand, so each adversary can be out of turn in one way only: the
    lone player's right-hand adversary by playing before the left-hand one when the lone
    player led (fourth before partner), the left-hand one by playing before the lone player
    when his own partner led (third before second). The leader follows from the offender.
    """
    if offender == lone.right:
        led_by, fits, where = lone, "fourth_before_partner", f"before {lone.left.name_} when {lone.name_} led"
    else:
        led_by, fits, where = lone.right, "third_before_second", f"before {lone.name_} when {lone.right.name_} led"
    if (leader is not None and leader != led_by) or position not in (None, fits):
        r.refuse(f"with {lone.name_} playing alone and {lone.partner.name_}'s cards out of play (Law §partner_lays_down), "
                 f"{offender.name_} can play out of turn only {where} ({fits})")
    if led_by == lone:
        r.govern("adversary_plays_to_lone")
        r.summary = (f"{r.seat(offender)}, an adversary of {lone.name_} who plays alone, played out of turn to the "
                     f"lone player's lead, before his partner {lone.left.name_}. By Law §adversary_plays_to_lone both "
                     f"{_names(offender.side.seats)} lay their hands face up on the table, and {lone.name_} may call "
                     "their cards.")
        _law_105(r, lone)
        r.govern("fourth_hand_early")  # the ordinary rule, which Law 105 overrides (its record says so)
        r.deal("stands")
        return
    r.reading_of("adversary_plays_to_lone")
    r.cite("third_hand_early", "partner_lays_down")
    r.verdict = "no_penalty"
    r.summary = (f"{r.seat(offender)}, third hand to his partner {led_by.name_}'s lead, played before {lone.name_}, "
                 f"who plays alone. Law §adversary_plays_to_lone does not apply: the trick was not led by the lone hand. Law §third_hand_early gives no "
                 f"penalty for the third hand playing before the second; it lets the fourth hand play before his "
                 f"partner, and the fourth hand is {lone.partner.name_}, whose cards are out of play (Law §partner_lays_down). "
                 f"{offender.name_}'s card stands as played, and {lone.name_} plays to the trick in turn.")
    r.deal("stands")


@kind(
    "omitted_play",
    laws=("omitted_play", "abandoned_against_lone"),
    facts=(
        Fact("offender", "seat", "the player who omitted to play to a former trick"),
        Fact("discovered_after_next_trick", "bool", "not discovered till he had played to the next trick",
             default=False),
    ),
    required=("offender",),
)
def omitted_play(r: Ruler) -> None:
    """A player omitted to play to a trick."""
    offender: Seat = r.fact("offender")
    late: bool = r.facts["discovered_after_next_trick"]
    _in_play(r, offender, "played to a trick")
    lone = r.case.alone
    victims = offender.side.other
    if lone is not None and offender != lone and late:
        points = r.number("abandoned_against_lone", "lone_side")
        r.cite("omitted_play")
        r.verdict = "lone_side_scores"
        r.summary = (f"{r.seat(offender)}, an adversary of {lone.name_}'s lone hand, failed to play to a trick "
                     f"and played on to the next. Law §abandoned_against_lone gives the lone side {points} when an adversary fails to "
                     "play to every trick; it takes the place of Law §omitted_play's new deal.")
        r.award(lone.side, points)
        r.note("Law §abandoned_against_lone speaks of an adversary who 'abandons his hand ... by failing to play to every trick'. We read "
               "an omission found only after he played to the next trick as such a failure; the text does not "
               "say whether an accidental omission counts.")
        r.deal("stands")
        return
    if not late:
        r.cite("omitted_play")
        r.verdict = "no_penalty"
        r.summary = (f"{r.seat(offender)} omitted to play to a trick, and it was found before he played to the "
                     "next. Law §omitted_play gives the adversaries a claim only when the error is found after he has played "
                     "to the next trick; here he simply plays his card to the trick it belongs to.")
        r.note("Law §omitted_play says nothing of an omission found in time; we read it as corrected without penalty, the "
               "card he adds being subject to the rules of following suit.")
        if lone is not None and offender != lone:
            r.cite("abandoned_against_lone")
            r.note("Against a lone hand, we do not read an omission put right in time as 'failing to play to "
                   "every trick' under Law §abandoned_against_lone.")
        r.deal("stands")
        return
    r.cite("omitted_play")
    r.summary = (f"{r.seat(offender)} omitted to play to a former trick, and it was found only after he had played "
                 f"to the next. By Law §omitted_play {victims.name_} may claim a new deal, or let the deal stand; then the "
                 "card left over at the end of the hand counts as played to the short trick, and is not a revoke "
                 "there.")
    r.option("new_deal", "omitted_play", victims, f"claim a new deal, by the same dealer{_by(r)}.")
    r.option("deal_stands", "omitted_play", victims,
             "let the deal stand: the surplus card at the end of the hand is treated as played to the imperfect "
             "trick, and does not constitute a revoke in it.")
    # Who makes the new deal is open in Law 60's text; our reading is in its record's notes.
    r.note("The deal's fate is the adversaries' election, so the ruling leaves it open.")
    r.deal(None)


def _by(r: Ruler) -> str:
    return f", {r.case.dealer.name_}" if r.case.dealer is not None else ""


@kind(
    "extra_card_in_trick",
    laws=("two_cards_to_trick", "revoke_defined", "revoke_penalty", "searching_tricks", "revoke_scores_first"),
    facts=(
        Fact("offender", "seat", "the player who played two cards to a trick or mixed a card with a trick"),
        Fact("during_play", "bool", "the error was detected during the play of the hand", default=False),
        Fact("revokes", "int", "revokes he made in consequence, where known", default=0, high=5),
    ),
    required=("offender",),
)
def extra_card_in_trick(r: Ruler) -> None:
    """A player played two cards to one trick, or mixed a card with a trick."""
    offender: Seat = r.fact("offender")
    during: bool = r.facts["during_play"]
    revokes: int = r.facts["revokes"]
    _in_play(r, offender, "played to a trick")
    cap = r.book.provision("misdeal_defined").number_of("cards_each")
    if revokes >= cap:
        r.refuse(f"{revokes} revokes: a player holds {cap} cards and has a card too few after the error, so he "
                 f"can revoke at most {cap - 1} times")
    victims = offender.side.other
    r.cite("two_cards_to_trick")
    if during:
        r.summary = (f"{r.seat(offender)} played two cards to one trick or mixed a card with a trick, and it was "
                     "found during the play. By Law §two_cards_to_trick the tricks may be counted face down to find one with a card "
                     "too many; that trick may be searched and the card restored to him. He is still liable for "
                     "any revoke he made meanwhile.")
        r.action("two_cards_to_trick", "Count the tricks face down; search the one with a card too many and restore the card to "
                     f"{offender.name_}'s hand.")
        r.deal("stands")
    else:
        r.summary = (f"{r.seat(offender)} played two cards to one trick or mixed a card with a trick, and it was not "
                     "found till the hand was played out. By Law §two_cards_to_trick he is answerable for every revoke he made in "
                     "consequence.")
        r.cite("searching_tricks")
        r.action("searching_tricks", f"{victims.name_} may search all the tricks for the revokes.")
        r.deal("stands")
    if revokes:
        each = _revoke_points(r)
        r.cite("revoke_defined", "revoke_scores_first")
        r.award(victims, each * revokes, "revoke_penalty")
        r.summary += (f" He made {revokes} revoke{'s' if revokes > 1 else ''}: {victims.name_} score {each} for each "
                      f"(Law §revoke_penalty), {each * revokes} in all, before any other points of the hand (Law §revoke_scores_first).")
        r.note("Law §two_cards_to_trick makes him answerable for the revokes; as with Law §revoke_penalty we give the penalty to his adversaries.")
    else:
        r.note("No revoke is given; if he failed to follow suit while short of the card, each such revoke costs "
               "the penalty of Law §revoke_penalty.")


# -- the revoke (Laws 62-71, with 4) --


@kind(
    "revoke",
    laws=("revoke_defined", "revoke_penalty", "revoke_established", "asking_partner_revoke", "searching_tricks", "mixing_after_claim", "revoke_claim_limit", "revoke_corrected", "revoking_hand_played_out", "revokes_both_sides", "revoke_scores_first"),
    facts=(
        Fact("offender", "seat", "the player accused of revoking"),
        Fact("established", "bool", "the trick was turned and quitted, or his side led or played to the next (Law §revoke_established)",
             default=True),
        Fact("partner_asked", "bool", "his partner asked whether he had none of the suit before the trick was quitted",
             default=False),
        Fact("answered_no", "bool", "he answered that question in the negative", default=False),
        Fact("played_to_next", "bool", "the revoking player or his partner has led or played to the next trick",
             default=False),
        Fact("claimed_after_cut", "bool", "the revoke was claimed after the cards were cut for the next deal",
             default=False),
        Fact("cards_mixed", "bool", "the accused side mixed the cards before the claimants examined them",
             default=False),
        Fact("count", "int", "revokes by the offender's side in the hand, this one included", default=1,
             low=1, high=10),
        Fact("other_side_count", "int", "revokes by the other side in the hand", default=0, high=10),
        Fact("led", "card", "the card led to the trick"),
        Fact("played", "card", "the card the offender played to it"),
        Fact("hand", "cards", "the cards he held when he played, the card played included"),
    ),
    required=("offender",),
)
def revoke(r: Ruler) -> None:
    """A player is said to have failed to follow suit."""
    f = r.facts
    offender: Seat = r.fact("offender")
    case = r.case
    lone = case.alone
    _in_play(r, offender, "revoked")
    if f["answered_no"] and not f["partner_asked"]:
        r.refuse("'answered_no' needs 'partner_asked': there was no question to answer")
    if f["played_to_next"] and not f["established"]:
        r.refuse("'established: false' with 'played_to_next': by Law §revoke_established a revoke is established once the revoking "
                 "player or his partner leads or plays to the next trick")
    _check_counts(r, offender)
    test = _cards_test(r, offender)
    victims = offender.side.other

    # Whether this revoke counts, and the law that decides it.
    if f["claimed_after_cut"]:
        r.cite("revoke_claim_limit")
        r.verdict = test[0] if test else "too_late"
        r.summary = (f"A revoke by {r.seat(offender)} was claimed after the cards were cut for the next deal. By "
                     "Law §revoke_claim_limit no revoke can then be claimed: nothing is scored for it"
                     + (", whichever side revoked." if f["count"] > 1 or f["other_side_count"] else "."))
        if test:
            r.cite("revoke_defined")
            r.summary += f" (As for the facts: {test[1]})"
        r.deal("stands")
        return
    if test and test[0] == "no_revoke":
        r.cite("revoke_defined")
        r.verdict = "no_revoke"
        r.summary = f"No revoke by {r.seat(offender)}: {test[1]}"
        cost = r.by_house("false_claim")
        if cost:
            r.award(victims, -cost, "searching_tricks")
            r.summary += (f" Under the house rules a renege claimed and not proved costs the claimants: "
                          f"{victims.name_} lose {cost} point{'s' if cost != 1 else ''}.")
        if f["cards_mixed"]:
            r.cite("mixing_after_claim")
            r.note("The accused side mixed the cards, which by Law §mixing_after_claim establishes a claimed revoke; but the cards "
                   "he held are agreed here and show none, and Law §mixing_after_claim cannot make a revoke of a lawful play. We "
                   "read Law §mixing_after_claim as deciding only where what he held cannot otherwise be shown.")
        _score_others(r, offender, this_counts=False)
        r.deal("stands")
        return

    correctable = False
    if f["cards_mixed"]:
        r.cite("mixing_after_claim")
        how = ("the accused side mixed the cards before the claimants had examined them, which by Law §mixing_after_claim "
               "establishes it")
    elif f["partner_asked"] and not f["answered_no"] and not f["played_to_next"]:
        r.cite("asking_partner_revoke")
        correctable = True
        how = (f"{offender.partner.name_} asked him, before the trick was turned and quitted, whether he had none of "
               "the suit; by Law §asking_partner_revoke turning and quitting the trick afterwards does not establish it")
    elif not f["established"]:
        r.cite("revoke_corrected", "revoke_established")
        correctable = True
        how = "the trick has not been turned and quitted and his side has not played to the next (Law §revoke_established)"
    else:
        if test:
            r.cite("revoke_defined")  # the question put was whether it was a revoke at all
        r.cite("revoke_penalty" if f["other_side_count"] != f["count"] else "revokes_both_sides", "revoke_established")
        how = "it is established (Law §revoke_established)"
        if f["partner_asked"]:
            r.cite("asking_partner_revoke")
            why = "he answered that he had none" if f["answered_no"] else "his side played to the next trick"
            how += (f"; {offender.partner.name_} asked him whether he had none of the suit, but {why}, so by Law §asking_partner_revoke "
                    "the question does not save it")
    said = f"{r.seat(offender)} revoked" + (f": {test[1]}" if test else ".")
    r.verdict = "revoke" if test else ("corrected" if correctable else "established")
    if correctable:
        r.cite("revoke_corrected", "revoke_established")
        r.summary = (f"{said} But {how}. The error may be corrected under Law §revoke_corrected: he takes back the card and "
                     f"follows suit, and {victims.name_} may call the card played in error.")
        r.action("revoke_corrected", f"{offender.name_} takes back the card played in error and plays a card of the suit led.")
        r.action("revoke_corrected", f"Anyone who played after him, except {offender.partner.name_}, may take back his card and "
                     "play another; cards so withdrawn are not liable to be called.")
        r.option("call_card", "revoke_corrected", victims, _call_card_text(offender, f["played"], "the card played in error"))
        r.cite("never_forced_to_revoke", "repeated_calls")
        if lone is not None and offender == lone:
            r.cite("lone_player_exposes")
            r.note("Law §lone_player_exposes frees the lone player only from the penalty for simply exposing a card; we read the "
                   "call under Law §revoke_corrected of a card played in error as still open against him.")
        _score_others(r, offender, this_counts=False)
        r.deal("stands")
        return
    r.cite("revoke_defined")
    r.summary = f"{said} {how[0].upper()}{how[1:]}."
    if not test:
        r.action("searching_tricks", "At the end of the hand the claimants may search all the tricks to prove the revoke.")
    _score_others(r, offender, this_counts=True)
    pays = r.adjustment[victims] > 0
    if r.facts.get("cards_mixed"):
        # Law 67 runs with Law 66: the tricks are examined "at the end of the hand", so the hand
        # whose cards were mixed is over, and Law 70's right has nothing left to act on.
        r.note("Laws §searching_tricks-§mixing_after_claim: we read the mixing of the cards as coming at the end of the hand, when the tricks "
               "are searched, so there is no hand left to play out under Law §revoking_hand_played_out.")
        r.deal("stands")
        return
    if r.verdict == "void":
        r.deal("redeal")
        return
    if r.by_house("revoke.hand_ends"):
        r.action("revoking_hand_played_out", "The hand ends at once: no more cards are played, and nothing is scored "
                 "for it but the penalty.")
        r.deal("passes")  # the hand is over, so the deal goes on to the next dealer, as after any hand
        return
    if r.verdict == "cancelled":
        # Law 71: the revokes "cancel each other", so no side is left a revoking side with Law 70's
        # right; were it left, it would belong to both sides alike.
        r.note("Law §revokes_both_sides: we read equal revokes that cancel each other as leaving no side the right of Law §revoking_hand_played_out to "
               "require the hand to be played out.")
        r.deal("stands")
        return
    r.option("play_out", "revoking_hand_played_out", offender.side,
             "require the hand to be played out"
             + ("; what they make on it is scored after the penalty (Law §revoke_scores_first)." if pays else "."))
    r.deal("stands")


def _check_counts(r: Ruler, offender: Seat) -> None:
    """Refuse more revokes than the tricks allow."""
    lone = r.case.alone
    cap = r.book.provision("misdeal_defined").number_of("cards_each")

    def most(side: Side) -> int:
        # A player cannot revoke to his own lead, so each player revokes at most once a trick.
        return cap if lone is not None and side == lone.side else 2 * cap

    for side, n in ((offender.side, r.facts["count"]), (offender.side.other, r.facts["other_side_count"])):
        if n > most(side):
            r.refuse(f"{n} revokes by {side.name_} is more than the {cap} tricks of a hand allow")


def _cards_test(r: Ruler, offender: Seat) -> tuple[str, str] | None:
    """With led, played and hand given: ('revoke' | 'no_revoke', why), judged by suit_in(trump)."""
    led: Card | None = r.facts["led"]
    played: Card | None = r.facts["played"]
    hand: list[Card] | None = r.facts["hand"]
    given = [n for n, v in (("led", led), ("played", played), ("hand", hand)) if v is not None]
    if not given:
        return None
    if len(given) < 3:
        missing = [n for n in ("led", "played", "hand") if n not in given]
        r.refuse(f"to test whether it was a revoke, give led, played and hand; missing {', '.join(missing)}")
    assert led is not None and played is not None and hand is not None
    trump: Suit | None = r.case.trump
    if trump is None:
        r.refuse("'trump' is needed to tell which suit each card belongs to (the left bower is a trump)")
    cap = r.book.provision("misdeal_defined").number_of("cards_each")
    if len(hand) > cap:
        r.refuse(f"hand holds {len(hand)} cards; no player holds more than {cap}")
    if played not in hand:
        r.refuse(f"played card {played} is not in hand: 'hand' is what he held when he played, so it includes "
                 "the card played")
    if led in hand:
        r.refuse(f"led card {led} is in {offender.name_}'s hand, but it was led to the trick")
    suit = led.suit_in(trump)
    why: list[str] = []
    if led.is_left_bower(trump):
        why.append(f"the {led.words} led is the left bower, so {trump} were led")
    else:
        why.append(f"{suit} were led")
    followers = [c for c in hand if c != played and c.suit_in(trump) == suit]
    lefts = [c for c in hand if c.is_left_bower(trump)]
    if played.suit_in(trump) == suit:
        why.append(f"he followed suit with the {played.words}"
                   + (" (the left bower, a trump)" if played.is_left_bower(trump) else ""))
        return "no_revoke", "; ".join(why) + "."
    if followers:
        cards = ", ".join(f"the {c.words}" + (" (the left bower, a trump)" if c.is_left_bower(trump) else "")
                          for c in followers)
        why.append(f"he held {cards} and played the {played.words}, a card of another suit (Law §revoke_defined)")
        return "revoke", "; ".join(why) + "."
    why.append(f"he held none of them, so he was free to play the {played.words}")
    if lefts and lefts[0].suit == suit:
        why.append(f"the {lefts[0].words} he held is the left bower: with {trump} trumps it is a trump, not a "
                   f"{suit.value[:-1]}")
    return "no_revoke", "; ".join(why) + "."


def _score_others(r: Ruler, offender: Seat, this_counts: bool) -> None:
    """Score the revokes of the hand: Law 63 for each, equal numbers cancelling (Law 71), first by Law 4."""
    f = r.facts
    own = f["count"] - (0 if this_counts else 1)
    other = f["other_side_count"]
    if not this_counts and f["count"] > 1:
        r.note(f"'count' says {f['count']} revokes by {offender.side.name_} in the hand; not counting this one, "
               f"{own} remain to be scored.")
    if own == 0 and other == 0:
        return
    if other:
        r.cite("revokes_both_sides")
        if r.by_house("revoke.both_sides") == "void":
            r.verdict = "void"
            r.summary += (f" {offender.side.name_} made {own} revoke{'s' if own != 1 else ''} and "
                          f"{offender.side.other.name_} {other}: under the house rules, revokes on both sides void the "
                          "deal, and the same dealer deals again. No penalty is scored.")
            return
    net = own - other
    victims = offender.side.other
    if net == 0:
        if this_counts and r.verdict == "established":
            r.verdict = "cancelled"
        r.cite("revoke_penalty")
        r.summary += (f" {offender.side.name_} made {own} revoke{'s' if own > 1 else ''} and {victims.name_} "
                      f"{other}: by Law §revokes_both_sides an equal number of revokes on different sides cancel, and no penalty is "
                      "scored.")
        return
    each = _revoke_points(r)
    scorer = victims if net > 0 else offender.side
    n = abs(net)
    points = each * n
    scored = r.by_house("revoke.scored", "added")
    if scored == "added":
        r.award(scorer, points, "revoke_penalty")
    elif scored == "deducted":
        r.award(scorer.other, -points, "revoke_penalty")
    else:  # the wronged side chooses; nothing is scored until it does (rulesets.md: points on options)
        r.option("add_penalty", "revoke_penalty", scorer, f"add {points} to their own score.",
                 adjustment={scorer: points, scorer.other: 0})
        r.option("deduct_penalty", "revoke_penalty", scorer, f"deduct {points} from {scorer.other.name_}'s score.",
                 adjustment={scorer: 0, scorer.other: -points})
    lone = " (a lone hand)" if r.case.alone is not None else ""
    if other:
        counted = (f" {offender.side.name_} made {own} revoke{'s' if own != 1 else ''} and {victims.name_} {other}; "
                   f"by Law §revokes_both_sides equal numbers cancel, and we score the {n} left over.")
        r.note("Law §revokes_both_sides speaks only of equal numbers. We read it as cancelling revokes one for one, so the side "
               "with more revokes pays the Law §revoke_penalty penalty for each one left over.")
    elif own > 1:
        counted = f" {offender.side.name_} made {own} revokes in the hand."
    else:
        counted = ""
    penalty = f"{each} for each revoke{lone} (Law §revoke_penalty): {points} point{'s' if points != 1 else ''}"
    r.summary += {
        "added": f"{counted} {scorer.name_} score {penalty}.",
        "deducted": f"{counted} {scorer.other.name_} lose {penalty}, deducted from their score under the house rules.",
        "choice": f"{counted} The penalty is {penalty}; under the house rules {scorer.name_} choose whether to add it "
                  f"to their score or deduct it from {scorer.other.name_}'s.",
    }[scored]
    if scored != "added":
        return
    r.cite("revoke_scores_first")
    target = r.number("points_for_tricks", "game") if r.case.score[scorer] + points >= r.book.provision("points_for_tricks").number_of("game") else None
    if target is not None:
        r.summary += (f" By Law §revoke_scores_first the penalty is scored before any other points of the hand, so it takes "
                      f"{scorer.name_} to {r.case.score[scorer] + points}: they win the game ({target}) before the "
                      "hand's own points are counted, and any points beyond the game are the lap.")
    else:
        r.summary += " By Law §revoke_scores_first the penalty is scored before any other points of the hand."
    r.note("The adjustment is the revoke penalty alone; the points made on the hand (Laws §points_for_tricks and §lone_hand_points) are scored "
           "after it, when the hand is finished.")


# -- conduct during play (Laws 83-85) --


@kind(
    "attention_to_trick",
    laws=("calling_attention", "choice_of_penalties", "never_forced_to_revoke"),
    facts=(Fact("offender", "seat", "the player who drew attention to the trick before his partner played"),),
    required=("offender",),
)
def attention_to_trick(r: Ruler) -> None:
    """A player called attention to the trick before his partner had played."""
    offender: Seat = r.fact("offender")
    partner = offender.partner
    lone = r.case.alone
    victims = offender.side.other
    if lone is not None and offender == lone:
        r.cite("calling_attention", "partner_lays_down")
        r.verdict = "no_penalty"
        r.summary = (f"{r.seat(offender)}, playing alone, called attention to the trick. Law §calling_attention's penalty falls on "
                     f"the offender's partner before he plays, and {partner.name_} plays no cards (Law §partner_lays_down): there "
                     "is no one to call on, so no penalty.")
        r.deal("stands")
        return
    r.cite("calling_attention")
    r.summary = (f"{r.seat(offender)} called attention to the trick before {partner.name_} had played. By Law §calling_attention "
                 f"{victims.name_} may require {partner.name_} to play his highest or lowest of the suit led, or to "
                 "win or lose the trick.")
    if lone is not None and offender == lone.partner:
        r.cite("partner_lays_down")
        r.note(f"{offender.name_} is the lone player's partner; he does not play, but he is at the table and can "
               f"speak (Law §partner_lays_down leaves him to gather the tricks), so Law §calling_attention applies as written and the call falls "
               f"on {partner.name_}, the lone player.")
    r.call_play("calling_attention", victims, partner)
    r.cite("disobeying_call")
    r.note("If he holds none of the suit led, he cannot be made to play highest or lowest of it, and no call can "
           "make him revoke (Law §never_forced_to_revoke); failing to obey a call he could obey incurs the penalty of a revoke (Law §disobeying_call).")
    r.deal("stands")


@kind(
    "asked_who_played",
    laws=("asking_to_place", "placing_own_cards"),
    facts=(Fact("offender", "seat", "the player who asked who played a card"),),
    required=("offender",),
)
def asked_who_played(r: Ruler) -> None:
    """A player asked who played a particular card."""
    offender: Seat = r.fact("offender")
    r.cite("asking_to_place", "placing_own_cards")
    r.verdict = "no_penalty"
    r.summary = (f"{r.seat(offender)} asked who played a particular card. By Law §asking_to_place he has no right to ask, and "
                 "need not be answered; but during the trick, or after the four cards are played and before they "
                 "are touched to be gathered, he may demand that the cards be placed before their players. The "
                 "law states no penalty.")
    r.action("asking_to_place", "The question need not be answered; if he wishes, the cards of the trick are placed before the "
                 "players who played them, provided they have not been touched to be gathered.")
    r.note("Law §asking_to_place names no penalty for asking. Etiquette (Law §placing_own_cards) asks that a player who has the cards placed "
           "does so for his own information only, not to draw his partner's attention; breaches of etiquette carry "
           "no penalty (Law §etiquette_not_law).")
    r.cite("etiquette_not_law")
    r.deal("stands")


@kind(
    "penalty_consultation",
    laws=("choice_of_penalties",),
    facts=(Fact("side", "side", "the side that consulted on which penalty to exact"),),
    required=("side",),
)
def penalty_consultation(r: Ruler) -> None:
    """Partners consulted on which of two penalties to exact."""
    side: Side = r.fact("side")
    r.cite("choice_of_penalties")
    r.verdict = "penalty_lost"
    r.summary = (f"{side.name_} consulted each other on which of two penalties to exact. By Law §choice_of_penalties they lose "
                 f"their right to the penalty: {side.other.name_} are not penalised for that offence. (Partners may "
                 "agree who makes the election, but not which penalty to choose; once either demands a penalty, "
                 "the choice is final.)")
    r.deal("stands")
