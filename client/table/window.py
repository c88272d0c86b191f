"""What the table's scenes use of the window: `Window`, which `client.app.App` satisfies.

The table may not import the app (the app imports the flow, which imports the table), so it
names the window by what it uses of it; a scene that asks the flow for something adds a
`Protocol` of its own with just that (`client.table.scene.TableWindow`, ...).
"""

from typing import Protocol

from client.input.router import InputRouter
from client.settings import Settings
from client.ui.scene import Scene
from client.ui.sound import Sounds
from client.ui.toasts import Toasts


class Window(Protocol):
    """The app's parts a table's scene reads, and its scene stack's top."""

    @property
    def settings(self) -> Settings: ...

    @property
    def sounds(self) -> Sounds: ...

    @property
    def toasts(self) -> Toasts: ...

    @property
    def input(self) -> InputRouter: ...

    @property
    def clock(self) -> float:
        """Seconds the app has run (the in-process hosts' clock)."""

    @property
    def top(self) -> Scene | None:
        """The scene on top of the stack."""

    def pop(self) -> Scene:
        """Take the scene on top off the stack (and return it)."""
