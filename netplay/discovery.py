"""Finding hosts on the LAN: python-zeroconf (async API), service `_spielabend._tcp.local.`.

A host's TXT record says: protocol version ``v``, ``game``, host ``name``, seats
``open`` and ``taken``, ``phase`` (lobby or playing) and ``pw`` (1 if a password is set).

Which interfaces: a list of IPv4 or IPv6 addresses (``--interface``, repeatable), else
the comma-separated ``SPIELABEND_INTERFACES``, else all of them, as users expect on a
LAN; mDNS then runs over IPv4 and IPv6 alike and a host announces its addresses of
both. Tests and benchmarks pass ``["127.0.0.1"]`` (or ``["127.0.0.1", "::1"]``).

Methods named ``async_*`` run on the event loop; `HostBrowser` wraps the async browser
in a thread of its own for the pygame client, which meets it only through a lock.
"""

import asyncio
import contextlib
import ipaddress
import os
import secrets
import threading
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from zeroconf import BadTypeInNameException, IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from .protocol import PROTOCOL_VERSION

if TYPE_CHECKING:
    from .host import Host

SERVICE_TYPE = "_spielabend._tcp.local."
ENV_INTERFACES = "SPIELABEND_INTERFACES"
DEFAULT_PORT = 47474
_HOST_NAME_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._")


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """A typed address as ``(host, port)``: ``kitchen``, ``kitchen.local:5000``,
    ``192.168.1.20``, ``192.168.1.20:5000``, ``fd00::2``, ``[fd00::2]:5000``,
    ``fe80::1%eth0``. ValueError, in words, for anything else."""
    text = text.strip()
    if not text:
        raise ValueError("type the host's address, such as 192.168.1.20 or 192.168.1.20:47474")
    if text.startswith("["):  # [IPv6]:port or [IPv6]
        address, bracket, rest = text[1:].partition("]")
        if not bracket:
            raise ValueError(f"{text!r} opens a [ but does not close it")
        if rest and not rest.startswith(":"):
            raise ValueError(f"after the ] in {text!r} only a colon and a port may follow")
        if _ip_version(address) != 6:
            raise ValueError(f"{address!r} in brackets is not an IPv6 address")
        return address, _port(rest[1:], text) if rest else default_port
    if text.count(":") > 1:  # a bare IPv6 address: no port unless it is in brackets
        if _ip_version(text) != 6:
            raise ValueError(f"{text!r} is not an IPv6 address (write one with a port as [fd00::2]:47474)")
        return text, default_port
    address, colon, port_text = text.partition(":")
    port = _port(port_text, text) if colon else default_port
    if _ip_version(address) is None:
        labels = address.rstrip(".").split(".")
        if (not address or len(address) > 253 or not set(address) <= _HOST_NAME_CHARACTERS
                or any(not label or len(label) > 63 or label.startswith("-") for label in labels)
                or address.replace(".", "").isdigit()):
            raise ValueError(f"{address!r} is neither a host name nor an IP address")
    return address, port


def _port(text: str, whole: str) -> int:
    if not text.isdigit():
        raise ValueError(f"the port in {whole!r} must be a number, not {text!r}" if text
                         else f"{whole!r} ends in a colon without a port")
    port = int(text)
    if not 1 <= port <= 65535:
        raise ValueError(f"the port must be between 1 and 65535, not {port}")
    return port


def host_port(address: str, port: int) -> str:
    """``address:port`` as `parse_address` reads it back (``[fd00::2]:47474`` for IPv6)."""
    return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"


def choose_interfaces(given: list[str] | None = None, environ: Mapping[str, str] | None = None) -> list[str] | None:
    """The interfaces to use: ``given``, else $SPIELABEND_INTERFACES, else None (= all)."""
    if given:
        return list(given)
    environ = os.environ if environ is None else environ
    text = environ.get(ENV_INTERFACES, "").strip()
    if text:
        return [part.strip() for part in text.split(",") if part.strip()]
    return None


def check_interfaces(interfaces: list[str] | None) -> list[str] | None:
    """``interfaces`` if each is an IPv4 or IPv6 address; ValueError naming the first
    that is not."""
    for address in interfaces or []:
        if _ip_version(address) is None:
            raise ValueError("an interface must be an IP address such as 192.168.1.20 or "
                             f"fd00::20, not {address!r}")
    return interfaces


def _zeroconf(interfaces: list[str] | None) -> AsyncZeroconf:
    if interfaces is None:
        try:
            return AsyncZeroconf(ip_version=IPVersion.All)
        except OSError:  # a machine without IPv6: IPv4 alone
            return AsyncZeroconf(ip_version=IPVersion.V4Only)
    versions = {_ip_version(address) for address in interfaces}
    version = IPVersion.All if versions == {4, 6} else IPVersion.V6Only if versions == {6} else IPVersion.V4Only
    return AsyncZeroconf(interfaces=list(interfaces), ip_version=version)


