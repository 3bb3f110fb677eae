"""The rubber, scoring, cutting for the table and etiquette (Laws 1-21, 106-116)."""

from __future__ import annotations

from arbiter import score as scoring
from arbiter.fact import Fact
from arbiter.model import PARTNERSHIPS, Seat, Side
from arbiter.registry import kind
from arbiter.ruler import Ruler


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
    laws=("points_for_tricks", "lone_hand_points", "rubber", "game_and_rubber_value", "revoke_scores_first", "abandoned_against_lone", "revoke_penalty", "wrong_number_of_cards", "lone_exposed_reduces"),
    facts=(
        Fact("makers", "side", "the side that ordered up, assisted, adopted or made the trump"),
        Fact("maker", "seat", "the seat that made the trump (instead of makers)"),
        Fact("tricks", "int", "tricks the makers took, 0 to 5"),
        Fact("alone", "bool", "the makers' side played a lone hand", default=False),
        Fact("partner_exposed", "bool", "the lone player's partner exposed his cards (Law §lone_exposed_reduces)", default=False),
        Fact("abandoned", "bool", "an adversary abandoned his hand against the lone hand (Law §abandoned_against_lone)", default=False),
        Fact("revoke_by", "side", "the side that revoked in this hand (Law §revoke_penalty)"),
        Fact("revokes", "int", "how many revokes that side made, after Law §revokes_both_sides cancels equal numbers", low=1),
        Fact("defender_alone", "seat", "the adversary of the makers who defended alone (only under a house rule that allows it)"),
        Fact("wrong_count_by", "side",
             "the side of a player who held more or fewer than five cards, or of a dealer who played without discarding (Law §wrong_number_of_cards)"),
    ),
)
def hand_result(r: Ruler) -> None:
    """The score for a hand played out: march, point or euchre, with partners or alone."""
    facts, case = r.facts, r.case
    makers = _makers(r)
    adversaries = makers.other
    alone = _alone(r)
    scheme = "lone_hand_points" if alone else "points_for_tricks"  # Law 3 scores a lone hand, Law 2 one played with partners
    defender: Seat | None = facts["defender_alone"]
    if defender is not None:
        if not r.by_house("defend_alone.allowed", False):
            r.refuse("no law provides for defending alone; only a house rule 'defend_alone: {allowed: true}' allows it")
        if defender.side != adversaries:
            r.refuse(f"{defender.name_} is on the makers' side; only an adversary of the makers defends alone")
    march, point = r.book.provision("points_for_tricks").number_of("march_tricks"), r.book.provision("points_for_tricks").number_of("point_tricks")
    abandoned, exposed = facts["abandoned"], facts["partner_exposed"]
    if (abandoned or exposed) and not alone:
        law = "abandoned_against_lone" if abandoned else "lone_exposed_reduces"
        r.refuse(f"Law §{law} applies only to a lone hand, and no one played alone")
    if facts["revokes"] is not None and facts["revoke_by"] is None:
        r.refuse("revokes is given, but not revoke_by: say which side revoked")
    tricks = facts["tricks"]
    if tricks is None and not abandoned:
        r.refuse("tricks is needed: how many tricks the makers took")
    if tricks is not None and not 0 <= tricks <= march:
        r.refuse(f"{tricks} tricks: a hand has only {march} tricks (Law §points_for_tricks)")
    # The law that sets the hand's own points governs: Law 50 or 102 where they displace Law 2 or 3.
    if abandoned:
        r.cite("abandoned_against_lone")
    elif exposed and (tricks >= march or tricks < point):
        r.cite("lone_exposed_reduces")
    r.cite(scheme, "points_for_tricks")

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
        each = r.number("revoke_penalty", "revoke_lone" if alone else "revoke")
        r.award(revoker.other, each * count, "revoke_penalty")
        lines.append(
            f"{revoker.name_} revoked{'' if count == 1 else f' {count} times'}: {revoker.other.name_} score "
            f"{each * count} ({each} for each revoke{' in a lone hand' if alone else ''}, Law §revoke_penalty), "
            "scored before any other points (Law §revoke_scores_first)."
        )
    offender = facts["wrong_count_by"]
    if offender is not None:
        forfeit = r.number("wrong_number_of_cards", "forfeit_lone" if alone else "forfeit")
        r.award(offender.other, forfeit, "wrong_number_of_cards")
        lines.append(
            f"{offender.name_} played with a wrong number of cards (or an undiscarded dealer): they forfeit "
            f"{forfeit}{' in a lone hand' if alone else ''}, scored by {offender.other.name_}, and may not score "
            "anything they made on the hand (Law §wrong_number_of_cards)."
        )

    # The hand itself.
    if abandoned:
        scorer, points, law = makers, r.number("abandoned_against_lone", "lone_side"), "abandoned_against_lone"
        lines.append(f"{who} made the trump{how[:-1]}, and an adversary abandoned his "
                        f"hand: the lone side scores {points} (Law §abandoned_against_lone).")
        if tricks is not None:
            r.note("Law §abandoned_against_lone gives the lone side its points for the abandonment, whatever tricks had been taken.")
        if exposed:
            r.note("Law §lone_exposed_reduces limits only what the lone player scores for taking every trick; the abandonment's "
                   "points come from Law §abandoned_against_lone, which we apply as printed.")
    elif tricks >= march:
        if exposed:
            scorer, points, law = makers, r.number("lone_exposed_reduces", "march"), "lone_exposed_reduces"
            text = f"a lone march, held to {points} because the lone player's partner exposed his cards (Law §lone_exposed_reduces)"
        else:
            scorer, points, law = makers, r.number(scheme, "march"), scheme
            text = f"a {'lone ' if alone else ''}march, scoring {points} (Law §{scheme})"
        lines.append(f"{who} made the trump{how} and took all {tricks} tricks: {text}.")
    elif tricks >= point:
        scorer, points, law = makers, r.number(scheme, "point"), scheme
        lines.append(f"{who} made the trump{how} and took {tricks} tricks: they score {points} (Law §{scheme}).")
        if exposed:
            r.cite("lone_exposed_reduces")
    else:
        law = "lone_exposed_reduces" if exposed else scheme
        scorer, points = adversaries, r.number(law, "euchre")
        lone_defence = r.by_house("defend_alone.euchre") if defender is not None else None
        if lone_defence is not None:
            points = lone_defence
            lines.append(f"{who} made the trump{how} but took {_count(tricks, 'trick', 'tricks')}: they are "
                         f"euchred by {defender.name_} defending alone, and under the house rules "
                         f"{adversaries.name_} score {points}.")
        else:
            lines.append(f"{who} made the trump{how} but took {_count(tricks, 'trick', 'tricks')}: they are "
                         f"euchred, and {adversaries.name_} score {points} (Law §{law}).")
    if offender is not None and scorer is offender:
        lines.append(f"Having offended, {scorer.name_} may not score the {_count(points, 'point', 'points')} "
                     "they made on the hand (Law §wrong_number_of_cards).")
    else:
        r.award(scorer, points, law)
    if revoker is not None and any(a.side is not revoker.other for a in r.awards):
        r.cite("revoke_scores_first")

    awards = [scoring.Award(a.side, a.points, a.law) for a in r.awards]
    after = scoring.apply(r.book, case.score, case.games, r.adjustment, awards)
    if after.games_won:
        r.cite("game_and_rubber_value")
        if any(g.number > 1 for g in after.games_won):
            r.cite("rubber")
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
    laws=("score_error", "announce_points"),
    facts=(
        Fact("trump_turned_next_deal", "bool", "the trump card has been turned in the next deal", default=False),
        Fact("correct_ns", "int", "the points North and South should have in the game in play"),
        Fact("correct_ew", "int", "the points East and West should have in the game in play"),
        Fact("announced", "bool", "the points were announced before they were scored (Law §announce_points)", default=True),
    ),
)
def score_error(r: Ruler) -> None:
    """The score was found to be wrong."""
    case, facts = r.case, r.facts
    r.cite("score_error")
    recorded = case.score
    correct = {Side.NS: facts["correct_ns"], Side.EW: facts["correct_ew"]}
    target = r.book.provision("points_for_tricks").number_of("game")
    if all(correct[s] is not None and correct[s] >= target for s in PARTNERSHIPS):
        r.refuse(f"both sides cannot have reached {target} in one game (Law §points_for_tricks)")
    wrong = {s: correct[s] - recorded[s] for s in PARTNERSHIPS if correct[s] is not None and correct[s] != recorded[s]}
    if not facts["announced"]:
        r.cite("announce_points")
        r.note("Law §announce_points: points should be announced before they are scored; the law sets no penalty for not "
               "doing so, and an error it lets through is put right under Law §score_error like any other.")
    if facts["trump_turned_next_deal"]:
        r.verdict = "too_late"
        r.summary = ("The error was raised only after the trump card was turned in the next deal. Law §score_error allows "
                     "a score error to be put right only before then, so the score stands as recorded"
                     + (f", {scoring.words(recorded)}." if case.score_given else "."))
        if wrong:
            r.note("The correction asked for is not made: the time for it has passed (Law §score_error).")
        return
    if not any(correct[s] is not None for s in PARTNERSHIPS):
        r.verdict = "may_be_rectified"
        r.summary = ("The trump card of the next deal has not been turned, so the error may still be put right "
                     "(Law §score_error): count the points again and set both sides' scores right.")
        r.note("Give correct_ns and correct_ew (the points each side should have) to rule the corrected score.")
        return
    if not wrong:
        r.verdict = "no_error"
        r.summary = f"The score recorded, {scoring.words(recorded)}, is right: there is nothing to correct (Law §score_error)."
        return
    r.verdict = "rectified"
    # Points taken away come first, so that moving points from one side to the other cannot win a game twice.
    for side in sorted(wrong, key=lambda s: wrong[s]):
        r.award(side, wrong[side], "score_error")
    after = scoring.apply(r.book, case.score, case.games, r.adjustment, list(r.awards))
    if after.games_won:
        r.cite("game_and_rubber_value")
        if any(g.number > 1 for g in after.games_won):
            r.cite("rubber")
    changes = ", ".join(f"{s.value} {'+' if d > 0 else ''}{d}" for s, d in wrong.items())
    r.summary = (f"The trump card of the next deal has not been turned, so the error is put right now (Law §score_error): "
                 f"{changes}. {scoring.describe(r.book, recorded, case.games, after)}")
    r.note("Only the game in play is corrected here. An error that wrongly won or lost an earlier game must be "
           "put right by scoring that game again; Law §score_error's limit is the same.")


@kind(
    "points_not_announced",
    laws=("announce_points", "score_error"),
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
    r.cite("announce_points")
    r.verdict = "no_penalty"
    text = (f"{who} scored points without announcing them. Law §announce_points says points should be announced before "
            "scoring, but it sets no penalty: points that are right stand.")
    if facts["disputed"]:
        if facts["trump_turned_next_deal"]:
            r.cite("score_error")
            text += (" The points were disputed only after the trump card was turned in the next deal, "
                     "so the score stands as it is (Law §score_error).")
        else:
            r.action("announce_points", f"{side.name_ if side else 'The side that scored'} announce the points they claim, and why.")
            r.action("score_error", "If the points were wrong, the score is put right now, before the trump card is turned "
                        "in the next deal.")
            text += " Since the points are disputed, they are announced now and any error is put right (Law §score_error)."
    r.summary = text
    r.note("Law §announce_points says 'should': we treat it as a rule of procedure, so scoring without announcing costs nothing "
           "by itself.")
