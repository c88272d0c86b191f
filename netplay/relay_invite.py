"""Invites and the relay's permission scheme, sans I/O: text in, values out, config out.

A relay (`spielabend relay`, a `nats-server`) serves some tables. Each table has a
random id (its subject space, ``spielabend.<table>.``) and a random secret that only
the relay's operator and the table's host hold. From the secret come the NATS users'
passwords: one user for the host, one per seat. The host's invite carries the secret
(so the host can hand out its seats' invites); a seat's invite carries only that
seat's password, which lets its holder publish that seat's intents and read that
seat's messages and nothing else: `nats_config` writes the permissions, and the
server enforces them.

Subjects, per table ``T``, seat ``n`` and link ``L`` (a fresh id per connection attempt,
so a peer that reconnects never reads what was meant for its earlier link)::

    spielabend.T.seat.<n>.in.L    peer -> host   (the same msgpack frames as over TCP)
    spielabend.T.seat.<n>.out.L   host -> peer

An invite is text: ``SA-`` then base32 in groups of five, of: version, role (255 for the
host, else the seat), flags (1: the relay speaks TLS only), the table id, the credential,
the relay's port and address, and a CRC-32 of all of that, so a mistyped invite is said
to be mistyped; and only an invite's canonical spelling is read (base32's last letter has
bits no byte uses, which the CRC cannot see). docs/relay.md has the layout to the byte.

>>> invite = Invite("relay.example.org", 4222, "abcdefgh", 1, bytes(10))
>>> parse_invite(invite.code()) == invite
True
"""

import base64
import binascii
import hashlib
import hmac
import json
import re
import secrets
from dataclasses import dataclass
from typing import Any

INVITE_PREFIX = "SA-"
INVITE_VERSION = 1
HOST_ROLE = 255
FLAG_TLS = 1
TABLE_BYTES = 5  # a table id: 8 base32 characters
SECRET_BYTES = 10  # 80 bits: a table's secret and each seat's password
MAX_SEATS = 16
DEFAULT_RELAY_PORT = 4222
SUBJECT_ROOT = "spielabend"
_LINK = re.compile(r"^[A-Za-z0-9]{1,32}$")
_TABLE = re.compile(r"^[a-z2-7]{8}$")


class InviteError(ValueError):
    """An invite that cannot be used; the message says why in words."""


def _b32(data: bytes) -> str:
    return base64.b32encode(data).decode("ascii").rstrip("=")


def _unb32(text: str) -> bytes:
    return base64.b32decode(text + "=" * (-len(text) % 8))


@dataclass(frozen=True)
class Invite:
    """Where the relay is, which table, whose role (a seat, or None for the host), the
    credential (the table's secret for the host, the seat's password key for a seat) and
    whether the relay speaks TLS (then nothing is sent before the TLS handshake)."""

    address: str
    port: int
    table: str
    seat: int | None
    credential: bytes
    tls: bool = False

    @property
    def is_host(self) -> bool:
        return self.seat is None

    def code(self) -> str:
        """The invite as text (what a player types or scans)."""
        address = self.address.encode("utf-8")
        body = (bytes([INVITE_VERSION, HOST_ROLE if self.seat is None else self.seat,
                       FLAG_TLS if self.tls else 0])
                + _unb32(self.table.upper()) + self.credential
                + self.port.to_bytes(2, "big") + address)
        body += binascii.crc32(body).to_bytes(4, "big")
        text = _b32(body)
        return INVITE_PREFIX + "-".join(text[i:i + 5] for i in range(0, len(text), 5))

    def url(self) -> str:
        """The relay as a NATS server URL (IPv6 in brackets)."""
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"{'tls' if self.tls else 'nats'}://{host}:{self.port}"

    def user(self) -> str:
        return user_name(self.table, self.seat)

    def password(self) -> str:
        return _b32(self.credential) if self.seat is not None else host_password(self.credential, self.table)

    def seat_invite(self, seat: int) -> "Invite":
        """A host's invite makes each seat's (ValueError for a seat's invite)."""
        if self.seat is not None:
            raise ValueError("only the host's invite makes seat invites")
        return Invite(self.address, self.port, self.table, seat, seat_key(self.credential, self.table, seat),
                      self.tls)


def looks_like_invite(text: str) -> bool:
    return text.strip().upper().startswith(INVITE_PREFIX)


