"""Seats, sides, suits, cards and roles."""

from __future__ import annotations

import pytest

from arbiter.model import PACK, Card, InputError, Seat, Side, Suit, Table


def test_play_goes_to_the_left_clockwise() -> None:
    assert [Seat.N.left, Seat.E.left, Seat.S.left, Seat.W.left] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert Seat.N.right is Seat.W
    assert Seat.E.partner is Seat.W and Seat.E.side is Side.EW
    assert Side.parse("sn") is Side.NS and Side.parse("WE") is Side.EW and Side.NS.other is Side.EW


def test_roles_follow_from_the_dealer() -> None:
    table = Table(Seat.S)
    assert table.eldest is Seat.W  # the dealer's left
    assert table.second is Seat.N  # the dealer's partner
    assert table.third is Seat.E  # eldest's partner, the dealer's right
    assert table.bidding_order == (Seat.W, Seat.N, Seat.E, Seat.S)
    assert table.role(Seat.E) == "third hand"


def test_cards_parse_in_every_spelling() -> None:
    assert Card.parse("JH") == Card("J", Suit.hearts)
    assert Card.parse("10s") == Card.parse("TS") == Card.parse("ten of spades")
    assert Card.parse("knave of clubs") == Card.parse("jack of clubs") == Card("J", Suit.clubs)
    assert repr(Card.parse("9D")) == "Card.parse('9D')"
    assert len(PACK) == 32 and len(set(PACK)) == 32


@pytest.mark.parametrize("bad", ["6H", "1H", "JX", "", "joker", "AHH"])
def test_cards_outside_the_somerset_pack_are_refused(bad: str) -> None:
    with pytest.raises(InputError, match="unknown card"):
        Card.parse(bad)


def test_the_left_bower_belongs_to_the_trump_suit() -> None:
    jd = Card.parse("JD")
    assert jd.is_left_bower(Suit.hearts) and jd.suit_in(Suit.hearts) is Suit.hearts
    assert jd.is_right_bower(Suit.diamonds) and jd.suit_in(Suit.diamonds) is Suit.diamonds
    assert jd.suit_in(Suit.spades) is Suit.diamonds  # a plain knave when black suits are trumps
    assert jd.suit_in(None) is Suit.diamonds
    assert Card.parse("JC").suit_in(Suit.spades) is Suit.spades
