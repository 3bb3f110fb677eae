"""The 1890s manual's own rulings (laws/manual-1890s/), reasoned from its text.

The manual is short, so most kinds are left without a handler here: the engine then gives a
silent ruling with the Somerset one beside it as a reference. A kind it addresses only in part
(a called card withheld, a bid out of turn other than naming a suit) is silent on the rest
through `Ruler.silent`. Where the manual states no figure (the point, the march), nothing is
borrowed from Somerset.
"""

from __future__ import annotations

from collections.abc import Iterable

from arbiter import score as scoring
from arbiter.model import Card, Seat, Side, Suit
from arbiter.registry import handles
from arbiter.ruler import Ruler, listing

CODE = "manual-1890s"
MANUAL = "The manual"


def _names(seats: Iterable[Seat]) -> str:
    return listing(s.name_ for s in seats)


def _in_play(r: Ruler, seat: Seat, act: str) -> None:
    """The lone player's partner takes no part in the play (Law 13): he cannot have led or played."""
    lone = r.case.alone
    if lone is not None and seat == lone.partner:
        r.refuse(f"{seat.name_} is the partner of {lone.name_}, who plays alone; he takes no further part in the "
                 f"play of the hand (Law §partner_lays_down), so he cannot have {act}")


def _trick_order(r: Ruler, leader: Seat) -> list[Seat]:
    """The players of a trick led by `leader`, in turn, without a lone player's partner."""
    lone = r.case.alone
    order, seat = [leader], leader.left
    while seat != leader:
        if lone is None or seat != lone.partner:
            order.append(seat)
        seat = seat.left
    return order


def _call_card(r: Ruler, key: str, offender: Seat, what: str) -> None:
    """Law 36: the exposed card is played when the adversaries call it, unless that would make him revoke."""
    r.option("call_card", key, offender.side.other,
             f"call {what}: {offender.name_} must play it when called, unless that would make him revoke "
             "(Law §never_forced_to_revoke); he may also play it himself whenever the chance offers (Law §exposed_may_be_played).")
    r.cite("never_forced_to_revoke", "exposed_may_be_played")


# -- the revoke (Laws 24-29, 46) --


def _cards_test(r: Ruler, offender: Seat) -> tuple[str, str] | None:
    """With led, played and hand given: whether he failed to follow suit when able (Law §revoke_defined)."""
    led: Card | None = r.facts["led"]
    played: Card | None = r.facts["played"]
    hand: list[Card] | None = r.facts["hand"]
    given = [v for v in (led, played, hand) if v is not None]
    if not given:
        return None
    if len(given) < 3:
        r.refuse("to test whether it was a revoke, give led, played and hand")
    trump: Suit | None = r.case.trump
    if trump is None:
        r.refuse("'trump' is needed to tell which suit each card belongs to (the left bower is a trump)")
    assert led is not None and played is not None and hand is not None and trump is not None
    if played not in hand:
        r.refuse(f"played card {played} is not in hand: 'hand' is what he held when he played, the card played included")
    suit = led.suit_in(trump)
    if played.suit_in(trump) == suit:
        return "no_revoke", f"{suit.value} were led and he followed suit with the {played.words}."
    held = [c for c in hand if c != played and c.suit_in(trump) == suit]
    if held:
        cards = ", ".join(f"the {c.words}" for c in held)
        return "revoke", (f"{suit.value} were led; he held {cards} and played the {played.words}: he failed to "
                          "follow suit when able (Law §revoke_defined).")
    return "no_revoke", f"{suit.value} were led and he held none, so he was free to play the {played.words} (Law §void_in_suit)."


