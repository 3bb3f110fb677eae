"""The 1911 Britannica's own rulings (laws/britannica-1911/): its two-handed game and its
four-handed summary.

The two-handed game (Laws 5-14 in our numbering, `players: 2`): the bidding and the score
(point 1, march 2, euchred 2, five up). The four-handed summary (Laws 15-19): who may play
alone, and the scores "as before" with a lone march of four. Those are the kinds handled
here; every other kind is one the article does not address, and is ruled silent.
"""

from __future__ import annotations

from arbiter.model import Seat, Side
from arbiter.registry import handles
from arbiter.ruler import Ruler

CODE = "britannica-1911"


def _act(r: Ruler, seat: Seat) -> str:
    """What a player who made the trump did: in the first round, by his seat; else he made it."""
    return "make" if r.case.second_round else r.table.act_of(seat)


_OWN = {"order": True, "assist": False, "adopt": True, "make": True}
"""Who may play alone, for the player's own act: he orders up, takes up or makes; assisting is not named."""
_PARTNERS = {"order": True, "assist": True, "adopt": False, "make": False}
"""Who may play alone, for his partner's act: his partner orders up or assists; nothing else is named."""
_DID = {"order": "ordered up the trump", "assist": "assisted", "adopt": "took up the trump", "make": "made the trump"}


@handles("lone_declaration", CODE)
def lone_declaration(r: Ruler) -> None:
    """May he play alone? When he or his partner orders up, his partner assists, he takes up or makes."""
    case, f, t = r.case, r.facts, r.table
    declarer: Seat = r.fact("declarer")
    via: str | None = f["via"]
    maker = case.maker
    if via in ("order", "assist", "adopt", "make"):
        if maker is not None and maker != declarer:
            r.refuse(f"via {via} says {declarer.name_} made the trump himself, but the maker is {maker.name_}")
        maker = declarer
    elif via == "take_from_partner":
        maker = declarer.partner if maker is None else maker
        if maker != declarer.partner:
            r.refuse(f"via take_from_partner: the maker must be {declarer.partner.name_}, {declarer.name_}'s partner")
    if maker is None:
        r.refuse("say how the trump was made ('via') or who made it ('maker')")
    assert maker is not None
    act = via if via in _OWN else _act(r, maker)
    roles = {"order": (t.eldest, t.third), "assist": (t.second,), "adopt": (t.dealer,)}
    if act in roles and maker not in roles[act]:
        r.refuse(f"{r.seat(maker)} cannot have {_DID[act]}: that is for "
                 + " or ".join(s.name_ for s in roles[act]))
    r.govern("who_may_play_alone")
    r.cite("playing_alone")
    if act == "assist":
        r.cite("assist")
    own = maker == declarer
    if maker.side != declarer.side:
        allowed = False
        why = f"{maker.name_}, an adversary, {_DID[act]}; Law §who_may_play_alone names only his own side's acts"
    elif own:
        allowed = _OWN[act]
        why = (f"he {_DID[act]} himself, which Law §who_may_play_alone names" if allowed else
               "he assisted; Law §who_may_play_alone lets a player play alone when his partner assists, and does "
               "not name the player who assists")
    else:
        allowed = _PARTNERS[act]
        why = (f"his partner, {maker.name_}, {_DID[act]}, which Law §who_may_play_alone names" if allowed else
               f"his partner, {maker.name_}, {_DID[act]}; Law §who_may_play_alone names a partner's ordering up or "
               "assisting, not this")
    r.verdict = "allowed" if allowed else "not_allowed"
    r.summary = (f"{r.seat(declarer)} {'may' if allowed else 'may not'} play alone: {why}. He can only play alone "
                 "when he or his partner orders up, or when his partner assists, or when he takes up the trump, or "
                 "when he makes the trump.")
    if f["declarer_passed"] or f["exposed_before"] or f["after_naming_trump"] or f["after_lead"] or f["words"] \
            or f["after_quitting_discard"]:
        r.note("The article says nothing of when or in what words a lone hand is declared, or of a player who "
               "had passed or exposed a card; none of these changes the ruling.")
    r.deal("stands")


