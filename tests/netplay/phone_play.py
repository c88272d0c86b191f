"""A phone without a browser: the page's WebSocket protocol, spoken from a test."""

import contextlib
import json
import time

from websockets.sync.client import connect

from engines import Rng, game_info


class PhoneClient:
    """Speaks to a seat's ``/p/<token>/ws`` as the page does; every wait is bounded."""

    def __init__(self, link: str):
        self.url = link.replace("http://", "ws://") + "/ws"
        self._opened = contextlib.ExitStack()
        self.socket = self._opened.enter_context(connect(self.url, open_timeout=5, close_timeout=2))
        self.heard: list[dict] = []
        self.seq = 0

    def send(self, message) -> None:
        self.socket.send(message if isinstance(message, str) else json.dumps(message))

    def intent(self, action) -> int:
        self.seq += 1
        self.send({"t": "intent", "seq": self.seq, "action": action})
        return self.seq

    def receive(self, timeout: float = 5.0) -> dict | None:
        """The next message, or None if the phone was closed."""
        from websockets.exceptions import ConnectionClosed

        try:
            message = json.loads(self.socket.recv(timeout=timeout))
        except ConnectionClosed:
            return None
        self.heard.append(message)
        return message

    def until(self, kind: str, timeout: float = 5.0) -> dict:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            message = self.receive(max(0.01, deadline - time.monotonic()))
            if message is None:
                raise AssertionError(f"closed while waiting for {kind}: heard {self.heard[-3:]}")
            if message["t"] == kind:
                return message
        raise AssertionError(f"no {kind} within {timeout} s")

    def close(self) -> None:
        self._opened.close()


def play_whole_game(phone: PhoneClient, seed: int = 1, timeout: float = 60.0) -> dict:
    """Play the phone's seat with the game's bot until the view shows a result; returns
    the last update. Each intent waits for its answer, as the page does."""
    hand = phone.until("hand")
    bot, rng = game_info(hand["game"]).bot, Rng(seed)
    deadline = time.monotonic() + timeout
    pending = None
    last = None
    while time.monotonic() < deadline:
        message = phone.receive(max(0.01, deadline - time.monotonic()))
        assert message is not None, f"the phone was closed: {phone.heard[-3:]}"
        kind = message["t"]
        assert kind not in ("refuse", "bye") or (kind == "bye" and last is not None), message
        if kind == "update":
            last = message
            assert len(message["choices"]) == len(message["legal"])
            if message["view"].get("game_result") is not None:
                return message
        elif kind in ("accept", "reject") and message["seq"] == pending:
            assert kind == "accept", message
            pending = None
        if pending is None and last is not None and last["legal"] and kind in ("update", "accept"):
            pending = phone.intent(bot(last["view"], last["legal"], rng))
    raise AssertionError("the game did not end in time")
