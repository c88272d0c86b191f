"""The plain data a table passes around, named (the engines' and the wire's own types)."""

from typing import Any

Event = dict[str, Any]  # one engine event, as a seat received it
View = dict[str, Any]  # one seat's (or the spectator's) view of the game
Action = Any  # an engine action: plain data (docs/architecture.md, the engine contract)
Colour = tuple[int, int, int]  # a seat's colour, red, green and blue
