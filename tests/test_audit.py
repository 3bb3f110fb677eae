"""The audit of recorded games (issue 14; ../shared/spec/records.md).

Expectations come from the data's README (the scores), from the laws and EGN's documents
(who leads, what wins a trick, what a revoke is), and from revokes the tests make
themselves: this file has its own small replay, written from the rules, to build them.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter import egn
from arbiter.audit import audit, audit_game
from arbiter.model import InputError
from arbiter.rulebook import load
from test_safety import refused, run

DATA = Path(__file__).resolve().parent / "data" / "egn"
RECORDS = Path(__file__).resolve().parent.parent / "cases" / "records"
BOOK = load()
GAMES = sorted(DATA.glob("*.egn"))
REAL = [p for p in GAMES if p.name.startswith(("masters", "me-and", "vwec", "six-points"))]


def readme_scores() -> dict[str, tuple[int, int]]:
    """The scores the data's README gives, NS-EW, for the games it gives one."""
    out = {}
    for line in (DATA / "README.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 4 and cells[0].endswith(".egn") and re.fullmatch(r"\d+-\d+", cells[3]):
            ns, ew = cells[3].split("-")
            out[cells[0]] = (int(ns), int(ew))
    return out


def load_game(path: Path) -> dict[str, Any]:
    return json.loads(path.read_bytes())


def audited(data: dict[str, Any], name: str = "game.egn", apply: bool = False) -> dict[str, Any]:
    return audit_game(egn.parse(data, name), BOOK, apply)


# --- our own small replay, from the rules (docs/replayer-logic.md, Laws 62, 87, 89) -------------

MATE = {"c": "s", "s": "c", "d": "h", "h": "d"}
ORDER = "9TJQKA"


def follow_suit(card: str, trump: str) -> str:
    """The suit a card follows as: the left bower is a trump."""
    rank, suit = card[0], card[1].lower()
    return trump if rank == "J" and suit == MATE[trump] else suit


def strength(card: str, led: str, trump: str) -> int:
    rank, suit = card[0], card[1].lower()
    if rank == "J" and suit == trump:
        return 100
    if rank == "J" and suit == MATE[trump]:
        return 99
    if suit == trump:
        return 50 + ORDER.index(rank)
    return ORDER.index(rank) if suit == led else -1


def bidding(deal: dict[str, Any]) -> tuple[str, int, int | None]:
    """Trump, maker and lone seat from the calls."""
    phase = next(p for p in deal["phases"] if p["type"] == "EUCHRE_BIDDING")
    for i, call in enumerate(phase["calls"]):
        if call != "Pass":
            maker = (deal["initialState"]["dealer"] + 1 + i) % 4
            trump = deal["initialState"]["upCard"][1].lower() if call == "Order" else call
            return trump, maker, maker if phase.get("isAlone") else None
    raise LookupError("all passed")


def seats_and_winners(deal: dict[str, Any], lone_lead: str) -> tuple[list[list[int]], list[int]]:
    trump, maker, alone = bidding(deal)
    dealer = deal["initialState"]["dealer"]
    out = {(alone + 2) % 4} if alone is not None else set()
    leader = (alone + 1) % 4 if alone is not None and lone_lead == "LEFT_OF_LONER" else (dealer + 1) % 4
    while leader in out:
        leader = (leader + 1) % 4
    tricks = next(p for p in deal["phases"] if p["type"] == "TRICK_PLAY")["tricks"]
    seats, winners = [], []
    for trick in tricks:
        order = [s for s in ((leader + i) % 4 for i in range(4)) if s not in out]
        led = follow_suit(trick[0], trump)
        powers = [strength(c, led, trump) for c in trick]
        seats.append(order)
        leader = order[powers.index(max(powers))]
        winners.append(leader)
    return seats, winners


def tricks_of(deal: dict[str, Any]) -> list[list[str]]:
    return next(p for p in deal["phases"] if p["type"] == "TRICK_PLAY")["tricks"]


def swaps(path: Path) -> list[tuple[int, int, int, int, dict[str, Any], dict[str, Any]]]:
    """Every swap of two cards of one player between two tricks he did not lead, keeping
    each trick's winner: (deal index, seat, trick i, trick j, the deal, the game)."""
    game = load_game(path)
    lone_lead = game["metadata"].get("ruleset", {}).get("loner_lead", "LEFT_OF_DEALER")
    out = []
    for d, deal in enumerate(game["deals"]):
        try:
            trump, _, _ = bidding(deal)
        except (LookupError, StopIteration):
            continue
        tricks = tricks_of(deal)
        if len(tricks) != 5:
            continue
        seats, winners = seats_and_winners(deal, lone_lead)
        for i in range(5):
            for j in range(i + 1, 5):
                for seat in seats[i][1:]:
                    if seat not in seats[j][1:]:
                        continue
                    a, b = seats[i].index(seat), seats[j].index(seat)
                    new = copy.deepcopy(deal)
                    t = tricks_of(new)
                    t[i][a], t[j][b] = t[j][b], t[i][a]
                    if seats_and_winners(new, lone_lead)[1] != winners:
                        continue
                    out.append((d, seat, i + 1, j + 1, new, game))
    return out


def revoke_at(deal: dict[str, Any], seat: int, n: int, trump: str, lone_lead: str) -> bool:
    """Whether `seat` failed to follow in trick n while a later card of his shows he could."""
    seats, _ = seats_and_winners(deal, lone_lead)
    tricks = tricks_of(deal)
    led = follow_suit(tricks[n - 1][0], trump)
    if seat not in seats[n - 1]:
        return False  # he sits out
    mine = tricks[n - 1][seats[n - 1].index(seat)]
    later = [tricks[k][seats[k].index(seat)] for k in range(n, len(tricks))
             if seat in seats[k] and seats[k].index(seat) < len(tricks[k])]
    return follow_suit(mine, trump) != led and any(follow_suit(c, trump) == led for c in later)


# --- the bundled games --------------------------------------------------------------------------


def test_the_readme_gives_scores_for_the_real_games() -> None:
    scores = readme_scores()
    assert all(p.name in scores for p in REAL) and len(REAL) == 9


@pytest.mark.parametrize("path", [p for p in GAMES if p.name in readme_scores()], ids=lambda p: p.name)
def test_every_bundled_game_replays_to_the_score_its_readme_gives(path: Path) -> None:
    result = audit([str(path)], BOOK)
    assert result.refused == []
    ns, ew = readme_scores()[path.name]
    assert result.games[0]["final"]["points"] == {"NS": ns, "EW": ew}
    winner = "NS" if ns >= 10 else "EW" if ew >= 10 else None  # game to 10, the README says
    assert result.games[0]["final"]["winner"] == winner


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_the_real_games_contain_no_irregularity(path: Path) -> None:
    game = audited(load_game(path), path.name)
    assert [i for d in game["deals"] for i in d["irregularities"]] == []


def test_the_test_files_revoke_as_our_own_replay_shows() -> None:
    for path in (DATA / "conversion-test.egn", DATA / "editor-test-egn-m-20260529-01-5.egn"):
        data = load_game(path)
        lone_lead = data["metadata"]["ruleset"]["loner_lead"]
        expected = set()
        for d, deal in enumerate(data["deals"]):
            trump, _, _ = bidding(deal)
            seats, _ = seats_and_winners(deal, lone_lead)
            for n in range(1, len(tricks_of(deal)) + 1):
                for seat in seats[n - 1][1:]:
                    if len(tricks_of(deal)[n - 1]) == len(seats[n - 1]) and revoke_at(deal, seat, n, trump, lone_lead):
                        expected.add((d, "NESW"[seat], n))
        game = audited(data, path.name)
        found = {(d["number"], i["offender"], i["trick"]) for d in game["deals"] for i in d["irregularities"]
                 if i["kind"] == "revoke"}
        assert expected and found == expected, path.name


def test_a_left_bower_led_is_a_trump_lead() -> None:
    """vwec-finals deal 2, trick 3 (clubs trump): West leads the queen of spades and East
    wins with the knave of spades, the left bower, a trump. No spade is asked of him."""
    game = audited(load_game(DATA / "vwec-finals.egn"))
    deal = game["deals"][2]
    assert deal["trump"] == "clubs" and deal["plays"][2][2] == "E JS"
    assert deal["winners"][2] == "E"
    leads = [(d["number"], t) for d in game["deals"] if d["trump"]
             for t, plays in enumerate(d["plays"])
             if plays[0].split()[1] == "J" + {"clubs": "S", "spades": "C", "hearts": "D", "diamonds": "H"}[d["trump"]]]
    assert leads, "the real games lead the left bower"


# --- revokes made by swapping cards -------------------------------------------------------------


def _swap_cases() -> list[tuple[str, int, int, int, int, dict[str, Any], dict[str, Any], set[str]]]:
    out = []
    for path in REAL + [DATA / "custom-scenario.egn"]:
        for d, seat, i, j, deal, game in swaps(path):
            trump, _, alone = bidding(deal)
            tags = set()
            lone_lead = game["metadata"]["ruleset"].get("loner_lead", "LEFT_OF_DEALER")
            if revoke_at(deal, seat, i, trump, lone_lead):
                tags.add("revoke")
                first = tricks_of(deal)[i - 1][0]
                if first[0] == "J" and first[1].lower() == MATE[trump]:
                    tags.add("left bower led")
                seats, _ = seats_and_winners(deal, lone_lead)
                mine = tricks_of(deal)[i - 1][seats[i - 1].index(seat)]
                if follow_suit(mine, trump) == trump != follow_suit(first, trump):
                    tags.add("trumped holding the suit")
                if alone is not None:
                    tags.add("lone hand")
            out.append((path.name, d, seat, i, j, deal, game, tags))
    return out


SWAPS = _swap_cases()


def _mutated(game: dict[str, Any], d: int, deal: dict[str, Any]) -> dict[str, Any]:
    new = copy.deepcopy(game)
    new["deals"][d] = deal
    return new


@pytest.mark.parametrize("tag", ["revoke", "left bower led", "trumped holding the suit", "lone hand"])
def test_swapped_cards_make_revokes_of_every_sort(tag: str) -> None:
    assert any(tag in c[-1] for c in SWAPS)


def test_every_revoke_made_by_a_swap_is_found_with_its_seat_deal_and_trick() -> None:
    cases = [c for c in SWAPS if "revoke" in c[-1]]
    assert len(cases) >= 50
    for name, d, seat, i, j, deal, game, tags in cases:
        result = audited(_mutated(game, d, deal), name)
        number = result["deals"][d]["number"]
        found = [(x["offender"], x["trick"]) for x in result["deals"][d]["irregularities"] if x["kind"] == "revoke"]
        assert ("NESW"[seat], i) in found, (name, number, seat, i, j, sorted(tags))
        ruling = next(x for x in result["deals"][d]["irregularities"]
                      if x["kind"] == "revoke" and x["trick"] == i)["ruling"]
        assert ruling["kind"] == "revoke" and ruling["verdict"] == "revoke"
        assert 62 in ruling["laws"] and 64 in ruling["laws"]
        assert result["deals"][d]["number"] == game["deals"][d]["dealNumber"]


def test_swaps_that_keep_the_play_legal_find_nothing() -> None:
    legal = []
    for name, d, seat, i, j, deal, game, tags in SWAPS:
        if tags:
            continue
        trump, _, _ = bidding(deal)
        lone_lead = game["metadata"]["ruleset"].get("loner_lead", "LEFT_OF_DEALER")
        # Law 62: legal play follows suit unless he held none of the suit led; with no hands
        # recorded, what he held is what he played from then on.
        if any(revoke_at(deal, s, n, trump, lone_lead) for n in range(1, 6) for s in range(4)):
            continue  # the swap made a revoke elsewhere in the deal (moving a card later)
        legal.append((name, d, deal, game))
    assert len(legal) >= 50
    for name, d, deal, game in legal:
        result = audited(_mutated(game, d, deal), name)
        assert result["deals"][d]["irregularities"] == [], name


def test_a_revoke_in_a_lone_hand_is_scored_as_one_with_apply() -> None:
    name, d, seat, i, j, deal, game, tags = next(c for c in SWAPS if "lone hand" in c[-1])
    data = _mutated(game, d, deal)
    played = audited(data, name)["deals"][d]
    applied = audited(data, name, apply=True)["deals"][d]
    wronged = "EW" if seat % 2 == 0 else "NS"
    offenders = "NS" if wronged == "EW" else "EW"
    revokes = {side: sum(1 for x in played["irregularities"] if x["kind"] == "revoke"
                         and ("NS" if x["offender"] in "NS" else "EW") == side) for side in ("NS", "EW")}
    net = revokes[offenders] - revokes[wronged]
    lone = BOOK.law(63).number_of("revoke_lone")
    assert applied["penalties"][wronged if net > 0 else offenders] == abs(net) * lone


# --- scoring choices ----------------------------------------------------------------------------


def test_apply_scores_the_revoke_penalty_of_law_63_net_of_law_71() -> None:
    """conversion-test deal 0: South revokes once, East and West twice (our replay above
    agrees). Law 71 cancels one for one; North and South score Law 63's 3 for the other."""
    data = load_game(DATA / "conversion-test.egn")
    plain, applied = audited(data), audited(data, apply=True)
    assert applied["deals"][0]["penalties"] == {"NS": BOOK.law(63).number_of("revoke"), "EW": 0}
    assert plain["deals"][0]["score"] == {"NS": 2 + plain["deals"][0]["points"]["NS"],
                                          "EW": 1 + plain["deals"][0]["points"]["EW"]}
    assert applied["final"]["points"]["NS"] == plain["final"]["points"]["NS"] + 3


def test_the_records_own_rules_take_egns_defaults_not_somersets() -> None:
    house, not_applied = egn.house_rules({})
    assert house["game"] == 10 and house["stick_the_dealer"] is True
    assert house["points"] == {"point": 1, "march": 2, "euchre": 2, "lone_march": 4, "lone_euchred": 2}
    assert house["lone_lead"] == "eldest" and house["pack"] == 24 and not_applied == ()
    house, not_applied = egn.house_rules({"loner_lead": "LEFT_OF_LONER", "joker": True, "canadian": True,
                                          "winning_score": 0, "num_deals": 8})
    assert house["lone_lead"] == "left_of_loner" and house["hands_per_game"] == 8 and "game" not in house
    assert any("joker" in t for t in not_applied) and any("Canadian" in t for t in not_applied)


def test_a_lone_march_scores_the_records_figure(tmp_path: Path) -> None:
    """East alone leads five trumps and takes every trick: the record's lone march, 5."""
    tricks = "".join(f"      - [E {t}, S {h}, N {d}]\n" for t, h, d in
                     (("JS", "9H", "9D"), ("JC", "10H", "10D"), ("AS", "QH", "QD"), ("KS", "KH", "KD"),
                      ("QS", "AH", "AD")))
    path = _record(tmp_path, tricks, "    alone: E\n")
    text = Path(path).read_text(encoding="utf-8").replace("pack: 24}", "pack: 24, points: {lone_march: 5}}")
    Path(path).write_text(text, encoding="utf-8")
    deal = audit([path], BOOK).games[0]["deals"][0]
    assert deal["winners"] == ["E"] * 5 and deal["irregularities"] == []
    assert deal["points"] == {"NS": 0, "EW": 5}


def test_a_fixed_number_of_deals_decides_the_game_by_points() -> None:
    data = load_game(DATA / "me-and-bears.egn")
    data["metadata"]["ruleset"].update({"winning_score": 0, "num_deals": 3})
    data["deals"] = data["deals"][:3]
    game = audited(data)
    pts = game["final"]["points"]
    assert game["final"]["winner"] == (None if pts["NS"] == pts["EW"] else max(pts, key=pts.get))


# --- our YAML deal record -----------------------------------------------------------------------


def test_the_hand_as_dealt_proves_a_revoke_and_a_late_claim_is_barred() -> None:
    result = audit([str(RECORDS / "revoke-proved-by-the-hand.yaml")], BOOK)
    deal = result.games[0]["deals"][0]
    assert not deal["complete"] and deal["points"] == {"NS": 0, "EW": 0}
    (irr,) = deal["irregularities"]
    assert (irr["kind"], irr["offender"], irr["trick"]) == ("revoke", "N", 1)
    assert irr["ruling"]["laws"][0] == 68 and irr["ruling"]["score"]["adjustment"] == {"NS": 0, "EW": 0}


def test_a_lone_hand_record_finds_the_false_lead_the_exposed_card_and_the_partner() -> None:
    result = audit([str(RECORDS / "a-lone-hand-with-a-lead-out-of-turn.yaml")], BOOK)
    deal = result.games[0]["deals"][0]
    found = [(i["kind"], i["offender"], i["trick"]) for i in deal["irregularities"]]
    assert found == [("lead_out_of_turn", "N", 1), ("exposed_card", "S", 2), ("lone_partner_played", "E", 3)]
    assert deal["leaders"][0] == "N" and deal["winners"] == ["W", "W", "W", "W", "S"]
    # West alone took four: a point by Law 3, on 3-5.
    assert deal["points"] == {"NS": 0, "EW": BOOK.law(3).number_of("point")}
    assert deal["score"] == {"NS": 3, "EW": 5 + BOOK.law(3).number_of("point")}
    assert deal["take_from"] == "E"
    partner = deal["irregularities"][2]
    assert partner["laws"] == [100] and partner["choice"] == ["play_alone"]


def _record(tmp_path: Path, tricks: str, extra: str = "") -> str:
    path = tmp_path / "r.yaml"
    path.write_text("format: deal-record 1\nrules: {game: 10, pack: 24}\ndeals:\n  - dealer: N\n"
                    "    turned: 9C\n    trump: spades\n    maker: E\n" + extra + "    tricks:\n" + tricks,
                    encoding="utf-8")
    return str(path)


def test_a_play_by_the_wrong_seat_and_two_cards_from_one_are_found(tmp_path: Path) -> None:
    path = _record(tmp_path, "      - [E AH, W 9H, S KH, N QH]\n      - [E AD, S KD, E 9D, W QD, N 10D]\n")
    irr = audit([path], BOOK).games[0]["deals"][0]["irregularities"]
    found = [(i["kind"], i["offender"], i["trick"], (i["ruling"] or {}).get("kind")) for i in irr]
    assert ("play_out_of_turn", "W", 1, "play_out_of_turn") in found
    assert ("wrong_size", "E", 2, "extra_card_in_trick") in found


def test_a_card_twice_and_a_card_not_in_the_pack_are_found(tmp_path: Path) -> None:
    path = _record(tmp_path, "      - [E AH, S 8H, W 9H, N AH]\n")
    irr = audit([path], BOOK).games[0]["deals"][0]["irregularities"]
    found = [(i["kind"], i["offender"], i["trick"]) for i in irr]
    assert ("card_not_in_pack", "S", 1) in found and ("card_twice", "N", 1) in found
    assert all(i["ruling"]["kind"] == "imperfect_pack" for i in irr)


# --- the command --------------------------------------------------------------------------------


def test_json_follows_the_contract() -> None:
    code, out, _ = run("audit", str(DATA / "six-points-in-two-hands.egn"), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["ruleset"] == "somerset-1888" and data["files"] and data["house"]["game"] == 10
    game = data["games"][0]
    assert game["format"] == "egn-1.4" and game["final"]["points"] == {"NS": 10, "EW": 9}
    deal = game["deals"][0]
    for key in ("number", "dealer", "up_card", "trump", "maker", "alone", "leaders", "winners", "tricks",
                "points", "score", "irregularities"):
        assert key in deal
    assert len(deal["leaders"]) == 5 and sum(deal["tricks"].values()) == 5


def test_the_table_fits_80_columns_and_marks_irregularities(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    from arbiter import render

    monkeypatch.setattr(render.console, "_width", 80, raising=False)
    code, out, _ = run("audit", str(DATA / "conversion-test.egn"), str(DATA / "vwec-finals.egn"))
    assert code == 0
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "revoke S t1" in out and "Final (NS-EW): 8-10" in out


def test_deal_shows_one_deal_trick_by_trick() -> None:
    code, out, _ = run("audit", str(DATA / "custom-scenario.egn"), "--deal", "0")
    assert code == 0
    assert "N held KH AS JD 10H AH" in out and "Trick" in out and "Won" in out


def test_a_deal_with_no_play_has_no_trump_and_no_points(tmp_path: Path) -> None:
    data = load_game(DATA / "custom-scenario.egn")
    data["metadata"]["ruleset"]["std"] = False
    data["deals"][0]["phases"] = [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass"] * 8}]
    deal = audited(data)["deals"][0]
    assert deal["trump"] is None and deal["points"] == {"NS": 0, "EW": 0} and deal["winners"] == []


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d.update(version="2.0"), "version '2.0'"),
    (lambda d: d["deals"][0]["phases"][1]["tricks"][2].__setitem__(1, "Zz"), "deal 0: trick 3: 'Zz' is no card"),
    (lambda d: d["deals"][0]["phases"][1]["tricks"][1].__setitem__(0, "B"), "deal 0: trick 2: the joker"),
    (lambda d: d["deals"].__setitem__(0, "AbC"), "condensed"),
])
def test_a_bad_record_is_one_line_naming_file_deal_and_trick(tmp_path: Path, change: Any, words: str) -> None:
    data = load_game(DATA / "custom-scenario.egn")
    change(data)
    path = tmp_path / "bad.egn"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run("audit", str(path))
    assert code == 2
    refused(err)
    assert str(path) in err and words in err


def test_a_folder_audit_reports_a_bad_file_and_goes_on(tmp_path: Path) -> None:
    (tmp_path / "a.egn").write_text("not json", encoding="utf-8")
    (tmp_path / "b.egn").write_bytes((DATA / "custom-scenario.egn").read_bytes())
    (tmp_path / "README.md").write_text("not a record", encoding="utf-8")
    code, out, err = run("audit", str(tmp_path), "--json")
    assert code == 2
    assert "a.egn: not JSON" in err and err.count("\n") == 1
    data = json.loads(out)
    assert [g["file"].rsplit("/", 1)[-1] for g in data["games"]] == ["b.egn"]


# --- fuzzed records -----------------------------------------------------------------------------

JUNK = st.one_of(st.none(), st.booleans(), st.integers(-5, 12), st.text(max_size=4),
                 st.sampled_from(["Jd", "L", "R", "Xx", "B", "Order", "Pass", "h", "n", "Tt", "8c"]),
                 st.lists(st.sampled_from(["Jd", "9c", "As", "Kh", "L"]), max_size=6), st.just({}))


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_fuzzed_records_are_audited_or_refused_in_one_line(data: st.DataObject) -> None:
    game = load_game(data.draw(st.sampled_from(GAMES[:4] + [DATA / "conversion-test.egn"])))
    for _ in range(data.draw(st.integers(1, 4))):
        path = data.draw(st.sampled_from(_paths(game)[1:]))
        target = game
        for key in path[:-1]:
            target = target[key]
        if isinstance(target, (dict, list)):
            target[path[-1]] = data.draw(JUNK)
    try:
        result = audit_game(egn.parse(game, "fuzz.egn"), BOOK, data.draw(st.booleans()))
    except InputError as err:
        assert "\n" not in str(err) and str(err).startswith("fuzz.egn")
    else:
        assert set(result["final"]["points"]) == {"NS", "EW"}
