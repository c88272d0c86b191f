"""The results of any game: a score table (a column per round, game of a match or
scoring part, then the total), the winners, and whether lower or higher totals win.

Every column is sized to fit: ten rounds of six players fit as well as one total.

A race ends with everyone still pressing its buttons, so the results wait for a
deliberate choice: a confirm held a moment, or a press once the screen has settled (shown
a while, nobody pressing) and its hint line says what each button does. "Back" is the
race's "put back" and never leaves; Esc does, once settled."""

from collections.abc import Callable, Mapping
from typing import Any, Protocol

import pygame

from client import i18n
from client.evening import charts, peers
from client.evening.tonight import Evening
from client.i18n import _, and_list, ngettext
from client.input.buttons import buttons_here, label_for
from client.input.holds import Holds, Presses
from client.input.router import Intent
from client.table.game import Standings
from client.table.model import from_host
from client.table.window import Window
from client.ui import art
from client.ui.menu import Item, Menu, draw_hold
from client.ui.physics import Moments
from client.ui.scene import MenuScene
from client.ui.tween import Tweens, ease_out_cubic
from netplay import messages
from netplay.session import Session

TABLE_TOP = 230
ROW = 74
WIDTH = art.W - 120
NAME_COLUMN = (300, 460)  # narrowest, widest
TOTAL_COLUMN = 190
TOTAL_COLUMN_WIDEST = 340
RANKING_ROW = 34
RANKING_BOTTOM = 760  # the menu starts below
SETTLE_SECONDS = 2.5  # one press chooses only once the results have been up this long
QUIET_SECONDS = 1.0  # and nobody has pressed anything for this long
HOLD_SECONDS = 0.8  # a confirm held this long chooses at any time
NOT_PRESSES = ("point", "look", "connected", "disconnected")


class ResultsFlow(Protocol):
    """What the results ask of the flow (`client.flow.Flow`)."""

    def hall_of_fame(self, page: str) -> None: ...

    def follow_host(self, session: Session, message: dict[str, Any]) -> None: ...

    def title(self) -> None: ...

    def confirm(self, question: str, on_yes: Callable[[], None], once: bool = False) -> None: ...

    def demo_input(self, intent: Intent) -> bool:
        """Input at a demo's results (`client.scenes.demo.DemoResultsScene`)."""


class ResultsWindow(Window, Protocol):
    """The window the results show in, with its game night (`client.evening`)."""

    @property
    def flow(self) -> ResultsFlow: ...

    @property
    def evening(self) -> Evening: ...

    @property
    def presses(self) -> Presses:
        """Which buttons are down, and on which screen (a hold counts only there)."""


def ranks(standings: Standings) -> list[int]:
    """Each seat's place, 1 = best; seats level on the winners' side and the total share a
    place ("1. 2. 2. 4.")."""
    sign = 1 if standings.lower_wins else -1

    def key(p: int) -> tuple[bool, float]:
        return (p not in standings.winners, _number(standings.totals[p]) * sign)

    keys = [key(p) for p in range(len(standings.names))]
    return [1 + sum(other < mine for other in keys) for mine in keys]


def shown(words: str) -> str:
    """A game's label (a column, the total, a note): looked up when the catalogue has it (a
    game marks its labels with N_), else as the game worded it."""
    return i18n._(words) if words and i18n.current().has(words) else words


def total_noun(standings: Standings) -> str:
    """The total's label inside a sentence: lower case in English ("lowest points wins"),
    a noun as it is written in German."""
    label = shown(standings.total_label)
    return label.lower() if i18n.current().code in ("en", i18n.PSEUDO) else label


def figure(value: object) -> str:
    """A score as the window's language writes numbers (a fraction with its comma in German)."""
    if isinstance(value, float):
        return i18n.number(value, 0 if value.is_integer() else 1)
    return str(value)


def heading_words(standings: Standings) -> str:
    """Who won, in words; a solo game names its score instead of a winner."""
    if len(standings.names) == 1:
        return _("{name}: {score} {total}").format(name=standings.names[0], score=figure(standings.totals[0]),
                                                    total=total_noun(standings))
    winners = [standings.names[p] for p in standings.winners]
    if not winners:
        return _("Game over")
    return ngettext("{names} wins!", "{names} win!", len(winners)).format(names=join_names(winners))


