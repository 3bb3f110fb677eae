"""The replay of one recorded deal: who led and won each trick, the tricks and points of
each side, and every irregularity the record proves.

Following suit goes by the card's suit once trumps are made, not its printed suit: the
left bower is a trump, also when it is led (Card.suit_in in the model says the same). A
record that gives only the order of the cards (EGN) has them played in turn from the
leader, the lone player's partner (and a lone defender's) sitting out; the first leader is
the dealer's left, or under a lone hand as the lead rule in force says (Laws 87, 89 or the
house's `lone_lead`), and each later leader is the previous trick's winner.

An irregularity is a `Finding`: what was done, by whom, in which trick, the proof from the
record, and the incident as a case file would give it, for `arbiter.ruling` to rule on.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from arbiter.model import InputError
from arbiter.record import MATES, NAMES, NUMBERS, RANKS, SEATS, SUITS, CardNo, Deal, Seat, side_of

_LETTERS = tuple(SUITS)
"""The suit letters by place, C D H S: a suit in the tables below is its place here."""
_SUIT_OF = tuple(_LETTERS.index(name[-1]) for name in NAMES)
"""Each card's printed suit, by card number."""
_BIT = tuple(1 << i for i in range(4))
"""A suit's bit in a seat's set of suits he failed to follow."""


def _tables() -> tuple[dict[str, tuple[int, ...]], dict[str, tuple[tuple[int, ...], ...]]]:
    """For each trump suit: every card's suit for following; and for each suit led, every
    card's power in the trick, worked out once so that a trick is a few look-ups. Tuples
    indexed by card number and by suit's place (the quickest look-up Python has).

    Power: a trump beats every other card, the right bower first, then the left; a card of
    the suit led beats any other non-trump (by rank); a card of neither cannot win (-1).
    """
    follow: dict[str, tuple[int, ...]] = {}
    power: dict[str, tuple[tuple[int, ...], ...]] = {}
    for trump in SUITS:
        t, right, left = _LETTERS.index(trump), NUMBERS["J" + trump], NUMBERS["J" + MATES[trump]]
        suits = tuple(t if card == left else _SUIT_OF[card] for card in range(len(NAMES)))
        strength = [201 if card == right else 200 if card == left else
                    (100 if suits[card] == t else 10) + RANKS.index(name[:-1]) for card, name in enumerate(NAMES)]
        follow[trump] = suits
        power[trump] = tuple(tuple(p if suits[c] in (t, led) else -1 for c, p in enumerate(strength))
                             for led in range(4))
    return follow, power


FOLLOW, POWER = _tables()
_WORDS = tuple(tuple(f'"{SEATS[seat]} {name}"' for name in NAMES) for seat in range(4))
"""Each seat's words for each card it may play, by card number, as JSON text: '"N 9C"'."""


class Finding(NamedTuple):  # not a dataclass: the audit starts without importing dataclasses
    """An irregularity the record proves."""

    kind: str
    """What the audit calls it: revoke, card_twice, card_not_his, card_not_in_pack,
    wrong_size, lone_partner_played, lead_out_of_turn, play_out_of_turn, exposed_card."""
    offender: Seat | None
    trick: int
    """1-based; 0 before the play."""
    proof: str
    """What in the record proves it, in words."""
    incident: dict[str, Any] | None
    """The incident as a case file gives it, for the ruling engine; None where no kind fits."""


class Replay:
    """What a deal came to. A plain class, not a dataclass, as `Finding`."""

    __slots__ = ("leaders", "winners", "tricks", "points", "complete", "findings", "seats", "cards", "plays")

    def __init__(self) -> None:
        self.leaders: list[Seat] = []
        self.winners: list[Seat] = []
        self.tricks = {"NS": 0, "EW": 0}
        self.points = {"NS": 0, "EW": 0}
        self.complete = False
        """All five tricks were played out."""
        self.findings: list[Finding] = []
        self.seats: list[tuple[Seat, ...]] = []
        """Each trick's seats in the order they played."""
        self.cards: list[tuple[CardNo, ...]] = []
        """Each trick's cards in the order played, beside `seats`."""
        self.plays: list[str] = []
        """Each trick's plays as JSON text, '["N 9C", "E 10C", ...]', made as the cards are looked
        at: the audit writes it as it is (arbiter/audit.py, `_deal_text`)."""


def first_leader(deal: Deal, lone_lead: str) -> Seat:
    """Who leads the first trick: eldest hand, or under a lone hand the lead rule's seat;
    a seat that sits out passes the lead to the next in turn (Law 89)."""
    return _first_leader(deal, lone_lead, sitting_out(deal))