@handles("hand_result", CODE)
def hand_result(r: Ruler) -> None:
    """The score for a hand, as the article gives it: point 1, march 2, euchre 2, lone march 4."""
    f, case = r.facts, r.case
    two = case.players == 2
    if two and f["alone"]:
        r.refuse("no one plays alone in the two-handed game")
    maker = f["maker"] or case.maker
    makers: Side | None = f["makers"] or (_side_of(maker, two) if maker is not None else None) or case.makers
    if makers is None:
        r.refuse("say who made the trump: " + ("maker (N or S)" if two else "makers (NS or EW) or maker (a seat)"))
    assert makers is not None
    if f["partner_exposed"] or f["abandoned"] or f["revoke_by"] is not None or f["wrong_count_by"] is not None:
        r.silent("The article states the scores for tricks won and no more: it says nothing of exposed cards, "
                 "an abandoned hand, a revoke or a wrong number of cards.")
    tricks = f["tricks"]
    if tricks is None:
        r.refuse("tricks is needed: how many tricks the makers took")
    march = r.book.provision("points_for_tricks").number_of("march_tricks")
    point = r.book.provision("points_for_tricks").number_of("point_tricks")
    if not 0 <= tricks <= march:
        r.refuse(f"{tricks} tricks: a hand has {march}")
    alone = bool(f["alone"]) or case.alone is not None
    how = " playing alone" if alone else ""
    if tricks >= march and alone:
        points = r.number("lone_hand_points", "march")
        r.govern("lone_hand_points")
        r.cite("points_for_tricks")
        scorer, text = makers, f"a lone march: the lone player scores {points} (Law §lone_hand_points)"
    elif tricks >= march:
        points = r.number("points_for_tricks", "march")
        r.govern("points_for_tricks")
        scorer, text = makers, f"a march, scoring {points} (Law §points_for_tricks)"
    elif tricks >= point:
        points = r.number("points_for_tricks", "point")
        r.govern("points_for_tricks")
        scorer, text = makers, f"the point, scoring {points} (Law §points_for_tricks)"
        if tricks > point:
            r.reading_of("points_for_tricks")
    else:
        points = r.number("euchred", "euchre")
        r.govern("euchred")
        scorer, text = makers.other, f"they are euchred, and {makers.other.name_} score {points} (Law §euchred)"
    if alone and not (tricks >= march):
        r.cite("lone_hand_points")
        r.reading_of("lone_hand_points")
    r.award(scorer, points)
    r.verdict = "march" if tricks >= march else "point" if tricks >= point else "euchred"
    r.summary = f"{makers.name_} made the trump{how} and took {tricks} trick{'s' if tricks != 1 else ''}: {text}."
    if not two:
        r.note("With four playing, 'the hands are played as at whist, and the scores are as before' "
               "(Law §lone_hand_points): the two-handed figures, with a lone march of four.")


def _side_of(seat: Seat, two: bool) -> Side:
    """A player's side: his partnership, or at a table of two, himself."""
    return (Side.N if seat == Seat.N else Side.S) if two else seat.side


handles("hand_result", CODE, players=2)(hand_result)  # the same figures: "the scores are as before"


# -- the two-handed game's bidding (Laws 5-9) --


@handles("all_passed", CODE, players=2)
def two_all_passed(r: Ruler) -> None:
    """Both passed: on the turn-up, the non-dealer may make another suit; again, the hand is thrown up."""
    case = r.case
    dealer = case.dealer
    other = dealer.partner if dealer is not None else None  # at a table of two, the opponent
    who = other.name_ if other is not None else "the non-dealer"
    if r.fact("round") == 1:
        r.govern("two_making")
        r.cite("two_dealer_choice")
        r.verdict = "second_round"
        r.summary = (f"Both passed on the card turned up. By Law §two_making the non-dealer, {who}, may now name any "
                     "other suit for trumps (making it), or pass again; if he passes, the dealer may make it.")
        r.action("two_making", f"{who} names another suit or passes; then the dealer may make it.")
        r.deal("stands")
        return
    r.govern("two_all_pass")
    r.verdict = "deal_ended"
    r.summary = (f"Both passed again. By Law §two_all_pass the hand is thrown up, and the opponent deals"
                 + (f": {other.name_} deals the next hand." if other is not None else ".") + " No points are scored.")
    r.deal("passes")


@handles("dealer_turned_down", CODE, players=2)
def two_dealer_turned_down(r: Ruler) -> None:
    """The dealer turned the trump down: in the two-handed game, that is how he passes."""
    if r.fact("how") != "turned_down":
        r.silent("The article says nothing of a dealer throwing his cards down in the second round.")
    r.govern("two_dealer_choice")
    r.cite("two_making")
    r.verdict = "passed"
    r.summary = ("The dealer turned down the trump. By Law §two_dealer_choice that is how he passes; as both have now "
                 "passed, the non-dealer may make another suit, or pass again (Law §two_making).")
    r.deal("stands")
