"""The names engines use for plain data (see `engines.plain`): what actions, events, views
and options are, for annotations. Plain data is msgpack/JSON-like, so these are aliases of
``Any`` and ``dict[str, Any]`` rather than classes: the wire decides their shape, and each
game's rules (docs/rules/<id>.md) say which fields it reads.
"""

from typing import Any, TypeAlias

Action: TypeAlias = Any
"""An action as a player sent it: untrusted plain data until the state's ``_check`` passed
it (then a dict with a ``type``)."""

Event: TypeAlias = dict[str, Any]
"""One thing that happened, with a ``type`` (and ``only`` when private, `engines.events`)."""

View: TypeAlias = dict[str, Any]
"""What one seat (or a spectator) may know of a state: `GameState.view`."""

Options: TypeAlias = dict[str, Any]
"""A game's resolved options, by name (`GameInfo.options`)."""
