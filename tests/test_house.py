"""House rules: the file, its checks, and the property that restating the code changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter.cli import app
from arbiter.egn import house_rules as egn_house_rules
from arbiter.house import from_mapping
from arbiter.incident import build_case, read_case_file
from arbiter.model import InputError
from arbiter.ruling import rule

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()

# Somerset as printed, said as a house file (rulesets.md's table, "Somerset as printed"):
# Law 1 (5 points, rubbers), Laws 2 and 3 (1, 2, 4, 2, 4), Law 63 (3, lone 5, to the wronged
# side), Law 70 (the hand may be played out), Law 71 (they cancel), Law 77 (the deal passes),
# the 32-card pack, the eldest hand's lead, lone hands as the code says.
RESTATED = {
    "name": "Somerset restated", "base": "somerset-1888", "game": 5, "rubber": True,
    "points": {"point": 1, "march": 2, "lone_march": 4, "euchre": 2, "lone_euchred": 4},
    "revoke": {"points": 3, "lone": 5, "scored": "added", "hand_ends": False, "both_sides": "cancel"},
    "stick_the_dealer": False, "pack": 32, "lone_lead": "eldest", "lone_by": "code",
}
SOMERSET_CASES = sorted(p for folder in ("club", "deal", "play", "score", "trump")
                        for p in (ROOT / "cases" / folder).glob("*.yaml"))


def _ruled(data: dict) -> dict:
    try:
        out = rule(build_case(data, "case")).as_dict()
    except InputError as err:
        return {"error": str(err)}
    out.pop("house_rules", None)
    return out


@pytest.mark.parametrize("path", SOMERSET_CASES, ids=[p.stem[:60] for p in SOMERSET_CASES])
def test_a_house_file_that_restates_the_code_changes_no_ruling_and_no_score(path: Path) -> None:
    data = read_case_file(path)
    data.pop("expect", None)
    assert _ruled({**data, "house": RESTATED}) == _ruled(data)


def test_there_are_thirty_worked_cases_under_house_rules_each_with_a_house() -> None:
    # Each is run by tests/test_cases.py; here, that they are there and are house cases.
    paths = sorted((ROOT / "cases" / "house").glob("*.yaml"))
    assert len(paths) >= 30
    assert all("house" in read_case_file(p) for p in paths)


def test_the_shipped_egn_house_file_says_what_the_egn_defaults_say() -> None:
    shipped = from_mapping(read_case_file(ROOT / "laws" / "house" / "egn.yaml"))
    defaults, _ = egn_house_rules({})
    record = from_mapping({**defaults, "base": "somerset-1888"})
    assert {p: a.value for p, a in shipped.amendments.items()} == {p: a.value for p, a in record.amendments.items()}


@pytest.mark.parametrize(("house", "words"), [
    ({"trump_bonus": 2}, "trump_bonus"),
    ({"revoke": {"penalty": 2}}, "revoke.penalty"),
    ({"game": "ten"}, "game"),
    ({"revoke": {"hand_ends": "sometimes"}}, "revoke.hand_ends"),
    ({"pack": 52}, "pack"),
    ({"revoke": 2}, "revoke"),
    ({"base": "../somerset-1888"}, "base"),
    ({"defend_alone": {"allowed": False, "euchre": 4}}, "contradicts"),
    ({"game": 10, "hands_per_game": 8}, "contradicts"),
])
def test_a_bad_amendment_is_refused_naming_it(tmp_path: Path, house: dict, words: str) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(json.dumps(house))
    result = runner.invoke(app, ["law", "63", "--house", str(path)])
    assert result.exit_code == 2
    assert words in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_house_over_one_code_with_another_named_is_refused_naming_both(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("base: somerset-1888\ngame: 10\n")
    result = runner.invoke(app, ["law", "1", "--house", str(path), "--ruleset", "manual-1890s"])
    assert result.exit_code == 2 and "somerset-1888" in result.stderr and "manual-1890s" in result.stderr


@pytest.mark.parametrize("where", ["/etc/passwd", "../house.yaml", "sub/../../house.yaml"])
def test_a_case_file_names_its_house_file_only_inside_its_own_folder(tmp_path: Path, where: str) -> None:
    (tmp_path / "house.yaml").write_text("game: 10\n")
    folder = tmp_path / "cases"
    folder.mkdir()
    case = folder / "case.yaml"
    case.write_text(f"house: {json.dumps(where)}\nincident: {{kind: revoke, offender: E, established: true}}\n")
    result = runner.invoke(app, ["rule", str(case)])
    assert result.exit_code == 2 and "inside the case file's folder" in result.stderr


def test_a_house_file_beside_the_case_file_is_read(tmp_path: Path) -> None:
    (tmp_path / "club.yaml").write_text("name: Tuesday club\nrevoke: {points: 2}\n")
    case = tmp_path / "case.yaml"
    case.write_text("house: club.yaml\nincident: {kind: revoke, offender: E, established: true}\n")
    result = runner.invoke(app, ["rule", str(case), "--json"])
    out = json.loads(result.stdout)
    # The club's two points replace Law 63's three, scored to the wronged side (North and South).
    assert out["score"]["adjustment"] == {"NS": 2, "EW": 0}
    [applied] = out["house_rules"]
    assert applied["key"] == "revoke.points" and applied["amends"] == [63]
    # The file leaves the lone hand's figure to Law 63 ("when it is five"), and says so.
    assert applied["text"].startswith("a renege costs 2 points") and "lone hand" in applied["text"]


def test_the_flag_wins_over_the_case_file_and_the_file_over_the_environment(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    for name, points in (("flag", 1), ("file", 2), ("env", 4)):
        (tmp_path / f"{name}.yaml").write_text(f"revoke: {{points: {points}}}\n")
    case = tmp_path / "case.yaml"
    case.write_text("house: file.yaml\nincident: {kind: revoke, offender: E, established: true}\n")
    monkeypatch.setenv("ARBITER_HOUSE", str(tmp_path / "env.yaml"))

    def points(*extra: str) -> int:
        return json.loads(runner.invoke(app, ["rule", str(case), "--json", *extra]).stdout)["score"]["adjustment"]["NS"]

    assert points("--house", str(tmp_path / "flag.yaml")) == 1
    assert points() == 2
    case.write_text("incident: {kind: revoke, offender: E, established: true}\n")
    assert points() == 4


def test_the_club_book_shows_each_amended_law_with_its_amendment(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("name: Tuesday club\nrevoke: {points: 2, hand_ends: true}\nstick_the_dealer: true\n")
    out = json.loads(runner.invoke(app, ["house", str(path), "--json"]).stdout)
    # revoke.points amends Law 63, hand_ends Law 70, stick the dealer Law 77 (rulesets.md's table).
    assert [law["number"] for law in out["laws"]] == [63, 70, 77]
    assert out["laws"][0]["text"].startswith("The penalty of a revoke is three points")
    assert [(h["key"], h["amends"]) for h in out["laws"][0]["house"]] == [("revoke.points", [63])]
    text = runner.invoke(app, ["house", str(path), "--plain"]).stdout
    assert "Tuesday club" in text and "The penalty of a revoke is three points" in text
    assert "a renege costs 2 points" in text and "a renege ends the hand at once" in text


def test_a_law_lookup_shows_the_printed_text_and_the_amendment_set_apart(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("name: Tuesday club\nrevoke: {points: 2}\n")
    text = runner.invoke(app, ["law", "63", "--house", str(path), "--plain"]).stdout
    printed = text.index("The penalty of a revoke is three points")
    apart = text.index("House rules of Tuesday club (not the printed law)")
    assert printed < apart < text.index("a renege costs 2 points")


def test_an_audit_under_house_rules_replaces_the_records_own_and_says_so() -> None:
    game = ROOT / "tests" / "data" / "egn" / "vwec-finals.egn"
    own = json.loads(runner.invoke(app, ["audit", str(game), "--json"]).stdout)["games"][0]
    club = json.loads(runner.invoke(app, ["audit", str(game), "--json", "--house",
                                          str(ROOT / "laws" / "house" / "modern-club.yaml")]).stdout)["games"][0]
    assert own["house_from"] == "record" and club["house_from"] == "--house"
    assert club["house"]["revoke"]["points"] == 2  # the club's, not the record's toggles


def test_teach_and_quiz_take_the_house_rules(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("name: Tuesday club\nrevoke: {points: 2, lone: 4}\n")
    text = runner.invoke(app, ["teach", "revoke", "--house", str(path), "--plain"]).stdout
    assert "At this table (house rule, not the printed law): a renege costs 2 points" in text
    assert runner.invoke(app, ["quiz", "--house", str(path), "--count", "1", "--seed", "1", "--key"]).exit_code == 0


def test_a_house_file_that_restates_the_code_changes_no_score_on_the_sheet(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    monkeypatch.setenv("ARBITER_LEDGER", str(tmp_path / "l.sqlite"))
    restated = tmp_path / "restated.yaml"
    restated.write_text(json.dumps(RESTATED))
    rng = random.Random(7)
    hands = [[rng.choice(["NS", "EW"]), *(["alone"] if rng.random() < 0.2 else []), str(rng.randint(0, 5))]
             for _ in range(40)]
    for table, extra in (("printed", []), ("restated", ["--house", str(restated)])):
        for i, hand in enumerate(hands):
            done = runner.invoke(app, ["score", "--table", table, *extra, *hand])
            assert done.exit_code == 0, done.stderr
            if i % 9 == 8:
                assert runner.invoke(app, ["score", "--table", table, "--undo"]).exit_code == 0

    def sheet(table: str) -> list:
        out = json.loads(runner.invoke(app, ["score", "--table", table, "--history", "--json"]).stdout)
        return out["rubbers"]

    assert sheet("printed") == sheet("restated")
