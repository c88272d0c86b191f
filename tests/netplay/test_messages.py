"""netplay.messages types every message exactly as netplay.protocol's schema checks it.

The schema is held to docs/netplay.md's tables by test_codes_documented.py, so the docs,
the run-time schema and the types mypy checks the host's message builders with cannot
drift apart: a field added to one and not the others fails here or there."""

import pytest

from netplay import messages
from netplay.host import Host
from netplay.protocol import (
    LOBBY_SEAT,
    OPTIONAL,
    RATING,
    SCHEMAS,
    STANDING,
    TO_HOST,
    TO_PEER,
    check_message,
)

TYPES = {TO_HOST: messages.TO_HOST_TYPES, TO_PEER: messages.TO_PEER_TYPES}


@pytest.mark.parametrize("direction", [TO_HOST, TO_PEER])
def test_every_message_of_the_schema_has_its_type_with_the_same_fields(direction):
    assert sorted(TYPES[direction]) == sorted(SCHEMAS[direction])
    for kind, typed in TYPES[direction].items():
        optional = set(OPTIONAL[direction].get(kind, {}))
        assert typed.__required_keys__ == {"t", *SCHEMAS[direction][kind]} - optional, kind
        assert typed.__optional_keys__ == optional, kind
        assert typed.__annotations__["t"].__args__ == (kind,), f"{kind}: its t is {kind!r}"


def test_the_maps_inside_messages_have_the_schemas_fields():
    inner = {"lobby.seats": LOBBY_SEAT, "evening.standings": STANDING, "evening.ratings": RATING}
    assert sorted(messages.INNER_TYPES) == sorted(inner)
    for where, typed in messages.INNER_TYPES.items():
        assert typed.__required_keys__ == set(inner[where]) and not typed.__optional_keys__, where


def test_the_hosts_builders_make_messages_the_schema_takes():
    host = Host("die_mauer", 3, seats=[{"kind": "local"}, {"kind": "remote"}, {"kind": "bot"}],
                meta={"table": "Den"}, bot_delay=0.0)
    lobby = check_message(host.lobby_message(), TO_PEER)
    assert set(lobby) == set(messages.Lobby.__annotations__)
    assert lobby["table"] == "Den" and [s["via"] for s in lobby["seats"]] == ["couch", "", ""]
    host.claim("Ada", None, [].append)
    check_message(host.start_message(0), TO_PEER)
    check_message(host.seat_message(1, []), TO_PEER)
