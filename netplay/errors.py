"""Every error netplay raises, in one place.

    NetplayError (Exception)
    ├── ProtocolError   a frame or message that breaks the wire protocol (protocol.py);
    │                   the connection that sent it is refused and closed
    ├── Refused         the host turned a peer away: version, password, full table,
    │                   bad token, flooding (host.py, server.py)
    ├── SaveError       a save file that is missing, corrupt or not ours (saves.py)
    └── ConnectError    a peer could not reach or keep a host (peer.py)

Each carries ``code``, a stable string for programs, and ``reason``, a sentence for people.
"""

from typing import Any


class NetplayError(Exception):
    code = "error"

    def __init__(self, code: str, reason: str):
        super().__init__(reason)
        self.code = code
        self.reason = reason

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.reason!r})"


class ProtocolError(NetplayError):
    """Bytes that are not a valid frame, or a message that is not our schema.

    ``messages`` holds the good messages decoded before the bad frame in one feed."""

    def __init__(self, code: str, reason: str):
        super().__init__(code, reason)
        self.messages: list[dict[str, Any]] = []


class Refused(NetplayError):
    """The host will not let this peer in, or is throwing it out."""


class SaveError(NetplayError):
    """A save file cannot be written or restored."""


class ConnectError(NetplayError):
    """A host could not be reached, or the connection broke."""
