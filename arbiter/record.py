"""A recorded game as the audit reads it: the small values both readers produce.

`arbiter/egn.py` (Euchre Game Notation) and `arbiter/deal_record.py` (our YAML deal
record) each turn a file into a `Record`; `arbiter/replay.py` replays its deals.

Seats are the numbers EGN uses, 0-3 for N, E, S, W, because the replay turns them round
the table by arithmetic (the next player is `(seat + 1) % 4`), and an audit of an event
replays tens of thousands of tricks. For the same reason the cards of the play (the
tricks and the hands as dealt) are small numbers, `CardNo`, that index the replay's tables;
the cards a deal names once (the card turned up, the discard, a card exposed) keep their
names in the contract's spelling (`KC`, `10H`), as the JSON and a case file print them.
"""

from __future__ import annotations

from typing import Any, NamedTuple

SEATS = "NESW"
"""Seat letters by number: EGN's seats 0-3."""
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
"""Suit letters of a card name, and the suit's name."""
MATES = {"C": "S", "S": "C", "D": "H", "H": "D"}
"""The other suit of the same colour: its knave is this suit's left bower."""
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
"""Plain-suit order, lowest first (Somerset's 32-card pack; the 24-card pack starts at 9)."""

Seat = int
"""0-3: N, E, S, W."""
Card = str
"""A card's name: rank and suit letter, `KC`, `10H`."""
CardNo = int
"""A card as a number, 0-31: its suit's place in SUITS times 8 and its rank's in RANKS."""

NAMES: tuple[Card, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
"""Each card's name by its number: what the JSON prints of a card of the play."""
NUMBERS: dict[Card, CardNo] = {name: number for number, name in enumerate(NAMES)}
"""Each card's number by its name: how a reader turns a card it has read into one."""


def side_of(seat: Seat) -> str:
    """`NS` for seats 0 and 2, `EW` for 1 and 3."""
    return "EW" if seat & 1 else "NS"


def suit_of(card: Card) -> str:
    """The printed suit's letter."""
    return card[-1]


def rank_of(card: Card) -> str:
    """The rank: 7 ... 10, J, Q, K, A."""
    return card[:-1]


# NamedTuples, not dataclasses: the audit starts without importing dataclasses (and the
# inspect module under it), a sixth of its start-up, and a NamedTuple is quicker to define.


class Exposure(NamedTuple):
    """A card exposed by a player (YAML record only)."""

    seat: Seat
    card: Card
    trick: int
    """The trick (1-based) during or before which it was exposed; 0 before the play."""


class Claim(NamedTuple):
    """A claim made at the table (YAML record only)."""

    by: str
    """The side that claimed: NS or EW."""
    kind: str
    """What was claimed: `revoke`."""
    offender: Seat
    trick: int
    when: str
    """`in_time` (before the next deal was cut) or `after_cut` (Law 68)."""


class Deal(NamedTuple):
    """One deal as recorded: a tuple, as it is the quickest of values to make (an event
    reads tens of thousands)."""

    number: int
    """As the record numbers it (EGN: from 0)."""
    dealer: Seat
    up_card: Card | None
    """The card turned up, where known."""
    trump: str | None
    """The trump suit's letter, or None when all passed."""
    maker: Seat | None
    alone: Seat | None
    """The seat that played alone."""
    defender_alone: Seat | None
    """A defender who played alone against the lone hand (a house rule)."""
    ordered_up: bool
    """The trump was made in the first round, so the dealer took the card turned up."""
    discard: Card | None
    """The dealer's discard, where known."""
    hands: dict[Seat, tuple[CardNo, ...]]
    """Hands as dealt (before the dealer takes up), where the record gives all five cards."""
    tricks: tuple[tuple[CardNo, ...], ...]
    """Each trick's cards in the order played, from its leader."""
    seats: tuple[tuple[Seat, ...], ...] | None = None
    """Who played each card, where the record says (the YAML record); None for EGN."""
    first_leader: Seat | None = None
    """Who led the first trick, where the record says so (EGN 1.0's `initialLead`)."""
    exposed: tuple[Exposure, ...] = ()
    claims: tuple[Claim, ...] = ()
    take_from: Seat | None = None
    """The partner from whom the lone player took the hand ("take it from him", Law 95)."""


class Record(NamedTuple):
    """A recorded game."""

    path: str
    format: str
    """`egn-1.4`, `egn-1.0`..., or `deal-record-1`."""
    house: dict[str, Any]
    """The record's own rules, as house-rule keys (rulesets.md)."""
    not_applied: tuple[str, ...]
    """The record's rules that have no counterpart here."""
    start: tuple[int, int]
    """The score before the first deal, NS and EW."""
    deals: tuple[Deal, ...]
    title: str = ""
