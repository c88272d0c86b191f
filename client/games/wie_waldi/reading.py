"""What drawing reads of the Wie Waldi table (its paint modules take the table as this)."""

from typing import Any, Protocol

import pygame

from client.games.wie_waldi.layout import ZoneParts
from client.games.wie_waldi.state import Dog, RaceState
from client.table.handle import TableHandle
from client.table.types import Colour, Event, View


class RaceTable(Protocol):
    """What drawing reads of the Wie Waldi table."""

    table: TableHandle
    race: RaceState

    @property
    def view(self) -> View: ...

    @property
    def clock(self) -> float: ...

    def dogs(self, view: View | None = None) -> list[Dog]: ...

    def hand(self, seat: int) -> str | None: ...

    def fits_nowhere(self, seat: int) -> bool: ...

    def zone_parts(self, seat: int) -> ZoneParts: ...

    def stopping(self) -> bool: ...

    def tallying(self) -> bool: ...

    def stop_words(self, event: Event) -> str: ...

    def photo_words(self) -> str | None: ...

    def tentative(self, seat: int) -> dict[str, Any] | None: ...

    def draw_name(self, surface: pygame.Surface, seat: int, pos: tuple[int, int], size: int, width: int,
                  anchor: str = "topleft", colour: Colour | None = None) -> pygame.Rect: ...
