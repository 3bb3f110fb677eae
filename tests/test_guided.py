"""The guided ruling (issue 5) on a real terminal: `arbiter rule "WORDS"` shows what it
understood, asks one short question for each thing still missing, then rules.

Driven through a pseudo-terminal with pexpect, as a person at the table would meet it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

SCRIPT = Path(sys.executable).with_name("arbiter")
COMMAND = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "arbiter"]


def spawn(*args: str) -> pexpect.spawn:
    # A real terminal (a pty), but a plain one: TERM=dumb keeps Rich's styles out of the text.
    env = dict(os.environ, TERM="dumb", COLUMNS="100")
    env.pop("NO_COLOR", None)
    return pexpect.spawn(COMMAND[0], [*COMMAND[1:], *args], env=env, encoding="utf-8", timeout=15,
                         dimensions=(50, 100))


def finish(child: pexpect.spawn) -> tuple[int, str]:
    child.expect(pexpect.EOF)
    rest = child.before
    child.close()
    return child.exitstatus, rest


def test_asks_for_the_missing_fact_with_its_choices_rechecks_a_bad_answer_then_rules() -> None:
    child = spawn("rule", "somebody led out of turn", "--dealer", "N")
    child.expect("Understood: lead_out_of_turn")
    child.expect(r"Still needed: offender")
    child.expect(r"Offender \(.*\)\? \[N/E/S/W\]")
    child.sendline("x")
    child.expect("unknown seat 'x'")
    child.expect(r"Offender \(.*\)\? \[N/E/S/W\]")
    child.sendline("east")
    # Decisive facts the words left open are asked, never assumed (Law 53: all followed).
    child.expect(r"Who had already played to the false lead\? \[seats as S W, or none\]")
    child.sendline("none")
    child.expect(r"Was anyone playing alone, and who\? \[nobody/N/E/S/W\]")
    child.sendline("nobody")
    child.expect("Ruling")
    status, rest = finish(child)
    assert status == 0
    assert "North and South may" in rest and "52" in rest


def test_asks_your_seat_once_and_then_needs_nothing_more() -> None:
    child = spawn("rule", "my partner reneged")
    child.expect("Understood: revoke")
    child.expect(r"Which seat are you\? \[N/E/S/W\]")
    child.sendline("S")
    # Whether it was established (Law 64), a lone hand (Law 63: five) and the score are
    # each decisive here, so each is asked.
    child.expect(r"Was the revoke established .*\? \[y/n\]")
    child.sendline("y")
    child.expect(r"Was anyone playing alone, and who\? \[nobody/N/E/S/W\]")
    child.sendline("nobody")
    child.expect(r"What was the score in the game before this, NS-EW")
    child.sendline("1-3")
    child.expect("Ruling")
    status, rest = finish(child)
    assert status == 0
    assert "North revoked" in rest
    assert "Offender" not in rest  # settled by the seat, so not asked
    # Law 63's three points to East and West, from 3: the game is theirs.
    assert "game to EW" in rest


def test_asks_who_dealt_where_the_words_name_a_role() -> None:
    child = spawn("rule", "the eldest hand led before the dealer had discarded")
    child.expect("Understood: lead_before_discard")
    child.expect(r"Who dealt\? \[N/E/S/W\]")
    child.sendline("W")
    child.expect("Ruling")
    status, rest = finish(child)
    assert status == 0
    assert "North (eldest hand) led" in rest


def test_asks_each_missing_fact_in_its_own_form_one_after_another() -> None:
    child = spawn("rule", "somebody bid out of turn", "--dealer", "N")
    child.expect("Understood: bid_out_of_turn")
    child.expect(r"Still needed: offender, action")
    child.expect(r"Offender .*\? \[N/E/S/W\]")
    child.sendline("W")
    child.expect(r"Action .*\? \[pass/order/assist/make\]")
    child.sendline("maybe")
    child.expect("unknown value 'maybe'")
    child.expect(r"Action .*\? \[pass/order/assist/make\]")
    child.sendline("order")
    child.expect("Ruling")
    status, rest = finish(child)
    assert status == 0
    assert "West" in rest


def test_asks_nothing_when_the_words_give_everything() -> None:
    child = spawn("rule", "East led out of turn; South followed", "--dealer", "N", "--alone", "none")
    child.expect("Understood: lead_out_of_turn")
    status, rest = finish(child)
    assert status == 0
    assert "[N/E/S/W]" not in rest and "Ruling" in rest


def test_json_on_a_terminal_asks_nothing_and_names_what_is_missing() -> None:
    child = spawn("rule", "somebody led out of turn", "--json")
    status, rest = finish(child)
    assert status == 2
    assert "missing offender" in rest and "[N/E/S/W]" not in rest


def test_a_doubtful_reading_is_a_numbered_choice_before_any_ruling() -> None:
    child = spawn("rule", "the dealer dropped a card while dealing", "--dealer", "E")
    child.expect("could describe more than one incident")
    child.expect(r"(\d)\. exposed in deal")
    number = child.match.group(1)
    child.expect(r"Which is it\? \[1-\d\]")
    before = child.before
    assert "Ruling" not in before  # no ruling is shown before the kind is settled
    child.sendline("9")
    child.expect("answer a number from 1 to")
    child.sendline(number)
    child.expect("Understood: exposed_in_deal")
    while True:  # the facts still open are asked; answer each in its first form
        i = child.expect([r"\[N/E/S/W\]", r"\[y/n\]", r"\[seats as S W, or none\]", "Ruling"])
        if i == 3:
            break
        child.sendline({0: "E", 1: "n", 2: "none"}[i])
    status, rest = finish(child)
    assert status == 0
    assert "Law 3" in rest or "Laws: 3" in rest


def test_end_of_input_at_a_question_aborts_without_a_traceback() -> None:
    child = spawn("rule", "somebody led out of turn")
    child.expect(r"\[N/E/S/W\]")
    child.sendeof()
    status, rest = finish(child)
    assert status == 130
    assert "aborted" in rest and "Traceback" not in rest


def test_asks_which_card_was_named_for_a_detached_card_and_rules_a_wrong_name_by_law_51() -> None:
    child = spawn("rule", "West had a card sticking out of her hand, the king of diamonds, and North named a card.",
                  "--alone", "none", "--dealer", "N", "--score", "0-0")
    child.expect("Understood: exposed_card")
    child.expect(r"Which card did the adversary name \(the same card, if he named it rightly\)\?")
    child.sendline("QS")  # he named the queen of spades: not the card detached
    status, rest = finish(child)
    assert status == 0
    assert "named it wrongly" in rest and "suit called" in rest and "51" in rest


def test_a_score_answered_at_its_question_is_not_called_untold() -> None:
    # A referee's finding: after "2-2" at the score question, the ruling ended by saying no
    # score was told and that the points could not end a game, when they had just ended it.
    child = spawn("rule", "North reneged, it was caught after the next trick", "--dealer", "E", "--alone", "none")
    child.expect(r"score")
    child.sendline("2-2")
    status, rest = finish(child)
    assert status == 0 and "game to EW" in rest and "No score was told" not in rest


def test_an_answer_that_bars_the_lone_hand_leaves_its_words_unasked() -> None:
    # Law 93: a player may play alone "provided that he himself has not already passed".
    # Once he had passed, how he came to declare and the words he used (Law 98) change
    # nothing, so neither is asked after that answer.
    child = spawn("rule", "South dealt. West ordered it up and went alone")
    child.expect("Understood: lone_declaration")
    child.expect(r"Had he passed in this round before he declared\? \[y/n\]")
    child.sendline("y")
    child.expect("Ruling")
    status, rest = finish(child)
    assert status == 0
    assert "What exactly did he say" not in rest and "after a lead" not in rest
    assert "Laws: 93" in rest and "may not" in " ".join(rest.split())


def test_an_answer_that_allows_the_lone_hand_goes_on_to_its_words() -> None:
    # Not passed, no lead yet: the words now decide (Law 98 forbids "I order it up and play
    # it alone"), so they are asked.
    child = spawn("rule", "South dealt. West ordered it up and went alone")
    child.expect(r"Had he passed in this round before he declared\? \[y/n\]")
    child.sendline("n")
    child.expect(r"Was it declared after a lead\? \[y/n\]")
    child.sendline("n")
    child.expect(r"What exactly did he say when he declared\?")
    child.sendline("I order it up and play it alone")
    child.expect("Ruling")
    status, rest = finish(child)
    assert status == 0
    assert "98" in rest


def test_a_lone_n_where_no_one_is_a_choice_is_asked_again_not_taken_for_north() -> None:
    # A stranger typed "n" for "no" at the lone-hand question, and was given five points for a
    # lone hand of North's (Law 63's five, where three were due).
    child = spawn("rule", "my partner reneged", "--me", "S")
    child.expect(r"Was the revoke established .*\? \[y/n\]")
    child.sendline("y")
    child.expect(r"Was anyone playing alone, and who\? \[nobody/N/E/S/W\]")
    child.sendline("n")
    child.expect("'n' may mean North or no one")
    child.expect(r"Was anyone playing alone, and who\? \[nobody/N/E/S/W\]")
    child.sendline("none")
    child.expect(r"What was the score in the game before this, NS-EW")
    child.sendline("0-0")
    status, rest = finish(child)
    assert status == 0
    assert "then NS 0 – EW 3  (EW +3)" in rest  # Law 63's three: no lone hand was played


def test_a_wrong_count_found_in_play_is_asked_and_ruled_by_law_90_not_as_a_misdeal() -> None:
    # Law 42 makes a deal without five cards each a misdeal; Law 90 says a player found with
    # more or less than five leaves "the deal holds good", and his party forfeits two. Law 42's
    # record reads the first as the deal being made and checked, the second once play has
    # begun: words that do not say which are asked, never taken as a misdeal.
    child = spawn("rule", "North dealt and gave East six cards")
    child.expect(r"Was the wrong number of cards found only once play had begun\?\s+\[y/n\]")
    child.sendline("y")
    child.expect(r"Was anyone playing alone, and who\? \[nobody/N/E/S/W\]")
    child.sendline("nobody")
    child.expect(r"What was the score in the game before this, NS-EW")
    child.sendline("1-1")
    status, rest = finish(child)
    assert status == 0
    flat = " ".join(rest.split())
    assert "Laws: 90" in flat and "holds good" in flat
    assert "NS 1 – EW 1, then NS 3 – EW 1" in flat  # East's side forfeits two to North and South


def test_nobody_answers_who_touched_the_cards_first() -> None:
    # "Who touched his cards first ..., if anyone?" must take "nobody touched them": it was
    # once offered only the two sides, and a person who saw no one touch could not answer.
    child = spawn("rule", "North dealt and gave East six cards; he saw it when he picked up his cards")
    child.expect(r"if anyone\?\s+\[dealer_side/adversaries/none\]")
    child.sendline("none")
    child.expect("Ruling")
    status, rest = finish(child)
    assert status == 0
    flat = " ".join(rest.split())
    assert "Laws: 41, 42" in flat and "passes to East" in flat  # Law 41: the misdeal loses the deal
