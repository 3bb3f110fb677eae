"""The club's tables: cutting out, entry and re-entry (Laws 15-21).

Not an incident kind of the spec's table, but these laws prescribe consequences a club
director is asked about, so they get a kind of their own: `table_entry`.
"""

from __future__ import annotations

from arbiter.fact import Fact
from arbiter.registry import kind
from arbiter.ruler import Ruler

EVENTS = (
    "admission_claimed",  # 15: a rubber ends and candidates claim admission
    "late_declaration",  # 16: a candidate declares after a card has been cut
    "fresh_table",  # 17: a new table is formed
    "substitute",  # 18: a player leaves during a rubber and names a substitute
    "left_full_table",  # 19: a player leaves a full table after one of his two rubbers
    "cut_into_other_table",  # 20: a player cuts into another table
    "table_broken_up",  # 21: someone breaks up a table
)


@kind(
    "table_entry",
    laws=("cutting_out", "entry_declared", "entry_fresh_tables", "substitute", "leaving_full_table", "cutting_into_table", "breaking_up_table"),
    facts=(
        Fact("event", "choice", "what happened", choices=EVENTS),
        Fact("rubbers", "counts", "when admission is claimed: the consecutive rubbers each player has played", low=0, high=99),
        Fact("claimants", "int", "when admission is claimed: how many candidates claim it", low=1, high=2, default=1),
        Fact("consent", "bool", "when a substitute is appointed: the other three players consented", default=False),
    ),
    required=("event",),
)
def table_entry(r: Ruler) -> None:
    """Who plays at a club table: cutting out, entry and re-entry."""
    event = r.facts["event"]
    if event == "admission_claimed":
        _cutting_out(r)
    elif event == "late_declaration":
        r.cite("entry_declared")
        r.summary = ("A candidate must declare his wish to enter before any player has cut a card, for a new rubber "
                     "or for cutting out. Declared after a card was cut, his claim waits for the next occasion.")
        r.note("Law §entry_declared says when he must declare, not what follows a late declaration; we read it as no entry "
               "on this cut.")
    elif event == "fresh_table":
        r.cite("entry_fresh_tables")
        r.summary = ("In forming a fresh table, candidates who have neither belonged to nor played at any other "
                     "table have the first right of entry; the others cut for their places.")
        r.action("entry_fresh_tables", "Seat first those who have belonged to and played at no other table; the rest cut for the places left.")
    elif event == "substitute":
        r.cite("substitute")
        if r.facts["consent"]:
            r.summary = ("With the consent of the other three, a player quitting the table before the end of the rubber "
                         "may appoint a substitute, for that rubber only.")
            r.action("substitute", "The substitute plays out this rubber in the absent player's place.")
        else:
            r.summary = ("A player may appoint a substitute only with the consent of the other three players; "
                         "without the consent of all three there is no substitute.")
    elif event == "left_full_table":
        r.cite("leaving_full_table")
        r.summary = ("He left a full table after playing one of the two consecutive rubbers he was entitled to: the "
                     "candidate next in order takes his place, but goes out at the end of one rubber, as he would have.")
        r.action("leaving_full_table", "The next candidate in order enters now, and goes out at the end of this one rubber.")
    elif event == "cut_into_other_table":
        r.cite("cutting_into_table")
        r.summary = ("Cutting into another table while belonging to this one loses his right of re-entry here; he must "
                     "take his chance of cutting in as a fresh candidate.")
    else:
        r.cite("breaking_up_table")
        r.summary = ("Whoever breaks up a table, the remaining players have the prior right to him of entry into any "
                     "other table; where there are not places for them all, they cut among themselves for precedence.")
        r.action("breaking_up_table", "The remaining players cut among themselves for the places open at other tables.")


def _cutting_out(r: Ruler) -> None:
    """Law 15: who goes out when admission is claimed at the end of a rubber."""
    r.cite("cutting_out")
    played: dict = r.facts["rubbers"] or {}
    going = r.facts["claimants"]
    if len(played) < 4:
        r.summary = ("At the end of a rubber, when one or two candidates claim admission, those who have played the "
                     "most consecutive rubbers go out; when all have played the same number, they cut, and the "
                     "lowest go out. Give `rubbers` for each of the four players to name who goes out.")
        return
    ranked = sorted(played.items(), key=lambda kv: -kv[1])
    top = ranked[going - 1][1]
    certain = [seat for seat, n in ranked if n > top]
    tied = [seat for seat, n in ranked if n == top]
    names = ", ".join
    if len(certain) + len(tied) == going:
        out = certain + tied
        r.summary = (f"{names(s.name_ for s in out)} {'has' if going == 1 else 'have'} played the most consecutive "
                     f"rubbers ({top} or more) and {'goes' if going == 1 else 'go'} out for the "
                     f"{'candidate' if going == 1 else 'two candidates'}.")
        r.action("cutting_out", f"{names(s.name_ for s in out)} leave the table; the candidates take their places.")
        return
    need = going - len(certain)
    lowest = "lowest goes" if need == 1 else "two lowest go"
    r.summary = (f"{names(s.name_ for s in tied)} have played the same number of consecutive rubbers ({top}); "
                 f"they cut, and the {lowest} out.")
    if certain:
        r.action("cutting_out", f"{names(s.name_ for s in certain)} go out, having played the most consecutive rubbers.")
    r.action("cutting_out", f"{names(s.name_ for s in tied)} cut to decide; the lowest card goes out.")
