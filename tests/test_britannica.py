"""Rulings on the 1911 Britannica's four-handed summary, reasoned from its words
(laws/sources/britannica-1911-euchre.txt). Numbers are ours (laws/britannica-1911/README.md)."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.incident import build_case
from arbiter.ruling import rule


def ruling(kind: str, envelope: dict[str, Any] | None = None, **facts: Any) -> dict[str, Any]:
    data = {"ruleset": "britannica-1911", **(envelope or {}), "incident": {"kind": kind, **facts}}
    return rule(build_case(data)).as_dict()


# "But he can only play alone when he or his partner orders up, or when his partner assists, or
# when he takes up the trump, or when he makes the trump."
@pytest.mark.parametrize("declarer, via, maker, verdict", [
    ("W", "order", None, "allowed"),                 # he orders up
    ("E", "take_from_partner", "W", "allowed"),      # his partner orders up
    ("S", "take_from_partner", "N", "allowed"),      # his partner (the second hand) assists
    ("S", "adopt", None, "allowed"),                 # he takes up the trump
    ("N", "assist", None, "not_allowed"),            # the assisting player is not named
])
def test_who_may_play_alone(declarer: str, via: str, maker: str | None, verdict: str) -> None:
    env: dict[str, Any] = {"dealer": "S", "turned": "9H", "trump": "hearts"}
    if maker:
        env["maker"] = maker
    r = ruling("lone_declaration", env, declarer=declarer, via=via)
    assert r["verdict"] == verdict and r["laws"][0] == 18


def test_the_partner_of_a_maker_in_the_second_round_may_not_play_alone() -> None:
    r = ruling("lone_declaration", {"dealer": "S", "turned": "9H", "trump": "spades", "maker": "W"},
               declarer="E", via="take_from_partner")
    assert r["verdict"] == "not_allowed"


@pytest.mark.parametrize("tricks, alone, ns, ew", [
    (5, False, 2, 0),  # "winning five tricks (called a march), scores two"
    (3, False, 1, 0),  # "if he wins three tricks (called the point), he scores one"
    (2, False, 0, 2),  # "If he fails to make three tricks, he is euchred, and his adversary scores two."
    (5, True, 4, 0),   # "but if a lone player wins five tricks, he scores four"
    (2, True, 0, 2),   # "the scores are as before"
])
def test_four_handed_scores(tricks: int, alone: bool, ns: int, ew: int) -> None:
    r = ruling("hand_result", {"dealer": "E"}, makers="NS", tricks=tricks, alone=alone)
    assert r["score"]["adjustment"] == {"NS": ns, "EW": ew}
    assert not r["silent"]


def test_the_game_is_five_up() -> None:
    r = ruling("hand_result", {"dealer": "E", "score": {"NS": 4, "EW": 0}}, makers="NS", tricks=3)
    assert r["score"]["after"]["game_won_by"] == "NS"


def test_a_revoke_is_not_addressed() -> None:
    r = ruling("revoke", {"dealer": "E"}, offender="N")
    assert r["silent"] and r["laws"] == [] and r["reference"]["laws"]