def _first_leader(deal: Deal, lone_lead: str, out: tuple[Seat, ...]) -> Seat:
    seat = (deal.alone + 1) % 4 if deal.alone is not None and lone_lead == "left_of_loner" else (deal.dealer + 1) % 4
    while seat in out:
        seat = (seat + 1) % 4
    return seat


_ORDERS = {out: tuple(tuple(s for s in ((lead + i) % 4 for i in range(4)) if s not in out) for lead in range(4))
           for out in [()] + [(a,) for a in range(4)] + [(a, b) for a in range(4) for b in range(4)]}
"""The seats in turn from each leader, for each set of seats sitting out."""


def sitting_out(deal: Deal) -> tuple[Seat, ...]:
    """The lone player's partner, and a lone defender's."""
    out = ()
    if deal.alone is not None:
        out += ((deal.alone + 2) % 4,)
        if deal.defender_alone is not None:
            out += ((deal.defender_alone + 2) % 4,)
    return out


def replay(deal: Deal, house: dict[str, Any], figures: dict[str, int], where: str) -> Replay:
    """Replay `deal`. `figures` are the hand's points (point, march, euchre, lone_march,
    lone_euchred, defend_euchre, march_tricks, point_tricks); `where` names the file, and a
    refusal names it with the deal's number (made only then: an event has tens of thousands)."""
    result = Replay()
    trump = deal.trump
    if trump is None:
        return result
    follow, power = FOLLOW[trump], POWER[trump]
    failed = [0, 0, 0, 0]  # by seat: a bit for each suit (_BIT) he has failed to follow
    provable = False  # a seat played a suit he had failed to follow before
    out = sitting_out(deal)
    active = 4 - len(out)
    leader = _first_leader(deal, house.get("lone_lead", "eldest"), out)
    if deal.first_leader is not None and deal.first_leader != leader:
        result.findings.append(Finding(
            "lead_out_of_turn", deal.first_leader, 1,
            f"the record says {SEATS[deal.first_leader]} led the first trick; {SEATS[leader]} should have",
            {"kind": "lead_out_of_turn", "offender": SEATS[deal.first_leader]}))
        leader = deal.first_leader
    count = len(deal.tricks)
    most = figures["march_tricks"]
    in_order = _ORDERS[out]
    recorded = deal.seats
    winners, tricks = result.winners, result.tricks
    add_seats, add_cards, add_leader, add_play = (result.seats.append, result.cards.append, result.leaders.append,
                                                  result.plays.append)
    said, bit = _WORDS, _BIT
    for n, cards in enumerate(deal.tricks, 1):
        if not cards:
            raise InputError(f"{where}: deal {deal.number}: trick {n}: a trick with no cards cannot be replayed")
        if n > most:
            raise InputError(f"{where}: deal {deal.number}: trick {n}: a hand has only {most} tricks")
        if recorded is not None:
            seats = recorded[n - 1]
            _check_turns(result, deal, n, leader, seats, out)
        elif len(cards) == active:
            seats = in_order[leader]
        else:
            seats = _in_turn(result, deal, n, leader, len(cards), out, active, last=n == count)
        add_seats(seats)
        add_cards(cards)
        add_leader(seats[0])
        # One look at each card, indexing tables (an event has millions): its words, the
        # strongest, and whether it is of a suit its player failed to follow before, which a
        # revoke needs.
        led = follow[cards[0]]
        strength = power[led]
        best = -2
        words: list[str] = []
        for seat, card in zip(seats, cards):
            words.append(said[seat][card])
            suit = follow[card]
            if failed[seat] >> suit & 1:
                provable = True
            if suit != led:
                failed[seat] |= bit[led]
            if strength[card] > best:  # the first of the strongest wins (a card played twice cannot beat itself)
                best, winner = strength[card], seat
        add_play(f"[{', '.join(words)}]")
        if len(cards) < active and n == count:
            break  # the record stops in the middle of a trick: the deal is unfinished
        winners.append(winner)
        tricks["EW" if winner & 1 else "NS"] += 1
        leader = winner
    result.complete = len(winners) == most
    # Most deals have a failure to follow and prove no revoke: the search runs where a later
    # card may prove one, or a hand the record shows (the dealer's, where it gives his
    # discard: the card he took up, of a suit he failed to follow).
    if provable or deal.hands or (deal.discard is not None and deal.ordered_up and deal.up_card is not None
                                  and failed[deal.dealer] >> follow[NUMBERS[deal.up_card]] & 1):
        _revokes(result, deal, follow)
    _cards_not_his(result, deal, house)
    for e in deal.exposed:
        result.findings.append(Finding(
            "exposed_card", e.seat, e.trick, f"the record says {SEATS[e.seat]} exposed the {e.card}",
            {"kind": "exposed_card", "offender": SEATS[e.seat], "how": "shown", "card": e.card}))
    if result.complete:
        result.points = points(deal, tricks, figures)
    if len(result.findings) > 1:
        result.findings.sort(key=lambda f: f.trick)
    return result


