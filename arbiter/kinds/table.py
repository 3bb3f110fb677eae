"""The rubber, scoring, cutting for the table and etiquette (Laws 1-21, 106-116)."""

from __future__ import annotations

from arbiter import score as scoring
from arbiter.incident import Fact
from arbiter.model import Seat, Side
from arbiter.ruling import Ruler, kind


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _makers(r: Ruler) -> Side:
    """The makers' side, from the facts or the envelope; refuses two that disagree."""
    case, facts = r.case, r.facts
    named: list[tuple[str, Side]] = []
    if facts.get("makers") is not None:
        named.append((f"makers {facts['makers'].value}", facts["makers"]))
    seats: list[Seat] = [s for s in (facts.get("maker"), case.maker) if s is not None]
    if len(seats) == 2 and seats[0] != seats[1]:
        r.refuse(f"the maker is given as {seats[0].name_} and as {seats[1].name_}")
    if seats:
        named.append((f"maker {seats[0].name_}", seats[0].side))
    if case.alone is not None:
        named.append((f"{case.alone.name_} playing alone", case.alone.side))
    if not named:
        r.refuse("say who made the trump: makers (NS or EW) or maker (a seat)")
    for words, side in named[1:]:
        if side is not named[0][1]:
            r.refuse(f"{named[0][0]} and {words} put the makers on different sides")
    return named[0][1]


def _alone(r: Ruler) -> bool:
    """Whether the makers played alone; the `alone` fact and the envelope's lone seat must agree."""
    case = r.case
    if case.alone is not None and "alone" in case.given and not r.facts["alone"]:
        r.refuse(f"alone is false, but {case.alone.name_} is named as playing alone")
    return bool(r.facts["alone"]) or case.alone is not None


