"""A demo's results (`spielabend demo`, the title's attract mode): shown a few seconds,
then the next demo game starts."""

from collections.abc import Callable

from client.input.router import Intent
from client.table.game import Standings
from client.table.results import ResultsScene, ResultsWindow
from client.ui import art
from client.ui.menu import Menu


class DemoResultsScene(ResultsScene):
    """A demo's results: shown a few seconds, then the next demo game starts."""

    def __init__(self, app: ResultsWindow, standings: Standings, seconds: float, then: Callable[[], object]):
        super().__init__(app, standings, demo=True)
        self.left, self.then = seconds, then
        self.menu = Menu([], (art.W // 2, 790))

    def handle(self, intent: Intent) -> bool:
        return self.app.flow.demo_input(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.left -= dt
        if self.left <= 0 and self.app.top is self:
            self.then()
