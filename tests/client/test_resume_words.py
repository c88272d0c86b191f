"""The resume countdown reads the same in the window and on the phones: one wording."""

from client.scenes.title import TitleScene
from netplay import language
from netplay.phone_texts import page_words
from tests.client.conftest import frames, local_table, shoot
from tests.client.words_on_screen import reading


def test_the_windows_countdown_reads_as_the_phones_in_german(make_app):
    app = make_app()
    app.push(TitleScene(app))
    table = local_table(app, [("Anna", "mouse"), ("Ben", "keys1")], seed=4, game_id="wild_west",
                        options={"timer": 30})
    frames(app, 5)
    host = table.hosting.host
    host.pause(app.clock)
    frames(app, 10)
    host.unpause(app.clock)
    with reading("de") as screen:
        frames(app, 3)
        app.draw()
        shoot(app, "resume_countdown_de")
    phone = page_words(language.words("de"))["ready"].format(n=3)
    assert phone in screen.texts, [text for text in screen.texts if "3" in text]