@handles("revoke", CODE)
def revoke(r: Ruler) -> None:
    """A revoke under the manual: two points, added or deducted, the hand abandoned."""
    f = r.facts
    offender: Seat = r.fact("offender")
    _in_play(r, offender, "revoked")
    if f["answered_no"] and not f["partner_asked"]:
        r.refuse("'answered_no' needs 'partner_asked': there was no question to answer")
    victims = offender.side.other
    lone = r.case.alone
    test = _cards_test(r, offender)
    if f["claimed_after_cut"]:
        r.cite("revoke_claim_limit")
        r.verdict = "too_late"
        r.summary = (f"A revoke by {r.seat(offender)} was claimed after the cards were cut for the following deal. "
                     "Law §revoke_claim_limit says revokes must be detected and claimed before that cut: nothing is "
                     "scored for it.")
        r.deal("stands")
        return
    if test and test[0] == "no_revoke":
        r.cite("revoke_defined", "void_in_suit")
        r.verdict = "no_revoke"
        r.summary = f"No revoke by {r.seat(offender)}: {test[1]}"
        r.deal("stands")
        return
    if f["partner_asked"] or f["cards_mixed"]:
        r.note("The manual says nothing of a partner asking whether he has none of the suit, or of the cards "
               "being mixed before they are examined; neither changes the ruling.")
    if not f["established"] and not f["played_to_next"]:
        r.govern("revoke_corrected")
        r.cite("revoke_defined")
        r.verdict = "corrected"
        r.summary = (f"{r.seat(offender)} failed to follow suit, but the error was found before the trick was "
                     "turned and quitted, so by Law §revoke_defined it is no revoke. By Law §revoke_corrected the card "
                     "played in error must be left on the table, and is liable to be called.")
        r.action("revoke_corrected", f"{offender.name_} leaves the card played in error face up on the table and "
                 "plays a card of the suit led.")
        if lone is not None and offender == lone:
            r.cite("lone_player_exposes")
            r.summary += (f" But {offender.name_} plays alone, and a lone player is not liable to any penalty for "
                          "exposing his cards (Law §lone_player_exposes): the card cannot be called.")
            r.action("lone_player_exposes", f"{offender.name_} takes the card back into his hand.")
        else:
            r.cite("exposed_card_defined")
            _call_card(r, "revoke_corrected", offender, "the card played in error")
        r.deal("stands")
        return

    r.cite("revoke_defined")
    said = test[1] if test else "the trick was turned and quitted."
    said = said.rstrip(".")
    if f["other_side_count"]:
        r.govern("revokes_both_sides")
        r.verdict = "void_deal"
        r.summary = (f"{r.seat(offender)} revoked ({said}) and {victims.name_} revoked too. By Law §revokes_both_sides, "
                     f"when both sides revoke the deal is void and the same dealer must deal again. No points are "
                     "scored for the hand or the revokes.")
        r.action("revokes_both_sides", "The cards are gathered; the same dealer deals again.")
        r.deal("redeal")
        return
    r.verdict = "revoke" if test else "established"
    count: int = f["count"]
    times = "" if count == 1 else f" {count} times"
    r.summary = f"{r.seat(offender)} revoked{times}: {said}. "
    _revoke_penalty(r, offender.side, count)


def _revoke_penalty(r: Ruler, offenders: Side, count: int) -> None:
    """The manual's penalty: the hand abandoned, and two a revoke added to the adversaries' score
    or deducted from the offenders', as the adversaries choose."""
    victims = offenders.other
    r.govern("revoke_penalty")
    each = r.number("revoke_penalty", "revoke")
    points = each * count
    r.cite("revoke_not_divided")
    r.summary += (f"By Law §revoke_penalty the hand is abandoned, and "
                  f"{victims.name_} either deduct {points} from {offenders.name_}'s score or add {points} to "
                  f"their own ({each} for every revoke made during the hand); the penalty cannot be divided "
                  "(Law §revoke_not_divided).")
    if r.case.alone is not None:
        r.summary += " The manual gives no other figure for a lone hand."
    r.option("deduct", "revoke_penalty", victims,
             f"deduct {points} point{'s' if points != 1 else ''} from {offenders.name_}'s score.",
             adjustment=scoring.tally(**{offenders.value.lower(): -points}))
    r.option("add", "revoke_penalty", victims,
             f"add {points} point{'s' if points != 1 else ''} to {victims.name_}'s own score.",
             adjustment=scoring.tally(**{victims.value.lower(): points}))
    r.action("revoke_penalty", "The hand is abandoned: it is not played out, and its tricks score nothing.")
    r.note("The score is left unchanged until the adversaries choose: each option carries its own points.")
    r.deal("passes")
    r.note("With the hand abandoned, we read the deal as going on to the next dealer in turn, to the left "
           "(as Law §none_make_trump sends a void deal).")


