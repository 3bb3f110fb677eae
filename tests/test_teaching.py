"""Teaching the laws (issue 6): glosses, lessons, the quiz, the remarks, the coups, and `term`."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbiter import teaching
from arbiter.cli import app
from arbiter.model import PACK, Card, Seat, Suit
from arbiter.rulebook import RulebookError, load

runner = CliRunner()
SOURCE = Path(__file__).resolve().parents[1] / "laws" / "sources" / "somerset-laws-1888.txt"


@pytest.fixture(scope="module")
def book():
    return load()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input, env={"COLUMNS": "120"})


def broken(book, stem: str, change) -> object:
    """A copy of the rulebook whose teaching data `stem` has been changed by `change`."""
    other = copy.copy(book)
    other.extra = copy.deepcopy(book.extra)
    change(other.extra[stem])
    return other


# --- the validation of the teaching data ----------------------------------------------------


def test_the_shipped_teaching_data_validates(book):
    assert len(teaching.glosses(book)) == len(book.laws) == 116
    assert [p.id for p in teaching.remarks(book).parts] == ["eldest", "second", "third", "dealer", "bridge", "lone"]
    assert [c.number for c in teaching.coups(book)] == list(range(1, 10))


@pytest.mark.parametrize("stem,change,words", [
    ("coups", lambda d: d["cases"][0].pop("trump"), "field 'trump' is missing"),
    ("coups", lambda d: d["cases"][0]["hands"]["D"].__setitem__(0, "JC"), "not what the book prints"),
    ("coups", lambda d: d["cases"][0]["tricks"][0].__setitem__("winner", "A"), "says A wins, but D's card is highest"),
    ("coups", lambda d: d["cases"][0]["tricks"][1].__setitem__("plays", ["D AS", "A 9C", "B AC", "C QS"]), "trick 2"),
    ("coups", lambda d: d["cases"][0]["tricks"][0].__setitem__("plays", ["C 7D", "B JD", "D 10C", "A 8S"]), "order is"),
    ("coups", lambda d: d["cases"][0].__setitem__("outcome", {"side": "BD", "how": "euchre"}), "outcome"),
    ("coups", lambda d: d["cases"][0].__setitem__("turnup", "KC"), "marks 9C in A's hand as the turn-up"),
    ("remarks", lambda d: d["parts"][0].__setitem__("laws", [200]), "field 'laws'"),
    ("glosses", lambda d: d.pop(next(iter(d))), "no gloss for law 1"),
])
def test_broken_teaching_data_is_refused_naming_file_and_field(book, stem, change, words):
    other = broken(book, stem, change)
    loader = {"coups": teaching.coups, "remarks": teaching.remarks, "glosses": teaching.glosses}[stem]
    with pytest.raises(RulebookError) as err:
        loader(other)
    assert f"{stem}.yaml" in str(err.value)
    assert words in str(err.value)


def test_a_gloss_that_copies_the_law_is_refused(book):
    other = broken(book, "glosses", lambda d: d.__setitem__(next(k for k in d if int(k) == 62), book.law(62).text))
    with pytest.raises(RulebookError, match="copies the law"):
        teaching.glosses(other)


# --- the coups' cards ---------------------------------------------------------------------------


def test_every_coup_has_five_cards_a_hand_no_card_twice_all_from_the_pack(book):
    for c in teaching.coups(book):
        assert teaching.check_cards(c) == [], c.name
        for seat, hand in c.hands.items():
            if c.number == 9 and seat == "C":
                assert hand == ()  # the book gives no cards for C: A plays alone
            else:
                assert len(hand) == 5, f"{c.name} {seat}"
        assert c.turnup in c.hands["A"], c.name
        assert c.turnup.suit is c.trump
        known = [x for h in c.hands.values() for x in h if x is not None]
        assert len(known) == len(set(known)), c.name
        assert all(x in PACK for x in known)


def test_every_trick_comes_from_the_right_hands_and_everyone_follows_suit(book):
    for c in teaching.coups(book):
        rp, problems = teaching.replay(c)
        assert problems == [], f"{c.name}: {problems}"
        # The book's play should never have a player fail to follow suit when able.
        assert rp.revokes == [], f"{c.name}: not following suit at {rp.revokes}"
        played = [p.card for t in c.tricks for p in t.plays]
        assert len(played) == len(set(played)), c.name
        for t in rp.tricks:
            for p in t.trick.plays:
                assert p.card in t.hands_before[p.seat]


def test_the_card_checks_catch_what_they_should(book):
    one = teaching.coup(book, 1)
    dup = replace(one, hands={**one.hands, "D": (Card.parse("JC"), *one.hands["D"][1:])})
    assert any("in both A's and D's hands" in p for p in teaching.check_cards(dup))
    short = replace(one, hands={**one.hands, "B": one.hands["B"][:4]})
    assert any("B holds 4 cards" in p for p in teaching.check_cards(short))
    no_turnup = replace(one, turnup=Card.parse("7C"))
    assert any("turn-up 7C is not among the dealer's" in p for p in teaching.check_cards(no_turnup))
    foreign = replace(one, hands={**one.hands, "C": (Card("6", Suit.diamonds), *one.hands["C"][1:])})
    assert any("not in the 32-card pack" in p for p in teaching.check_cards(foreign))


def test_a_player_not_following_suit_is_flagged(book):
    one = teaching.coup(book, 1)
    first = one.tricks[0]
    # C holds diamonds but throws the queen of spades on the knave of diamonds
    plays = tuple(replace(p, card=Card.parse("QS")) if p.seat == "C" else p for p in first.plays)
    bad = replace(one, tricks=(replace(first, plays=plays), *one.tricks[1:]))
    rp, _ = teaching.replay(bad)
    assert rp.revokes[:1] == ["trick 1: C"]


def test_the_case_v_misprint_is_caught_and_recorded(book):
    five = teaching.coup(book, 5)
    printed = {s: teaching.read_printed_hand(five.printed[s], five.trump)[0] for s in "ABCD"}
    ten = Card.parse("10S")
    assert ten in printed["C"] and ten in printed["D"]  # the book prints it twice
    assert [(e.seat, e.printed, e.reading) for e in five.errata] == [("C", ten, None)]
    assert five.hands["C"][-1] is None and ten in five.hands["D"]


def test_the_printed_words_name_the_cards_coded(book):
    cards, turnup = teaching.read_printed_hand(["Queen of clubs (turn-up),", "Right and left bowers,",
                                                "Queen, knave of diamonds."], Suit.clubs)
    assert [str(c) for c in cards] == ["QC", "JC", "JS", "QD", "JD"] and str(turnup) == "QC"
    assert [str(c) for c in teaching.read_printed_hand(["10, 7, hearts,"], Suit.hearts)[0]] == ["10H", "7H"]
    assert [str(c) for c in teaching.read_printed_hand(["7, 8, and 10 of diamonds,"], Suit.clubs)[0]] == ["7D", "8D", "10D"]
    with pytest.raises(ValueError):
        teaching.read_printed_hand(["Right, 8 of hearts,"], Suit.spades)  # the right of a suit not trumps


def test_the_left_bower_takes_the_ace_of_trumps():
    plays = [teaching.Play("B", Card.parse("AC")), teaching.Play("C", Card.parse("JS")),
             teaching.Play("D", Card.parse("AH")), teaching.Play("A", Card.parse("KC"))]
    assert teaching.trick_winner(plays, Suit.clubs) == "C"
    assert teaching.trick_winner(plays, Suit.hearts) == "D"  # hearts trumps: the ace of hearts ruffs
    assert teaching.trick_winner(plays, Suit.diamonds) == "B"  # no trump played: the ace led wins


def test_the_book_s_words_are_quoted_exactly(book):
    src = SOURCE.read_text(encoding="utf-8").replace("_", "")
    flat = " ".join(src.split())
    for c in teaching.coups(book):
        start = src.index(f"CASE {c.roman}.\n")
        nxt = src.find("CASE ", start + 6)
        section = src[start: nxt if nxt > 0 else len(src)]
        lines = section.split("\n")
        flat_section = " ".join(section.split())
        for seat, printed in c.printed.items():
            for fragment in printed:
                assert any(fragment in line for line in lines), f"{c.name} {seat}: {fragment!r}"
        if c.title:
            assert c.title in lines
        for words in (c.setting, c.remarks, *c.after, *(t.text for t in c.tricks), *(t.heading for t in c.tricks)):
            assert " ".join(words.split()) in flat_section, f"{c.name}: {words!r}"
        if c.preface:
            assert c.preface in flat
    for para in teaching.coups_intro(book):
        assert para in flat
    rem = teaching.remarks(book)
    for para in (*rem.paragraphs, *(p for part in rem.parts for p in (*part.paragraphs, *part.footnotes))):
        assert para in src, para[:60]
    for part in rem.parts:
        assert f"\n{part.heading}\n" in src


# --- `arbiter coup` ---------------------------------------------------------------------------------


def test_coup_1_plays_through_to_its_last_trick(book):
    result = run("coup", "1")
    assert result.exit_code == 0, result.output
    out = result.output
    for n in range(1, 6):
        assert f"Trick {n}" in out
    assert out.index("Trick 5") < out.index("REMARKS")
    assert "A and C 4, B and D 1" in out
    assert "make their point: 1" in out  # Law 2: "three or four tricks, they score one"
    assert "If A goes over the ten of trumps with his right in the first trick" in out
    rp, _ = teaching.replay(teaching.coup(book, 1))
    assert rp.complete and all(h == () for h in rp.hands_after.values())  # every card played


def test_coup_json_gives_the_data(book):
    result = run("coup", "I", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["hands"]["A"] == ["9C", "JC", "AH", "KH", "8S"] and data["turnup"] == "9C"
    assert [t["winner"] for t in data["tricks"]] == ["D", "A", "A", "A", "A"]
    assert data["tricks"][0]["plays"][0] == {"seat": "B", "card": "JD", "derived": False}
    assert data["complete"] is True and data["taken"] == {"AC": 4, "BD": 1}
    assert data["outcome"] == {"side": "AC", "how": "point", "points": 1, "law": 2}  # Law 2: "they score one"


@pytest.mark.parametrize("n", range(1, 10))
def test_every_coup_renders(n):
    result = run("coup", str(n))
    assert result.exit_code == 0, result.output
    assert f"CASE {teaching.ROMAN[n - 1]}." in result.output
    assert "Outcome:" in result.output


def test_a_lone_euchre_scores_what_law_3_says(book):
    seven = teaching.coup(book, 7)
    assert teaching.outcome_points(book, seven) == (4, 3)  # Law 3: "he is euchred, and the adversaries score four"
    assert "C · second hand · out" in run("coup", "7").output


@pytest.mark.parametrize("arg", ["10", "0", "X", "eleven"])
def test_an_unknown_coup_exits_2(arg):
    result = run("coup", arg)
    assert result.exit_code == 2
    assert "Cases I-IX" in result.output


def test_coup_without_a_number_lists_all_nine():
    result = run("coup")
    assert result.exit_code == 0
    assert all(f"Case {r}." in result.output for r in teaching.ROMAN[:9])


# --- `arbiter remarks` ------------------------------------------------------------------------------


@pytest.mark.parametrize("key,part", [("eldest", "eldest"), ("first hand", "eldest"), ("alone", "lone"),
                                      ("dealer", "dealer"), ("bridge", "bridge"), ("third", "third")])
def test_remarks_by_seat(key, part):
    result = run("remarks", key, "--json")
    assert result.exit_code == 0
    assert json.loads(result.output)["id"] == part


def test_remarks_show_the_advice_as_printed():
    result = run("remarks", "second")
    assert result.exit_code == 0
    assert "Do not assist too light. This is the most common error in Euchre." in result.output
    assert run("remarks", "nowhere").exit_code == 2


# --- `arbiter teach` --------------------------------------------------------------------------------


def test_teach_covers_every_section(book):
    for sec in book.sections:
        result = run("teach", sec.id, "--json")
        assert result.exit_code == 0, sec.id
        data = json.loads(result.output)
        assert [x["number"] for x in data["laws"]] == list(sec.numbers)
        for x in data["laws"]:
            assert x["text"] == book.law(x["number"]).text  # exactly as recorded
            assert x["gloss"] == teaching.glosses(book)[x["number"]]
            if x["case"] is not None:
                assert x["number"] in x["case"]["laws"]
                assert x["case"]["summary"]
        shown = run("teach", sec.id)
        assert shown.exit_code == 0
        assert "ours, not the law's" in shown.output


def test_teach_gives_a_worked_case_that_turns_on_the_law(book):
    items = teaching.lesson(book, "revoke").items
    with_case = [i for i in items if i.example is not None]
    assert with_case, "the revoke section should have worked cases"
    for item in with_case:
        assert item.law.number in item.example.laws
        if item.example.governing:
            assert item.example.laws[0] == item.law.number
    missing = [i for i in items if i.example is None]
    out = run("teach", "revoke").output
    assert ("none yet turns on this law" in out) == bool(missing)


@pytest.mark.parametrize("key,section", [("revoke", "revoke"), ("The Revoke", "revoke"), ("alone", "playing-alone"),
                                         ("62", "revoke")])
def test_teach_finds_sections_by_id_title_or_law(key, section):
    result = run("teach", key, "--json")
    assert result.exit_code == 0
    assert json.loads(result.output)["section"]["id"] == section


def test_teach_refuses_an_unknown_section_and_lists_the_lessons(book):
    assert run("teach", "juggling").exit_code == 2
    listing = run("teach", "--json")
    assert listing.exit_code == 0
    assert [s["id"] for s in json.loads(listing.output)] == [s.id for s in book.sections]


def test_the_glosses_are_our_words_not_the_laws(book):
    def runs(text: str, n: int) -> set[tuple[str, ...]]:
        words = re.findall(r"[a-z']+", text.lower())
        return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}

    for number, gloss in teaching.glosses(book).items():
        shared = runs(gloss, 8) & runs(book.law(number).text, 8)
        assert not shared, f"law {number}: the gloss copies {' '.join(next(iter(shared)))!r}"


# --- `arbiter quiz` ---------------------------------------------------------------------------------


def quiz_key(*args: str) -> dict:
    result = run("quiz", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_the_same_seed_gives_the_same_quiz():
    first = quiz_key("--seed", "11", "--count", "6")
    assert first == quiz_key("--seed", "11", "--count", "6")
    others = [quiz_key("--seed", str(s), "--count", "6")["questions"] for s in (12, 13, 14)]
    assert any(o != first["questions"] for o in others)
    assert len(first["questions"]) == 6


def test_answers_as_flags_are_scored():
    key = quiz_key("--seed", "3", "--count", "5")
    right = ",".join(str(q["answer"]) for q in key["questions"])
    wrong = ",".join(str(q["answer"] % len(q["choices"]) + 1) for q in key["questions"])
    good = run("quiz", "--seed", "3", "--count", "5", "--answers", right)
    assert good.exit_code == 0 and "Score: 5/5" in good.output
    bad = run("quiz", "--seed", "3", "--count", "5", "--answers", wrong)
    assert bad.exit_code == 0 and "Score: 0/5" in bad.output
    data = json.loads(run("quiz", "--seed", "3", "--count", "5", "--answers", right, "--json").output)
    assert data["score"] == {"right": 5, "total": 5} and all(q["correct"] for q in data["questions"])


def test_answers_on_stdin_are_scored():
    key = quiz_key("--seed", "5", "--count", "4")
    lines = "\n".join(str(q["answer"]) for q in key["questions"]) + "\n"
    result = run("quiz", "--seed", "5", "--count", "4", input=lines)
    assert result.exit_code == 0
    assert "Score: 4/4" in result.output


def test_without_a_terminal_or_answers_it_prints_the_key_and_ends():
    result = run("quiz", "--seed", "2", "--count", "3")
    assert result.exit_code == 0
    assert "No answers given" in result.output and "Answer: " in result.output


def test_a_silent_open_pipe_does_not_hang():
    # stdin is a pipe that stays open and says nothing: the quiz must still end
    proc = subprocess.Popen([sys.executable, "-m", "arbiter", "quiz", "--seed", "1", "--count", "2"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        status = proc.wait(timeout=30)
        output = proc.stdout.read().decode()
    finally:
        proc.kill()
        for pipe in (proc.stdin, proc.stdout, proc.stderr):
            pipe.close()
    assert status == 0
    assert "No answers given" in output


@pytest.mark.parametrize("answers,words", [("1,2", "2 answers for 3 questions"), ("1,2,9", "'9' is not a choice"),
                                           ("1,2,3,4", "4 answers for 3 questions")])
def test_bad_answers_exit_2(answers, words):
    result = run("quiz", "--seed", "1", "--count", "3", "--answers", answers)
    assert result.exit_code == 2
    assert words in result.output


# The figures the quiz asks for, as the book's text states them (never read from the records the quiz reads).
BOOK_FIGURES = {
    (1, "games_to_win"): 2,    # Law 1: "best of three games"
    (2, "game"): 5,            # Law 2: "A game consists of five points."
    (2, "march"): 2,           # Law 2: "take five tricks, they score two"
    (2, "point"): 1,           # Law 2: "three or four tricks, they score one"
    (2, "euchre"): 2,          # Law 2: "the adversaries score two"
    (2, "point_tricks"): 3,    # Law 2: "If they fail to take three tricks"
    (3, "march"): 4,           # Law 3: "takes five tricks, he scores four"
    (3, "point"): 1,           # Law 3: "three or four tricks, he scores one"
    (3, "euchre"): 4,          # Law 3: "the adversaries score four"
    (7, "double_game"): 2,     # Law 7: "the game counts two"
    (7, "rubber"): 2,          # Law 7: "Two additional points are taken by the side winning the rubber."
    (7, "rubber_max"): 10,     # Law 7: "it is possible to win ten points in a rubber"
    (29, "min_packet"): 4,     # Law 29: "he must not leave fewer than four cards in either packet"
    (42, "cards_each"): 5,     # Law 42: "Unless five cards are dealt to each player."
    (50, "lone_side"): 5,      # Law 50: "the party playing alone scores five points"
    (63, "revoke"): 3,         # Law 63: "The penalty of a revoke is three points,"
    (63, "revoke_lone"): 5,    # Law 63: "except in the case of a lone hand, when it is five"
    (72, "packs"): 2,          # Law 72: "He must call for two new packs"
    (90, "forfeit"): 2,        # Law 90: "forfeits two if all four are playing,"
    (90, "forfeit_lone"): 4,   # Law 90: "and four if a lone hand is played"
    (102, "march"): 2,         # Law 102: "his partner can score only two points"
}


def test_every_answer_cites_its_law_and_is_right(book):
    cases = {c.path: c for c in teaching.worked_cases()}
    for seed in range(1, 16):
        for q in teaching.make_quiz(book, seed, None, 12).questions:
            assert q.law in book.laws and f"Law {q.law}" in q.explain
            right = q.choices[q.answer]
            if q.kind == "number":
                _, n, name = q.id.split(":")
                assert right == str(BOOK_FIGURES[int(n), name]), q.id
            elif q.kind == "gloss":
                assert right.startswith(f"Law {q.law}:")
            else:
                expect = cases[q.id.split(":")[1]].expect
                if q.kind == "dealer":
                    assert right.startswith(Seat.parse(expect["dealer"]).name_)
                elif q.kind == "governing":
                    assert right.startswith(f"Law {expect['laws'][0]}:")
                elif q.kind == "options":
                    ids = sorted(dict.fromkeys(expect["options"] or []))
                    assert right == teaching._options_phrase(ids)
                elif q.kind == "points":
                    adj = {k: v for k, v in (expect["adjustment"] or {}).items() if v}
                    assert right == teaching._points_phrase(adj)
                elif q.kind == "verdict":
                    assert right == ("Yes" if expect["verdict"] in ("revoke", "allowed") else "No")


def test_a_quiz_can_focus_on_a_section(book):
    sec = book.section("revoke")
    cases = {c.path: c for c in teaching.worked_cases()}
    for seed in (1, 2, 3):
        for q in teaching.make_quiz(book, seed, "revoke", 6).questions:
            if q.kind in ("number", "gloss"):
                assert q.law in sec.numbers
            else:
                assert set(cases[q.id.split(":")[1]].laws) & set(sec.numbers)
    assert run("quiz", "--section", "nonsense").exit_code == 2


def test_the_interactive_quiz_asks_and_scores(book, capsys):
    from arbiter import teaching_view

    quiz = teaching.make_quiz(book, 9, None, 3)
    replies = iter(["7", "x"] + [str(q.answer + 1) for q in quiz.questions])  # two bad replies are asked again
    teaching_view.quiz_interactive(quiz, lambda prompt: next(replies))
    out = capsys.readouterr().out
    assert quiz.right == 3 and "Score: 3/3" in out and "is not a choice" in out
    stopped = teaching.make_quiz(book, 9, None, 3)
    teaching_view.quiz_interactive(stopped, lambda prompt: None)  # end of input: stop at once
    assert "Score: 0/0" in capsys.readouterr().out


# --- `arbiter term` ---------------------------------------------------------------------------------


def test_term_gives_an_example_and_the_laws_that_use_it(book):
    out = run("term", "left", "bower").output
    assert "Example:" in out and "Laws that use it:" in out
    assert book.law(62).title in out
    bridge = run("term", "bridge").output
    assert "No law uses the term." in bridge and "arbiter remarks bridge" in bridge


def test_a_modern_term_says_what_the_code_does_instead():
    out = run("term", "renege").output
    assert "not in the 1888 Somerset code" in out
    assert "What the Somerset code does instead:" in out and "revoke" in out
