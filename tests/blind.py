"""Grade the classifier on a blind batch: descriptions written by someone who saw neither the
classifier nor its phrasings, only the spec's kinds and the laws.

A batch (tests/blind/blind-N.yaml) is a list of entries:
    kind      the incident kind; `two` (with `kinds: [a, b]`) for a story of two incidents,
              `none` for words that describe no incident the laws cover
    text      the words, as the writer imagined a player telling them
    facts     what the words state, in case-file form (context such as dealer, trump, alone
              may stand here too)
    open      the decisive facts the words leave open
    score, me, dealer, trump   context, where the writer gave it
    long      true for a story over 150 characters

    python tests/blind.py tests/blind/blind-7.yaml      prints the figures
    ... --leave-out                                    with the batch's own texts out of the vote
    ... --rulings                                      and what `rule TEXT --json` does with each

A batch is measured once, before anything is tuned on it; that first figure is written into
its header and into the README, and only then does it join the examples.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Grade:
    """A batch's figures."""

    kind_right: int = 0
    kind_total: int = 0
    long_right: int = 0
    long_total: int = 0
    seat_right: int = 0
    seat_total: int = 0
    two_right: int = 0
    two_total: int = 0
    none_right: int = 0
    none_total: int = 0
    open_claimed: int = 0
    open_total: int = 0
    wrong_side: int = 0
    ruled: int = 0
    misses: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        def pct(a: int, b: int) -> str:
            return f"{a}/{b} = {100 * a / b:.1f}%" if b else "-"

        return [
            f"kind right first         {pct(self.kind_right, self.kind_total)}",
            f"  stories over 150 chars {pct(self.long_right, self.long_total)}",
            f"offender seat right      {pct(self.seat_right, self.seat_total)}",
            f"two incidents caught     {pct(self.two_right, self.two_total)}",
            f"no incident refused      {pct(self.none_right, self.none_total)}",
            f"open facts read anyway   {pct(self.open_claimed, self.open_total)} (the writer left them open)",
            f"offender on wrong side   {pct(self.wrong_side, self.ruled)} (of confident readings naming one)",
        ]


def load(path: str | Path) -> list[dict[str, Any]]:
    import yaml

    return yaml.safe_load(Path(path).read_text(encoding="utf-8"))


def grade(entries: list[dict[str, Any]]) -> Grade:
    """How the plain-words reader does on each entry, as `arbiter classify` would read it."""
    from arbiter import classify
    from arbiter.model import InputError

    g = Grade()
    for e in entries:
        text = str(e["text"])
        try:
            found = classify.classify(text, me=e.get("me"), dealer=e.get("dealer"), trump=e.get("trump"))
        except InputError:
            found = None
        kinds = [c.kind for c in found.candidates] if found else []
        top = found.kind if found else None
        refused = found is None or top is None or getattr(found, "doubtful", False) \
            or getattr(found, "refused", False)
        if e["kind"] == "none":
            g.none_total += 1
            g.none_right += bool(refused)
            if not refused:
                g.misses.append(f"none -> {top}: {text[:90]}")
            continue
        if e["kind"] == "two":
            g.two_total += 1
            want = set(e.get("kinds") or [])
            two = getattr(found, "incidents", None) if found else None
            caught = bool(want) and (set(two or []) >= want or (refused and want <= set(kinds)))
            g.two_right += caught
            if not caught:
                g.misses.append(f"two {sorted(want)} -> {top} {kinds[:3]}: {text[:90]}")
            continue
        g.kind_total += 1
        right = top == e["kind"] and not getattr(found, "incidents", None)  # not taken for two
        g.kind_right += right
        long = len(text) > 150
        if long:
            g.long_total += 1
            g.long_right += right
        if not right:
            g.misses.append(f"{e['kind']} -> {top}: {text[:90]}")
        for name in e.get("open") or []:
            if right and name in (found.facts if found else {}) and name != "score":
                g.open_total += 1
                g.open_claimed += 1
                g.misses.append(f"open {name} read as {found.facts[name]!r}: {text[:90]}")
            elif right:
                g.open_total += 1
        seat = (e.get("facts") or {}).get("offender")
        said = offender(found) if right else None
        if right and seat and said and not found.doubtful:
            g.ruled += 1
            if Seat_side(said) != Seat_side(seat):
                g.wrong_side += 1
        if right and seat and names_a_seat(e["kind"]):
            g.seat_total += 1
            ok = said == seat
            g.seat_right += ok
            if not ok:
                g.misses.append(f"seat {seat} -> {said}: {text[:90]}")
    return g


