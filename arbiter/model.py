"""The game's vocabulary: seats, sides, suits, cards and the roles of a deal.

Play and the deal go to the left, which is clockwise: N, E, S, W.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple


class InputError(ValueError):
    """Input that cannot be ruled on; the message names the problem in one line."""


def is_whole(text: str, signed: bool = False) -> bool:
    """Whether `text` is a whole number in ASCII digits (optionally signed).

    `str.isdigit` also accepts '²' and '①', which `int` refuses; a number typed at the
    table is only ever 0-9.
    """
    if signed and text[:1] in ("+", "-"):
        text = text[1:]
    return bool(text) and text.isascii() and text.isdigit()


class Seat(str, Enum):
    """A place at the table."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @classmethod
    def parse(cls, text: object) -> Seat:
        """A seat from `N`, `north`, `n` and so on."""
        seat = _SEAT_KEYS.get(str(text).strip().upper())
        if seat is None:
            raise InputError(f"unknown seat {text!r}; seats are N, E, S, W")
        return seat

    # Read from tables made once below: a ruling asks a seat its neighbours and side dozens
    # of times, and an enum's members are slow to name.
    @property
    def left(self) -> Seat:
        """The player on this seat's left: next to deal, next to play."""
        return _LEFT[self]

    @property
    def right(self) -> Seat:
        """The player on this seat's right."""
        return _RIGHT[self]

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return _PARTNER[self]

    @property
    def side(self) -> Side:
        """The partnership this seat belongs to."""
        return _SEAT_SIDE[self]

    @property
    def name_(self) -> str:
        """The seat's name in words, as players say it."""
        return _SEAT_WORDS[self]

    def __repr__(self) -> str:
        return f"Seat.{self.value}"

    def __str__(self) -> str:
        return self.value


_ORDER = (Seat.N, Seat.E, Seat.S, Seat.W)
_SEAT_NAMES = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}
_SEAT_WORDS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
_SEAT_KEYS = {**{seat.value: seat for seat in _ORDER}, **{name: Seat(key) for name, key in _SEAT_NAMES.items()}}
"""Each seat by its letter or its name in capitals: a table, for an enum's call is slow."""
_LEFT = {seat: _ORDER[(i + 1) % 4] for i, seat in enumerate(_ORDER)}
_PARTNER = {seat: _ORDER[(i + 2) % 4] for i, seat in enumerate(_ORDER)}
_RIGHT = {seat: _ORDER[(i + 3) % 4] for i, seat in enumerate(_ORDER)}


class Side(str, Enum):
    """A side: a partnership of the four-handed game, or one player of the two-handed game,
    who is his own side (rulesets.md: the two-handed game)."""

    NS = "NS"
    EW = "EW"
    N = "N"
    S = "S"

    @classmethod
    def parse(cls, text: object, players: int = 4) -> Side:
        """A side from `NS`, `ew`, `SN` and so on; at a table of two, `N` or `S`."""
        side = (_SINGLE_NAMES if players == 2 else _PARTNERSHIP_NAMES).get(str(text).strip().upper())
        if side is not None:
            return side
        sides = SINGLES if players == 2 else PARTNERSHIPS
        raise InputError(f"unknown side {text!r}; sides are {' and '.join(s.value for s in sides)}")

    @classmethod
    def any(cls, text: object) -> Side:
        """A side of either game: a partnership, or a player of the two-handed game; the caller
        checks it against the table."""
        try:
            return cls.parse(text)
        except InputError:
            if str(text).strip().upper() in ("N", "S", "NORTH", "SOUTH"):
                return cls.parse(text, 2)
            raise

    @property
    def other(self) -> Side:
        """The adversaries."""
        return _OTHER[self]

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats of the side."""
        return _SIDE_SEATS[self]

    @property
    def name_(self) -> str:
        """The side in words: 'North and South', or 'North'."""
        return _SIDE_WORDS[self]

    def __repr__(self) -> str:
        return f"Side.{self.value}"

    def __str__(self) -> str:
        return self.value


PARTNERSHIPS = (Side.NS, Side.EW)
"""The sides of the four-handed game."""
_PARTNERSHIP_NAMES = {"NS": Side.NS, "SN": Side.NS, "EW": Side.EW, "WE": Side.EW}
"""Each partnership by its letters in either order (SN and WE name the same sides)."""
SINGLES = (Side.N, Side.S)
"""The sides of the two-handed game: each player his own."""
_SINGLE_NAMES = {"N": Side.N, "NORTH": Side.N, "S": Side.S, "SOUTH": Side.S}
"""Each player of the two-handed game by his letter or his seat's name."""
_OTHER = {Side.NS: Side.EW, Side.EW: Side.NS, Side.N: Side.S, Side.S: Side.N}
_SIDE_SEATS = {Side.NS: (Seat.N, Seat.S), Side.EW: (Seat.E, Seat.W), Side.N: (Seat.N,), Side.S: (Seat.S,)}
_SIDE_WORDS = {side: " and ".join(s.name_ for s in seats) for side, seats in _SIDE_SEATS.items()}
_SEAT_SIDE = {Seat.N: Side.NS, Seat.S: Side.NS, Seat.E: Side.EW, Seat.W: Side.EW}


def sides_of(players: int) -> tuple[Side, ...]:
    """The sides at a table of `players`."""
    return SINGLES if players == 2 else PARTNERSHIPS