def local_addresses(interfaces: list[str] | None) -> list[str]:
    """Addresses to advertise, IPv4 first: the chosen interfaces, or every one that is
    not loopback (IPv6 link-local ones too: a browser adds its own scope to them)."""
    if interfaces is not None:
        return sorted((a.split("%", 1)[0] for a in interfaces if _ip_version(a)), key=lambda a: ":" in a)
    import ifaddr  # a dependency of zeroconf

    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            address = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
            if not ipaddress.ip_address(address.split("%", 1)[0]).is_loopback:
                found.append(address)
    return sorted(found, key=lambda a: ":" in a) or ["127.0.0.1"]


def interface_choices() -> list[tuple[str, str]]:
    """Every address of this computer a player may pick for LAN play, as (address, the
    adapter's name), IPv4 first, loopback last ("this computer only")."""
    import ifaddr  # a dependency of zeroconf

    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            address = ip.ip if isinstance(ip.ip, str) else f"{ip.ip[0]}%{adapter.name}" if ip.ip[2] else ip.ip[0]
            plain = ipaddress.ip_address(address.split("%", 1)[0])
            found.append((plain.is_loopback, ":" in address, address, adapter.nice_name or adapter.name))
    return [(address, name) for _, _, address, name in sorted(found)]


def _ip_version(text: str) -> int | None:
    """4 or 6 for an IP address (an IPv6 one may carry a %scope), else None."""
    try:
        return ipaddress.ip_address(text).version
    except ValueError:
        return None


def host_properties(host: "Host", name: str, password: bool) -> dict[str, str]:
    """The TXT record of a `netplay.host.Host` as it is now."""
    open_seats = host.seats_open()
    return {
        "v": str(PROTOCOL_VERSION),
        "game": host.game_id,
        "name": name,
        "open": str(open_seats),
        "taken": str(host.players - open_seats),
        "phase": host.phase,
        "pw": "1" if password else "0",
    }


def _instance_name(name: str, port: int) -> str:
    label = "".join(ch if ch.isalnum() or ch in " -_" else "-" for ch in name)[:40].strip() or "Spielabend"
    return f"{label} {port}.{SERVICE_TYPE}"