# incidents.md: "`offender` is always the seat whose act is in question". Writers give it for
# every kind, but some kinds name that seat by a fact of their own, and some are the dealer's
# act by definition; a kind with neither (a cut, a faced card) names no seat to compare.
ACTOR_FACT = {"deal_out_of_turn": "dealt_by", "lone_declaration": "declarer",
              "exposed_in_deal": "exposed_by", "misdeal": "dealt_by"}
DEALER_ACTS = frozenset({"dealer_turned_down", "misdeal", "reshuffle_after_cut",
                         "trump_turn_exposes", "trump_discarded"})


def names_a_seat(kind: str) -> bool:
    """Whether a reading of this kind names the seat whose act is in question."""
    from arbiter.classify import FACT_TYPES

    return "offender" in FACT_TYPES.get(kind, {}) or kind in ACTOR_FACT or kind in DEALER_ACTS


def actor(kind: str | None, facts: dict[str, Any], dealer: str | None) -> str | None:
    """The seat a reading names as the one whose act is in question."""
    from arbiter.classify import FACT_TYPES

    if "offender" in FACT_TYPES.get(kind or "", {}):
        return facts.get("offender")
    said = facts.get(ACTOR_FACT.get(kind or "", ""))
    if said is None and kind in DEALER_ACTS:
        said = dealer
    return said if isinstance(said, str) else None


def offender(found: Any) -> str | None:
    """The seat the reading names as the one whose act is in question."""
    if found is None:
        return None
    return actor(found.kind, found.facts, found.envelope.get("dealer"))


def Seat_side(seat: str) -> str:  # noqa: N802
    return "NS" if seat in ("N", "S") else "EW"


def leave_out(entries: list[dict[str, Any]]) -> None:
    """Grade as if the batch had never joined the phrasebook: its texts cast no vote."""
    from arbiter import classify

    whole = classify.phrasebook
    texts = frozenset(str(e["text"]) for e in entries)
    classify.phrasebook = lambda without=frozenset(): whole(without | texts)  # type: ignore[assignment]


def main(paths: list[str]) -> None:
    from arbiter import classify

    whole = classify.phrasebook
    for path in paths:
        entries = load(path)
        classify.phrasebook = whole  # type: ignore[assignment]
        if "--leave-out" in sys.argv:
            leave_out(entries)
        g = grade(entries)
        print(f"{path}: {len(entries)} descriptions, {Counter(len(str(e['text'])) > 150 for e in entries)[True]} long")
        for line in g.lines():
            print("  " + line)
        if "--rulings" in sys.argv:
            print("  arbiter rule TEXT --json, no terminal:", pipeline(entries))
        if "-v" in sys.argv:
            for miss in g.misses:
                print("   miss:", miss)



def pipeline(entries: list[dict[str, Any]]) -> dict[str, int]:
    """What `arbiter rule TEXT --json` does with each description, with no terminal: a ruling,
    branches, or a refusal; and how many rulings name the wrong kind or the wrong side."""
    import contextlib
    import io
    import json

    from arbiter.cli import main as cli_main

    out = Counter()
    for e in entries:
        args = ["rule", str(e["text"]), "--json"]
        for key in ("me", "dealer", "trump"):
            if e.get(key):
                args += [f"--{key}", str(e[key])]
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(io.StringIO()):
            try:
                cli_main(args)
                code = 0
            except SystemExit as done:
                code = int(done.code or 0)
        data = json.loads(buf.getvalue() or "{}")
        rulings = [b["ruling"] for b in data.get("branches", [])] or ([data] if "laws" in data else [])
        if code != 0 or not rulings:
            out["refused or asked"] += 1
            continue
        out["ruled" if "branches" not in data else "ruled as branches"] += 1
        if e["kind"] in ("two", "none") or rulings[0]["kind"] != e["kind"]:
            out["ruled on the wrong kind"] += 1
            if "-v" in sys.argv:
                print(f"   ruled {e['kind']} as {rulings[0]['kind']}: {e['text'][:90]}")
            continue
        seat = (e.get("facts") or {}).get("offender")
        read = data.get("classification", {})
        said = actor(read.get("kind"), read.get("facts", {}), read.get("dealer"))
        if seat and said and Seat_side(seat) != Seat_side(said):
            out["ruled against the wrong side"] += 1
            if "-v" in sys.argv:
                print(f"   ruled against {said}, not {seat}: {e['text'][:90]}")
    return dict(out)


if __name__ == "__main__":
    main([a for a in sys.argv[1:] if not a.startswith("-")])
