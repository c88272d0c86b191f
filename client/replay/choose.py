"""Choosing a game to watch again: the Hall of fame's past games and the night's best
moments (its reel), and `watch`, the one way into the viewer (it says in words why a game
cannot be watched: played before replays were kept, a damaged journal...)."""

from collections.abc import Callable
from datetime import datetime
from functools import partial
from typing import Any

from client import i18n
from client.i18n import N_, _, and_list, pgettext
from client.replay import library
from client.replay.scene import ReplayScene
from client.ui import art
from client.ui.menu import Item, Menu
from client.ui.scene import MenuScene
from engines import GAMES
from netplay.replays import Replay, ReplayError

LISTED = 9  # past games listed


def watch(app: Any, opening: Callable[[], Replay], **where: Any) -> ReplayScene | None:
    """Push the viewer on what ``opening()`` opens (``where``: its start, moment, colours);
    a game that cannot be watched says why instead."""
    try:
        replay = opening()
    except ReplayError as error:
        app.flow.message(_("This game cannot be watched"), library.words_of(error))
        return None
    scene = ReplayScene(app, replay, **where)
    app.push(scene)
    return scene


def game_name(game_id: str) -> str:
    return GAMES[game_id].name if game_id in GAMES else game_id


def past_game_line(game: Any) -> str:
    """"28 Nov 21:14  Die Mauer: Anna" and, without a journal, that it cannot be watched."""
    finished = datetime.fromtimestamp(game.finished)
    when = _("{day} {time}").format(day=i18n.day(finished, pgettext("date pattern: day, month", "d MMM")),
                                    time=i18n.clock(finished))
    winners = [seat.name for seat in game.seats if seat.winner]
    line = _("{when}  {game}: {winners}").format(when=when, game=game_name(game.game),
                                                 winners=and_list(winners) if winners else _("no winner"))
    return line if game.has_replay else _("{line} (played before replays were kept)").format(line=line)


class WatchScene(MenuScene):
    """``kind`` "games": the newest past games; "reel": the night's best moments. Confirm
    opens the viewer (at the moment, for the reel)."""

    def __init__(self, app: Any, kind: str = "reel"):
        super().__init__(app)
        self.build(kind)

    def build(self, kind: str) -> None:
        app = self.app
        self.kind = kind
        history = app.evening.history
        other = "games" if kind == "reel" else "reel"
        items: list[Item] = [Item(lambda: _("Showing: {list}").format(list=self.heading()),
                                  partial(self.build, other), partial(self.build, other), partial(self.build, other))]
        if kind == "reel":
            evening = history.current_evening() or history.latest_evening()
            games = history.games(evening) if evening is not None else []
            for entry in library.night_reel(history, games):
                label = _("{moment} ({game})").format(moment=entry.title, game=game_name(entry.game.game))
                items.append(Item(partial(str, label), partial(self.open, entry.game, entry.number)))
        else:
            for game in history.games(limit=LISTED)[::-1]:
                items.append(Item(partial(past_game_line, game), partial(self.open, game, None)))
        self.empty = len(items) == 1
        self.menu = Menu(items + [Item(N_("Back"), app.pop)], (art.W // 2, 180), width=1500, height=64, gap=8,
                         size=32, sounds=app.sounds)

    def heading(self) -> str:
        return _("The night's best moments") if self.kind == "reel" else _("Past games")

    def open(self, game: Any, moment: int | None) -> None:
        history = self.app.evening.history
        self.app.flow.watch(partial(library.open_kept, history, game.id), moment=moment,
                            colours=library.colours_of(game))

    def draw(self, surface: Any) -> None:
        surface.blit(art.background("menu"), (0, 0))
        self.draw_title(surface, _("Watch again"), _("Confirm watches it again   Left and right: the other list   "
                                                     "Esc back"))
        if self.empty:
            words = _("No moments tonight yet: finish a game first.") if self.kind == "reel" else \
                _("No games yet.")
            art.blit_text(surface, words, 36, art.INK_DIM, (art.W // 2, self.menu.rects[1].top + 40), "center")
        self.menu.draw(surface, self.pulse)
