"""Every error netplay raises, in one place.

    NetplayError (Exception)
    ├── ProtocolError   a frame or message that breaks the wire protocol (protocol.py);
    │                   the connection that sent it is refused and closed
    ├── Refused         the host turned a peer away: version, password, full table,
    │                   bad token, flooding (host.py, server.py)
    ├── SaveError       a save file that is missing, corrupt or not ours (saves.py)
    └── ConnectError    a peer could not reach or keep a host (peer.py)

Each carries ``code``, a stable string for programs, and ``reason``, a sentence for people
(English), and ``say`` and ``data``: the English template (a catalogue message id) and the
values that fill it, so a reader words it in its own language (`netplay.sayings`).
"""

from collections.abc import Mapping
from typing import Any, TypeVar

from .language import fill

_Error = TypeVar("_Error", bound="NetplayError")


class NetplayError(Exception):
    code = "error"

    def __init__(self, code: str, reason: str, data: Mapping[str, Any] | None = None):
        self.say = reason
        self.data: dict[str, Any] = dict(data or {})
        reason = fill(reason, self.data) if self.data else reason
        super().__init__(reason)
        self.code = code
        self.reason = reason

    @classmethod
    def told(cls: type[_Error], code: str, message: Mapping[str, Any]) -> _Error:
        """The error a ``refuse`` or ``bye`` message tells (its ``say`` and ``data``, if it
        has them; its English ``reason`` as it came)."""
        say, data = message.get("say"), message.get("data")
        error = cls(code, say if isinstance(say, str) and say else str(message.get("reason", "")),
                    data if isinstance(data, Mapping) else None)
        error.reason = str(message.get("reason", error.reason))
        error.args = (error.reason,)
        return error

    def said(self) -> dict[str, Any]:
        """Its ``reason``, ``say`` and ``data`` fields for a message."""
        return {"reason": self.reason, "say": self.say, "data": dict(self.data)}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.reason!r})"


class ProtocolError(NetplayError):
    """Bytes that are not a valid frame, or a message that is not our schema.

    ``messages`` holds the good messages decoded before the bad frame in one feed."""

    def __init__(self, code: str, reason: str, data: Mapping[str, Any] | None = None):
        super().__init__(code, reason, data)
        self.messages: list[dict[str, Any]] = []


class Refused(NetplayError):
    """The host will not let this peer in, or is throwing it out."""


class SaveError(NetplayError):
    """A save file cannot be written or restored."""


class ConnectError(NetplayError):
    """A host could not be reached, or the connection broke."""
