"""The history of every finished game: one SQLite database in the data folder.

`History.open()` gives the database at `path()` (``history.sqlite`` in the data folder,
`netplay.folders.data_dir`). It is in WAL mode with a busy timeout, so two windows on one
machine can both write (the second waits its turn); every finished game is written in one
transaction (the game, its seats, their places and points, the rating changes), so a kill
at any moment leaves the last whole game and nothing of a half-written one.

The schema carries its version (``PRAGMA user_version``) and is brought up to date by
forward migrations, each in the transaction that sets the new version.

A file that cannot be read as our history (not a database, damaged, or written by a newer
Spielabend) is never overwritten: it is moved aside with a name that says why
(``history-damaged-<time>.sqlite``), a new history starts and `History.problem` says so in
words. Should even that fail, games are not recorded and `problem` says why; nothing raises.
"""

import json
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from client.evening import journals, profiles
from client.evening import points as scheme
from client.evening import ratings as skill
from client.i18n import N_, _, pgettext

FILE = "history.sqlite"
BUSY_SECONDS = 20.0  # how long a writer waits for another window's transaction
IDLE_HOURS = 6.0  # an evening with no finished game for this long is over
STRENGTHS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}  # a bot's, in its rating's name

def _people_by_profile(db: sqlite3.Connection) -> None:
    """Migration 3: every person by profile. Games before it recorded a couch seat by its
    name (``name:anna``); each such seat, rating and rating change now belongs to the profile
    of that name (the one played last, as `profiles.find` chooses), so one person is counted
    once however they came to the table. A name no profile has stays as it was."""
    newest: dict[str, str] = {}
    for profile_id, name in db.execute("SELECT id, name FROM profiles ORDER BY last_used ASC"):
        newest[f"name:{name.strip().casefold() or 'player'}"] = f"profile:{profile_id}"
    named = [row[0] for row in db.execute("SELECT DISTINCT player FROM seats WHERE player LIKE 'name:%' "
                                          "UNION SELECT DISTINCT player FROM ratings WHERE player LIKE 'name:%'")]
    for old in named:
        new = newest.get(old)
        if new is None:
            continue
        db.execute("UPDATE seats SET player = ? WHERE player = ?", (new, old))
        db.execute("UPDATE OR IGNORE rating_changes SET player = ? WHERE player = ?", (new, old))
        db.execute("DELETE FROM rating_changes WHERE player = ?", (old,))
        db.execute("UPDATE OR IGNORE ratings SET player = ? WHERE player = ?", (new, old))  # the profile's own stays
        db.execute("DELETE FROM ratings WHERE player = ?", (old,))


MIGRATIONS: list = [
    # 1: games, seats, ratings and their changes, evenings
    """
    CREATE TABLE evenings (id INTEGER PRIMARY KEY, started REAL NOT NULL, last_game REAL NOT NULL, ended REAL);
    CREATE TABLE games (id INTEGER PRIMARY KEY, evening INTEGER NOT NULL REFERENCES evenings(id),
                        finished REAL NOT NULL, game TEXT NOT NULL, options TEXT NOT NULL,
                        lower_wins INTEGER NOT NULL, save_path TEXT NOT NULL);
    CREATE TABLE seats (game INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
                        player TEXT NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL,
                        colour INTEGER NOT NULL, score TEXT NOT NULL, place INTEGER NOT NULL,
                        points REAL NOT NULL, winner INTEGER NOT NULL, PRIMARY KEY (game, seat));
    CREATE TABLE ratings (player TEXT NOT NULL, scope TEXT NOT NULL, mu REAL NOT NULL,
                          sigma REAL NOT NULL, games INTEGER NOT NULL, PRIMARY KEY (player, scope));
    CREATE TABLE rating_changes (game INTEGER NOT NULL REFERENCES games(id), player TEXT NOT NULL,
                                 scope TEXT NOT NULL, mu_before REAL NOT NULL, sigma_before REAL NOT NULL,
                                 mu_after REAL NOT NULL, sigma_after REAL NOT NULL,
                                 PRIMARY KEY (game, player, scope));
    CREATE INDEX seats_player ON seats(player);
    CREATE INDEX games_evening ON games(evening);
    """,
    # 2: profiles (a person who stays: name, colour, emblem, last device), and which seat was whose
    """
    CREATE TABLE profiles (id TEXT PRIMARY KEY, name TEXT NOT NULL, colour INTEGER NOT NULL,
                           emblem INTEGER NOT NULL, device TEXT NOT NULL, last_used REAL NOT NULL);
    ALTER TABLE seats ADD COLUMN device TEXT NOT NULL DEFAULT '';
    """,
    # 3: every person by profile (a function: names are folded as Python folds them)
    _people_by_profile,
    # 4: each finished game's journal, for its replay, kept on its own row (so it goes with it);
    # NULL for the games recorded before
    """
    ALTER TABLE games ADD COLUMN journal BLOB;
    """,
]
VERSION = len(MIGRATIONS)
TABLES_AT = {1: {"evenings", "games", "seats", "ratings", "rating_changes"}}
TABLES_AT[2] = TABLES_AT[1] | {"profiles"}
TABLES_AT[3] = TABLES_AT[2]
TABLES_AT[4] = TABLES_AT[3]


