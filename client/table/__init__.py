"""The table every game shares (it knows no game): see docs/architecture.md, "How to add a table"."""

from client.table.camera import Camera
from client.table.choices import Choice, navigate
from client.table.chooser import Chooser
from client.table.game import BLIND_BUTTONS, GameTable, Standings
from client.table.layout import Layout, private_panel, seat_strip, strip_rects
from client.table.model import Beat, Pending, TableModel, unique_names
from client.table.scene import TableScene

__all__ = [
    "BLIND_BUTTONS",
    "Beat",
    "Camera",
    "Choice",
    "Chooser",
    "GameTable",
    "Layout",
    "Pending",
    "Standings",
    "TableModel",
    "TableScene",
    "navigate",
    "private_panel",
    "seat_strip",
    "strip_rects",
    "unique_names",
]