@kind(
    "hand_result",
    laws=(2, 3, 1, 7, 4, 50, 63, 90, 102),
    facts=(
        Fact("makers", "side", "the side that ordered up, assisted, adopted or made the trump"),
        Fact("maker", "seat", "the seat that made the trump (instead of makers)"),
        Fact("tricks", "int", "tricks the makers took, 0 to 5"),
        Fact("alone", "bool", "the makers' side played a lone hand", default=False),
        Fact("partner_exposed", "bool", "the lone player's partner exposed his cards (Law 102)", default=False),
        Fact("abandoned", "bool", "an adversary abandoned his hand against the lone hand (Law 50)", default=False),
        Fact("revoke_by", "side", "the side that revoked in this hand (Law 63)"),
        Fact("revokes", "int", "how many revokes that side made, after Law 71 cancels equal numbers", low=1),
        Fact("wrong_count_by", "side",
             "the side of a player who held more or fewer than five cards, or of a dealer who played without discarding (Law 90)"),
    ),
)
def hand_result(r: Ruler) -> None:
    """The score for a hand played out: march, point or euchre, with partners or alone."""
    facts, case = r.facts, r.case
    makers = _makers(r)
    adversaries = makers.other
    alone = _alone(r)
    scheme = 3 if alone else 2  # Law 3 scores a lone hand, Law 2 one played with partners
    march, point = r.book.law(2).number_of("march_tricks"), r.book.law(2).number_of("point_tricks")
    abandoned, exposed = facts["abandoned"], facts["partner_exposed"]
    if (abandoned or exposed) and not alone:
        law = 50 if abandoned else 102
        r.refuse(f"Law {law} applies only to a lone hand, and no one played alone")
    if facts["revokes"] is not None and facts["revoke_by"] is None:
        r.refuse("revokes is given, but not revoke_by: say which side revoked")
    tricks = facts["tricks"]
    if tricks is None and not abandoned:
        r.refuse("tricks is needed: how many tricks the makers took")
    if tricks is not None and not 0 <= tricks <= march:
        r.refuse(f"{tricks} tricks: a hand has only {march} tricks (Law 2)")
    # The law that sets the hand's own points governs: Law 50 or 102 where they displace Law 2 or 3.
    if abandoned:
        r.cite(50)
    elif exposed and (tricks >= march or tricks < point):
        r.cite(102)
    r.cite(scheme, 2)

    if case.alone is not None:
        how = f", {case.alone.name_} playing alone,"
    else:
        how = ", playing alone," if alone else ", playing with partners,"
    who = makers.name_
    lines: list[str] = []

    # Law 4: the revoke penalty takes precedence of all other scores, so it is awarded first.
    revoker = facts["revoke_by"]
    if revoker is not None:
        count = facts["revokes"] or 1
        each = r.number(63, "revoke_lone" if alone else "revoke")
        r.award(revoker.other, each * count, 63)
        lines.append(
            f"{revoker.name_} revoked{'' if count == 1 else f' {count} times'}: {revoker.other.name_} score "
            f"{each * count} ({each} for each revoke{' in a lone hand' if alone else ''}, Law 63), "
            "scored before any other points (Law 4)."
        )
    offender = facts["wrong_count_by"]
    if offender is not None:
        forfeit = r.number(90, "forfeit_lone" if alone else "forfeit")
        r.award(offender.other, forfeit, 90)
        lines.append(
            f"{offender.name_} played with a wrong number of cards (or an undiscarded dealer): they forfeit "
            f"{forfeit}{' in a lone hand' if alone else ''}, scored by {offender.other.name_}, and may not score "
            "anything they made on the hand (Law 90)."
        )

    # The hand itself.
    if abandoned:
        scorer, points, law = makers, r.number(50, "lone_side"), 50
        lines.append(f"{who} made the trump{how[:-1]}, and an adversary abandoned his "
                        f"hand: the lone side scores {points} (Law 50).")
        if tricks is not None:
            r.note("Law 50 gives the lone side its points for the abandonment, whatever tricks had been taken.")
        if exposed:
            r.note("Law 102 limits only what the lone player scores for taking every trick; the abandonment's "
                   "points come from Law 50, which we apply as printed.")
    elif tricks >= march:
        if exposed:
            scorer, points, law = makers, r.number(102, "march"), 102
            text = f"a lone march, held to {points} because the lone player's partner exposed his cards (Law 102)"
        else:
            scorer, points, law = makers, r.number(scheme, "march"), scheme
            text = f"a {'lone ' if alone else ''}march, scoring {points} (Law {scheme})"
        lines.append(f"{who} made the trump{how} and took all {tricks} tricks: {text}.")
    elif tricks >= point:
        scorer, points, law = makers, r.number(scheme, "point"), scheme
        lines.append(f"{who} made the trump{how} and took {tricks} tricks: they score {points} (Law {scheme}).")
        if exposed:
            r.cite(102)
    else:
        law = 102 if exposed else scheme
        scorer, points = adversaries, r.number(law, "euchre")
        lines.append(f"{who} made the trump{how} but took {_count(tricks, 'trick', 'tricks')}: they are "
                        f"euchred, and {adversaries.name_} score {points} (Law {law}).")
    if offender is not None and scorer is offender:
        lines.append(f"Having offended, {scorer.name_} may not score the {_count(points, 'point', 'points')} "
                     "they made on the hand (Law 90).")
    else:
        r.award(scorer, points, law)
    if revoker is not None and any(a.side is not revoker.other for a in r.awards):
        r.cite(4)

    awards = [scoring.Award(a.side, a.points, a.law) for a in r.awards]
    after = scoring.apply(r.book, case.score, case.games, r.adjustment, awards)
    if after.games_won:
        r.cite(7)
        if any(g.number > 1 for g in after.games_won):
            r.cite(1)
    lines.append(scoring.describe(r.book, case.score, case.games, after))
    if any(g.lap for g in after.games_won):
        r.note("The lap is defined in the book's Technical Terms: points made beyond those needed to win a "
               "game are carried to the next game.")
    r.summary = " ".join(lines)
    r.verdict = "march" if tricks is not None and tricks >= march else (
        "point" if tricks is not None and tricks >= point else ("euchred" if tricks is not None else None))
    if abandoned:
        r.verdict = "abandoned"
    # The hand is over: the deal is not in question; the next deal is the dealer's left's, within the rubber.
    if case.dealer is not None and not after.rubber_over:
        r.next_dealer = case.dealer.left