def parse_invite(text: str) -> Invite:
    """The invite in ``text``; InviteError with a sentence for anything else."""
    if not isinstance(text, str):
        raise InviteError("an invite is text starting with SA-")
    cleaned = re.sub(r"[\s-]", "", text.strip().upper())
    if not cleaned.startswith("SA"):
        raise InviteError("an invite starts with SA- (copy the whole invite the host gave you)")
    cleaned = cleaned[2:]
    if not cleaned or not re.fullmatch(r"[A-Z2-7]+", cleaned):
        raise InviteError("an invite holds only the letters A-Z and digits 2-7 after SA-; "
                          "check for a typo (0 and 1 are never used: they are O and I)")
    try:
        body = _unb32(cleaned)
    except (binascii.Error, ValueError):
        raise InviteError("this invite is cut short or has extra letters; copy it again") from None
    head = 3 + TABLE_BYTES + SECRET_BYTES + 2
    if len(body) < head + 1 + 4:
        raise InviteError("this invite is cut short; copy it again")
    data, check = body[:-4], body[-4:]
    if binascii.crc32(data).to_bytes(4, "big") != check:
        raise InviteError("this invite has a typo (its checksum does not match); copy it again")
    if data[0] != INVITE_VERSION:
        raise InviteError(f"this invite is of version {data[0]}; this Spielabend reads version "
                          f"{INVITE_VERSION}: update the older one")
    role, flags = data[1], data[2]
    if role != HOST_ROLE and role >= MAX_SEATS:
        raise InviteError(f"this invite names seat {role + 1}, and tables have at most {MAX_SEATS}")
    if flags & ~FLAG_TLS:
        raise InviteError("this invite asks for something this Spielabend does not know: update it")
    table = _b32(data[3:3 + TABLE_BYTES]).lower()
    credential = data[3 + TABLE_BYTES:3 + TABLE_BYTES + SECRET_BYTES]
    port = int.from_bytes(data[head - 2:head], "big")
    try:
        address = data[head:].decode("utf-8")
    except UnicodeDecodeError:
        raise InviteError("the relay address in this invite is not readable") from None
    if not port or not re.fullmatch(r"[A-Za-z0-9.:\-]{1,253}", address):
        raise InviteError("the relay address in this invite is not valid")
    invite = Invite(address, port, table, None if role == HOST_ROLE else role, credential, bool(flags & FLAG_TLS))
    # The last letter of base32 carries unused bits (and a changed one leaves the CRC whole):
    # only the one canonical spelling of an invite is an invite, so a typo there is one too.
    if re.sub("-", "", invite.code()[len(INVITE_PREFIX):]) != cleaned:
        raise InviteError("this invite has a typo in its last letters (no invite is spelt this way); copy it again")
    return invite


# --- credentials ----------------------------------------------------------------------
def user_name(table: str, seat: int | None) -> str:
    return f"{table}-host" if seat is None else f"{table}-s{seat}"


def seat_key(secret: bytes, table: str, seat: int) -> bytes:
    return hmac.new(secret, f"{table}/seat/{seat}".encode(), hashlib.sha256).digest()[:SECRET_BYTES]


def host_password(secret: bytes, table: str) -> str:
    return _b32(hmac.new(secret, f"{table}/host".encode(), hashlib.sha256).digest()[:SECRET_BYTES])


def new_table() -> tuple[str, bytes]:
    """A fresh table id and secret."""
    return _b32(secrets.token_bytes(TABLE_BYTES)).lower(), secrets.token_bytes(SECRET_BYTES)


# --- subjects -------------------------------------------------------------------------
def seat_subject(table: str, seat: int | str, direction: str, link: str = "*") -> str:
    """``spielabend.<table>.seat.<seat>.<in|out>.<link>`` (``*``: any, for permissions)."""
    return f"{SUBJECT_ROOT}.{table}.seat.{seat}.{direction}.{link}"


def parse_seat_subject(subject: str, table: str) -> tuple[int, str] | None:
    """(seat, link) of a peer's subject at ``table``; None for anything else."""
    parts = subject.split(".")
    if (len(parts) != 6 or parts[0] != SUBJECT_ROOT or parts[1] != table or parts[2] != "seat"
            or parts[4] != "in"):
        return None
    seat, link = parts[3], parts[5]
    if not seat.isdigit() or len(seat) > 2 or not _LINK.match(link):
        return None
    return int(seat), link


def new_link() -> str:
    return secrets.token_hex(8)


# --- the relay's configuration ----------------------------------------------------------
def nats_config(listen_host: str, port: int, tables: dict[str, bytes], seats: int = 8,
                websocket_port: int | None = None, http_port: int | None = None,
                tls_cert: str | None = None, tls_key: str | None = None) -> str:
    """The nats-server configuration (JSON, which nats-server reads) for ``tables``
    (id -> secret): per table one host user allowed the table's seat subjects, and one
    user per seat allowed to publish only ``seat.<n>.in.*`` and subscribe only ``seat.<n>.out.*``.
    Nobody else gets in (no anonymous user). With a certificate and key, clients must
    speak TLS from their first byte (``handshake_first``)."""
    users = []
    for table, secret in sorted(tables.items()):
        if not _TABLE.match(table):
            raise ValueError(f"not a table id: {table!r}")
        users.append({"user": user_name(table, None), "password": host_password(secret, table),
                      "permissions": {"publish": {"allow": [seat_subject(table, "*", "out")]},
                                      "subscribe": {"allow": [seat_subject(table, "*", "in")]}}})
        for seat in range(seats):
            users.append({"user": user_name(table, seat), "password": _b32(seat_key(secret, table, seat)),
                          "permissions": {"publish": {"allow": [seat_subject(table, seat, "in")]},
                                          "subscribe": {"allow": [seat_subject(table, seat, "out")]}}})
    config: dict[str, Any] = {
        "host": listen_host,
        "port": port,
        "max_payload": 128 * 1024,  # a frame is at most 64 KiB; nobody needs to send more at once
        "max_control_line": 4096,
        "write_deadline": "5s",
        "authorization": {"users": users},
    }
    if tls_cert is not None and tls_key is not None:
        config["tls"] = {"cert_file": tls_cert, "key_file": tls_key, "handshake_first": True, "timeout": 5}
    if websocket_port is not None:  # for phones, later: same users, same permissions
        config["websocket"] = {"host": listen_host, "port": websocket_port, "no_tls": True}
        if "tls" in config:
            config["websocket"] = {"host": listen_host, "port": websocket_port,
                                   "tls": {"cert_file": tls_cert, "key_file": tls_key}}
    if http_port is not None:
        config["http"] = f"{listen_host}:{http_port}"
    return json.dumps(config, indent=1)