# -- exposed cards (Laws 13-14, 35-38) --


@handles("exposed_card", CODE)
def exposed_card(r: Ruler) -> None:
    """A card exposed in play, as the manual defines exposed cards."""
    offender: Seat = r.fact("offender")
    how: str = r.facts["how"]
    card: Card | None = r.facts["card"]
    what = f"the {card.words}" if card is not None else "the card"
    lone = r.case.alone
    if how in ("trump_card_lifted", "detached_named"):
        r.silent("The manual speaks of cards led out of turn, played in error, played two to a trick or dropped "
                 "face upward; it says nothing of a trump card lifted from the pack or a detached card named.")
    if lone is not None and offender == lone.partner:
        if how not in ("shown", "dropped"):
            r.refuse(f"{offender.name_}'s cards lie face down out of the play while {lone.name_} plays alone "
                     "(Law §partner_lays_down): he can only expose one (how: shown or dropped)")
        _partner_of_lone_exposes(r, offender, what)
        return
    if lone is not None and offender == lone:
        r.govern("lone_player_exposes")
        r.cite("exposed_card_defined")
        r.verdict = "no_penalty"
        r.summary = (f"{r.seat(offender)} plays alone and exposed {what}. By Law §lone_player_exposes a person playing a "
                     "lone hand is not liable to any penalty for exposing his cards, for he has no partner to "
                     "benefit from the information: it cannot be called.")
        r.deal("stands")
        return
    if how == "below_table":
        r.cite("exposed_card_defined")
        r.verdict = "not_exposed"
        r.summary = (f"{r.seat(offender)} dropped {what} below the table. Law §exposed_card_defined makes exposed cards of those "
                     "dropped face upward on the table, and this was not: it is not an exposed card, and there is no "
                     "penalty.")
        r.note("We read the manual's list of exposed cards as complete: a card it does not name is not exposed.")
        r.deal("stands")
        return
    if how == "shown":
        r.silent("The manual's exposed cards are those led out of turn, played in error, played two or more to a "
                 "trick, or dropped face upward on the table (Law §exposed_card_defined); a card merely shown is "
                 "not among them, and the manual gives no penalty for it.")
    r.cite("exposed_card_defined")
    r.verdict = "exposed"
    kind = {"two_played": "played two cards to a trick", "dropped": f"dropped {what} face upward on the table"}[how]
    r.summary = (f"{r.seat(offender)} {kind}. By Law §exposed_card_defined that is an exposed card, left face up on the "
                 f"table; {offender.side.other.name_} may call it, and he must play it when called unless that "
                 "would make him revoke (Law §never_forced_to_revoke).")
    r.action("exposed_card_defined", f"The {'card not played to the trick' if how == 'two_played' else 'card'} is left "
             f"face up on the table before {offender.name_}.")
    if how == "two_played":
        r.note("The manual does not say which of two cards counts as played; we read it as the one he meant to "
               "play, the other being the exposed card.")
    _call_card(r, "never_forced_to_revoke", offender, what if how == "dropped" else "the exposed card")
    r.deal("stands")