def points(deal: Deal, tricks: dict[str, int], figures: dict[str, int]) -> dict[str, int]:
    """The hand's points as played (Laws 2 and 3, or the house's figures)."""
    assert deal.maker is not None
    makers = side_of(deal.maker)
    others = "EW" if makers == "NS" else "NS"
    won = tricks[makers]
    lone = deal.alone is not None
    out = {"NS": 0, "EW": 0}
    if won >= figures["march_tricks"]:
        out[makers] = figures["lone_march" if lone else "march"]
    elif won >= figures["point_tricks"]:
        out[makers] = figures["lone_point" if lone else "point"]
    elif deal.defender_alone is not None:
        out[others] = figures["defend_euchre"]
    else:
        out[others] = figures["lone_euchred" if lone else "euchre"]
    return out


# --- seats --------------------------------------------------------------------------------


def _in_turn(result: Replay, deal: Deal, n: int, leader: Seat, size: int, out: tuple[Seat, ...], active: int,
             last: bool) -> tuple[Seat, ...]:
    """Seats for a trick recorded only in order: in turn from the leader, skipping those who
    sit out. A trick of the wrong size is a finding; its seats are then read in turn round
    the whole table (so a fourth card under a lone hand is the partner's)."""
    if size == active:
        return _ORDERS[out][leader]
    seats = tuple((leader + i) % 4 for i in range(size))
    if size < active:
        if last:
            return _in_turn(result, deal, n, leader, active, out, active, last)[:size]
        missing = _in_turn(result, deal, n, leader, active, out, active, last)[size:]
        for seat in missing:
            result.findings.append(Finding(
                "wrong_size", seat, n, f"trick {n} has {size} cards, not {active}, and play went on; by the order "
                f"of play {SEATS[seat]} did not play to it",
                {"kind": "omitted_play", "offender": SEATS[seat], "discovered_after_next_trick": True}))
        return _in_turn(result, deal, n, leader, active, out, active, last)[:size]
    partner = (deal.alone + 2) % 4 if deal.alone is not None else None
    for i, seat in enumerate(seats):
        if i >= 4:
            result.findings.append(Finding(
                "wrong_size", seat, n, f"trick {n} has {size} cards; by the order of play the card "
                f"{NAMES[deal.tricks[n - 1][i]]} is a second card from {SEATS[seat]}",
                {"kind": "extra_card_in_trick", "offender": SEATS[seat]}))
        elif seat == partner:
            result.findings.append(Finding(
                "lone_partner_played", seat, n, f"trick {n} has {size} cards under {SEATS[deal.alone]}'s lone hand; "
                f"by the order of play {SEATS[seat]}, the partner, played the {NAMES[deal.tricks[n - 1][i]]}",
                {"kind": "lone_partner_played", "offender": SEATS[seat]}))
        elif seat in out:
            result.findings.append(Finding(
                "wrong_size", seat, n, f"trick {n} has {size} cards; by the order of play {SEATS[seat]}, who sat "
                "out with a lone defender, played to it", None))
    return seats


