"""Plain-words incidents (issue 5): which kind the words name, the facts they give, what is missing.

Accuracy is measured on tests/phrasings.yaml, not assumed: the overall figure and each part
(tuned, held-out, and the batches written blind after each round of tuning) are printed when
ARBITER_SHOW_ACCURACY=1 is set (`ARBITER_SHOW_ACCURACY=1 pytest -q tests/test_classify.py`),
and the overall and held-out figures are held at 90% or more.

The classifier also lets the nearest descriptions of its phrasebook (arbiter/phrasebook.json,
built from tests/phrasings.yaml) vote. A phrasing is never graded by a phrasebook that holds
it: every phrasing read here is compared with the phrasebook less the whole part it belongs
to (`C.grading_examples`, which `C.accuracy` uses too), so each part's figure is the one a
classifier that never saw that part would get. The cues, though, were tuned on every part,
so the figures still flatter the cues; the honest measure of the vote is
test_the_similarity_vote_alone_generalises_to_a_batch_left_out.
"""

from __future__ import annotations

import json
import os
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from arbiter import classify as C
from arbiter.model import InputError
from arbiter.classify import classify
from arbiter.cli import app
from arbiter.ruling import KINDS
from spec_kinds import SPEC, SPEC_KINDS, kinds_in_spec

HERE = Path(__file__).resolve().parent
PHRASINGS: list[dict[str, Any]] = yaml.safe_load((HERE / "phrasings.yaml").read_text(encoding="utf-8"))
runner = CliRunner()


_READINGS: dict[tuple[Any, ...], C.Reading] = {}


def read(p: dict[str, Any]) -> C.Reading:
    """A phrasing's reading, the phrasebook less the phrasing's own part voting (see the module's docstring).
    Kept for the module's other tests: three of them read all 5,600 phrasings, and a reading
    depends only on these inputs."""
    key = (p["text"], p.get("me"), p.get("dealer"), p.get("trump"))
    if key not in _READINGS:
        _READINGS[key] = classify(p["text"], me=p.get("me"), dealer=p.get("dealer"), trump=p.get("trump"),
                                  examples=C.grading_examples(p["text"]))
    return _READINGS[key]


def show(capsys: pytest.CaptureFixture[str], *lines: str) -> None:
    """Print the accuracy tables only when asked (ARBITER_SHOW_ACCURACY=1): `pytest -q` stays a line of dots."""
    if os.environ.get("ARBITER_SHOW_ACCURACY"):
        with capsys.disabled():
            print("\n" + "\n".join(lines))


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


# --- the phrasing set and accuracy -------------------------------------------------------------


def test_the_spec_table_lists_the_kinds_we_classify() -> None:
    if SPEC.exists():
        assert kinds_in_spec() == SPEC_KINDS
    assert set(SPEC_KINDS) <= set(C.CUES) and set(SPEC_KINDS) <= set(C.FACT_TYPES)


def test_the_phrasing_set_is_large_and_covers_every_kind_in_both_eras() -> None:
    assert len(PHRASINGS) >= 150
    per_kind = Counter(p["kind"] for p in PHRASINGS)
    eras: dict[str, set[str]] = defaultdict(set)
    for p in PHRASINGS:
        eras[p["kind"]].add(str(p["era"]))
    for kind in SPEC_KINDS:
        assert per_kind[kind] >= 3, kind
        assert eras[kind] == {"1888", "today"}, f"{kind} lacks phrasings in {({'1888', 'today'} - eras[kind])}"
    assert set(per_kind) <= set(C.CUES)


def test_top1_accuracy_is_ninety_percent_or_more_overall_and_held_out(capsys: pytest.CaptureFixture[str]) -> None:
    # C.accuracy grades each phrasing with the phrasebook less its whole part: the held-out and
    # blind figures are of a vote that never saw them (the cues did: they were tuned on all).
    parts = C.split(PHRASINGS)
    lines = []
    for name, items in parts.items():
        correct, total = C.accuracy(items)
        lines.append(f"  {name:<10} {correct:>3}/{total:<3} {100 * correct / total:5.1f}%")
    correct, total = C.accuracy(PHRASINGS)
    show(capsys, f"classify top-1 accuracy: {correct}/{total} = {100 * correct / total:.1f}%", *lines,
         "  (each part graded with the phrasebook less that part; the cues were tuned on all of them.",
         "   blind-N parts were measured once before tuning on them: 58%, 73%, 71%, 78%, 84.5%, 85.3%; see phrasings.yaml)")
    assert correct / total >= 0.9
    held_correct, held_total = C.accuracy(parts["held-out"])
    assert held_total >= 40 and held_correct / held_total >= 0.9


def test_every_spec_kind_classifies_from_three_different_phrasings() -> None:
    right: dict[str, set[str]] = defaultdict(set)
    for p in PHRASINGS:
        if read(p).kind == p["kind"]:
            right[p["kind"]].add(p["text"].lower())
    short = {k: len(right[k]) for k in SPEC_KINDS if len(right[k]) < 3}
    assert not short, f"kinds classified from fewer than three phrasings: {short}"


def test_the_facts_expected_of_the_phrasings_are_read() -> None:
    wrong = []
    for p in PHRASINGS:
        reading = read(p)
        if reading.kind != p["kind"]:
            continue
        for name, value in (p.get("facts") or {}).items():
            if reading.facts.get(name) != value:
                wrong.append((p["text"], name, value, reading.facts.get(name)))
    assert not wrong, wrong


def test_accuracy_counts_right_and_wrong() -> None:
    items = [{"text": "West reneged", "kind": "revoke"}, {"text": "West reneged", "kind": "misdeal"}]
    assert C.accuracy(items) == (1, 2)


