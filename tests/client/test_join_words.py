"""The join screen in German leaves nothing in English: the default name, an invite's
problem (gone again once a correct invite is typed, which then shows what it opens), and
the resume countdown reads as the phones read it."""

from client import i18n
from client.scenes.join import AddressScene, JoinScene
from client.scenes.title import TitleScene
from netplay.relay_invite import Invite
from tests.client.conftest import click, frames, key, shoot
from tests.client.test_lan import type_text
from tests.client.words_on_screen import reading

SEAT = Invite("127.0.0.1", 4222, "abcdefgh", 1, bytes(range(10)))


def typo(code: str) -> str:
    return code[:-7] + ("A" if code[-7] != "A" else "B") + code[-6:]


def test_the_german_join_screen_names_the_player_and_invites_problems_in_german(make_app):
    app = make_app()
    with reading("de") as screen:
        app.push(TitleScene(app))
        join = JoinScene(app, browse=False)  # no name chosen yet: the settings' default
        app.push(join)
        frames(app, 2)
        labels = [item.text() for item in join.menu.items]
        assert "Dein Name: Spieler" in labels, labels
        click(app, join.menu.rects[labels.index(i18n._("Type an address"))].center)
        frames(app, 2)
        prompt = app.top
        assert isinstance(prompt, AddressScene)
        type_text(typo(SEAT.code()))
        key("return")
        frames(app, 30)
        shoot(app, "join_bad_invite_de")
        assert prompt.problem.startswith("Diese Einladung hat einen Tippfehler"), prompt.problem
        for _ in range(len(prompt.text)):
            key("backspace")
        frames(app, 2)
        type_text(SEAT.code())
        frames(app, 30)
        shoot(app, "join_good_invite_de")
        assert prompt.problem == ""
        start = len(screen.texts)
        frames(app, 1)
        app.draw()
        drawn = screen.texts[start:]
        assert any(text.startswith("Platz 2 an Tisch abcdefgh") for text in drawn), drawn
    assert screen.untranslated() == []
    assert not [text for text in screen.texts if "invite" in text or "Player" in text]