class Unreadable(Exception):
    """The file is not a history this Spielabend can read; ``why`` names it (a word for the
    file name) and ``words`` says it for the player."""

    def __init__(self, why: str, words: str):
        super().__init__(words)
        self.why, self.words = why, words


# --- what goes in and comes out ------------------------------------------------------------------
@dataclass
class SeatResult:
    """One seat of a finished game, as the table knew it."""

    name: str
    kind: str = "human"  # "human" | "bot"
    strength: str = ""  # a bot's strength
    colour: int = 0
    profile: str = ""  # a profile id, if the seat had one
    device: str = ""

    @property
    def player(self) -> str:
        """Whose results these are: a bot strength, else a person's profile (recording gives
    every person one; only games recorded before schema 3 went by name)."""
        if self.kind == "bot":
            return f"bot:{self.strength or 'normal'}"
        if self.profile:
            return f"profile:{self.profile}"
        return f"name:{self.name.strip().casefold() or 'player'}"


@dataclass
class FinishedGame:
    game: str
    seats: list[SeatResult]
    scores: list
    winners: list[int]
    lower_wins: bool = False
    options: dict = field(default_factory=dict)
    save_path: str = ""
    finished: float | None = None  # seconds since the epoch; None: now
    journal: list[str] | None = None  # its save's records (netplay.replays.kept_records), for its replay


@dataclass
class PlayedSeat:
    player: str
    name: str
    kind: str
    colour: int
    score: str
    place: int
    points: float
    winner: bool


@dataclass
class PlayedGame:
    id: int
    evening: int
    game: str
    finished: float
    seats: list[PlayedSeat]
    has_replay: bool = False  # its journal is kept (`History.journal`)


@dataclass
class Recorded:
    """What recording a game did: its id, its evening, and each seat's ratings before and
    after (overall and for this game), in seat order."""

    game: int
    evening: int
    points: list[float]
    overall: list[tuple[skill.Rating, skill.Rating]]
    per_game: list[tuple[skill.Rating, skill.Rating]]


@dataclass
class RatingLine:
    player: str
    name: str
    colour: int
    rating: skill.Rating
    games: int
    trend: list[int]  # the shown rating after each of the last games, oldest first


def path() -> Path:
    """Where this computer's history lives."""
    from netplay.folders import data_dir

    return data_dir() / FILE