class Advertiser:
    """Announces one host; `async_update` republishes its TXT record."""

    def __init__(self, name: str, port: int, interfaces: list[str] | None):
        self.name, self.port, self.interfaces = name, port, interfaces
        self._zc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None
        self._pending: asyncio.Task[Any] | None = None
        self._latest: dict[str, str] | None = None
        # zeroconf announces a registration or an update in the background, for about a
        # second; on close these are stopped first, or they would follow the goodbye and
        # bring the host back to every browser.
        self._announcing: set[asyncio.Future[Any]] = set()

    def _track(self, announcing: object) -> None:
        if isinstance(announcing, asyncio.Future) and not announcing.done():
            self._announcing.add(announcing)
            announcing.add_done_callback(self._announcing.discard)

    async def async_start(self, properties: dict[str, str]) -> None:
        self._zc = _zeroconf(self.interfaces)
        self._info = AsyncServiceInfo(
            SERVICE_TYPE, _instance_name(self.name, self.port), port=self.port, properties=properties,
            server=f"spielabend-{secrets.token_hex(4)}.local.",
            parsed_addresses=local_addresses(self.interfaces))
        self._track(await self._zc.async_register_service(self._info, allow_name_change=True))

    def update(self, properties: dict[str, str]) -> None:
        """Republish soon (coalescing bursts); call on the loop's thread."""
        self._latest = properties
        if self._pending is None or self._pending.done():
            self._pending = asyncio.get_running_loop().create_task(self._async_publish())

    async def _async_publish(self) -> None:
        await asyncio.sleep(0.05)
        if self._zc is None or self._info is None or self._latest is None:
            return
        old = self._info
        self._info = AsyncServiceInfo(
            SERVICE_TYPE, old.name, port=old.port, properties=self._latest, server=old.server,
            parsed_addresses=old.parsed_addresses())
        with contextlib.suppress(Exception):
            self._track(await self._zc.async_update_service(self._info))

    async def async_close(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
        for announcing in list(self._announcing):
            announcing.cancel()
        if self._zc is not None:
            zc, self._zc = self._zc, None
            if self._info is not None:
                with contextlib.suppress(Exception):
                    async with asyncio.timeout(2.0):
                        await (await zc.async_unregister_service(self._info))
            await zc.async_close()


def parse_service(info: AsyncServiceInfo) -> dict[str, Any] | None:
    """A browser entry for a resolved service, or None if it is not a usable host."""
    props = {
        (k.decode("utf-8", "replace") if isinstance(k, bytes) else str(k)):
        (v.decode("utf-8", "replace") if isinstance(v, bytes) else "")
        for k, v in (info.properties or {}).items()
    }
    addresses = info.parsed_scoped_addresses()  # IPv4 first; link-local IPv6 with our scope
    if not addresses or info.port is None:
        return None
    try:
        return {
            "name": props.get("name") or info.name.split(".")[0],
            "address": addresses[0],
            "addresses": addresses,
            "port": int(info.port),
            "game": props.get("game", "?"),
            "seats_open": int(props.get("open", "0")),
            "seats_taken": int(props.get("taken", "0")),
            "phase": props.get("phase", "?"),
            "password": props.get("pw") == "1",
            "version": int(props.get("v", "0")),
            "service": info.name,
        }
    except ValueError:
        return None


class AsyncHostBrowser:
    """Browses for hosts on the running loop; ``on_change(kind, entry)`` with kind
    ``"added"``, ``"updated"`` or ``"removed"``."""

    def __init__(self, interfaces: list[str] | None = None,
                 on_change: Callable[[str, dict[str, Any]], None] | None = None):
        self.interfaces = interfaces
        self.on_change = on_change
        self.found: dict[str, dict[str, Any]] = {}
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._news: dict[str, int] = {}  # per service: how many changes were heard so far

    async def async_start(self) -> None:
        self._zc = _zeroconf(self.interfaces)
        self._browser = AsyncServiceBrowser(self._zc.zeroconf, SERVICE_TYPE, handlers=[self._handler])

    def _handler(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        news = self._news[name] = self._news.get(name, 0) + 1
        if state_change is ServiceStateChange.Removed:
            del self._news[name]  # a resolution still under way for it is now stale
            entry = self.found.pop(name, None)
            if entry is not None and self.on_change:
                self.on_change("removed", entry)
            return
        task = asyncio.get_running_loop().create_task(self._async_resolve(name, news))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _async_resolve(self, name: str, news: int) -> None:
        """Resolve ``name`` and record it, unless something newer was heard meanwhile
        (a goodbye must not be undone by an answer that was already on its way)."""
        if self._zc is None:
            return
        try:
            info = AsyncServiceInfo(SERVICE_TYPE, name)
        except BadTypeInNameException:
            return
        if not await info.async_request(self._zc.zeroconf, 2000) or self._news.get(name) != news:
            return
        entry = parse_service(info)
        if entry is None:
            return
        kind = "updated" if name in self.found else "added"
        if self.found.get(name) == entry:
            return
        self.found[name] = entry
        if self.on_change:
            self.on_change(kind, entry)

    async def async_close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self._browser is not None:
            await self._browser.async_cancel()
            self._browser = None
        if self._zc is not None:
            await self._zc.async_close()
            self._zc = None


class HostBrowser:
    """The host browser for a non-async caller (the pygame join screen): its own
    thread and loop; `hosts` is safe to call from any thread."""

    def __init__(self, interfaces: list[str] | None = None):
        self.interfaces = choose_interfaces(interfaces)
        self._lock = threading.Lock()
        self._hosts: dict[str, dict[str, Any]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._browser: AsyncHostBrowser | None = None
        self.error: Exception | None = None

    def start(self) -> "HostBrowser":
        self._thread = threading.Thread(target=self._run, name="spielabend-browser", daemon=True)
        self._thread.start()
        self._ready.wait(5.0)
        return self

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._browser = AsyncHostBrowser(self.interfaces, on_change=self._changed)
        try:
            check_interfaces(self.interfaces)
            await self._browser.async_start()
        except Exception as error:  # e.g. no usable interface: reported, not raised in a thread
            self.error = error
            self._ready.set()
            return
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            await self._browser.async_close()

    def _changed(self, kind: str, entry: dict[str, Any]) -> None:
        with self._lock:
            if kind == "removed":
                self._hosts.pop(entry["service"], None)
            else:
                self._hosts[entry["service"]] = dict(entry)

    def hosts(self) -> list[dict[str, Any]]:
        """The hosts seen now, sorted by name."""
        with self._lock:
            entries = [dict(e) for e in self._hosts.values()]
        return sorted(entries, key=lambda e: (e["name"], e["address"], e["port"]))

    def close(self) -> None:
        if self._loop is not None and self._stop is not None and not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread is not None:
            self._thread.join(5.0)