def _partner_of_lone_exposes(r: Ruler, offender: Seat, what: str) -> None:
    """Law 14: the adversaries may make the lone player's partner take up his hand: the lone hand is over."""
    lone = r.case.alone
    assert lone is not None
    victims = offender.side.other
    r.govern("lone_partner_exposes")
    r.cite("partner_lays_down")
    r.verdict = "exposed"
    r.summary = (f"{r.seat(offender)}, partner of {lone.name_} who plays alone, exposed {what} of his abandoned "
                 f"hand. By Law §lone_partner_exposes {victims.name_} can call upon him to take up the hand and play "
                 "it, the exposed card left on the table as liable to be called; that prevents the lone hand.")
    r.option("take_up_hand", "lone_partner_exposes", victims,
             f"call upon {offender.name_} to take up his hand and play it: the lone hand is at an end, and the "
             f"exposed card stays on the table, liable to be called.")
    r.note("The manual says the adversaries 'can' call upon him: we read it as their choice, and the lone hand "
           "going on if they do not.")
    r.deal("stands")


@handles("lone_partner_played", CODE)
def lone_partner_played(r: Ruler) -> None:
    """The lone player's partner played a card of his laid-down hand."""
    offender: Seat = r.fact("offender")
    lone = r.case.alone
    if lone is None or offender != lone.partner:
        r.refuse("the offender must be the partner of the player named as playing alone ('alone')")
    r.note("A card played from the abandoned hand is shown to all: we read it as exposing a card of that hand.")
    _partner_of_lone_exposes(r, offender, "a card")


# -- leading out of turn (Laws 35, 38-41) --


@handles("lead_out_of_turn", CODE)
def lead_out_of_turn(r: Ruler) -> None:
    """A lead out of turn: a suit called by the last player on the trick."""
    offender: Seat = r.fact("offender")
    followed: list[Seat] = r.facts["followed"] or []
    lone = r.case.alone
    _in_play(r, offender, "led")
    if offender in followed:
        r.refuse(f"{offender.name_} cannot both lead and follow to the same false lead")
    others = _trick_order(r, offender)[1:]
    if any(s not in others for s in followed) or set(followed) != set(others[:len(followed)]):
        r.refuse(f"players follow in turn to the left: after {offender.name_} come {_names(others)}")
    victims = offender.side.other
    if len(followed) == len(others):
        r.govern("false_lead_followed")
        r.cite("lead_out_of_turn")
        r.verdict = "trick_stands"
        r.summary = (f"{r.seat(offender)} led out of turn, and all had played to the lead before the error was found "
                     f"({_names(followed)}): by Law §false_lead_followed it cannot be rectified.")
        r.deal("stands")
        return
    if followed:
        one = len(followed) == 1
        r.action("false_lead_followed", f"{_names(followed)} take{'s' if one else ''} back the card{'' if one else 's'} "
                 "played to the false lead; they are not liable to be called.")
    if lone is not None and offender == lone:
        r.govern("lone_player_exposes")
        r.cite("lead_out_of_turn")
        r.verdict = "no_penalty"
        r.summary = (f"{r.seat(offender)} plays alone and led out of turn. By Law §lone_player_exposes a person playing a "
                     "lone hand is not liable to any penalty for leading out of turn; Law §lead_out_of_turn's call of a "
                     "suit is given only against a person not playing alone.")
        r.action("lone_player_exposes", f"{offender.name_} takes back the card led; it is not liable to be called.")
        r.deal("stands")
        return
    r.govern("lead_out_of_turn")
    r.cite("who_calls_suit", "exposed_card_defined")
    r.verdict = "penalty"
    r.summary = (f"{r.seat(offender)} led out of turn. By Law §lead_out_of_turn {victims.name_} may call a suit from "
                 f"{offender.name_} or from {offender.partner.name_}, when it is next the turn of either of them to "
                 "lead; by Law §who_calls_suit the demand is made by the player who will be last on that trick. The "
                 "card led is an exposed card (Law §exposed_card_defined).")
    for leader, id in ((offender, "call_suit"), (offender.partner, "call_suit_partner")):
        order = _trick_order(r, leader)
        last = next(s for s in reversed(order) if s.side == victims)
        r.option(id, "lead_out_of_turn", victims,
                 f"call a suit from {leader.name_}, if he is the first of the two to lead; {last.name_}, the last "
                 "player on that trick, makes the demand.", by=last)
    _call_card(r, "exposed_card_defined", offender, "the card led out of turn")
    r.note("The manual gives the call of a suit and makes the card led an exposed card, without saying that one "
           "excludes the other; we read both as open to the adversaries.")
    r.reading_of("who_calls_suit")
    r.deal("stands")


