"""The Hall of fame: tonight's standings, everyone's ratings with rank and trend, the
history of games, a line chart of points through the evening and a bar chart of wins per
game; exported as a PNG and a CSV to the data folder. Opened from the title and from the
results (then on tonight's standings)."""

import time
from datetime import datetime

import pygame

from client import i18n
from client.evening import charts, exports, night, profiles
from client.evening.points import show
from client.evening.ratings import OVERALL
from client.i18n import N_, _, and_list, ngettext, pgettext
from client.input.buttons import buttons_here
from client.ui import art
from client.ui.menu import Item, Menu
from client.ui.scene import MenuScene

PAGES = ["evening", "night", "ratings", "history"]
PAGE_NAMES = {"evening": N_("Tonight's standings"), "night": N_("The night in words"), "ratings": N_("Ratings"),
              "history": N_("Past games")}
LIST = pygame.Rect(60, 170, 840, 450)
LINE_CHART = pygame.Rect(940, 170, 920, 410)
BAR_CHART = pygame.Rect(940, 600, 920, 400)
ROW = 44
ROWS = (LIST.height - 100) // ROW


def game_name(game_id: str) -> str:
    from engines import GAMES

    return GAMES[game_id].name if game_id in GAMES else game_id


class HallOfFameScene(MenuScene):
    def __init__(self, app, page: str = "ratings"):
        super().__init__(app)
        self.page = page if page in PAGES else "ratings"
        self.history = app.evening.history
        from client.games import TABLES

        self.scopes = [OVERALL] + sorted(TABLES)
        self.scope = OVERALL
        items = [Item(lambda: _("Showing: {page}").format(page=_(PAGE_NAMES[self.page])), lambda: self.turn_page(1),
                      lambda: self.turn_page(-1), lambda: self.turn_page(1)),
                 Item(lambda: _("Ratings: Overall") if self.scope == OVERALL else
                      _("Ratings: {game}").format(game=game_name(self.scope)),
                      lambda: self.turn_scope(1), lambda: self.turn_scope(-1), lambda: self.turn_scope(1)),
                 Item(N_("Watch again: the night's best moments, past games"), lambda: app.flow.watch_list("reel")),
                 Item(N_("Export PNG and CSV"), self.export),
                 Item(N_("End the evening"), self.end_evening),
                 Item(N_("Back"), self.back)]
        self.menu = Menu(items, (LIST.centerx, 636), width=760, height=56, gap=8, size=34, sounds=app.sounds)
        self.refresh()

    # --- what it shows ------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the history again (after a game, an export, the end of an evening)."""
        history = self.history
        self.evening = history.current_evening()
        shown = self.evening if self.evening is not None else history.latest_evening()
        self.shown_evening = shown
        self.games = history.games(shown) if shown is not None else []
        self.rows = night.standings(self.games)
        colours = {row.player: art.seat_colour(row.colour) for row in self.rows}
        names = {row.player: row.name for row in self.rows}
        through = night.points_through(self.games)
        self.series = [(names[p], colours[p], values) for p, values in through.items()]
        self.groups = [(game_name(game), [(names[p], colours[p], wins.get(p, 0)) for p in names])
                       for game, wins in night.wins_per_game(self.games).items()]
        self.ratings = history.ratings(self.scope)
        self.recent = history.games(limit=ROWS)[::-1]
        self.emblems = {profile.name.casefold(): profile.emblem for profile in profiles.recent(history, 200)}

    def resume(self) -> None:
        self.refresh()

    def turn_page(self, step: int) -> None:
        self.page = PAGES[(PAGES.index(self.page) + step) % len(PAGES)]

    def turn_scope(self, step: int) -> None:
        self.scope = self.scopes[(self.scopes.index(self.scope) + step) % len(self.scopes)]
        self.page = "ratings"
        self.ratings = self.history.ratings(self.scope)

    def evening_title(self) -> str:
        if self.shown_evening is None:
            return _("No evening yet")
        started = datetime.fromtimestamp(self.history.evening_started(self.shown_evening) or time.time())
        day = i18n.day(started, pgettext("date pattern: weekday, day, month", "EEE d MMM"))
        if self.evening is not None:
            return _("Tonight ({day}, from {time})").format(day=day, time=i18n.clock(started))
        return _("The last evening ({day}, from {time})").format(day=day, time=i18n.clock(started))

    # --- what it does -----------------------------------------------------------------------
    def export(self) -> None:
        """The evening as a PNG (this screen on tonight's standings) and a CSV, in the data folder."""
        if self.shown_evening is None:
            self.app.note(_("There is no evening to export yet: finish a game first."), 5, key="export")
            return
        folder = exports.export_folder()
        try:
            csv_path = exports.export_csv(self.history, self.shown_evening, folder)
            picture = pygame.Surface((art.W, art.H))
            self.draw(picture, exporting=True)
            png_path = folder / (exports.export_name(self.history, self.shown_evening) + ".png")
            pygame.image.save(picture, str(png_path))
        except (OSError, pygame.error) as error:
            reason = getattr(error, "strerror", None) or str(error)
            self.app.note(_("The evening could not be exported to {folder} ({reason}).").format(folder=folder,
                                                                                                reason=reason),
                          8, key="export")
            return
        self.app.note(_("Exported {png} and {csv} to {folder}").format(png=png_path.name, csv=csv_path.name,
                                                                        folder=folder), 8, problem=False, key="export")

    def end_evening(self) -> None:
        if self.evening is None:
            self.app.note(_("No evening is going on: the next game starts one."), 5, key="end")
            return

        def end() -> None:
            self.history.end_evening()
            self.refresh()
            self.page = "night"
            self.app.note(_("The evening is over. The next game starts a new one."), 5, problem=False, key="end")
            self.app.push(NightOverScene(self.app, self.games))  # the night's winner shows by itself

        winners = night.leaders(self.rows)
        who = and_list([row.name for row in winners])
        self.app.flow.confirm(ngettext("End the evening? {names} wins the night.",
                                       "End the evening? {names} win the night.", len(winners)).format(names=who), end)

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface, exporting: bool = False) -> None:
        surface.blit(art.background("menu"), (0, 0))
        page = "evening" if exporting else self.page
        heading = f"Spielabend: {self.evening_title()}" if exporting else _("Hall of fame")
        self.draw_title(surface, heading, "" if exporting else
                        _("Left and right turn the pages and the ratings   {back}: back").format(
                            back=buttons_here(self.app, "back")))
        surface.blit(art.panel(LIST.size, art.PANEL), LIST)
        {"evening": self.draw_standings, "night": self.draw_night, "ratings": self.draw_ratings,
         "history": self.draw_history}[page](surface)
        charts.line_chart(surface, LINE_CHART, self.series, _("Points through the evening"))
        charts.bar_chart(surface, BAR_CHART, self.groups, _("Wins per game"))
        if exporting:  # the night in words where the menu would be
            lines = night.summary(self.games)
            if lines and self.evening is not None:
                lines[0] = night.leader_line(self.rows) + "."
            y = LIST.bottom + 40
            for i, line in enumerate(lines):
                for part in art.wrap(line, 30, LIST.width - 40, "regular"):
                    art.blit_text(surface, part, 30, art.GOLD if i == 0 else art.INK, (LIST.left + 20, y),
                                  weight="bold" if i == 0 else "regular")
                    y += 40
                y += 10
        else:
            self.menu.draw(surface, self.pulse)

    def draw_header(self, surface, heading: str, columns: list[tuple[str, int, str]]) -> int:
        art.blit_text(surface, heading, 34, art.GOLD, (LIST.left + 24, LIST.top + 16), weight="bold",
                      width=LIST.width - 48)
        y = LIST.top + 72
        for words, x, anchor in columns:
            art.blit_text(surface, _(words), 26, art.INK_DIM, (LIST.left + x, y), anchor)
        return y + ROW

    def draw_person(self, surface, y: int, place: int, name: str, colour, width: int) -> None:
        """A row's place, emblem (a profile's; none for a bot) and name."""
        art.blit_text(surface, f"{place}.", 32, colour, (LIST.left + 24, y), "midleft", "bold")
        emblem = self.emblems.get(name.casefold())
        left = LIST.left + 74
        if emblem is not None:
            charts.emblem(surface, (left + 16, y), 17, emblem, colour)
            left += 42
        art.blit_text(surface, name, 32, colour, (left, y), "midleft", "bold", width=width - (left - LIST.left))

    def draw_standings(self, surface) -> None:
        y = self.draw_header(surface, self.evening_title(),
                             [(N_("Player"), 24, "midleft"), (N_("Points"), 470, "midright"),
                              (N_("Games"), 580, "midright"), (N_("Wins"), 670, "midright"),
                              (N_("Best game"), 700, "midleft")])
        if not self.rows:
            art.blit_text(surface, _("Finish a game to start the evening."), 32, art.INK_DIM, LIST.center, "center",
                          width=LIST.width - 40)
        leaders = {row.player for row in night.leaders(self.rows)}
        for place, row in enumerate(self.rows[:ROWS], 1):
            colour = art.seat_colour(row.colour)
            if row.player in leaders:  # a lit row with a gold mark at its left: no ring, which reads as a focus
                surface.blit(art.panel((LIST.width - 24, ROW - 4), art.PANEL_HI, None, 10), (LIST.left + 12, y - 20))
                pygame.draw.rect(surface, art.GOLD, (LIST.left + 12, y - 18, 6, ROW - 8), border_radius=3)
            self.draw_person(surface, y, place, row.name, colour, 380)
            art.blit_text(surface, show(row.points), 34, art.GOLD, (LIST.left + 470, y), "midright", "bold")
            art.blit_text(surface, str(row.games), 30, art.INK, (LIST.left + 580, y), "midright")
            art.blit_text(surface, str(row.wins), 30, art.INK, (LIST.left + 670, y), "midright")
            art.blit_text(surface, game_name(row.best_game), 24, art.INK_DIM, (LIST.left + 700, y), "midleft",
                          "regular", width=LIST.width - 724)  # inside the lit row
            y += ROW

    def draw_night(self, surface) -> None:
        """The night's winner (or who leads, while it goes on), best games, closest race, comeback."""
        art.blit_text(surface, self.evening_title(), 34, art.GOLD, (LIST.left + 24, LIST.top + 16), weight="bold",
                      width=LIST.width - 48)
        lines = night.summary(self.games)
        if not lines:
            art.blit_text(surface, _("Finish a game to start the evening."), 32, art.INK_DIM, LIST.center, "center",
                          width=LIST.width - 40)
            return
        if self.evening is not None:  # still going: nobody has won it yet
            lines[0] = night.leader_line(self.rows) + "."
        y = LIST.top + 76
        for i, line in enumerate(lines):
            for part in art.wrap(line, 30, LIST.width - 60, "regular"):
                if y > LIST.bottom - 30:
                    return
                art.blit_text(surface, part, 30, art.GOLD if i == 0 else art.INK, (LIST.left + 30, y),
                              weight="bold" if i == 0 else "regular")
                y += 40
            y += 12

    def draw_ratings(self, surface) -> None:
        heading = _("Ratings overall") if self.scope == OVERALL else \
            _("Ratings in {game}").format(game=game_name(self.scope))
        y = self.draw_header(surface, heading,
                             [(N_("Rank"), 24, "midleft"), (N_("Rating"), 560, "midright"), (N_("Games"), 670, "midright"),
                              (N_("Trend"), 700, "midleft")])
        if not self.ratings:
            art.blit_text(surface, _("No rated games yet."), 32, art.INK_DIM, LIST.center, "center")
        for rank, line in enumerate(self.ratings[:ROWS], 1):
            colour = art.INK_DIM if line.player.startswith("bot:") else art.seat_colour(line.colour)
            self.draw_person(surface, y, rank, line.name, colour, 440)
            art.blit_text(surface, str(line.rating.shown), 34, art.GOLD, (LIST.left + 560, y), "midright", "bold")
            art.blit_text(surface, str(line.games), 30, art.INK, (LIST.left + 670, y), "midright")
            charts.sparkline(surface, pygame.Rect(LIST.left + 700, y - 14, 110, 28), line.trend, colour)
            y += ROW

    def draw_history(self, surface) -> None:
        count = self.history.game_count()
        y = self.draw_header(surface, ngettext("Past games ({n} in all)", "Past games ({n} in all)", count).format(n=count),
                             [(N_("When"), 24, "midleft"), (N_("Game and winner"), 200, "midleft")])
        if not self.recent:
            art.blit_text(surface, _("No games yet."), 32, art.INK_DIM, LIST.center, "center")
        for game in self.recent:
            finished = datetime.fromtimestamp(game.finished)
            when = _("{day} {time}").format(day=i18n.day(finished, pgettext("date pattern: day, month", "d MMM")),
                                            time=i18n.clock(finished))
            winners = [seat.name for seat in game.seats if seat.winner]
            art.blit_text(surface, when, 26, art.INK_DIM, (LIST.left + 24, y), "midleft", "regular", width=170)
            if winners:
                words = _("{game}: {winners}").format(game=game_name(game.game), winners=and_list(winners))
            else:
                words = _("{game}: no winner").format(game=game_name(game.game))
            art.blit_text(surface, words, 28, art.INK, (LIST.left + 200, y), "midleft", width=LIST.width - 220)
            y += ROW


