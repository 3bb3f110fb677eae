"""The two-handed game (rulesets.md): players: 2, only under britannica-1911, N and S each a side."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter.cli import app

runner = CliRunner()


@pytest.mark.parametrize("ruleset", ["somerset-1888", "manual-1890s"])
def test_two_players_are_refused_under_a_code_without_the_two_handed_game(tmp_path: Path, ruleset: str) -> None:
    case = tmp_path / "case.yaml"
    case.write_text(f"ruleset: {ruleset}\nplayers: 2\nincident: {{kind: hand_result, maker: N, tricks: 3}}\n")
    result = runner.invoke(app, ["rule", str(case)])
    assert result.exit_code == 2 and "britannica-1911" in result.stderr


def test_east_does_not_sit_at_a_table_of_two(tmp_path: Path) -> None:
    case = tmp_path / "case.yaml"
    case.write_text("ruleset: britannica-1911\nplayers: 2\ndealer: E\nincident: {kind: all_passed, round: 2}\n")
    result = runner.invoke(app, ["rule", str(case)])
    assert result.exit_code == 2 and "North and South" in result.stderr


def test_a_two_handed_score_sheet_keeps_north_and_south(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARBITER_LEDGER", str(tmp_path / "l.sqlite"))
    # "--players 2 implies that ruleset" (rulesets.md); the Britannica's figures: a march
    # scores two, the point one, a euchre two to the adversary, and the game is five up.
    assert runner.invoke(app, ["score", "--table", "duel", "--players", "2", "--dealer", "S"]).exit_code == 0
    for words in (["N", "5"], ["N", "3"], ["S", "1"]):
        assert runner.invoke(app, ["score", "--table", "duel", *words]).exit_code == 0
    out = json.loads(runner.invoke(app, ["score", "--table", "duel", "--history", "--json"]).stdout)
    assert out["table"]["ruleset"] == "britannica-1911" and out["table"]["players"] == 2
    # 2 + 1 = 3 for North, then South euchred: North 5, the game (five up).
    game = out["rubbers"][0]["games"][0]
    assert game["winner"] == "N" and game["points"] == {"N": 5, "S": 0}
    refused = runner.invoke(app, ["score", "--table", "duel", "NS", "3"])
    assert refused.exit_code == 2