@handles("extra_card_in_trick", CODE)
def extra_card_in_trick(r: Ruler) -> None:
    """Two or more cards played to a trick: exposed cards (Law 35)."""
    offender: Seat = r.fact("offender")
    _in_play(r, offender, "played to a trick")
    lone = r.case.alone
    if not r.facts["during_play"]:
        r.silent("The manual makes two or more cards played to a trick exposed cards, but says nothing of an "
                 "extra card found only when the hand is over; a revoke he made meanwhile is ruled as a revoke.")
    r.cite("exposed_card_defined")
    if lone is not None and offender == lone:
        r.govern("lone_player_exposes")
        r.verdict = "no_penalty"
        r.summary = (f"{r.seat(offender)} plays alone and played two cards to a trick. They are exposed cards "
                     "(Law §exposed_card_defined), but a lone player is not liable to any penalty for exposing his "
                     "cards (Law §lone_player_exposes): he takes back the card he did not mean to play.")
        r.deal("stands")
        return
    r.verdict = "exposed"
    r.summary = (f"{r.seat(offender)} played two cards to a trick. By Law §exposed_card_defined the extra card is an "
                 "exposed card and must be left face up on the table; he must play it when called, unless that would "
                 "make him revoke (Law §never_forced_to_revoke).")
    r.action("exposed_card_defined", f"The card not played to the trick is left face up on the table before {offender.name_}.")
    r.note("The manual does not say which card counts as played; we read it as the one he meant to play.")
    _call_card(r, "never_forced_to_revoke", offender, "the exposed card")
    r.deal("stands")


@handles("called_card_not_played", CODE)
def called_card_not_played(r: Ruler) -> None:
    """A called card not played: excused only where playing it would have made a revoke."""
    offender: Seat = r.fact("offender")
    if not r.facts["would_revoke"]:
        r.silent("The manual says an exposed card must be played when called, but gives no penalty for not "
                 "playing it.")
    r.cite("never_forced_to_revoke")
    r.verdict = "no_penalty"
    r.summary = (f"{r.seat(offender)} did not play the card called because it would have made him revoke. By "
                 "Law §never_forced_to_revoke an exposed card is played when called unless that would make the player revoke: "
                 "there is no offence, and the card stays exposed.")
    r.deal("stands")


@handles("asked_who_played", CODE)
def asked_who_played(r: Ruler) -> None:
    """A player asked who played a card: he may ask the others to draw cards."""
    offender: Seat = r.fact("offender")
    r.cite("drawing_cards", "quitted_tricks")
    r.verdict = "proper"
    r.summary = (f"{r.seat(offender)} asked who played a card. By Law §drawing_cards any player may ask the others to "
                 "draw cards in any trick before the cards are touched to be gathered, and each then shows which card "
                 "he played. There is no penalty. A trick turned and quitted may not be seen (Law §quitted_tricks).")
    r.action("drawing_cards", "If the cards have not been touched for gathering, each player indicates the card he played.")
    r.deal("stands")


# -- making the trump (Laws 1-7, 33-34) --