class History:
    def __init__(self, connection: sqlite3.Connection | None, where: Path, problem: str = ""):
        self.connection, self.path, self.problem = connection, where, problem

    # --- opening ------------------------------------------------------------------------------
    @classmethod
    def open(cls, where: Path | None = None) -> "History":
        """The history at ``where`` (default `path()`), made or brought up to date; never
        raises: whatever went wrong is in ``problem``, in words."""
        where = Path(where or path())
        try:
            where.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            return cls(None, where, _("The game history cannot be kept in {folder} ({reason}); finished games are "
                                      "not recorded.").format(folder=where.parent, reason=_reason(error)))
        try:
            return cls(_connect(where), where)
        except Unreadable as unreadable:
            return cls._start_over(where, unreadable)
        except sqlite3.Error as error:
            if _busy(error):
                return cls(None, where, _("The game history is held by another window for too long ({error}); games "
                                          "finished in this window are not recorded until it is restarted.").format(
                    error=error))
            return cls._start_over(where, Unreadable("unreadable", _("it could not be read ({error})").format(
                error=error)))

    @classmethod
    def _start_over(cls, where: Path, unreadable: Unreadable) -> "History":
        from netplay.folders import move_aside

        try:
            kept = move_aside(where, unreadable.why)
        except OSError as error:
            return cls(None, where, _("The game history {file} cannot be used: {why}, and it could not be moved aside "
                                      "({reason}). Finished games are not recorded.").format(
                file=where, why=unreadable.words, reason=_reason(error)))
        for suffix in ("-wal", "-shm"):  # its journal belongs to it, not to the new history
            companion = where.with_name(where.name + suffix)
            try:
                companion.rename(kept.with_name(kept.name + suffix))
            except OSError:
                pass
        words = _("The game history could not be used: {why}. It was moved aside to {file} and a new history "
                  "begins.").format(why=unreadable.words, file=kept.name)
        try:
            return cls(_connect(where), where, words)
        except (Unreadable, sqlite3.Error) as error:
            return cls(None, where, _("{problem} But the new one could not be made either ({error}); finished games "
                                      "are not recorded.").format(problem=words, error=error))

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    # --- writing ------------------------------------------------------------------------------
    def record(self, game: FinishedGame) -> Recorded | None:
        """Write a finished game, its points and rating changes, in one transaction. None
        (and ``problem`` says why) if it could not be written; nothing is half-written."""
        if self.connection is None:
            return None
        seats = len(game.seats)
        if not 1 <= seats <= scheme.MAX_SEATS or len(game.scores) != seats:
            self.problem = _("A game with {seats} seats and {scores} scores cannot be recorded.").format(
                seats=seats, scores=len(game.scores))
            return None
        finished = time.time() if game.finished is None else game.finished
        seat_places = scheme.places(game.scores, game.winners, game.lower_wins)
        seat_points = scheme.points_for_places(seat_places)
        db = self.connection
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                evening = self._evening_for(db, finished)
                game_id = _new_row_id(db.execute(
                    "INSERT INTO games (evening, finished, game, options, lower_wins, save_path, journal) "
                    "VALUES (?,?,?,?,?,?,?)",
                    (evening, finished, game.game, json.dumps(game.options, sort_keys=True, default=str),
                     int(game.lower_wins), str(game.save_path or ""), journals.pack(game.journal))))
                for index, seat in enumerate(game.seats):
                    if seat.kind != "bot":  # the person: their profile, made or brought up to date
                        seat.profile = profiles.seen(db, seat.name, int(seat.colour), seat.device, finished,
                                                     seat.profile)
                    db.execute("INSERT INTO seats (game, seat, player, name, kind, colour, score, place, points, "
                               "winner, device) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                               (game_id, index, seat.player, seat.name, seat.kind, int(seat.colour),
                                str(game.scores[index]), seat_places[index], seat_points[index],
                                int(index in game.winners), seat.device))
                overall = self._rate(db, game_id, game.seats, seat_places, skill.OVERALL)
                per_game = self._rate(db, game_id, game.seats, seat_places, game.game)
                db.execute("UPDATE evenings SET last_game = ? WHERE id = ?", (finished, evening))
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
        except sqlite3.Error as error:
            self.problem = _("This game could not be added to the history ({error}).").format(error=error)
            return None
        return Recorded(game_id, evening, seat_points, overall, per_game)

    def _evening_for(self, db: sqlite3.Connection, finished: float) -> int:
        """The evening a game finished at ``finished`` belongs to (a new one if none is going)."""
        row = db.execute("SELECT id, last_game FROM evenings WHERE ended IS NULL ORDER BY id DESC LIMIT 1").fetchone()
        if row is not None and finished - row[1] <= IDLE_HOURS * 3600:
            return row[0]
        if row is not None:  # it went idle: it ended with its last game
            db.execute("UPDATE evenings SET ended = last_game WHERE id = ?", (row[0],))
        return _new_row_id(db.execute("INSERT INTO evenings (started, last_game) VALUES (?, ?)",
                                      (finished, finished)))

    def _rate(self, db: sqlite3.Connection, game_id: int, seats: list[SeatResult], seat_places: list[int],
              scope: str) -> list[tuple[skill.Rating, skill.Rating]]:
        before = []
        for seat in seats:
            row = db.execute("SELECT mu, sigma FROM ratings WHERE player = ? AND scope = ?",
                             (seat.player, scope)).fetchone()
            before.append(skill.Rating(*row) if row else skill.Rating())
        after = skill.update(before, seat_places)
        by_player: dict[str, list[int]] = {}
        for index, seat in enumerate(seats):
            by_player.setdefault(seat.player, []).append(index)
        for player, indices in by_player.items():
            new = skill.merge([after[i] for i in indices])
            old = before[indices[0]]
            db.execute("INSERT INTO rating_changes VALUES (?,?,?,?,?,?,?)",
                       (game_id, player, scope, old.mu, old.sigma, new.mu, new.sigma))
            db.execute("INSERT INTO ratings (player, scope, mu, sigma, games) VALUES (?,?,?,?,1) "
                       "ON CONFLICT (player, scope) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
                       "games = games + 1", (player, scope, new.mu, new.sigma))
            for i in indices:
                after[i] = new
        return list(zip(before, after, strict=True))

    def end_evening(self, now: float | None = None) -> bool:
        """The group says the evening is over; the next game starts a new one."""
        if self.connection is None:
            return False
        try:
            with self.connection:
                self.connection.execute("UPDATE evenings SET ended = ? WHERE ended IS NULL",
                                        (time.time() if now is None else now,))
        except sqlite3.Error as error:
            self.problem = _("The evening could not be ended ({error}).").format(error=error)
            return False
        return True

    # --- reading ------------------------------------------------------------------------------
    def current_evening(self, now: float | None = None) -> int | None:
        """The evening going on (None: none, or it went idle)."""
        row = self._one("SELECT id, last_game FROM evenings WHERE ended IS NULL ORDER BY id DESC LIMIT 1")
        now = time.time() if now is None else now
        if row is None or now - row[1] > IDLE_HOURS * 3600:
            return None
        return row[0]

    def latest_evening(self) -> int | None:
        """The evening going on or, failing that, the last one there was."""
        row = self._one("SELECT id FROM evenings ORDER BY id DESC LIMIT 1")
        return row[0] if row else None

    def evening_started(self, evening: int) -> float | None:
        row = self._one("SELECT started FROM evenings WHERE id = ?", (evening,))
        return row[0] if row else None

    def games(self, evening: int | None = None, limit: int | None = None) -> list[PlayedGame]:
        """Finished games, oldest first: an evening's, or the last ``limit`` of all."""
        columns = "id, evening, game, finished, journal IS NOT NULL"
        if evening is not None:
            rows = self._all(f"SELECT {columns} FROM games WHERE evening = ? ORDER BY id", (evening,))
        else:
            rows = self._all(f"SELECT {columns} FROM games ORDER BY id DESC LIMIT ?",
                             (limit if limit is not None else -1,))[::-1]
        out = []
        for game_id, evening_id, game, finished, has_replay in rows:
            seats = [PlayedSeat(player, name, kind, colour, score, place, points, bool(winner))
                     for player, name, kind, colour, score, place, points, winner in self._all(
                         "SELECT player, name, kind, colour, score, place, points, winner FROM seats "
                         "WHERE game = ? ORDER BY seat", (game_id,))]
            out.append(PlayedGame(game_id, evening_id, game, finished, seats, bool(has_replay)))
        return out

    def journal(self, game_row_id: int) -> list[str] | None:
        """The journal kept with game ``game_row_id`` (its save's records, for
        `netplay.replays.Replay.from_kept`); None for a game recorded before journals were
        kept, or none such. A damaged one gives what can still be unpacked (the replay says
        what is missing)."""
        row = self._one("SELECT journal FROM games WHERE id = ?", (game_row_id,))
        if row is None or row[0] is None:
            return None
        return journals.unpack(row[0])

    def game_count(self) -> int:
        row = self._one("SELECT count(*) FROM games")
        return row[0] if row else 0

    def ratings(self, scope: str = skill.OVERALL, people_only: bool = False, trend: int = 12) -> list[RatingLine]:
        """Everyone's rating in ``scope`` (overall or a game id), best first, each with its
        last ``trend`` values."""
        lines = []
        for player, mu, sigma, games in self._all("SELECT player, mu, sigma, games FROM ratings WHERE scope = ?",
                                                  (scope,)):
            if people_only and player.startswith("bot:"):
                continue
            last = self._one("SELECT name, colour FROM seats WHERE player = ? ORDER BY game DESC LIMIT 1", (player,))
            name, colour = last if last else (player, 0)
            if player.startswith("bot:"):
                strength = player[4:]
                name = pgettext("rating", "Bot ({strength})").format(
                    strength=_(STRENGTHS[strength]) if strength in STRENGTHS else strength)
            history = self._all("SELECT mu_after, sigma_after FROM rating_changes WHERE player = ? AND scope = ? "
                                "ORDER BY game DESC LIMIT ?", (player, scope, trend))
            values = [skill.Rating(mu_, sigma_).shown for mu_, sigma_ in reversed(history)]
            lines.append(RatingLine(player, name, colour, skill.Rating(mu, sigma), games, values))
        lines.sort(key=lambda line: (-line.rating.shown, line.name))
        return lines

    def _one(self, sql: str, arguments=()):
        rows = self._all(sql, arguments)
        return rows[0] if rows else None

    def _all(self, sql: str, arguments=()) -> list:
        if self.connection is None:
            return []
        try:
            return self.connection.execute(sql, arguments).fetchall()
        except sqlite3.Error as error:
            self.problem = _("The game history could not be read ({error}).").format(error=error)
            return []