class Suit(str, Enum):
    """A suit of the pack."""

    clubs = "clubs"
    diamonds = "diamonds"
    hearts = "hearts"
    spades = "spades"

    @classmethod
    def parse(cls, text: object) -> Suit:
        """A suit from its name, singular or plural, or its letter."""
        suit = _SUIT_NAMES.get(str(text).strip().lower())
        if suit is not None:
            return suit
        raise InputError(f"unknown suit {text!r}; suits are clubs, diamonds, hearts, spades")

    @property
    def letter(self) -> str:
        """The suit's letter in a card name: C, D, H, S."""
        return self.value[0].upper()

    @property
    def red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.hearts, Suit.diamonds)

    @property
    def mate(self) -> Suit:
        """The other suit of the same colour, whose knave is this suit's left bower."""
        return _MATES[self]

    def __repr__(self) -> str:
        return f"Suit.{self.value}"

    def __str__(self) -> str:
        return self.value


_SUIT_NAMES = {name: suit for suit in Suit for name in (suit.value, suit.value[:-1], suit.letter.lower())}
"""Each suit by its name, singular or plural, and its letter (a case names many cards)."""

_MATES = {
    Suit.clubs: Suit.spades,
    Suit.spades: Suit.clubs,
    Suit.hearts: Suit.diamonds,
    Suit.diamonds: Suit.hearts,
}

RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
"""The Somerset pack's ranks, lowest first: 32 cards, seven to ace."""

_RANK_WORDS = {
    "seven": "7", "eight": "8", "nine": "9", "ten": "10", "t": "10",
    "knave": "J", "jack": "J", "queen": "Q", "king": "K", "ace": "A",
}


class Card(NamedTuple):
    """A card of the 32-card Somerset pack."""

    rank: str
    """One of 7 8 9 10 J Q K A."""
    suit: Suit
    """The printed suit; see `suit_in` for the suit a card belongs to once trumps are made."""

    @classmethod
    def parse(cls, text: object) -> Card:
        """A card from `JH`, `10H`, `TH`, `9s`, or `knave of hearts`."""
        raw = str(text).strip()
        card = _CARD_NAMES.get(raw)
        if card is not None:  # the card's own name, as most are given
            return card
        words = raw.lower().replace(" of ", " ").split()
        if len(words) == 2 and words[0] in _RANK_SPELLINGS:
            rank = _RANK_WORDS.get(words[0], words[0].upper())
            suit_text = words[1]
        else:
            compact = raw.upper()
            rank, suit_text = compact[:-1], compact[-1:]
            rank = "10" if rank == "T" else rank
        if rank not in RANKS:
            raise InputError(
                f"unknown card {text!r}; cards are rank and suit letter, seven to ace: 7H ... 10H (TH), JH, QH, KH, AH"
            )
        try:
            suit = Suit.parse(suit_text)
        except InputError:
            raise InputError(f"unknown card {text!r}; the suit letter must be C, D, H or S") from None
        return cls(rank, suit)

    def __str__(self) -> str:
        return f"{self.rank}{self.suit.letter}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def words(self) -> str:
        """The card in words: 'knave of hearts'."""
        return f"{_RANK_NAMES[self.rank]} of {self.suit.value}"

    def is_right_bower(self, trump: Suit | None) -> bool:
        """The knave of the trump suit."""
        return trump is not None and self.rank == "J" and self.suit is trump

    def is_left_bower(self, trump: Suit | None) -> bool:
        """The knave of the other suit of the trump's colour: it is a trump, not a card of its printed suit."""
        return trump is not None and self.rank == "J" and self.suit is trump.mate

    def suit_in(self, trump: Suit | None) -> Suit:
        """The suit this card belongs to for following suit: the left bower belongs to trumps."""
        return trump if (trump is not None and self.is_left_bower(trump)) else self.suit


PACK = tuple(Card(rank, suit) for suit in Suit for rank in RANKS)
"""The 32-card Somerset pack."""

_RANK_NAMES = {"J": "knave", "Q": "queen", "K": "king", "A": "ace", "10": "ten", "9": "nine", "8": "eight", "7": "seven"}
"""Each rank in words, as a card's `words` say it."""
_RANK_SPELLINGS = _RANK_WORDS | {r.lower(): r for r in RANKS}
"""A rank as a word or its own name (`knave`, `j`), before `of` and a suit."""
_CARD_NAMES = {f"{rank}{suit.letter}": Card(rank, suit) for rank in RANKS for suit in Suit}
"""Each card by its name (`10H`): the spelling the audit and most case files give."""


class Table(NamedTuple):
    """Who sits where for one deal, derived from the dealer."""

    dealer: Seat
    """The seat that deals this hand."""

    @property
    def eldest(self) -> Seat:
        """The dealer's left: first to speak and to lead."""
        return self.dealer.left

    @property
    def second(self) -> Seat:
        """The second hand: the dealer's partner."""
        return self.dealer.partner

    @property
    def third(self) -> Seat:
        """The third hand: eldest's partner, on the dealer's right."""
        return self.dealer.right

    def act_of(self, seat: Seat) -> str:
        """How `seat` makes the trump in the first round: the dealer adopts (takes it up), his
        partner assists, the others order it up (Technical Terms: Assist, Ordering up)."""
        return {self.dealer: "adopt", self.second: "assist"}.get(seat, "order")

    def role(self, seat: Seat) -> str:
        """The seat's role in words."""
        return {
            self.dealer: "dealer",
            self.eldest: "eldest hand",
            self.second: "second hand",
            self.third: "third hand",
        }[seat]

    @property
    def bidding_order(self) -> tuple[Seat, Seat, Seat, Seat]:
        """Eldest, second, third, dealer: the order in which the players speak."""
        return (self.eldest, self.second, self.third, self.dealer)