def test_split_holds_out_every_third_of_a_kind_and_keeps_written_batches_apart() -> None:
    items = [{"text": str(i), "kind": "revoke"} for i in range(6)] + [{"text": "x", "kind": "revoke", "written": "blind-9"}]
    parts = C.split(items)
    assert [p["text"] for p in parts["held-out"]] == ["2", "5"]
    assert [p["text"] for p in parts["tuned"]] == ["0", "1", "3", "4"]
    assert [p["text"] for p in parts["blind-9"]] == ["x"]


# --- the similarity vote and its phrasebook ----------------------------------------------------

BLIND = ("blind-1", "blind-2", "blind-3", "blind-4", "blind-5")
# Leave-one-batch-out, measured when the vote was added (SIM_K 15, SIM_PAIRS 0.5, chosen on
# blind-1..4 only): the vote alone, with a phrasebook of every phrasing but the batch's, read
#   blind-1 41/43  blind-2 38/45  blind-3 38/45  blind-4 41/45  blind-5 115/129   = 273/307, 88.9%
# against the cues' first, honest measurements of 58%, 73%, 71%, 78%, 84.5% (phrasings.yaml).
# The cues cannot be measured so here: they were tuned on every batch, and read all of them.
# Only blind-5 has an honest hybrid figure, taken once after SIM_WEIGHT was fixed on
# blind-1..4: the cues as they stood before blind-5 was written (commit c3c7b15) read 109/129,
# and the same cues plus the vote of the phrasebook without blind-5 read 118/129 (91.5%), nine
# mended and none broken; the odd half, which cue patches left at 54/64, went to 57/64.
SIMILARITY_FLOOR = 0.87
SIMILARITY_BATCH_FLOOR = 0.82


def test_the_similarity_vote_alone_generalises_to_a_batch_left_out(capsys: pytest.CaptureFixture[str]) -> None:
    parts = C.split(PHRASINGS)
    words = {id(p): C.text_terms(p["text"]) for p in PHRASINGS}
    lines, right, total = [], 0, 0
    for batch in BLIND:
        left_out = {p["text"] for p in parts[batch]}
        book = C.Phrasebook((p["kind"], words[id(p)]) for p in PHRASINGS if p["text"] not in left_out)
        correct = 0
        for p in parts[batch]:
            vote = book.vote(words[id(p)])
            correct += bool(vote) and max(vote, key=vote.__getitem__) == p["kind"]
        n = len(parts[batch])
        lines.append(f"  {batch:<10} {correct:>3}/{n:<3} {100 * correct / n:5.1f}%")
        assert correct / n >= SIMILARITY_BATCH_FLOOR, batch
        right, total = right + correct, total + n
    show(capsys, f"similarity vote alone, each blind batch left out of the phrasebook: {right}/{total} = "
         f"{100 * right / total:.1f}%", *lines)
    assert right / total >= SIMILARITY_FLOOR


def test_the_phrasebook_ships_every_phrasing_with_its_part_and_terms() -> None:
    # The terms read back (the pairs of neighbours made again from the stored runs) are the
    # terms of the text, as a new description's are made.
    shipped = [[e["kind"], e["part"], e["text"], e["terms"]] for e in C.phrasebook_entries()]
    expected = [[p["kind"], part, p["text"], C.text_terms(p["text"])]
                for part, items in C.split(PHRASINGS).items() for p in items]
    assert shipped == expected, (
        "arbiter/phrasebook.json is stale: python -c 'from arbiter.classify import write_phrasebook; write_phrasebook()'")
    assert Path(C.__file__).with_name(C.PHRASEBOOK).is_file()  # inside the package: the wheel carries it


