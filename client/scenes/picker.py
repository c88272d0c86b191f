"""The game picker: every game that exists, each with a short how-to-play card."""

from client import art
from client.scenes.base import MenuScene
from client.ui import Item, Menu

# Games with a table scene in this client; the others are listed but cannot start yet.
PLAYABLE = {"die_mauer"}
HOW_TO = {
    "die_mauer": [
        "Everyone secretly picks a piece, or an empty fist.",
        "Guess the master builder's piece and you build it.",
        "Towers and Gates may never touch each other.",
        "Lowest penalty after the last round wins.",
    ],
}


class PickerScene(MenuScene):
    def __init__(self, app):
        super().__init__(app)
        from engines import GAMES

        self.games = list(GAMES.values())
        items = [Item(info.name, lambda info=info: self.pick(info)) for info in self.games]
        self.menu = Menu(items + [Item("Back", app.pop)], (520, 260), width=640, sounds=app.sounds)

    def pick(self, info) -> None:
        if info.id not in PLAYABLE:
            self.app.note(f"{info.name} has no table in this client yet.")
            self.app.sounds.play("reject")
            return
        from client.scenes.setup import SetupScene

        self.app.push(SetupScene(self.app, info.id))

    def draw(self, surface) -> None:
        surface.blit(art.background("menu"), (0, 0))
        self.draw_title(surface, "Pick a game", "Up/down choose   Confirm set up the table   Esc back")
        self.menu.draw(surface, self.pulse)
        if self.menu.focus >= len(self.games):
            return
        info = self.games[self.menu.focus]
        card = art.panel((900, 640), art.PANEL, art.GOLD)
        surface.blit(card, (920, 250))
        art.blit_text(surface, info.name, 80, art.GOLD, (960, 290))
        art.blit_text(surface, f"{info.min_players}-{info.max_players} players", 40, art.INK_DIM, (960, 370))
        y = 430
        for line in art.wrap(info.summary, 38, 820):
            art.blit_text(surface, line, 38, art.INK, (960, y))
            y += 40
        y += 24
        for line in HOW_TO.get(info.id, []):
            art.blit_text(surface, "-  " + line, 36, art.INK_DIM, (960, y))
            y += 42
        if info.id not in PLAYABLE:
            art.blit_text(surface, "Table not built yet", 40, art.DANGER, (960, 830))
        elif info.id == "die_mauer":
            x = 1390
            for piece in ("T", "G", "6", "3", "1"):
                image = art.piece_image(piece, 80)
                surface.blit(image, (x, 796))
                x += image.get_width() + 8