@kind(
    "score_error",
    laws=(5, 6),
    facts=(
        Fact("trump_turned_next_deal", "bool", "the trump card has been turned in the next deal", default=False),
        Fact("correct_ns", "int", "the points North and South should have in the game in play"),
        Fact("correct_ew", "int", "the points East and West should have in the game in play"),
        Fact("announced", "bool", "the points were announced before they were scored (Law 6)", default=True),
    ),
)
def score_error(r: Ruler) -> None:
    """The score was found to be wrong."""
    case, facts = r.case, r.facts
    r.cite(5)
    recorded = case.score
    correct = {Side.NS: facts["correct_ns"], Side.EW: facts["correct_ew"]}
    target = r.book.law(2).number_of("game")
    if all(correct[s] is not None and correct[s] >= target for s in Side):
        r.refuse(f"both sides cannot have reached {target} in one game (Law 2)")
    wrong = {s: correct[s] - recorded[s] for s in Side if correct[s] is not None and correct[s] != recorded[s]}
    if not facts["announced"]:
        r.cite(6)
        r.note("Law 6: points should be announced before they are scored; the law sets no penalty for not "
               "doing so, and an error it lets through is put right under Law 5 like any other.")
    if facts["trump_turned_next_deal"]:
        r.verdict = "too_late"
        r.summary = ("The error was raised only after the trump card was turned in the next deal. Law 5 allows "
                     f"a score error to be put right only before then, so the score stands as recorded, {scoring.words(recorded)}.")
        if wrong:
            r.note("The correction asked for is not made: the time for it has passed (Law 5).")
        return
    if not any(correct[s] is not None for s in Side):
        r.verdict = "may_be_rectified"
        r.summary = ("The trump card of the next deal has not been turned, so the error may still be put right "
                     "(Law 5): count the points again and set both sides' scores right.")
        r.note("Give correct_ns and correct_ew (the points each side should have) to rule the corrected score.")
        return
    if not wrong:
        r.verdict = "no_error"
        r.summary = f"The score recorded, {scoring.words(recorded)}, is right: there is nothing to correct (Law 5)."
        return
    r.verdict = "rectified"
    # Points taken away come first, so that moving points from one side to the other cannot win a game twice.
    for side in sorted(wrong, key=lambda s: wrong[s]):
        r.award(side, wrong[side], 5)
    after = scoring.apply(r.book, case.score, case.games, r.adjustment, list(r.awards))
    if after.games_won:
        r.cite(7)
        if any(g.number > 1 for g in after.games_won):
            r.cite(1)
    changes = ", ".join(f"{s.value} {'+' if d > 0 else ''}{d}" for s, d in wrong.items())
    r.summary = (f"The trump card of the next deal has not been turned, so the error is put right now (Law 5): "
                 f"{changes}. {scoring.describe(r.book, recorded, case.games, after)}")
    r.note("Only the game in play is corrected here. An error that wrongly won or lost an earlier game must be "
           "put right by scoring that game again; Law 5's limit is the same.")


@kind(
    "points_not_announced",
    laws=(6, 5),
    facts=(
        Fact("side", "side", "the side that scored points without announcing them"),
        Fact("disputed", "bool", "the adversaries dispute the points scored", default=False),
        Fact("trump_turned_next_deal", "bool", "the trump card has been turned in the next deal", default=False),
    ),
)
def points_not_announced(r: Ruler) -> None:
    """Points were scored without being announced first."""
    facts = r.facts
    side: Side | None = facts["side"]
    who = side.name_ if side else "A side"
    r.cite(6)
    r.verdict = "no_penalty"
    text = (f"{who} scored points without announcing them. Law 6 says points should be announced before "
            "scoring, but it sets no penalty: points that are right stand.")
    if facts["disputed"]:
        if facts["trump_turned_next_deal"]:
            r.cite(5)
            text += (" The points were disputed only after the trump card was turned in the next deal, "
                     "so the score stands as it is (Law 5).")
        else:
            r.action(6, f"{side.name_ if side else 'The side that scored'} announce the points they claim, and why.")
            r.action(5, "If the points were wrong, the score is put right now, before the trump card is turned "
                        "in the next deal.")
            text += " Since the points are disputed, they are announced now and any error is put right (Law 5)."
    r.summary = text
    r.note("Law 6 says 'should': we treat it as a rule of procedure, so scoring without announcing costs nothing "
           "by itself.")