@handles("named_turned_down_suit", CODE)
def named_turned_down_suit(r: Ruler) -> None:
    """A player named the suit just turned down."""
    offender: Seat = r.fact("offender")
    then: Suit | None = r.facts["then_named"]
    turned = r.case.turned
    if then is not None and turned is not None and then == turned.suit:
        r.refuse(f"then_named is {then.value}, the suit turned down itself")
    if then is None:
        r.govern("naming_turned_down_suit")
        r.verdict = "right_lost"
        r.summary = (f"{r.seat(offender)} named the suit that had just been turned down. By Law §naming_turned_down_suit he "
                     "loses his right to make the trump; the next player in turn may name a suit.")
        r.action("naming_turned_down_suit", f"{offender.name_} may not make the trump in this deal.")
    else:
        r.govern("correcting_named_suit")
        r.cite("naming_turned_down_suit")
        r.verdict = "side_debarred"
        r.summary = (f"{r.seat(offender)} named the suit just turned down, then corrected himself and named "
                     f"{then.value}. By Law §correcting_named_suit he debars not only himself but his partner, "
                     f"{offender.partner.name_}, from making the trump: {then.value} are not trumps, and the "
                     "next player in turn may name a suit.")
        r.action("correcting_named_suit", f"Neither {offender.name_} nor {offender.partner.name_} may make the trump in this deal.")
    r.deal("stands")


@handles("change_named_suit", CODE)
def change_named_suit(r: Ruler) -> None:
    """A player named a suit in his turn and then tried to change it."""
    offender: Seat = r.fact("offender")
    r.cite("naming_final")
    r.verdict = "binding"
    r.summary = (f"{r.seat(offender)} named a new trump suit in his proper turn and then tried to change it. By "
                 "Law §naming_final his decision is binding on all the others: the suit he named first is trumps.")
    r.note("Law §naming_final binds 'all the others'; we read a decision the others are bound by as one he cannot change "
           "either. (Naming the suit just turned down and then another suit is Law §correcting_named_suit: "
           "named_turned_down_suit.)")
    r.deal("stands")


@handles("bid_out_of_turn", CODE)
def bid_out_of_turn(r: Ruler) -> None:
    """Naming a suit out of turn debars both partners from that suit."""
    offender: Seat = r.fact("offender")
    action: str = r.fact("action")
    if action != "make":
        r.silent("The manual speaks only of naming a suit out of turn; it says nothing of passing, ordering up "
                 "or assisting out of turn.")
    suit: Suit | None = r.facts.get("suit")
    named = suit.value if suit is not None else "the suit he named"
    r.cite("naming_out_of_turn")
    r.verdict = "suit_debarred"
    r.summary = (f"{r.seat(offender)} named {named} out of his proper turn. By Law §naming_out_of_turn both he and his "
                 f"partner, {offender.partner.name_}, are debarred from making {named} the trump. The naming goes on "
                 "in turn.")
    r.action("naming_out_of_turn", f"Neither {offender.name_} nor {offender.partner.name_} may make {named} the trump in this deal.")
    r.deal("stands")


@handles("all_passed", CODE)
def all_passed(r: Ruler) -> None:
    """Every player passed: after the turn-up, naming a new suit; after that, the deal is void."""
    case = r.case
    if case.maker is not None or case.alone is not None or case.trump is not None:
        r.refuse("if all passed no trump was made: give no maker, alone or trump")
    left = r.seat(case.dealer.left) if case.dealer is not None else "the next player on the dealer's left"
    if r.fact("round") == 1:
        r.cite("ordering_up", "naming_final")
        r.verdict = "second_round"
        r.summary = ("All passed the turn-up trump on the first round (Law §ordering_up). It is turned down, and the "
                     "players in turn may name a new trump suit; one named in a player's proper turn binds the "
                     "others (Law §naming_final), and naming the suit just turned down loses a player his right "
                     "(Law §naming_turned_down_suit).")
        r.cite("naming_turned_down_suit")
        r.note("The manual does not say who names first; we read the naming as going in turn from the eldest hand.")
        r.deal("stands")
        return
    r.cite("none_make_trump")
    r.verdict = "deal_void"
    r.summary = (f"No one would name a new trump. By Law §none_make_trump the deal is void, and passes to the next "
                 f"player on the dealer's left, {left}. No points are scored.")
    r.deal("passes")


