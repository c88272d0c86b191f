"""Profiles: the people who stay. A profile is a name, a colour, an emblem (drawn in code,
`client.evening.charts.emblem`) and the device it last played with, kept in the history
database (schema 2). No pygame here.

A person's profile is made the first time they finish a game under a name, and brought up
to date (colour, device, when) each time after; names are told apart without regard to case,
as the standings tell people apart. The set-up offers this machine's profiles newest first,
so a pad can pick one without typing, and a seat that takes a profile's name takes its colour
too where no other seat wears it.
"""

import secrets
import sqlite3
import time
from dataclasses import dataclass

EMBLEMS = 8  # how many emblems there are to draw


@dataclass
class Profile:
    id: str
    name: str
    colour: int
    emblem: int
    device: str
    last_used: float


def emblem_for(name: str) -> int:
    """A new profile's emblem: the same for the same name, spread over the emblems."""
    return sum(ord(c) * (i + 1) for i, c in enumerate(name.strip().casefold())) % EMBLEMS


def recent(history, limit: int = 12) -> list[Profile]:
    """This machine's profiles, newest first."""
    rows = history._all("SELECT id, name, colour, emblem, device, last_used FROM profiles "
                        "ORDER BY last_used DESC, name LIMIT ?", (limit,))
    return [Profile(*row) for row in rows]


def find(history, name: str) -> Profile | None:
    """The profile of ``name`` (whatever its case; the one last played, if several share it)."""
    wanted = name.strip().casefold()
    for row in history._all("SELECT id, name, colour, emblem, device, last_used FROM profiles "
                            "ORDER BY last_used DESC"):
        if row[1].strip().casefold() == wanted:
            return Profile(*row)
    return None


def _id_of(db: sqlite3.Connection, name: str) -> tuple[str, str] | None:
    """(id, device) of the profile of ``name`` in ``db``, as `find` chooses it."""
    wanted = name.strip().casefold()
    for profile_id, other, device in db.execute("SELECT id, name, device FROM profiles ORDER BY last_used DESC"):
        if other.strip().casefold() == wanted:
            return profile_id, device
    return None


def seen(db: sqlite3.Connection, name: str, colour: int, device: str, when: float | None = None,
         profile_id: str = "") -> str:
    """A person finished a game as ``name``: make or bring up to date their profile, inside
    the caller's transaction; returns its id. With ``profile_id`` (a profile a window
    brought from its own machine) that profile is the person, kept here under its own id;
    without, the profile of the name is (a couch seat, a phone)."""
    when = time.time() if when is None else when
    name = name.strip() or "Player"
    if profile_id:
        known = db.execute("SELECT device FROM profiles WHERE id = ?", (profile_id,)).fetchone()
        if known is None:
            db.execute("INSERT INTO profiles (id, name, colour, emblem, device, last_used) VALUES (?,?,?,?,?,?)",
                       (profile_id, name, colour, emblem_for(name), device, when))
        else:
            db.execute("UPDATE profiles SET name = ?, colour = ?, device = ?, last_used = max(last_used, ?) "
                       "WHERE id = ?", (name, colour, device or known[0], when, profile_id))
        return profile_id
    row = _id_of(db, name)
    if row is None:
        profile_id = secrets.token_hex(8)
        db.execute("INSERT INTO profiles (id, name, colour, emblem, device, last_used) VALUES (?,?,?,?,?,?)",
                   (profile_id, name, colour, emblem_for(name), device, when))
        return profile_id
    db.execute("UPDATE profiles SET colour = ?, device = ?, last_used = max(last_used, ?) WHERE id = ?",
               (colour, device or row[1], when, row[0]))
    return row[0]


def make(history, name: str, colour: int = 0) -> Profile:
    """A new profile for ``name`` with a random id, kept in ``history`` if it can be (a
    history that cannot be written still gives a profile for tonight)."""
    name = name.strip()[:40] or "Player"
    profile = Profile(secrets.token_hex(8), name, colour % 6, emblem_for(name), "lan", time.time())
    db = history.connection
    if db is not None:
        try:
            with db:
                db.execute("INSERT INTO profiles (id, name, colour, emblem, device, last_used) VALUES (?,?,?,?,?,?)",
                           (profile.id, profile.name, profile.colour, profile.emblem, profile.device,
                            profile.last_used))
        except sqlite3.Error:
            pass
    return profile


def free_colour(wanted: int, taken: set[int]) -> int | None:
    """``wanted`` if no other seat wears it, else None (two people never share a colour)."""
    return None if wanted in taken else wanted