def join_names(names: list[str]) -> str:
    return and_list(names)


class ResultsScene(MenuScene):
    app: ResultsWindow

    def __init__(self, app: ResultsWindow, standings: Standings, again: Callable[[], None] | None = None,
                 demo: bool = False, joined: bool = False):
        super().__init__(app)
        self.standings = standings
        self.demo = demo
        self.tweens = Tweens()
        for p in range(len(standings.names)):
            self.tweens.start(f"row{p}", 0.0, 1.0, 0.45 / min(app.settings.speed, 1e6), ease_out_cubic, delay=0.1 * p)
        self.quiet = 0.0  # seconds since anyone pressed anything here
        self.held = Holds(app.presses, HOLD_SECONDS)  # each device's confirm held here, on a button
        items = ([Item(lambda: _("Play again"), again)] if again is not None else []) + \
            [Item(lambda: _("Back to the title"), self.leave)]
        # the game night (client.evening): tonight's standings, and the whole of them a press away
        self.again = again
        self.evening = [] if demo or joined else app.evening.standings_now()  # a joined game's evening is its host's
        self.ratings: list[dict[str, Any]] = []  # a LAN peer's own rating changes, from its host
        self.evening_session: Session | None = None  # a joined game's session, open until the host's evening arrives
        self.host_left = ""  # a joined game's host said goodbye (it ended the group): why, in words
        if self.evening:
            items.insert(-1, Item(lambda: _("Tonight's standings"), lambda: app.flow.hall_of_fame("evening")))
        self.place_menu(items)
        app.sounds.play("round")
        # it falls out of view: piled on the floor it would stand over the bottom line's words
        self.confetti = Moments(seed=len(standings.names), floor_y=art.H + 200)
        colours = [standings.colours[p] for p in standings.winners] + [art.GOLD]
        self.confetti.scatter((art.W // 2, 120), colours, count=70)

    def place_menu(self, items: list[Item], lift: int = 0) -> None:
        """Two items as always; three to five (the game night's, Watch again) a little smaller, above the
        hint line and the bottom line (``lift``: higher by a second bottom line)."""
        top, height, gap = {2: (790, 78, 16), 3: (750, 66, 10), 4: (720, 56, 8)}.get(max(2, len(items)), (690, 50, 6))
        focus = self.menu.focus if getattr(self, "menu", None) is not None else 0
        self.lift = lift
        self.menu = Menu(items, (art.W // 2, top - lift), width=600, height=height, gap=gap,
                         size=46 if height > 60 else 40, sounds=self.app.sounds)
        self.menu.focus = min(focus, max(0, len(items) - 1))

    def offer_next_game(self, next_game: Callable[[], None]) -> None:
        """The game night: Next game (the same group, another game), after Play again."""
        items = list(self.menu.items)
        items.insert(1 if self.again is not None else 0, Item(lambda: _("Next game"), next_game))
        self.place_menu(items)

    def offer_watch_again(self, watch: Callable[[], None]) -> None:
        """The game just played, on its table again (the replay viewer), before Back to the title."""
        self.place_menu([*self.menu.items[:-1], Item(lambda: _("Watch again"), watch), self.menu.items[-1]])

    def hear_evening(self, message: messages.Evening | None, session: Session | None = None) -> None:
        """The game night on a LAN peer: tonight's standings and its own rating changes, from
        the host's ``evening`` message (``message``, or the one ``session`` brings). The
        session stays open while these results are up: the host may open the group's next
        table (``next_table``), and this window then joins it by itself."""
        if message is not None:
            self.evening, self.ratings = peers.heard_evening(messages.wire(message))
            by_name = {row.name: row.colour for row in self.evening}  # the colours the host's table gave people
            colours = list(self.standings.colours)
            for p, name in enumerate(self.standings.names):
                if name in by_name and p < len(colours):
                    colours[p] = art.seat_colour(by_name[name])
            self.standings.colours = colours
            self.changed()
        if session is not None:
            self.close_evening_session()
            self.evening_session = session

    def listen_for_evening(self, dt: float) -> None:
        session = self.evening_session
        if session is None:
            return
        for message in session.poll():
            if not from_host(message):
                continue
            if message["t"] == "evening":
                self.hear_evening(message)
            elif message["t"] == "next_table":
                self.follow(message)
                return
            elif message["t"] == "bye" or message["t"] == "refuse":
                self.host_went(message)
                return

    def host_went(self, message: Mapping[str, Any]) -> None:
        """The host said goodbye while these results wait for its next table: there will be
        none. The screen says why (the host ended the group), unless it only says the game
        is over, which these results already show."""
        from client import i18n
        from netplay import sayings
        from netplay.server import GAME_OVER

        self.close_evening_session()
        if message.get("reason") != GAME_OVER:
            words = sayings.worded(message, i18n.current())
            self.host_left = f"{words[:1].upper()}{words[1:]}." if words else ""
        self.changed()

    def follow(self, message: messages.NextTable) -> None:
        """The host opened the group's next table: join it (the same name and profile)."""
        session, self.evening_session = self.evening_session, None
        if session is not None:
            from client.ui.closing import close_soon

            close_soon(session)
            self.app.flow.follow_host(session, messages.wire(message))

    def close_evening_session(self) -> None:
        if self.evening_session is not None:
            from client.ui.closing import close_soon

            close_soon(self.evening_session)
            self.evening_session = None

    def close(self) -> None:
        self.close_evening_session()

    def title(self) -> None:
        self.close_evening_session()
        self.app.flow.title()

    def back(self) -> None:
        self.leave()

    def leave(self) -> None:
        """Back to the title, once asked (like leaving a game): the group's Next game and
        Play again are offered only here, and a Start mashed on from the race never lands there."""
        self.app.flow.confirm(self.leave_words(), self.title, once=True)

    def leave_words(self) -> str:
        if any(item.text() == _("Next game") for item in self.menu.items):
            return _("Back to the title? The group's evening ends here: Next game is offered only on these results.")
        return _("Back to the title? These results are not shown again.")

    @property
    def settled(self) -> bool:
        """Whether one press chooses now (the hint line says what each button does)."""
        return self.clock >= SETTLE_SECONDS and self.quiet >= QUIET_SECONDS

    def handle(self, intent: Intent) -> bool:
        if intent.action == "confirm":
            self.hold(intent)
        if self.settled:
            if intent.action == "back":
                return True  # the race's "put back": never "leave"
            return super().handle(intent)
        if intent.pressed and intent.action not in NOT_PRESSES:
            self.quiet = 0.0  # still racing: the buttons wait
        return True

    def hold(self, intent: Intent) -> None:
        """Start or end ``intent.device``'s held confirm: on the button the mouse is on, or
        the focused one."""
        if not intent.pressed:
            self.held.stop(intent.device)
            return
        self.held.start(intent.device, self.menu.hit(intent.pos) if intent.device == "mouse" else self.menu.focus)

    def animating(self) -> bool:
        return (self.tweens.running() or self.confetti.busy() or bool(self.held)
                or self.clock < SETTLE_SECONDS or self.quiet < QUIET_SECONDS)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.quiet += dt
        self.listen_for_evening(dt)
        self.tweens.update(dt)
        self.confetti.step(dt)
        chosen = self.held.step(dt) if self.app.top is self else None
        if chosen is not None:
            self.menu.focus = chosen
            self.menu.activate()

    def hint(self) -> str:
        """What each button does now."""
        if not self.settled:
            return _("Hold {buttons} to choose").format(buttons=self.confirm_names())
        item = self.menu.items[self.menu.focus].text()
        return _("{buttons}: {item}   Up/down: choose   {escape}: back to the title").format(
            buttons=self.confirm_names(), item=item, escape=buttons_here(self.app, "menu"))

    def confirm_names(self) -> str:
        """The confirm button of every device at this window ("Space, Enter, A or click")."""
        names = [label_for(self.app, device, "confirm") for device in self.app.input.devices()[1:]]
        names = list(dict.fromkeys(names)) + [_("click")]
        # Translators: the last of several buttons that do one thing: "Space, Enter, A or click"
        return _("{list} or {last}").format(list=", ".join(names[:-1]), last=names[-1])

    # --- geometry (also what the tests check) ---------------------------------------------
    def columns(self) -> tuple[int, int, int]:
        """(name column, each score column, total column) widths that fit the screen."""
        count = len(self.standings.columns)
        widest_name = max(art.text_width(f"6.  {name}", 44, "bold") for name in self.standings.names) + 30
        name = min(NAME_COLUMN[1], max(NAME_COLUMN[0], widest_name))
        # the total's label may run long in another language: its column grows (it may shrink a little)
        label = art.text_width(shown(self.standings.total_label), 36) * 3 // 4 + 20
        total = min(TOTAL_COLUMN_WIDEST, max(TOTAL_COLUMN, label))
        column = min(170, (WIDTH - name - total) // count) if count else 0
        return name, column, total

    def table_rect(self) -> pygame.Rect:
        name, column, total = self.columns()
        width = name + column * len(self.standings.columns) + total
        return pygame.Rect(art.W // 2 - width // 2 - 20, TABLE_TOP - 40, width + 40, 110 + ROW * len(self.standings.names))

    def draw(self, surface: pygame.Surface) -> None:
        standings = self.standings
        surface.blit(art.background("menu"), (0, 0))
        for bit in self.confetti.bits:  # behind the heading and the table
            position = bit["body"].position
            size = bit["size"]
            surface.fill(bit["colour"], (position.x - size / 2, position.y - size / 4, size, size / 2))
        art.blit_text(surface, heading_words(standings), 96, art.GOLD, (art.W // 2, 90), "center", weight="bold", width=art.W - 80)
        if standings.lower_wins:
            sub = _("{game}: lowest {total} wins").format(game=standings.game_name, total=total_noun(standings))
        else:
            sub = _("{game}: highest {total} wins").format(game=standings.game_name, total=total_noun(standings))
        if standings.note:
            sub = _("{sentence}.  {note}").format(sentence=sub, note=shown(standings.note))
        lines = art.wrap(sub, 32, art.W - 120)[:2]  # a long note takes a second line, never an ellipsis
        if self.lift != 40 * (len(lines) - 1):  # the menu and its hint stand clear of a second line
            self.place_menu(self.menu.items, 40 * (len(lines) - 1))
        if not self.app.toasts.visible([self]):
            for i, line in enumerate(lines):
                art.blit_text(surface, line, 32, art.INK_FAINT, (art.W // 2, art.H - 30 - 40 * (len(lines) - 1 - i)),
                              "center")
        name_width, column, total = self.columns()
        table = self.table_rect()
        surface.blit(art.panel(table.size, art.PANEL), table)
        left = table.left + 20
        heading_y = TABLE_TOP + 6
        art.blit_text(surface, _("Player"), 36, art.INK_DIM, (left + 20, heading_y), "midleft", width=name_width - 30)
        for c, label in enumerate(standings.columns):
            centre = (left + name_width + c * column + column // 2, heading_y)
            label = shown(label)
            words = label if art.text_width(label, 30) <= column - 10 else label.split()[-1]
            art.blit_text(surface, words, 30, art.INK_DIM, centre, "center", width=column - 8)
        total_x = left + name_width + column * len(standings.columns) + total // 2
        art.blit_text(surface, shown(standings.total_label), 36, art.GOLD, (total_x, heading_y), "center", width=total - 10)
        places = ranks(standings)
        order = sorted(range(len(standings.names)), key=lambda p: places[p])
        clip = surface.get_clip()
        surface.set_clip(table.inflate(-8, -8))  # rows slide in from the table's right edge, not from outside it
        for row, p in enumerate(order):
            y = TABLE_TOP + 54 + row * ROW
            shift = round((1 - self.tweens.get(f"row{p}", 1.0)) * 600)
            if shift:  # sliding: the row is drawn whole on its own layer, which slides (its words stay inside it)
                layer = pygame.Surface((table.width, ROW), pygame.SRCALPHA)
                self.draw_row(layer, p, places[p], y, (table.left, y - 8))
                surface.blit(layer, (table.left + shift, y - 8))
            else:
                self.draw_row(surface, p, places[p], y, (0, 0))
        surface.set_clip(clip)
        if standings.ranking:
            self.draw_ranking(surface, table.bottom + 20)
        if self.evening:  # the game night (client.evening): tonight's standings, where there is room
            top = art.H if standings.ranking else table.bottom + 14
            bottom = self.menu.rects[0].top - (54 if self.ratings else 20)
            charts.evening_strip(surface, self.evening, top, bottom)
            if self.ratings:  # a LAN peer: its own rating changes, from its host
                art.blit_text(surface, peers.rating_words(self.ratings), 28, art.INK_DIM,
                              (art.W // 2, bottom + 16), "center", width=art.W - 120)
        if self.evening_session is not None:  # a LAN peer: the host may open the group's next table
            art.blit_text(surface, _("Stay here to play the group's next game: it joins by itself when the host opens "
                                     "it."),
                          28, art.INK_DIM, (art.W // 2, 162), "center", width=art.W - 120)
        elif self.host_left:  # ... or ended the group
            art.blit_text(surface, self.host_left, 28, art.GOLD, (art.W // 2, 162), "center", width=art.W - 120)
        self.menu.draw(surface, self.pulse)
        draw_hold(surface, self.menu, self.held)
        if self.menu.items:
            colour = art.INK if self.settled else art.INK_DIM
            art.blit_text(surface, self.hint(), 32, colour, (art.W // 2, self.menu.rects[-1].bottom + 34), "center",
                          width=art.W - 120)

    def draw_row(self, target: pygame.Surface, p: int, place: int, y: int, origin: tuple[int, int]) -> None:
        """Seat ``p``'s row of the table at ``y`` on the screen: its place and name, its cells
        and its total, drawn on ``target`` whose top left stands at ``origin`` on the screen."""
        standings = self.standings
        name_width, column, total = self.columns()
        table = self.table_rect()
        left, (ox, oy) = table.left + 20, origin
        score_size = 40 if column >= 110 or not standings.columns else 32
        total_x = left + name_width + column * len(standings.columns) + total // 2
        colour = standings.colours[p]
        if p in standings.winners:
            target.blit(art.panel((table.width - 40, 64), art.PANEL_HI, art.GOLD, 12), (left - ox, y - 6 - oy))
        art.blit_text(target, f"{place}.  {standings.names[p]}", 44, colour, (left + 20 - ox, y + 26 - oy),
                      "midleft", weight="bold", width=name_width - 30)
        cells = standings.cells[p] if p < len(standings.cells) else []
        for c, value in enumerate(cells[:len(standings.columns)]):
            art.blit_text(target, figure(value), score_size, art.INK,
                          (left + name_width + c * column + column // 2 - ox, y + 26 - oy), "center", width=column - 8)
        art.blit_text(target, figure(standings.totals[p]), 48, art.GOLD, (total_x - ox, y + 26 - oy), "center",
                      weight="bold", width=total - 10)

    def draw_ranking(self, surface: pygame.Surface, top: int) -> None:
        """A ranking under the scores (a solo high-score table), its marked line in gold;
        as many lines as fit above the menu."""
        standings = self.standings
        room = max(0, (RANKING_BOTTOM - top - 56) // RANKING_ROW)
        lines = standings.ranking[:room]
        if not lines:
            return
        box = pygame.Rect(0, top, 720, 56 + RANKING_ROW * len(lines))
        box.centerx = art.W // 2
        surface.blit(art.panel(box.size, art.PANEL), box)
        art.blit_text(surface, shown(standings.ranking_title), 34, art.GOLD, (box.centerx, box.top + 28), "center",
                      weight="bold", width=box.width - 40)
        for i, (words, score) in enumerate(lines):
            y = box.top + 56 + i * RANKING_ROW
            marked = i == standings.ranking_mark
            if marked:
                surface.blit(art.panel((box.width - 24, RANKING_ROW), art.PANEL_HI, art.GOLD, 10), (box.left + 12, y))
            colour = art.GOLD if marked else art.INK
            art.blit_text(surface, shown(words), 28, colour, (box.left + 30, y + RANKING_ROW // 2), "midleft",
                          width=box.width - 200)
            art.blit_text(surface, figure(score), 30, colour, (box.right - 30, y + RANKING_ROW // 2), "midright", "bold")


def _number(value: Any) -> float:  # a game's total (`Standings.totals`: any value; not a number: 0)
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0
