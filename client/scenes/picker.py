"""The game picker: every game that exists, with its summary and how to play it. A game
with a table in this window opens its set-up; one without says how to play it headless
and over the LAN instead of leading nowhere."""

from functools import partial

import pygame

from client.games import TABLES
from client.i18n import N_, _, and_list, ngettext
from client.input.buttons import buttons_here, label_for
from client.ui import art
from client.ui.menu import Item, Menu
from client.ui.scene import MenuScene

CARD = pygame.Rect(900, 190, 960, 800)


def play_commands(info) -> list[str]:
    """How to play a game that has no table in this window: in the terminal, over the LAN."""
    players = max(info.min_players, min(3, info.max_players))
    bots = max(0, players - 1)
    return [
        f"spielabend --headless --game {info.id}",
        f"spielabend host --game {info.id} --players {players}" + (f" --bots {bots}" if bots else ""),
        "spielabend join",
    ]


COMMAND_LABELS = (N_("bots in the terminal"), N_("over the LAN"), N_("then on each computer"))
KEYBOARD = ("keys1", "keys2", "mouse")  # one keyboard and its mouse: either hand may choose for its player
STEERING = ("up", "down", "left", "right", "confirm", "point", "wheel")


class PickerScene(MenuScene):
    def __init__(self, app):
        super().__init__(app)
        from engines import GAMES

        self.turn = app.evening.picker_turn()  # the game night: whose turn it is to choose (None: anyone's)
        group = app.evening.group
        self.voters = group.choosers() if self.turn is not None and group is not None else []
        self.voting = False
        self.marks: dict[str, int] = {}  # a voter's control -> the game its marker is on
        self.votes: dict[str, int] = {}  # a voter's control -> the game it voted for

        self.games = list(GAMES.values())
        self.chosen = 0  # the game on the card: the focused one, or the one the how-to row names
        items = [Item(partial(getattr, info, "name"), partial(self.pick, info)) for info in self.games]
        # Walking down to this row passes every game: left/right choose whose rules it opens.
        items.append(Item(lambda: _("How to play {game}").format(game=self.games[self.chosen].name), self.howto,
                          on_left=lambda: self.choose(-1), on_right=lambda: self.choose(1)))
        if self.turn is not None:  # the game night: or everyone votes with their own device
            items.append(Item(N_("Everyone votes instead"), self.start_vote))
        items.append(Item(N_("Back"), app.pop))
        self.menu = Menu(items, (460, 230), width=720, height=74, gap=12, sounds=app.sounds)

    def may_choose(self, device: str) -> bool:
        """Whether ``device`` may steer the picker now (on a turn, only the chooser's)."""
        if self.turn is None:
            return True
        control = self.turn.control
        return device == control or (device in KEYBOARD and control in KEYBOARD)

    # --- the game night: everyone votes ---------------------------------------------------------
    def start_vote(self) -> None:
        self.voting = True
        self.marks = {plan.control: 0 for plan in self.voters}
        self.votes = {}

    def voter(self, device: str):
        """The voter ``device`` belongs to: its own device, or the one keyboard player's keys and mouse."""
        mine = [plan for plan in self.voters if plan.control == device]
        if not mine and device in KEYBOARD:
            mine = [plan for plan in self.voters if plan.control in KEYBOARD]
        return mine[0] if len(mine) == 1 else None

    def vote_intent(self, intent) -> bool:
        if intent.action in ("escape", "back") and intent.pressed:
            self.voting = False  # back to taking turns
            return True
        plan = self.voter(intent.device)
        if plan is None or not intent.pressed or intent.action not in ("up", "down", "confirm"):
            return True
        control = plan.control
        if intent.action == "confirm":
            self.votes[control] = self.marks[control]
            self.app.sounds.play("confirm")
            if len(self.votes) == len(self.voters):
                self.pick(self.games[self.winner()])
            return True
        self.marks[control] = (self.marks[control] + (1 if intent.action == "down" else -1)) % len(self.games)
        self.votes.pop(control, None)  # moving again takes the vote back
        return True

    def winner(self) -> int:
        """The game with most votes; a tie goes to the tied game of the person whose turn it was,
        else the first tied game in the list."""
        counts = {index: list(self.votes.values()).count(index) for index in set(self.votes.values())}
        best = max(counts.values())
        tied = sorted(index for index, count in counts.items() if count == best)
        turn_vote = self.votes.get(self.turn.control) if self.turn is not None else None
        return turn_vote if turn_vote in tied else tied[0]

    def handle(self, intent) -> bool:
        if self.voting:
            return self.vote_intent(intent)
        if intent.action in STEERING and not self.may_choose(intent.device):
            if intent.pressed and intent.action != "point":
                self.app.note(_("It is {name}'s turn to choose the game ({device}).").format(
                    name=self.turn.name, device=self.turn_device()), 3, key="turn")
            return True
        return super().handle(intent)

    def turn_device(self) -> str:
        from client.input.router import DEVICE_NAMES

        control = self.turn.control if self.turn is not None else ""
        if control in DEVICE_NAMES:
            return _(DEVICE_NAMES[control])
        return _("their pad") if control.startswith("pad:") else control

    def pick(self, info) -> None:
        if info.id in TABLES:
            self.app.flow.setup(info.id)
        else:
            self.app.flow.howto(info.id)

    def choose(self, step: int) -> None:
        self.chosen = (self.chosen + step) % len(self.games)

    def howto(self) -> None:
        self.app.flow.howto(self.games[self.chosen].id)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.voting and self.turn is not None:
            self.chosen = self.marks.get(self.turn.control, 0)
        elif self.menu.focus < len(self.games):
            self.chosen = self.menu.focus

    def draw_votes(self, surface) -> None:
        """Each voter's marker right of the game it is on: a ring while choosing, filled once voted."""
        for number, plan in enumerate(self.voters):
            index = self.votes.get(plan.control, self.marks.get(plan.control, 0))
            rect = self.menu.rects[index]
            centre = (rect.right - 34 - number * 44, rect.centery)  # inside the row, clear of the card
            colour = art.seat_colour(plan.colour)
            pygame.draw.circle(surface, colour, centre, 17, 0 if plan.control in self.votes else 4)
            art.blit_text(surface, plan.name[:1], 22, art.INK if plan.control in self.votes else colour, centre,
                          "center", "bold")

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        info = self.games[self.chosen]
        if self.menu.focus < len(self.games):
            if info.id in TABLES:
                hint = _("Up/down choose   {confirm}: set up the table   {back}: back")
            else:
                hint = _("Up/down choose   {confirm}: how to play   {back}: back")
        else:
            hint = _("Left/right: another game's rules   {confirm}: read them   {back}: back")
        confirm = buttons_here(self.app, "confirm")
        if self.turn is not None:  # only the chooser's device chooses: name its button alone
            confirm = label_for(self.app, self.turn.control, "confirm") or confirm
        hint = hint.format(confirm=confirm, back=buttons_here(self.app, "back"))
        heading = _("Pick a game")
        if self.turn is not None:  # the game night: taking turns
            heading = _("{name} picks the game").format(name=self.turn.name)
            hint = _("{name} chooses with {device}:   {hint}").format(name=self.turn.name, device=self.turn_device(),
                                                                      hint=hint)
        if self.voting:
            heading = _("Everyone votes")
            waiting = [plan.name for plan in self.voters if plan.control not in self.votes]
            hint = _("Each player: up/down and confirm on their own device   Waiting for {names}   {escape}: turns"
                     ).format(names=and_list(waiting), escape=buttons_here(self.app, "menu"))
        self.draw_title(surface, heading, hint)
        self.menu.draw(surface, self.pulse)
        if self.voting:
            self.draw_votes(surface)
        surface.blit(art.panel(CARD.size, art.PANEL, art.GOLD), CARD)
        left, width = CARD.left + 40, CARD.width - 80
        art.blit_text(surface, info.name, 80, art.GOLD, (left, CARD.top + 30), weight="bold", width=width)
        art.blit_text(surface, players_words(info), 40, art.INK_DIM, (left, CARD.top + 120), width=width)
        y = CARD.top + 180
        for line in art.wrap(_(info.summary), 34, width, "regular"):
            art.blit_text(surface, line, 34, art.INK, (left, y), weight="regular")
            y += 40
        y += 20
        table = TABLES.get(info.id)
        if table is not None:
            art.blit_text(surface, _("Confirm: set up the table"), 38, art.GOOD, (left, y), width=width)
            emblem = table.emblem(90)
            if emblem is not None:
                surface.blit(emblem, emblem.get_rect(bottomright=(CARD.right - 40, CARD.bottom - 30)))
            return
        art.blit_text(surface, _("No table in this window yet. Play it now:"), 38, art.GOLD, (left, y), width=width)
        y += 52
        for label, command in zip(COMMAND_LABELS, play_commands(info), strict=True):
            art.blit_text(surface, _(label), 30, art.INK_DIM, (left, y), weight="regular", width=290)
            art.blit_text(surface, command, 32, art.INK, (left + 300, y), width=width - 300)
            y += 44
        art.blit_text(surface, _("Confirm: how to play"), 34, art.INK_DIM, (left, y + 14), width=width)


def players_words(info) -> str:
    """How many play, in words ("2-4 players"), and whether it runs in real time."""
    low, high = info.min_players, info.max_players
    if low == high:
        players = ngettext("{n} player", "{n} players", low).format(n=low)
    else:
        players = ngettext("{low}-{high} player", "{low}-{high} players", high).format(low=low, high=high)
    return _("{players}   real time").format(players=players) if info.realtime else players