def _check_turns(result: Replay, deal: Deal, n: int, leader: Seat, seats: tuple[Seat, ...],
                 out: tuple[Seat, ...]) -> None:
    """Where the record says who played each card: a lead or play by the wrong seat, a lone
    player's partner who plays, two cards from one seat, a seat that did not play."""
    partner = (deal.alone + 2) % 4 if deal.alone is not None else None
    actual = seats[0]
    if actual != leader:
        result.findings.append(Finding(
            "lead_out_of_turn", actual, n, f"{SEATS[actual]} led trick {n}; {SEATS[leader]} had the lead",
            {"kind": "lead_out_of_turn", "offender": SEATS[actual],
             "followed": [SEATS[s] for s in dict.fromkeys(seats[1:]) if s != actual]}))
    order = [s for s in ((actual + i) % 4 for i in range(4)) if s not in out]
    seen: set[Seat] = set()
    for i, seat in enumerate(seats):
        if seat in seen:
            result.findings.append(Finding(
                "wrong_size", seat, n, f"{SEATS[seat]} played two cards to trick {n}",
                {"kind": "extra_card_in_trick", "offender": SEATS[seat]}))
            continue
        if seat == partner:
            seen.add(seat)
            result.findings.append(Finding(
                "lone_partner_played", seat, n, f"{SEATS[seat]}, partner of the lone player, played to trick {n}",
                {"kind": "lone_partner_played", "offender": SEATS[seat]}))
            continue
        if seat in out:
            seen.add(seat)
            result.findings.append(Finding(
                "wrong_size", seat, n, f"{SEATS[seat]} sat out with a lone defender but played to trick {n}", None))
            continue
        due = next(s for s in order if s not in seen)  # the first in turn who has not played
        seen.add(seat)
        if i > 0 and seat != due and actual == leader:  # after a false lead, Law 53 speaks for the trick
            position = "third_before_second" if i == 1 else "fourth_before_partner"
            result.findings.append(Finding(
                "play_out_of_turn", seat, n, f"{SEATS[seat]} played to trick {n} before {SEATS[due]}, whose turn it was",
                {"kind": "play_out_of_turn", "offender": SEATS[seat], "position": position,
                 "leader": SEATS[actual]}))
    missing = [s for s in order if s not in seen]
    if missing and n < len(deal.tricks):
        for seat in missing:
            result.findings.append(Finding(
                "wrong_size", seat, n, f"{SEATS[seat]} did not play to trick {n}, and play went on",
                {"kind": "omitted_play", "offender": SEATS[seat], "discovered_after_next_trick": True}))


# --- revokes and cards ----------------------------------------------------------------------


def holding(deal: Deal, seat: Seat) -> tuple[set[CardNo], int] | None:
    """The cards the record shows `seat` held when the play began, and how many of them he
    may have discarded unseen (the dealer who took up, where the discard is not recorded);
    None where the record does not show his hand."""
    hand = deal.hands.get(seat)
    if seat != deal.dealer or not deal.ordered_up or deal.up_card is None:
        return (set(hand), 0) if hand is not None else None
    cards = set(hand or ()) | {NUMBERS[deal.up_card]}
    if deal.discard is not None:
        cards.discard(NUMBERS[deal.discard])
        return cards, 0
    return cards, 1


def _revokes(result: Replay, deal: Deal, follow: tuple[int, ...]) -> None:
    """A player who did not follow the suit led, where a later card of his or his recorded
    hand proves that he could have (Laws 62, 64, 66).

    The tricks are read once, in order, each card looked at once (an event has millions):
    a failure to follow waits under its seat and the suit led until a later card of his in
    that suit proves it.
    """
    all_seats, all_cards = result.seats, result.cards
    failed: list[list[Any]] = []  # [trick, position, seat, suit led, (trick, card) proving it]
    waiting: list[dict[int, list[list[Any]]] | None] = [None, None, None, None]  # by seat, by suit
    for n, (seats, cards) in enumerate(zip(all_seats, all_cards), 1):
        led = follow[cards[0]]
        for i, card in enumerate(cards):
            seat, suit = seats[i], follow[card]
            his = waiting[seat]
            if his and suit in his:
                for f in his.pop(suit):
                    if f[0] < n:
                        f[4] = (n, card)
                    else:  # his own failure in this trick (two cards of his): only a later trick proves it
                        his.setdefault(suit, []).append(f)
            if suit != led:
                f = [n, i, seat, led, None]
                failed.append(f)
                if his is None:
                    waiting[seat] = {led: [f]}
                else:
                    his.setdefault(led, []).append(f)
    hands_known = bool(deal.hands) or deal.discard is not None
    for n, i, seat, led, shown_later in failed:
        if shown_later is None and not hands_known:
            continue
        card, led_card = all_cards[n - 1][i], all_cards[n - 1][0]
        if shown_later is not None:
            shown = [NAMES[shown_later[1]]]
            proof = (f"{SEATS[seat]} played the {NAMES[card]} to trick {n} ({_led_words(led_card, led)}) and the "
                     f"{shown[0]} to trick {shown_later[0]}: he held a card of the suit led")
        else:
            held = holding(deal, seat)
            if held is None:
                continue
            hand, spare = held
            followers = [c for c in hand if follow[c] == led and c != card]
            if len(followers) <= spare:
                continue  # void in the suit led from the deal: the common case
            played_before = {c for m in range(n - 1) for s, c in zip(all_seats[m], all_cards[m]) if s == seat}
            shown = sorted(NAMES[c] for c in followers if c not in played_before)
            if len(shown) <= spare:
                continue
            proof = (f"{SEATS[seat]} played the {NAMES[card]} to trick {n} ({_led_words(led_card, led)}) while his "
                     f"recorded hand held the {', '.join(shown)}")
        result.findings.append(Finding("revoke", seat, n, proof, {
            "kind": "revoke", "offender": SEATS[seat], "led": NAMES[led_card], "played": NAMES[card],
            "hand": [NAMES[card], *shown[:4]]}))