class NightOverScene(MenuScene):
    """The end of an evening, shown by itself when the group ends it: the night's winner
    (with their emblem), the night in a few lines (best game per person, closest race,
    biggest comeback) and the points through the evening."""

    CHART = pygame.Rect(1000, 300, 860, 520)

    def __init__(self, app, games):
        super().__init__(app)
        from client.ui.physics import Moments

        self.games = games
        self.rows = night.standings(games)
        self.lines = night.summary(games)
        self.winners = night.leaders(self.rows)
        names = {row.player: row.name for row in self.rows}
        colours = {row.player: art.seat_colour(row.colour) for row in self.rows}
        self.series = [(names[p], colours[p], values) for p, values in night.points_through(games).items()]
        self.emblems = {profile.name.casefold(): profile.emblem
                        for profile in profiles.recent(app.evening.history, 200)}
        self.menu = Menu([Item(N_("Done"), self.back)], (art.W // 2, 930), width=520, height=72, size=44,
                         sounds=app.sounds)
        self.confetti = Moments(seed=len(self.rows), floor_y=art.H + 200)  # falls out of view, off the words
        self.confetti.scatter((art.W // 2, 160), [colours[row.player] for row in self.winners] + [art.GOLD], count=90)
        app.sounds.play("round")

    def headline(self) -> str:
        if not self.winners:
            return _("The night is over")
        names = and_list([row.name for row in self.winners])
        return ngettext("{names} wins the night!", "{names} win the night!", len(self.winners)).format(names=names)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.confetti.step(dt)

    def animating(self) -> bool:
        return self.confetti.busy()

    def back(self) -> None:
        self.app.pop()

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        for bit in self.confetti.bits:  # behind the words
            position, size = bit["body"].position, bit["size"]
            surface.fill(bit["colour"], (position.x - size / 2, position.y - size / 4, size, size / 2))
        art.blit_text(surface, _("The night is over"), 44, art.INK_DIM, (art.W // 2, 80), "center")
        art.blit_text(surface, art.fit(self.headline(), 96, art.W - 160, "bold"), 96, art.GOLD, (art.W // 2, 170),
                      "center", "bold")
        for i, row in enumerate(self.winners[:3]):  # the winners' emblems under the headline
            emblem = self.emblems.get(row.name.casefold())
            if emblem is not None:
                x = art.W // 2 + (i - (min(3, len(self.winners)) - 1) / 2) * 90
                charts.emblem(surface, (round(x), 250), 30, emblem, art.seat_colour(row.colour))
        box = pygame.Rect(60, 300, 900, 520)
        surface.blit(art.panel(box.size, art.PANEL), box)
        # the final standings at the bottom, whole (up to six people): the night's lines get what is left
        standings_top = box.bottom - 40 * min(6, len(self.rows)) - 10
        y = box.top + 40
        for i, line in enumerate(self.lines):
            for part in art.wrap(line, 34, box.width - 60, "regular"):
                if y > standings_top - 40:
                    break
                art.blit_text(surface, part, 34, art.GOLD if i == 0 else art.INK, (box.left + 30, y), "midleft",
                              "bold" if i == 0 else "regular")
                y += 46
            y += 14
        y = standings_top
        for place, row in enumerate(self.rows[:6], 1):
            games = ngettext("{n} game", "{n} games", row.games).format(n=row.games)
            wins = ngettext("{n} win", "{n} wins", row.wins).format(n=row.wins)
            words = _("{place}. {name}   {points}  ·  {games}  ·  {wins}").format(
                place=place, name=row.name, points=charts.points_words(row.points), games=games, wins=wins)
            art.blit_text(surface, words, 30, art.seat_colour(row.colour), (box.left + 30, y), "midleft",
                          width=box.width - 60)
            y += 40
        charts.line_chart(surface, self.CHART, self.series, _("Points through the evening"))
        self.menu.draw(surface, self.pulse)
