"""`spielabend --headless` in the command line's language: each move's words (the engines'
`describe`) come out in German when the command speaks German, and in English exactly as
before otherwise."""

import re

import pytest

from client.cli import words as cli
from client.cli.headless import play_bot_match, seat_name
from engines import GAMES, Rng, game_info, new_game
from engines.botplay import next_bot_move
from netplay import language

# The English words of the move lines (the verbs and articles of every game's describe).
ENGLISH = {
    "plans", "builds", "donates", "empty", "fist", "left", "right", "end", "takes", "places", "turned",
    "moves", "house", "keeps", "pays", "draws", "pile", "puts", "back", "starts", "dog", "completes",
    "extends", "race", "begins", "round", "timer", "runs", "ran", "picks", "column", "upgrades", "group",
    "size", "plants", "leaves", "section", "writes", "row", "tile", "lays", "track", "digs", "grave",
    "votes", "counts", "lets", "card", "count", "first", "running", "north", "east", "south", "west",
    "stretch", "single", "double", "triple", "wall", "street", "river", "with", "the", "and", "at",
    "host", "seed", "bots", "scores", "Winner",
}
# German words each game's match must show (its own terms from its catalogue).
GERMAN = {
    "die_mauer": ["plant", "Turm", "Mauer", "baut", "Ende", "leere Faust"],
    "architekton": ["nimmt", "Gebäude", "legt", "gedreht"],
    "wie_waldi": ["zieht vom Stapel", "Dackel", "Wuff! Das Rennen beginnt"],
    "wild_west": ["wählt Spalte", "trägt in Reihe", "Feld"],
    "drunter_druber": ["legt einen", "Straße", "stimmt ab"],
}


@pytest.fixture
def german():
    cli.speak("de")
    try:
        yield
    finally:
        cli.speak("en")


def match(game_id: str) -> list[str]:
    lines: list[str] = []
    play_bot_match(game_id, None, 1, out=lines.append)
    return lines


def without_notation(game_id: str, lines: list[str]) -> list[str]:
    """The match's lines with each move's seat and notation cut off (the notation is the
    game's own code, the same in every language): the header, the move words, the scores."""
    info = game_info(game_id)
    state, rng = new_game(game_id, info.bench_config[0], 1), Rng(1)
    notation = info.notation or str
    words = [lines[0]]
    for line in lines[1:]:
        if state.is_over():
            words.append(line)
            continue
        player, action = next_bot_move(state, rng)
        state.apply(player, action)
        prefix = f"{seat_name(player):>4}  {notation(action):<24} "
        assert line.startswith(prefix), (line, prefix)
        words.append(line[len(prefix):])
    return words


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_headless_match_in_german_has_no_english_move_words(german, game_id):
    lines = without_notation(game_id, match(game_id))
    words = set(re.findall(r"[^\W\d_]+", "\n".join(lines)))
    assert words & ENGLISH == set()
    for german_words in GERMAN[game_id]:
        assert any(german_words in line for line in lines), german_words


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_move_line_changes_with_the_language(game_id):
    cli.speak("en")
    english = match(game_id)
    cli.speak("de")
    try:
        deutsch = match(game_id)
    finally:
        cli.speak("en")
    assert len(english) == len(deutsch)
    moves = [(e, d) for e, d in zip(english, deutsch, strict=True) if e.startswith("  ")]
    assert moves and all(e != d for e, d in moves)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_english_words_are_the_untranslated_ones(game_id):
    """Without a translator describe words English, the same as through the English catalogue."""
    english = language.words("en")
    info = game_info(game_id)
    state, rng = new_game(game_id, info.bench_config[0], 3), Rng(3)
    while not state.is_over():
        player, action = next_bot_move(state, rng)
        state.apply(player, action)
        assert state.describe(action) == state.describe(action, english)