def _led_words(card: CardNo, led: int) -> str:
    suit = SUITS[_LETTERS[led]]
    return f"the {NAMES[card]} led, the left bower, so {suit} led" if _SUIT_OF[card] != led else f"{suit} led"


_PACK_32 = frozenset(range(len(NAMES)))
_PACK_24 = frozenset(NUMBERS[r + s] for r in RANKS[2:] for s in SUITS)
"""The 24-card pack starts at the nine; any other pack in use is taken as the 32 cards."""


def _cards_not_his(result: Replay, deal: Deal, house: dict[str, Any]) -> None:
    """A card played twice in the deal, not in the pack in use, or not his by the record
    (another's recorded hand, the turned-down card, the dealer's own discard)."""
    size = house.get("pack", 24)
    pack = _PACK_24 if size == 24 else _PACK_32
    hands = deal.hands
    up = NUMBERS[deal.up_card] if deal.up_card is not None else None
    discard = NUMBERS[deal.discard] if deal.discard is not None else None
    every = sum(result.cards, ())  # five short tuples: quicker joined so than chained
    played = set(every)
    if not hands and len(played) == len(every) and played <= pack:
        # Each card once and all in the pack: only the card turned up and the discard can
        # be shown not to be his who played it.
        if discard is None or discard not in played:
            if up is None or up not in played:
                return
            # The most common case of all: the dealer took the card up and played it himself.
            if deal.ordered_up and _player(result, up) == deal.dealer:
                return
        marked = {up, discard}
        for n, (seats, cards) in enumerate(zip(result.seats, result.cards), 1):
            if not marked.isdisjoint(cards):
                for seat, card in zip(seats, cards):
                    if card in marked:
                        _owner(result, deal, n, seat, card, up, discard, {})
        return
    seen: dict[CardNo, tuple[Seat, int]] = {}
    owners = {c: s for s, hand in hands.items() for c in hand}
    for n, (seats, cards) in enumerate(zip(result.seats, result.cards), 1):
        for seat, card in zip(seats, cards):
            if card in seen:
                first = seen[card]
                result.findings.append(Finding(
                    "card_twice", seat, n, f"the {NAMES[card]} was played by {SEATS[first[0]]} to trick {first[1]} "
                    f"and again by {SEATS[seat]} to trick {n}", {"kind": "imperfect_pack", "found": "after_hand"}))
                continue
            seen[card] = (seat, n)
            if card not in pack:
                result.findings.append(Finding(
                    "card_not_in_pack", seat, n, f"{SEATS[seat]} played the {NAMES[card]}, which is not in the "
                    f"{size}-card pack in use", {"kind": "imperfect_pack", "found": "after_hand"}))
                continue
            if not hands and card != up and card != discard:
                continue  # nothing recorded says whose it is
            _owner(result, deal, n, seat, card, up, discard, owners)


def _player(result: Replay, card: CardNo) -> Seat:
    """Who played `card` first."""
    for seats, cards in zip(result.seats, result.cards):
        if card in cards:
            return seats[cards.index(card)]
    raise ValueError(card)


def _owner(result: Replay, deal: Deal, n: int, seat: Seat, card: CardNo, up: CardNo | None,
           discard: CardNo | None, owners: dict[CardNo, Seat]) -> None:
    """A finding where the record shows the card was not his who played it (`up` and
    `discard`: the deal's card turned up and dealer's discard, by number)."""
    why = _not_his(deal, seat, card, up, discard, owners)
    if why:
        result.findings.append(Finding("card_not_his", seat, n, f"{SEATS[seat]} played the {NAMES[card]} to trick "
                                       f"{n}, but {why}", None))


def _not_his(deal: Deal, seat: Seat, card: CardNo, up: CardNo | None, discard: CardNo | None,
             owners: dict[CardNo, Seat]) -> str:
    owner = owners.get(card)
    if up == card:
        if not deal.ordered_up:
            return "it was the card turned up, turned down in the bidding"
        if seat != deal.dealer:
            return f"it was the card turned up, taken up by the dealer {SEATS[deal.dealer]}"
        if discard == card:
            return "he discarded it when he took it up"
        return ""
    if discard == card and seat == deal.dealer:
        return "he had discarded it"
    if owner is not None and owner != seat:
        return f"the record deals it to {SEATS[owner]}"
    if seat in deal.hands and owner != seat:
        return "it is not in the hand the record deals him"
    return ""