# --- the file ----------------------------------------------------------------------------------
def _connect(where: Path) -> sqlite3.Connection:
    """Open (or make) the history at ``where`` and bring its schema up to date.
    Unreadable if it is not ours or is damaged."""
    fresh = not where.exists() or where.stat().st_size == 0
    db = sqlite3.connect(where, timeout=BUSY_SECONDS, isolation_level=None)
    try:
        try:
            if not fresh:
                version = db.execute("PRAGMA user_version").fetchone()[0]
                if version > VERSION:
                    raise Unreadable("newer", _("it was written by a newer Spielabend (schema {version}, this one "
                                                "knows up to {known})").format(version=version, known=VERSION))
                check = db.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    raise Unreadable("damaged", _("it is damaged ({check})").format(check=check))
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = FULL")
            db.execute("PRAGMA foreign_keys = ON")
            _migrate(db)
        except sqlite3.DatabaseError as error:
            if _busy(error):  # another window holds it: nothing wrong with the file
                raise
            why = "damaged" if "malformed" in str(error) else "not-a-database" if "not a database" in str(error) \
                else "unreadable"
            raise Unreadable(why, _("it is not a game history SQLite can read ({error})").format(error=error)) \
                from error
    except BaseException:
        db.close()
        raise
    return db


def _migrate(db: sqlite3.Connection) -> None:
    """Bring the schema forward, one migration per transaction (another window doing the
    same waits, then finds nothing left to do)."""
    while True:
        db.execute("BEGIN IMMEDIATE")
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if version == 0 and names:
                raise Unreadable("foreign", _("it is an SQLite file of something else"))
            if version and not TABLES_AT[version] <= names:
                raise Unreadable("damaged", _("tables of the history are missing"))
            if version >= VERSION:
                db.execute("COMMIT")
                return
            step = MIGRATIONS[version]
            if callable(step):
                step(db)
            else:
                for statement in step.split(";"):
                    if statement.strip():
                        db.execute(statement)
            db.execute(f"PRAGMA user_version = {version + 1}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise


def _new_row_id(cursor: sqlite3.Cursor) -> int:
    """The id of the row an INSERT just made (sqlite3 leaves it None only after other statements)."""
    if cursor.lastrowid is None:
        raise sqlite3.DatabaseError("an INSERT made no row")
    return cursor.lastrowid


def _busy(error: sqlite3.Error) -> bool:
    return isinstance(error, sqlite3.OperationalError) and ("locked" in str(error) or "busy" in str(error))


def _reason(error: OSError) -> str:
    return getattr(error, "strerror", None) or str(error) or type(error).__name__