def test_the_phrasebook_is_read_only_for_plain_words(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    # `arbiter law 52` and `arbiter rule case.yaml` never import the classifier; importing it does
    # not read the phrasebook; the first plain words do.
    case = tmp_path / "case.yaml"
    case.write_text("dealer: N\nincident: {kind: lead_out_of_turn, offender: E}\n", encoding="utf-8")
    probe = (
        "import sys, contextlib, io\n"
        "from arbiter.cli import main\n"
        "for argv in (['law', '52'], ['rule', sys.argv[1], '--json']):\n"
        "    sys.argv = ['arbiter', *argv]\n"
        "    with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
        "        main()\n"
        "print('arbiter.classify' in sys.modules)\n"
        "import arbiter.classify as C\n"
        "print(C.phrasebook_entries.cache_info().currsize)\n"
        "C.classify('West reneged')\n"
        "print(C.phrasebook_entries.cache_info().currsize)\n"
    )
    env = {**os.environ, "ARBITER_CACHE": str(tmp_path / "cache")}
    out = subprocess.run([sys.executable, "-c", probe, str(case)], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.split() == ["False", "0", "1"]


def stored_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[C.Phrasebook, Path]:
    """The phrasebook built afresh, and its index written to a cache folder of its own."""
    from arbiter import rulebook

    monkeypatch.setenv("ARBITER_CACHE", str(tmp_path))
    built = C.Phrasebook((e["kind"], e["terms"]) for e in C.phrasebook_entries())
    rulebook.write_sectioned("index", *built.sections(), family="index")
    return built, tmp_path / "index"


def test_the_cached_index_votes_as_the_phrasebook_built_afresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The cache keeps the index in buckets read on demand; a reading must not depend on it.
    from arbiter import rulebook

    built, _ = stored_index(tmp_path, monkeypatch)
    restored = C.Phrasebook.restore(rulebook.open_sectioned("index"), lambda: pytest.fail("rebuilt"))
    assert len(restored) == len(built) and not restored.idf  # nothing read before a look-up
    for e in C.phrasebook_entries()[::40]:
        assert restored.vote(e["terms"]) == built.vote(e["terms"]), e["text"]
    assert restored.vote(C.text_terms("what a lovely afternoon")) == built.vote(C.text_terms("what a lovely afternoon"))
    assert restored.vote(["no-such-term-anywhere"]) == {}
    assert len(restored.idf) < len(built.idf)  # only the buckets the words touched


def test_a_damaged_bucket_of_the_cached_index_costs_a_rebuild_not_a_reading(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from arbiter import rulebook

    built, path = stored_index(tmp_path, monkeypatch)
    raw = bytearray(path.read_bytes())
    raw[len(raw) // 2] ^= 0xFF  # a flipped byte in some bucket of the middle
    path.write_bytes(bytes(raw))
    rebuilt: list[int] = []

    def rebuild() -> C.Phrasebook:
        rebuilt.append(1)
        return built

    restored = C.Phrasebook.restore(rulebook.open_sectioned("index"), rebuild)
    for e in C.phrasebook_entries()[::25]:
        assert restored.vote(e["terms"]) == built.vote(e["terms"]), e["text"]
    assert rebuilt == [1]  # the damaged bucket was met once, and the book then built afresh


@pytest.mark.parametrize("cut", [0, 5, 30, 200])
def test_a_truncated_or_foreign_index_file_is_not_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        cut: int) -> None:
    from arbiter import rulebook

    _, path = stored_index(tmp_path, monkeypatch)
    path.write_bytes(path.read_bytes()[:cut])
    assert rulebook.open_sectioned("index") is None
    path.write_bytes(b"arbiter-cache 2\n" + bytes(400))
    assert rulebook.open_sectioned("index") is None


def test_a_cue_is_tried_only_where_each_of_its_words_is_met() -> None:
    tokens, _ = C.tokenize("West reneged on the second trick")
    met = C.words_met(tokens)
    assert C.can_match(C._compile("reneged"), met)
    assert C.can_match(C._compile("renege + trick"), met)
    assert not C.can_match(C._compile("renege + kitty"), met)  # "kitty" is in no word: no match possible
    assert not C._matches(C._compile("renege + kitty"), tokens)


def test_the_vote_shares_the_nearest_descriptions_similarity() -> None:
    book = C.Phrasebook([("revoke", C.text_terms("West reneged")), ("revoke", C.text_terms("East revoked")),
                         ("misdeal", C.text_terms("the dealer gave North six cards"))], k=2)
    assert len(book) == 3
    near = book.nearest(C.text_terms("South reneged twice"))  # k=2: the two nearest, most similar first
    assert [kind for _, kind in near] == ["revoke", "misdeal"] and near[0][0] > near[1][0] > 0
    vote = book.vote(C.text_terms("the dealer reneged"))
    assert set(vote) == {"revoke", "misdeal"} and abs(sum(vote.values()) - 1) < 1e-9
    assert book.vote(C.text_terms("what a lovely afternoon")) == {}


def test_the_vote_adds_its_weight_to_the_cues_and_may_bring_in_a_kind() -> None:
    cues = [C.Candidate("revoke", 4.5, ("renege",)), C.Candidate("misdeal", 1.0, ())]
    blended = C.blend(cues, {"misdeal": 0.5, "exposed_card": 0.5}, 3.0)
    assert [(c.kind, c.score, c.cues) for c in blended] == [
        ("revoke", 4.5, ("renege",)), ("misdeal", 2.5, ()), ("exposed_card", 1.5, ())]


def test_words_no_cue_finds_are_not_given_a_kind_by_the_vote_alone() -> None:
    # The vote only weighs kinds once the cues say the words name some incident: these words
    # have near neighbours in the phrasebook, but no cue.
    text = "what a lovely afternoon for a game, and the tea was good"
    assert C.phrasebook().vote(C.text_terms(text))
    assert classify(text).kind is None


# --- the words the issue names -----------------------------------------------------------------


@pytest.mark.parametrize(("text", "kind"), [
    ("West reneged on the second trick", "revoke"),
    ("West revoked", "revoke"),
    ("North called a loner after naming trumps", "lone_declaration"),
    ("North is going alone", "lone_declaration"),
    ("North said he would play alone", "lone_declaration"),
    ("East lifted the up card to look at it", "trump_card_lifted"),
    ("East lifted the turn card off the pack", "trump_card_lifted"),
    ("the dealer buried the up card in the kitty", "trump_discarded"),
    ("there is a card face up in the deck", "faced_card"),
    ("there is a card face up in the pack", "faced_card"),
    ("East passed and then tried to order it up", "pass_then_order"),
    ("East passed and then said pick it up", "pass_then_order"),
    ("South passed, then tried to assist", "pass_then_order"),
    ("my partner keeps up the table talk", "etiquette_breach"),
    # short notes as a phone tells them (from blind-15, after its measurement)
    ("all 4 passed on the turn up. what now", "all_passed"),
    ("W dealt but it was N's deal. caught before the turn up", "deal_out_of_turn"),
    # Law 83: drawing the trick before his partner has played calls attention to it
    ("E reached over and started pulling the trick in before his partner W had played", "attention_to_trick"),
    ("NS score was 1 too high, found after next turn up", "score_error"),
    # the manner of bidding or a remark that tells the partner something: etiquette, not a law
    ("E says PASS instantly when weak, takes ages when strong. every hand.", "etiquette_breach"),
    ("S keeps saying 'hope u have something partner' after the turn up", "etiquette_breach"),
    # Law 85: asking which penalty to take is the consultation
    ("N led out of turn. W asked E 'call the card or a suit?' and E said 'suit!'", "penalty_consultation"),
])
def test_todays_words_and_the_books_reach_the_kind(text: str, kind: str) -> None:
    assert classify(text).kind == kind


def test_misspellings_are_read_as_the_word_meant() -> None:
    reading = classify("East renaged")
    assert reading.kind == "revoke" and reading.corrections == {"renaged": "reneg"}
    assert classify("East renigged").kind == "revoke"  # a spelling common enough to be listed
    assert classify("the dealr gave North six cards").kind == "misdeal"
    assert classify("he shuffels with the faces showing").kind == "shuffle_irregular"


@pytest.mark.parametrize("word", ["behind", "against", "although", "through", "later", "letting", "former"])
def test_ordinary_words_are_not_corrected_into_cue_words(word: str) -> None:
    assert C._correct(word) is None


def test_one_slip_is_corrected_but_two_in_a_short_word_are_not() -> None:
    assert C._slips("renig", "reneg", 1) == 1
    assert C._slips("tabel", "tabl", 1) == 1
    assert C._slips("shuffel", "shuffl", 1) == 1
    assert C._slips("behind", "bind", 1) > 1


def test_words_that_name_no_incident_give_no_kind() -> None:
    reading = classify("what a lovely afternoon for a game")
    assert reading.kind is None and reading.candidates == [] and reading.doubtful


def test_a_cue_of_filler_words_only_is_refused_when_compiled() -> None:
    with pytest.raises(ValueError, match="filler"):
        C._compile("theirs")
    C.compiled_cues()  # every shipped cue compiles


def test_a_phrase_and_its_own_stem_variant_count_once() -> None:
    # "played out of turn" and "play out of turn" are one cue after stemming: one weight, not two.
    # An empty phrasebook leaves the cues' scores alone.
    cues = dict(C.CUES["play_out_of_turn"])
    assert classify("East played out of turn", examples=C.Phrasebook(())).candidates[0].score == cues["played out of turn"]


# --- facts -------------------------------------------------------------------------------------


def test_seats_by_word_letter_and_relative_to_me() -> None:
    assert classify("East led out of turn").facts["offender"] == "E"
    assert classify("E led out of turn").facts["offender"] == "E"
    assert classify("my partner led out of turn", me="S").facts["offender"] == "N"
    assert classify("my left-hand opponent led out of turn", me="S").facts["offender"] == "W"
    assert classify("my LHO led out of turn", me="N").facts["offender"] == "E"
    assert classify("RHO led out of turn", me="N").facts["offender"] == "W"
    assert classify("I led out of turn", me="W").facts["offender"] == "W"


def test_the_seat_that_passed_and_then_ordered_is_the_offender_not_the_first_to_pass() -> None:
    # Law 78's act is the order after one's own pass: West's pass is only how the bidding went.
    assert classify("Dealer was South. West passed. North passed and then ordered it up.").facts["offender"] == "N"
    # Speech told without quotation marks is the speaker's: the 'I' who wants to order is North.
    told = classify("Dealer was South. West passed. North passed and then said wait, I want to order it... "
                    "I mean assist it, since South is my partner. I'm West. Do I have to let North assist?")
    assert told.facts["offender"] == "N" and told.envelope["me"] == "W"
    tokens, _ = C.tokenize("North said wait, I want to order it... I mean assist it. I'm West")
    assert [t.word for t in tokens if "~q" in t.tags] == ["i", "want", "to", "order", "it", "i", "mean", "assist", "it"]
    # ...while 'North said I reneged' is the teller's 'I'.
    assert classify("North said I reneged", me="W").facts["offender"] == "W"
    # Any verb of speaking opens such speech, and the pass and the speech after it in one
    # sentence are the same seat's, whichever seat was named first.
    tokens, _ = C.tokenize("North yelled wait, I want to order it up")
    assert [t.word for t in tokens if "~q" in t.tags] == ["i", "want", "to", "order", "it", "up"]
    for verb in ("said", "yelled"):
        assert classify(f"Dealer South. West passed. North passed, then {verb} wait, I want to order it up.",
                        kind="pass_then_order").facts["offender"] == "N"
    assert classify("Dealer South. West passed, North said pass and then straight away said order it up",
                    kind="pass_then_order").facts["offender"] == "N"


def test_who_dealt_and_whose_turn_it_was_are_context_not_the_offender() -> None:
    # Found by a referee trying the tool: the dealer was ruled the offender of West's lead and
    # West's pass, and the seat that 'should have led' the offender of the lone player's lead.
    assert classify("North dealt. West slapped down the ace of spades. It wasn't his lead.").facts["offender"] == "W"
    assert classify("North dealt. Before East could say anything, West blurted out 'I pass'. It wasn't his "
                    "turn").facts["offender"] == "W"
    assert classify("Ray went alone (he's West) and then he led out of turn, South should have led. Dealer was "
                    "East.").facts["offender"] == "W"
    assert classify("South should have led but East led the ace of clubs").facts["offender"] == "E"
    assert classify("North dealt and gave East six cards").kind in ("misdeal", "wrong_card_count")  # dealing is the act


def test_the_seat_that_led_is_context_where_the_offence_is_a_card_played_to_the_lead() -> None:
    # Left out of the vote, blind batches 10-12 had these read against the wrong side: the
    # leader taken for the revoker or the player out of turn, a lead that only had to be made
    # ("she must lead") taken for the lead made, and verbs of playing the tables lacked.
    def seat(text: str, **given: str) -> str | None:
        return classify(text, examples=C.Phrasebook(()), **given).facts.get("offender")

    # A revoke cannot be made on one's own lead: North, who had no trump, played a diamond.
    assert seat("Spades are trump. West led the jack of clubs. North had no spades, he had the ace of "
                "clubs and played the nine of diamonds. Did North renege?", kind="revoke") == "N"
    # "spades were led" has no subject: North is still the one who threw off.
    assert seat("Cindy reneged! she's sitting North, spades were led and she threw off a diamond when "
                "she had the 9 of spades.", kind="revoke") == "N"
    # ...nor is "a spade lead" a lead by the seat before it.
    assert seat("West ruffed a spade lead though he held the king of spades.", kind="revoke") == "W"
    assert seat("Not a lead problem: East led to trick 3 properly. Then North dumped his card down as "
                "fourth hand before his partner South had played.", kind="play_out_of_turn") == "N"
    assert seat("The girl North takes the trick, so she must lead, but the boy West, he lead the queen "
                "of hearts very fast.", kind="lead_out_of_turn") == "W"
    assert seat("West (my partner) took the first trick, but before he could lead North just fired out "
                "the ace of spades.", kind="lead_out_of_turn") == "N"
    assert seat("i'm north, i led the king of diamonds and East pitched the 10 of spades holding the 9 of "
                "diamonds", kind="revoke") == "E"


def test_blind_13s_wrong_sides_who_claimed_who_sat_where_and_what_was_only_watched() -> None:
    # Each was read against the wrong side in blind-13's first measurement.
    def seat(text: str, kind: str, **given: str) -> str | None:
        return classify(text, kind=kind, **given).facts.get("offender")

    # The claimant is not the offender: "a revoke on East" names East.
    assert seat("I'm North. I called a revoke on East, and before I could go through the tricks his partner "
                "swept everything into one pile.", "revoke") == "E"
    # ...but "reneged on me" names the one revoked against.
    assert seat("my right-hand opponent reneged on my ace of diamonds lead", "revoke", me="S") == "E"
    assert seat("me in the South chair. East led the ace of clubs and West dropped a little heart on it. Two "
                "tricks later West follows a club lead with the king of clubs.", "revoke") == "W"
    # Seats said only to be somewhere act in nothing: ask rather than name the dealer.
    assert seat("Mi compañero habló fuera de turno, he say 'pass' before the first player. The dealer is "
                "North, my partner is West.", "bid_out_of_turn") is None
    # A roster binds the names; "to play" and "what West played" are no acts of theirs.
    assert seat("Our table: Dana N, Lou E, Pat S, Kris W. Lou led the ace of diamonds. Kris played before Pat "
                "did.", "play_out_of_turn") == "W"
    assert seat("East led the right bower, and then without waiting for his partner to play he just laid down "
                "the left and the ace. We didn't even get to see what West played.", "winning_cards_run") == "E"


def test_whose_turn_it_was_is_not_the_lead_made() -> None:
    def read(text: str, kind: str | None = None) -> tuple[str | None, str | None]:
        found = classify(text, examples=C.Phrasebook(()), kind=kind)
        return found.kind, found.facts.get("offender")

    # West dealt: North leads; East's lead is out of turn (Law 51). "leads first", "the
    # opening lead" and "was to lead" tell whose turn it was.
    assert read("West dealt, so North leads first. Except East led. South played to it too.") == \
        ("lead_out_of_turn", "E")
    assert read("West declared alone and North dealt, so East had the opening lead. South led instead, "
                "the ten of spades.", "lead_out_of_turn")[1] == "S"
    # Dealer West: North is eldest, East second, South third hand.
    assert read("The third hand, not perceiving that the eldest hand was to lead, led the ace of trumps. "
                "The dealer was West.", "lead_out_of_turn")[1] == "S"
    assert read("W led OOT. N and S played to it, E not yet. Now what.") == ("lead_out_of_turn", "W")
    assert read("South dealt. North led to the first trick instead of West.") == ("lead_out_of_turn", "N")
    # The pronoun after a seat in a clause of time is the one who acted, not that seat.
    assert read("Jill at South dealt and went alone. Then before West could lead she just led her ace of "
                "spades herself!", "lead_out_of_turn")[1] == "S"


def test_a_revoke_told_with_acts_on_both_sides_is_asked_unless_one_is_named() -> None:
    # North trumping may be fair; which of the two revoked is not in the words.
    assert "offender" not in classify("W led the ace of hearts, N trumped, then N led a heart and E sloughed "
                                      "a diamond", kind="revoke").facts
    assert classify("West led a heart, North trumped it, and East reneged with a heart in his hand",
                    kind="revoke").facts["offender"] == "E"


def test_a_tricks_number_is_not_a_hand_and_a_score_led_by_the_smaller_number_is_not_read() -> None:
    reading = classify("my left-hand opponent played before his partner on the third trick, he was fourth",
                       me="N", dealer="E")
    assert reading.facts.get("position") == "fourth_before_partner"
    assert classify("score 1-3 to EW, West reneged").envelope.get("score") is None  # whose 3? asked, not guessed
    assert classify("score 3-1 to EW, West reneged").envelope["score"] == {"EW": 3, "NS": 1}


def test_the_dealer_named_in_passing_and_the_seat_at_his_left() -> None:
    # 'the dealers partner' has no South in it: the dealer is East, his partner West.
    reading = classify("the dealers partner said pass and then changed it to 'help' right after. dealer was east")
    assert reading.envelope["dealer"] == "E" and reading.facts["offender"] == "W"
    reading = classify("Diamonds were turned down by the dealer, who sat South. In the second round the player "
                       "at the dealer's left named diamonds; afterward he mentioned that he had meant hearts.")
    assert reading.envelope["dealer"] == "S" and reading.facts["offender"] == "W"


def test_a_relative_seat_without_me_is_left_unresolved_not_guessed() -> None:
    reading = classify("my partner led out of turn")
    assert "offender" not in reading.facts
    assert reading.unresolved == {"offender": "me"}


def test_the_dealer_and_the_eldest_hand_resolve_from_the_dealer() -> None:
    assert classify("the dealer revoked", dealer="W").facts["offender"] == "W"
    assert classify("the dealer revoked").unresolved == {"offender": "dealer"}
    assert classify("the eldest hand led before the dealer had discarded", dealer="W").facts["offender"] == "N"
    assert classify("North dealt, and East revoked").envelope["dealer"] == "N"
    assert classify("it was my deal and West revoked", me="S").envelope["dealer"] == "S"


def test_second_and_third_hand_are_deal_roles_in_bidding_but_not_in_a_trick() -> None:
    bid = classify("the third hand ordered it up out of turn", dealer="N")
    assert bid.kind == "bid_out_of_turn" and bid.facts["offender"] == "W"
    trick = classify("the third hand played before the second hand", dealer="N")
    assert trick.kind == "play_out_of_turn" and "offender" not in trick.facts
    assert trick.facts["position"] == "third_before_second"


def test_we_in_lower_case_is_not_east_west() -> None:
    reading = classify("we made it and took 4 tricks, how many points")
    assert reading.kind == "hand_result"
    assert "makers" not in reading.facts and reading.unresolved == {"makers": "me"}
    assert classify("we made it and took 4 tricks", me="N").facts["makers"] == "NS"


def test_cards_by_name_code_and_bower() -> None:
    assert classify("North dropped the ace of hearts").facts["card"] == "AH"
    assert classify("North dropped the AH face up").facts["card"] == "AH"
    assert classify("North dropped the 10D on the table").facts["card"] == "10D"
    assert classify("North flashed the left bower", trump="hearts").facts["card"] == "JD"
    assert classify("North flashed the right bower", trump="spades").facts["card"] == "JS"
    bare = classify("North flashed the left bower")
    assert "card" not in bare.facts and bare.unresolved.get("card") == "trump"


def test_the_trump_named_in_the_words() -> None:
    assert classify("hearts were trumps and North dropped the left bower").facts["card"] == "JD"


def test_counts_lists_and_numbers() -> None:
    assert classify("the dealer gave North six cards").facts["counts"] == {"N": 6}
    both = classify("The dealer gave North and South four cards each and East and West six.")
    assert both.facts["counts"] == {"N": 4, "S": 4, "E": 6, "W": 6}
    assert "counts" not in classify("dealer went one card at a time").facts
    assert classify("East led out of turn; South and West had followed").facts["followed"] == ["S", "W"]
    assert classify("North led out of turn and the other three followed").facts["followed"] == ["E", "S", "W"]
    assert classify("West revoked twice").facts["count"] == 2
    assert classify("East only cut 2 cards off the top").facts["smaller_packet"] == 2
    assert classify("North went alone and took all five").facts == {"maker": "N", "tricks": 5, "alone": True}


def test_a_negated_list_is_empty_not_the_seats_nearby() -> None:
    reading = classify("A card was exposed in the deal by the dealer's partner; neither adversary had touched "
                       "his cards.", dealer="N")
    assert reading.facts["exposed_by"] == "S" and reading.facts["touched"] == []


def test_who_touched_first_is_read_against_the_dealer() -> None:
    text = "the dealer gave me four cards and my partner touched the cards first"
    assert classify(text, me="S", dealer="W").facts["touched_first"] == "adversaries"
    assert classify(text, me="S", dealer="N").facts["touched_first"] == "dealer_side"


def test_yes_no_facts_and_choices_from_their_cues() -> None:
    assert classify("South reneged but caught it before the trick was turned").facts["established"] is False
    assert classify("West shuffled under the table").facts["how"] == "below_table"
    assert classify("East dealt out of turn, before the trump card was turned").facts["trump_turned"] is False
    assert classify("my partner keeps winking at me").facts["what"] == "signal"
    assert classify("he reneged on purpose").facts["what"] == "purposeful_revoke"


def test_a_purposeful_revoke_names_who_revoked_but_a_bystander_has_no_seat() -> None:
    # The revoke penalty (Law 63) is scored against a side, so the revoker is read from the words.
    assert classify("East revoked on purpose to cheat").facts == {"what": "purposeful_revoke", "offender": "E"}
    assert "offender" not in classify("a bystander told North what to lead").facts


def test_the_lone_players_partner_is_the_offender_by_definition() -> None:
    assert classify("South played alone, and his partner played a card on the first lead").facts["offender"] == "N"
    assert classify("West called a loner and East still played a card to the first trick").facts["offender"] == "E"


def test_the_lone_players_partner_playing_names_the_act_not_the_lone_hand() -> None:
    # Left out of the vote, blind batches 10-12 read these as lone declarations: the lone hand
    # is context, and the act complained of is the partner's card (Law 96).
    def top(text: str) -> str | None:
        return classify(text, examples=C.Phrasebook(())).kind

    assert top("North went alone. East led, and South, North's partner, forgot and threw the 9 of hearts "
               "on it.") == "lone_partner_played"
    assert top("Dealer was South, hearts trump, West ordered it up and went alone. West led the right bower "
               "and his partner East, half asleep, dropped the 9 of clubs on it.") == "lone_partner_played"
    # Laying the hand down is what the partner should do; a card before the lone hand was
    # declared is no card of the lone player's partner.
    assert top("North went alone and his partner South laid his cards down. East led.") != "lone_partner_played"
    assert top("My partner East ordered it up, East led the first card, and then I (West) said 'wait, I'll "
               "take it alone'. Can I?") != "lone_partner_played"


def test_a_hand_of_other_than_five_cards_is_the_act_and_the_tricks_its_background() -> None:
    # Law 104 (a hand found short or long in play); the tricks taken are only the hand's story.
    def top(text: str) -> str | None:
        return classify(text, examples=C.Phrasebook(())).kind

    assert top("East had 4 cards the whole hand. They made it and got 3 tricks.") == "wrong_card_count"
    assert top("W found with 6 cards at trick 2. No lone hand.") == "wrong_card_count"
    assert top("West had five cards and took 3 tricks.") != "wrong_card_count"
    assert top("The trick only had 3 cards in it, West never played to it.") != "wrong_card_count"


def test_a_score_marked_wrong_is_the_act_and_the_tricks_its_background() -> None:
    def top(text: str) -> str | None:
        return classify(text, examples=C.Phrasebook(())).kind

    assert top("Two hands ago they moved their counter up 2 when they only got 1 (they took 3 tricks).") == \
        "score_error"
    assert top("Three deals back North-South were credited with a march when they had only four tricks.") == \
        "score_error"


def test_what_a_clause_of_time_tells_is_the_storys_before_not_the_act() -> None:
    # Law 57: the card called after a lead out of turn, not the lead, is what the story asks about.
    def weight(text: str, kind: str) -> float:
        return next(c.score for c in classify(text, examples=C.Phrasebook(())).candidates if c.kind == kind)

    assert weight("After East led out of turn, we called a club.", "lead_out_of_turn") < \
        weight("East led out of turn, and we called a club.", "lead_out_of_turn")
    assert classify("After East led out of turn, we called a club from West for his next lead. West led a diamond "
                    "although he held the king of clubs.").kind == "called_card_not_played"


def test_his_partner_said_again_is_the_same_player() -> None:
    found = classify("After West led out of turn, we called spades when it was his partner's turn to lead. His "
                     "partner (East) led a diamond even though he had spades.", kind="called_card_not_played")
    assert found.facts["offender"] == "E"


def test_a_second_card_seen_in_turning_the_trump_and_a_card_swept_into_a_trick() -> None:
    assert classify("The dealer turned up the trump and by accident the next card showed too, the ace of "
                    "clubs.").kind == "trump_turn_exposes"
    assert classify("Near the end South had no cards while we all had one: she had put two cards on the "
                    "second trick.").kind == "extra_card_in_trick"


def test_the_games_own_name_is_no_euchre_scored() -> None:
    assert classify("Can we play euchre with just three people?").kind is None
    assert classify("What does the word bridge mean in euchre?").kind is None
    assert classify("we got euchred on the last hand, they only took two tricks").kind == "hand_result"


def test_a_lone_hand_is_read_some_words_after_its_seat_but_not_past_another() -> None:
    assert classify("Dealer North. West ordered it up and went alone in spades. East led.").envelope["alone"] == "W"
    assert classify("Dealer North. West passed and then South went alone. East led out of turn.") \
        .envelope["alone"] == "S"


def test_possessives_are_owners_not_actors() -> None:
    assert "offender" not in classify("somebody played out of turn against my loner", me="S").facts
    assert classify("North's queen of diamonds fell out of his hand face up").facts["offender"] == "N"


def test_a_kind_can_be_forced_and_an_unknown_one_is_refused() -> None:
    assert classify("East led", kind="revoke").kind == "revoke"
    with pytest.raises(C.InputError):
        classify("East led", kind="nonsense")


def test_empty_and_overlong_words_are_refused() -> None:
    with pytest.raises(C.InputError):
        classify("   ")
    with pytest.raises(C.InputError):
        classify("x" * (C.MAX_TEXT + 1))


# --- the registry and the classifier agree -----------------------------------------------------


def test_every_registered_kind_can_be_reached_from_words() -> None:
    assert set(KINDS) <= set(C.CUES), set(KINDS) - set(C.CUES)


def test_the_facts_we_read_are_facts_of_the_kind_with_the_same_type() -> None:
    for kind, facts in C.FACT_TYPES.items():
        if kind not in KINDS:
            continue
        declared = {name: f.type for name, f in KINDS[kind].facts.items()}
        for name, type_ in facts.items():
            assert declared.get(name) == type_, f"{kind}.{name}: we read {type_}, the kind declares {declared.get(name)}"


def test_what_plain_words_need_agrees_with_the_engine() -> None:
    # classify works out what is missing without importing the engine; the two must agree.
    assert set(C.KIND_NEEDS) == set(KINDS)
    for kind, spec in KINDS.items():
        assert C.KIND_NEEDS[kind] == (spec.required, spec.needs, spec.one_of), kind


def test_the_facts_read_from_every_phrasing_are_accepted_by_the_kind() -> None:
    from arbiter.incident import parse_facts

    for p in PHRASINGS:
        reading = read(p)
        if reading.kind in KINDS:
            parse_facts(reading.kind, reading.facts, p["text"])  # raises on a fact the kind refuses


# --- doubt -------------------------------------------------------------------------------------


DOUBTFUL = "the dealer dropped a card while dealing"
"""A card exposed in the deal (Laws 35-37) or in play (Law 46)? The words leave it close."""


def test_a_close_runner_up_makes_the_reading_doubtful() -> None:
    reading = classify(DOUBTFUL)
    assert reading.doubtful
    assert {reading.kind, *(c.kind for c in reading.runners_up)} >= {"exposed_card", "exposed_in_deal"}
    clear = classify("East led out of turn")
    assert not clear.doubtful and clear.runners_up == []


def test_margin_rule() -> None:
    a = C.Candidate("revoke", 4.0, ())
    assert C._doubtful([a, C.Candidate("misdeal", 4.0 * (1 - C.MARGIN), ())])
    assert not C._doubtful([a, C.Candidate("misdeal", 4.0 * (1 - C.MARGIN) - 0.1, ())])
    assert C._doubtful([C.Candidate("revoke", C.MIN_SCORE - 0.1, ())])
    # A story's background names other kinds' words: there the winner must lead by more.
    assert C.MARGIN_LONG > C.MARGIN
    assert C._doubtful([a, C.Candidate("misdeal", 4.0 * (1 - C.MARGIN) - 0.1, ())], story=True)


# --- the command line --------------------------------------------------------------------------


def test_classify_json_gives_kind_facts_missing_and_ranked_candidates() -> None:
    code, out, _ = run("classify", "the dealer gave North six cards", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["kind"] == "misdeal" and data["facts"] == {"counts": {"N": 6}}
    assert data["missing"] == ["dealer"]  # misdeal needs the dealer; the words did not name him
    scores = [c["score"] for c in data["candidates"]]
    assert data["candidates"][0]["kind"] == "misdeal" and scores == sorted(scores, reverse=True)
    assert data["doubtful"] is False


def test_classify_takes_words_unquoted_and_me_for_relative_seats() -> None:
    code, out, _ = run("classify", "my", "partner", "reneged", "--me", "E", "--json")
    assert code == 0 and json.loads(out)["facts"]["offender"] == "W"
    code, out, _ = run("classify", "my partner reneged", "--json")
    data = json.loads(out)
    assert "offender" not in data["facts"] and data["missing"][:2] == ["me", "offender"]


def test_classify_view_shows_understanding_and_doubt() -> None:
    code, out, _ = run("classify", DOUBTFUL)
    assert code == 0
    assert "Understood: exposed" in out and "Doubtful" in out and "exposed_in_deal" in out


def test_classify_refuses_words_that_name_no_incident() -> None:
    code, out, err = run("classify", "what a lovely afternoon")
    assert code == 2 and out == "" and err.count("\n") == 1 and "could not tell" in err


def test_rule_from_words_without_a_terminal_names_the_missing_facts_and_exits_2() -> None:
    code, out, err = run("rule", "somebody led out of turn", "--json")
    assert code == 2
    assert err.count("\n") == 1 and "missing offender" in err and "--offender" in err
    # with --json the refusal is also JSON on stdout (incidents.md, "Plain words")
    assert json.loads(out) == {"error": err.removeprefix("arbiter: ").strip(), "kind": "lead_out_of_turn",
                               "missing": ["offender"], "candidates": ["lead_out_of_turn"]}


def test_rule_from_words_with_the_missing_fact_as_a_flag() -> None:
    code, out, _ = run("rule", "somebody led out of turn", "--offender", "E", "--dealer", "N", "--followed", "none",
                       "--alone", "none", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["kind"] == "lead_out_of_turn" and data["laws"][0] == 52
    assert data["classification"]["facts"]["offender"] == "E"


def test_rule_from_words_agrees_with_rule_from_flags() -> None:
    code, out, _ = run("rule", "East led out of turn; South followed", "--dealer", "N", "--alone", "none", "--json")
    assert code == 0
    words = json.loads(out)
    code, out, _ = run("rule", "lead_out_of_turn", "--dealer", "N", "--offender", "E", "--followed", "S", "--json")
    flags = json.loads(out)
    words.pop("classification")
    assert words == flags


def test_rule_from_words_rules_at_once_when_the_kind_needs_nothing_more() -> None:
    code, out, _ = run("rule", "we found the deck only has 31 cards, in the middle of the hand", "--json")
    assert code == 0 and json.loads(out)["kind"] == "imperfect_pack"


def test_rule_from_words_needs_me_for_my_partner() -> None:
    code, _, err = run("rule", "my partner reneged", "--json")
    assert code == 2 and "--me" in err
    code, out, _ = run("rule", "my partner reneged", "--me", "S", "--alone", "none", "--score", "0-0", "--json")
    assert code == 0
    # Whether it was established is a yes/no the words leave open: each branch, under its condition.
    branches = json.loads(out)["branches"]
    assert [b["if"] for b in branches] == [{"established": False}, {"established": True}]
    assert all("North" in b["ruling"]["summary"] for b in branches)
    assert branches[0]["ruling"]["score"]["adjustment"] == {"NS": 0, "EW": 0}  # Law 69: corrected in time
    assert branches[1]["ruling"]["score"]["adjustment"] == {"NS": 0, "EW": 3}  # Law 63: three points


def test_a_doubtful_reading_gives_no_ruling_without_a_terminal() -> None:
    args = ("--dealer", "E")
    code, out, err = run("rule", DOUBTFUL, *args)
    assert code == 2 and err.count("\n") == 1
    assert "exposed_in_deal" in err and "exposed_card" in err and "Ruling" not in out
    code, out, _ = run("rule", DOUBTFUL, *args, "--json")
    data = json.loads(out)
    assert code == 2 and set(data) == {"error", "kind", "missing", "candidates"}
    assert {"exposed_card", "exposed_in_deal"} <= set(data["candidates"][:2])


def test_rule_file_and_kind_paths_are_unchanged(tmp_path: Path) -> None:
    case = tmp_path / "case.yaml"
    case.write_text("dealer: N\nincident: {kind: lead_out_of_turn, offender: E}\n", encoding="utf-8")
    assert run("rule", str(case), "--json")[0] == 0
    assert run("rule", "lead_out_of_turn", "--offender", "E", "--json")[0] == 0
    code, _, err = run("rule", "lead_out_of_trun")
    assert code == 2 and "unknown kind" in err
    code, _, err = run("rule", str(tmp_path / "missing.yaml"))
    assert code == 2 and "cannot be read" in err
    code, _, err = run("rule", str(case), "--me", "S")
    assert code == 2 and "--me" in err


def test_rule_refuses_words_that_name_no_incident() -> None:
    code, _, err = run("rule", "hello there", "--json")
    assert code == 2 and "could not tell" in err


# --- the word tables are data ---------------------------------------------------------------


def test_the_word_tables_are_data_checked_on_load() -> None:
    import copy

    from arbiter.reader import parse_yaml

    path = Path(C.__file__).with_name(C.CUE_FILE)
    tables = parse_yaml(path.read_text(encoding="utf-8"), str(path))
    assert C.check_tables(copy.deepcopy(tables), "cues") == tables
    broken = copy.deepcopy(tables)
    broken["cues"]["revoke"].append(["renege", "heavy"])
    with pytest.raises(InputError, match=r"cues: revoke\[\d+\] must be \[phrase, weight\]"):
        C.check_tables(broken, "cues")
    broken = copy.deepcopy(tables)
    broken["fact_cues"]["revoke.no_such_fact"] = {True: ["x"]}
    with pytest.raises(InputError, match="names no fact"):
        C.check_tables(broken, "cues")
    broken = copy.deepcopy(tables)
    del broken["synonyms"]
    with pytest.raises(InputError, match="tables missing"):
        C.check_tables(broken, "cues")


def test_no_cue_table_is_left_in_the_code() -> None:
    source = Path(C.__file__).read_text(encoding="utf-8")
    for literal in ('"misdeal": (', '("misdeal", 4)', '"deck": "pack"', '"didnt": "did not"', '("revoke", "established")'):
        assert literal not in source, literal
