"""Handlers cite provisions by key, never by a number: the number shown is the ruleset's."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from arbiter.incident import build_case, read_case_file
from arbiter.model import Seat
from arbiter.rulebook import MissingProvision, Rulebook, load
from arbiter.ruler import Ruler
from arbiter.ruling import KINDS, rule

HANDLERS = sorted((Path(__file__).parents[1] / "arbiter" / "kinds").glob("*.py"))
CALLS = {"cite", "govern", "option", "action", "number", "award", "reading_of", "call_play", "provision", "law"}
BARE = re.compile(r"\b(?:Laws?|Rules?)\s+\d")


def _docstrings(tree: ast.AST) -> set[tuple[int, int]]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add((first.value.lineno, first.value.col_offset))
    return out


@pytest.mark.parametrize("path", HANDLERS, ids=[p.name for p in HANDLERS])
def test_handler_prose_names_no_law_by_number(path: Path) -> None:
    # Docstrings and comments may say which Somerset law a handler implements; what a ruling
    # prints must come from the ruleset in force ('Law §revoke_penalty').
    src = path.read_text()
    docs = _docstrings(ast.parse(src))
    bare = [
        f"{path.name}:{tok.start[0]}: {tok.string[:60]}"
        for tok in tokenize.generate_tokens(io.StringIO(src).readline)
        if tok.type == tokenize.STRING and tok.start not in docs and BARE.search(tok.string)
    ]
    assert not bare, "law numbers written into handler prose:\n" + "\n".join(bare)


@pytest.mark.parametrize("path", HANDLERS, ids=[p.name for p in HANDLERS])
def test_handlers_cite_by_key_not_number(path: Path) -> None:
    tree = ast.parse(path.read_text())
    numbered = [
        f"{path.name}:{node.lineno}: {ast.unparse(node)[:60]}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in CALLS
        and any(isinstance(a, ast.Constant) and type(a.value) is int for a in node.args)
    ]
    assert not numbered, "provisions cited by number:\n" + "\n".join(numbered)


OWN_CODE = {"manual.py": "manual-1890s", "britannica.py": "britannica-1911"}
"""Modules of another code's own handlers, and the code whose provisions they cite."""


@pytest.mark.parametrize("ruleset", ["somerset-1888", *OWN_CODE.values()])
def test_every_key_a_handler_names_is_a_provision_of_its_code(ruleset: str) -> None:
    book = load(ruleset)
    keys: set[str] = set()
    for path in HANDLERS:
        if OWN_CODE.get(path.name, "somerset-1888") != ruleset:
            continue
        src = path.read_text()
        keys |= set(re.findall(r"§([a-z][a-z0-9_]*)", src))
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in CALLS:
                keys |= {a.value for a in node.args[:1] if isinstance(a, ast.Constant) and isinstance(a.value, str)
                         and re.fullmatch(r"[a-z][a-z0-9_]*", a.value) and a.value in book.keys}
    if ruleset == "somerset-1888":
        for spec in KINDS.values():
            keys |= set(spec.laws)
    assert keys
    unknown = sorted(k for k in keys if not book.has(k))
    assert not unknown


def test_citing_a_provision_the_ruleset_lacks_is_an_error_not_a_wrong_number() -> None:
    book = load()
    assert book.provision("revoke_penalty").number == 63  # Law 63: "The penalty of a revoke is three points"
    with pytest.raises(MissingProvision):
        book.provision("no_such_subject")
    r = Ruler(build_case({"incident": {"kind": "revoke", "offender": "E"}}), book)
    with pytest.raises(TypeError):
        r.cite(63)  # type: ignore[arg-type]


def test_prose_is_numbered_by_the_ruleset_in_force() -> None:
    book = load()
    assert book.numbered("by Law §lead_out_of_turn and Laws §revoke_defined-§revokes_both_sides") == \
        "by Law 52 and Laws 62-71"
    renumbered = Rulebook.__new__(Rulebook)
    renumbered.__dict__.update(book.__dict__)
    renumbered.keys = {**book.keys, "lead_out_of_turn": 7}
    assert renumbered.numbered("Law §lead_out_of_turn") == "Law 7"


def test_an_exception_governs_whatever_order_the_handler_names_it() -> None:
    # Law 105 (its record: overrides 58, 59) governs an adversary's play out of turn to the
    # lone player's lead, though the handler names Law 59 as well.
    case = build_case({"dealer": "N", "trump": "hearts", "alone": "S",
                       "incident": {"kind": "play_out_of_turn", "offender": "E", "leader": "S"}})
    r = rule(case)
    assert r.laws[0] == 105 and 59 in r.laws
    # Law 55 prevails over Law 54 when the card called would have made him revoke.
    case = build_case({"incident": {"kind": "called_card_not_played", "offender": "W", "call": "exposed_card",
                                    "would_revoke": True}})
    assert rule(case).laws[0] == 55


def _penalised(case, option_id: str):  # noqa: ANN001, ANN202
    """The side an option's penalty falls on: the offender's, except Law 51's suit call, which
    falls on the adversary who named the detached card wrongly."""
    facts = case.facts
    if option_id == "call_suit" and (facts.get("named_by") is not None or facts.get("namings")):
        namer = facts.get("named_by") or next(iter(facts["namings"]))
        return Seat.parse(namer).side
    offender = facts.get("offender")
    return offender.side if isinstance(offender, Seat) else None


def test_each_option_is_elected_by_whom_its_law_record_says() -> None:
    # The records' `reading.elector` (Laws 52's "the adversaries may", 70's revoking side,
    # 87's dealer, 105's lone player) is checked against every option of the worked cases.
    book = load()
    checked = 0
    for path in sorted(Path(__file__).parents[1].joinpath("cases").glob("*/*.yaml")):
        if path.parent.name not in ("club", "deal", "play", "score", "trump"):
            continue
        data = read_case_file(path)
        if "error" in (data.get("expect") or {}):
            continue
        case = build_case(data, str(path))
        for option in rule(case).options:
            elector = book.law(option.law).reading.get("elector")
            penalised = _penalised(case, option.id)
            want = {"adversaries": penalised.other if penalised else None,
                    "offender_side": penalised,
                    "dealer": case.dealer.side if case.dealer else None,
                    "lone_player": case.alone.side if case.alone else None}.get(elector)
            if want is not None:
                checked += 1
                assert option.elector == want, f"{path.name}: {option.id} under Law {option.law} ({elector})"
    assert checked >= 50
