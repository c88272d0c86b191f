"""Every problem `netplay.relay_invite` can find in an invite is worded by the client in the
reader's language, none falls back to the catch-all sentence: a check added to the invite
reader without its message here would reach a German screen as a vague line (issue 35)."""

import ast
from pathlib import Path

from client import i18n
from client.hosting.invite_words import UNKNOWN, invite_problem
from netplay.relay_invite import Invite, InviteError, parse_invite

SOURCE = Path(__file__).resolve().parents[2] / "netplay" / "relay_invite.py"


def raised_sentences() -> list[str]:
    """Each sentence relay_invite raises an InviteError with, its {values} filled with 7."""
    sentences = []
    for node in ast.walk(ast.parse(SOURCE.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "InviteError":
            text = node.args[0]
            if isinstance(text, ast.Constant):
                sentences.append(text.value)
            else:
                assert isinstance(text, ast.JoinedStr)
                sentences.append("".join(part.value if isinstance(part, ast.Constant) else "7"
                                         for part in text.values))
    return sentences


def test_every_invite_problem_has_its_own_words():
    sentences = raised_sentences()
    assert len(sentences) >= 10
    unworded = [sentence for sentence in sentences if invite_problem(sentence)[0] == UNKNOWN]
    assert unworded == []


def test_a_typo_in_an_invites_last_letter_reads_in_german():
    """The last letter of an invite carries unused bits: a typo there decodes alike and is
    refused only as a spelling no invite has. That refusal reads in German, not the catch-all."""
    code = Invite("127.0.0.1", 4222, "abcdefgh", 1, bytes(range(10))).code()
    problems = []
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567":
        if letter != code[-1]:
            try:
                parse_invite(code[:-1] + letter)
            except InviteError as error:
                problems.append(str(error))
    spelling = [problem for problem in problems if "last letters" in problem]
    assert spelling, problems
    message, data = invite_problem(spelling[0])
    i18n.use("de")
    try:
        worded = i18n.say(message, data)
    finally:
        i18n.use("en")
    assert "letzten Buchstaben" in worded and "typo" not in worded