@handles("asked_turned_card", CODE)
def asked_turned_card(r: Ruler) -> None:
    """Asking what was turned up, once the dealer has it in his hand."""
    offender: Seat = r.fact("offender")
    r.cite("asking_trump_suit", "naming_taken_trump")
    r.verdict = "proper"
    r.summary = (f"{r.seat(offender)} asked what was turned up. By Law §asking_trump_suit a player may ask and must be "
                 "told what the trump suit is. But once the dealer has taken the trump into his hand, any player who "
                 "names the card is liable to have his highest or lowest trump called (Law §naming_taken_trump): the "
                 "answer gives the suit, not the card.")
    r.action("asking_trump_suit", f"{offender.name_} is told the trump suit.")
    r.note("The manual gives no penalty for asking; its penalty falls on a player who names the card.")
    if r.facts["trump_card_played"]:
        r.note("The trump card has been played, so it is no longer in the dealer's hand; the manual's penalty for "
               "naming it speaks of the card while the dealer holds it.")
    r.deal("stands")


# -- playing alone (Laws 1, 10, 12, 15-21) --

_VIA_KEY = {"order": "orderer_alone", "assist": "orderer_alone", "adopt": "dealer_alone", "make": "maker_alone"}


@handles("lone_declaration", CODE)
def lone_declaration(r: Ruler) -> None:
    """May he play alone? Only the player who takes up, orders up or makes the trump."""
    case, f, t = r.case, r.facts, r.table
    declarer: Seat = r.fact("declarer")
    via: str | None = f["via"]
    maker = case.maker
    if via is None:
        via = "take_from_partner" if maker is not None and maker == declarer.partner else None
    if via is None and maker == declarer:
        via = t.act_of(declarer)
    if via is None and maker is None:
        r.refuse("say how the trump was made ('via': order, assist, adopt or make), or who made it ('maker')")
    roles = {"order": (t.eldest, t.third), "assist": (t.second,), "adopt": (t.dealer,)}
    if via in roles and declarer not in roles[via]:
        r.refuse(f"{r.seat(declarer)} cannot {'take up the trump' if via == 'adopt' else via}: "
                 f"that is for {_names(roles[via])}")
    r.cite("who_may_play_alone")
    late = f["after_lead"] or f["after_naming_trump"]
    if via == "take_from_partner" or (maker is not None and maker != declarer):
        r.verdict = "not_allowed"
        made = maker or declarer.partner
        made_by = "make" if case.second_round else t.act_of(made)
        # Law 20 speaks of ordering up and assisting; a trump taken up or made is Law 16's alone.
        r.govern("alone_barred" if made_by in ("order", "assist") else "who_may_play_alone")
        r.cite("alone_barred")
        if made == t.second and declarer == t.dealer:
            why = "if the dealer's partner assists, that prevents the dealer from playing a lone hand"
        elif made.side != declarer.side:
            why = "when one player orders up or makes the trump, his adversary cannot play alone"
        else:
            why = "neither the partner of the player who orders up nor the partner of the maker can play alone"
        r.summary = (f"{r.seat(declarer)} may not play alone. By Law §who_may_play_alone no player but the one that takes up, "
                     f"orders up, or makes the trump can play a lone hand, and by Law §alone_barred {why}. The manual "
                     "calls allowing it a mistake (Law §alone_mistakes).")
        r.cite("alone_mistakes")
        r.deal("stands")
        return
    key = _VIA_KEY[via]
    r.cite(key)
    if via == "make":
        r.cite("alone_with_new_suit")
    if via in ("order", "assist"):
        r.cite("alone_when_ordering")
    if late:
        when = "after a lead had been made" if f["after_lead"] else "only after naming the trump"
        rule = ("must distinctly announce it when he orders up the trump (Law §announce_alone_ordering)"
                if via == "order" else "may announce it at the same time as he "
                + ("names the suit (Law §alone_with_new_suit)" if via == "make" else "makes the trump (Law §alone_when_ordering)"))
        if via == "order":
            r.govern("announce_alone_ordering")
        r.verdict = "not_allowed"
        r.summary = (f"{r.seat(declarer)} declared to play alone {when}. He was one who may play alone, but he "
                     f"{rule}; a declaration made later is not in time, and he plays the hand with his partner.")
        r.note("The manual gives the time for the announcement without a word on one made later; we read a "
               "later announcement as not made.")
        r.deal("stands")
        return
    r.verdict = "allowed"
    r.govern(key)  # the provision that names his way of making the trump
    did = {"order": "ordered up the trump", "assist": "assisted", "adopt": "took up the trump of his own accord",
           "make": "made a new trump"}[via]
    r.summary = f"{r.seat(declarer)} {did} and may play alone (Laws §who_may_play_alone, §{key})."
    if via == "assist":
        r.cite("dealers_partner_alone")
        r.action("dealers_partner_alone", f"{t.dealer.name_}, the dealer, lays down his cards, leaving the trump on the pack.")
        r.note("The manual gives the dealer's partner the words 'I play this alone' instead of assisting; we read "
               "the two as the same declaration.")
    else:
        r.cite("partner_lays_down")
        r.action("partner_lays_down", f"{declarer.partner.name_} lays his cards face downward on the table and takes no "
                 "further part in the play of the hand.")
    if via == "order" and declarer.side != t.dealer.side:
        r.cite("announce_alone_ordering")
        r.summary += " As an adversary of the dealer he must distinctly announce it when he orders up (Law §announce_alone_ordering)."
    if f["declarer_passed"] or f["exposed_before"] or f["words"]:
        r.note("The manual says nothing of a player who had passed, exposed a card before declaring, or the exact "
               "words used; none of these changes the ruling.")
    r.deal("stands")


# -- the hand's result (Laws 2, 11, 14, 27) --


@handles("hand_result", CODE)
def hand_result(r: Ruler) -> None:
    """The manual scores only a euchre; for the point and the march it states no figure."""
    f, case = r.facts, r.case
    makers: Side | None = f["makers"] or (f["maker"].side if f["maker"] else None) or case.makers
    if makers is None:
        r.refuse("say who made the trump: makers (NS or EW) or maker (a seat)")
    tricks = f["tricks"]
    if f["abandoned"] or f["wrong_count_by"] is not None:
        r.silent("The manual says nothing of an adversary abandoning his hand against a lone hand, or of a "
                 "player with a wrong number of cards.")
    if f["revoke_by"] is not None:  # the hand is abandoned: the revoke penalty is all that is scored
        r.verdict = "revoke"
        r.summary = (f"{f['revoke_by'].name_} revoked, so the hand is not scored for its tricks. ")
        _revoke_penalty(r, f["revoke_by"], f["revokes"] or 1)
        return
    if tricks is None:
        r.refuse("tricks is needed: how many tricks the makers took")
    needed = r.number("makers_need_three", "tricks_needed")
    if not 0 <= tricks <= r.book.provision("winner_leads").number_of("tricks"):
        r.refuse(f"{tricks} tricks: a hand has five")
    alone = bool(f["alone"]) or case.alone is not None
    if tricks >= needed:
        r.silent(f"{makers.name_} took {tricks} tricks, so they are not euchred (Laws §makers_need_three and "
                 "§new_trump_euchre), but the manual states no points for the point or the march, alone or "
                 "with a partner.")
    euchre = r.number("makers_need_three", "euchre")
    r.cite("new_trump_euchre")
    r.verdict = "euchred"
    r.award(makers.other, euchre, "makers_need_three")
    how = " playing alone" if alone else ""
    r.summary = (f"{makers.name_} made the trump{how} and took {tricks} trick{'s' if tricks != 1 else ''}, fewer than "
                 f"{needed}: they are euchred, and {makers.other.name_} count {euchre} (Laws §makers_need_three and "
                 "§new_trump_euchre), whether the maker played alone or not.")
    if f["partner_exposed"]:
        r.cite("lone_partner_exposes")
        r.note("If the lone player's partner exposed a card and the adversaries made him take up his hand, the "
               "lone hand was prevented (Law §lone_partner_exposes); the euchre is two either way.")
    r.deal(None)
