"""What the Drunter & Drüber table keeps from events until its shown view holds them (a
tile landing or flying back, stretches closing, the toilet vote's tray, fresh lock-ins,
the finale's cards), and which buildings a building card counts (DD-7, DD-8), cell by
cell, so the finale can light them up one after another. No drawing."""

from dataclasses import dataclass, field
from typing import Any, TypedDict

from client.games.drunter_druber.layout import (
    FINALE_PER_SEAT,
    START_XY,
    Cell,
    at,
    entry_side,
    finale_seat_start,
)
from client.table.types import Event, View
from engines.drunter_druber.board import BUILDINGS, STRETCH_KIND


class Tile(TypedDict):
    """A laid tile, as the view's ``tiles`` have it (with its ``player`` too) and as kept here."""

    stretch: str
    kind: str
    size: int
    cells: list[list[int]]  # from its docking field to its end-field


TileKey = tuple[str, int, tuple[tuple[int, ...], ...]]  # a tile told apart from every other (`tile_key`)
# The step of the game the seats' own steps belong to: the phase, the turn, and which voters
# have not put their cards down yet (`TownState.new_moment`).
Moment = tuple[str | None, int | None, tuple[bool, ...]]

# A tile being laid, until the view holds it: where its stretch's token came "from".
Landing = TypedDict("Landing", {"tile": Tile, "entry": str | None, "player": int, "toilets": list[list[int]],
                                "from": Cell | None})


class Returning(TypedDict):
    """A tile flying back to its placer after a lost vote."""

    tile: Tile
    player: int
    back_to: Cell  # the stretch's end before it, where the token goes back to


class Tray(TypedDict):
    """A toilet vote (DD-6) as the events told it: running, or just decided."""

    placer: int
    toilets: list[Cell]
    order: list[int]
    counts: dict[int, int]  # voter -> cards put down (face down)
    cards: list[list[str]] | None  # everyone's cards, once revealed
    jein: dict[int, str]  # voter -> the side their Jein counts as
    result: dict[str, Any] | None  # the vote_result event


class Finale(TypedDict):
    cards: list[list[str]]  # each seat's building cards, the one that counts first
    points: list[list[int]]
    winners: list[int]
    people: list[int]  # people cards left, which break a tie


def tile_key(tile: Tile) -> TileKey:
    return tile["stretch"], tile["size"], tuple(tuple(c) for c in tile["cells"])


# --- which buildings count -----------------------------------------------------------------
BUILDING_LIST = sorted((at(cell), kind, value) for cell, (kind, value) in BUILDINGS.items())


def counted(card: str, covered: set[Cell]) -> list[tuple[Cell, int]]:
    """(cell, points) of every uncovered building ``card`` scores, in reading order; the
    points add up to the engine's `card_points`."""
    standing = [(cell, kind, value) for cell, kind, value in BUILDING_LIST if cell not in covered]
    if card == "all_3s":
        return [(cell, 3) for cell, _, value in standing if value == 3]
    if card == "all_4s":
        return [(cell, 4) for cell, _, value in standing if value == 4]
    if card == "one_each":
        return [(cell, 1) for cell, _, _ in standing]
    if card == "lowest_each":
        lowest: dict[str, tuple[Cell, int]] = {}
        for cell, kind, value in standing:
            if kind not in lowest or value < lowest[kind][1]:
                lowest[kind] = (cell, value)
        return sorted(lowest.values(), key=lambda item: (item[0][1], item[0][0]))
    return sorted(((cell, value) for cell, kind, value in standing if kind == card),
                  key=lambda item: (item[0][1], item[0][0]))


def covered_cells(tiles: list[Tile]) -> set[Cell]:
    return {(cell[0], cell[1]) for tile in tiles for cell in tile["cells"]}


def points_now(card: str, tiles: list[Tile]) -> int:
    """What ``card`` would score with the town as ``tiles`` leave it."""
    return sum(points for _, points in counted(card, covered_cells(tiles)))


# --- a vote's tray ----------------------------------------------------------------------------
def tray_from_event(event: Event) -> Tray:
    """The tray of a vote that just started."""
    return {"placer": event["placer"], "toilets": [(c[0], c[1]) for c in event["toilets"]],
            "order": list(event["order"]), "counts": {}, "cards": None, "jein": {}, "result": None}


def tray_from_view(vote: dict[str, Any]) -> Tray:
    """The tray of a vote already running when this table first saw it (a late join)."""
    committed = vote.get("committed", [])
    return {"placer": vote["placer"], "toilets": [(c[0], c[1]) for c in vote.get("toilets", [])],
            "order": list(vote.get("order", [])),
            "counts": {seat: count for seat, count in enumerate(committed) if count is not None},
            "cards": vote.get("cards"), "jein": {seat: side for seat, side in enumerate(vote.get("jein") or [])
                                                  if side is not None},
            "result": None}


@dataclass
class TownState:
    """What the events told that the shown view does not hold yet."""

    landing: Landing | None = None
    returning: Returning | None = None
    closing: dict[str, Cell] = field(default_factory=dict)  # stretches closing now -> their barrier's cell
    tray: Tray | None = None
    locked_now: set[int] = field(default_factory=set)  # picked, by an event the view does not hold yet
    finale: Finale | None = None
    moment: Moment | None = None  # the step of the game the seats' own steps belong to

    # --- from events ----------------------------------------------------------------------
    def land(self, event: Event, tokens: dict[str, list[int] | None]) -> None:
        """A tile is laid: it lands from where its stretch's token stood."""
        cells = [(c[0], c[1]) for c in event["cells"]]
        token = tokens.get(event["stretch"])
        tile: Tile = {"stretch": event["stretch"], "kind": event["kind"], "size": event["size"],
                      "cells": [list(c) for c in cells]}
        self.landing = {"tile": tile, "entry": entry_side(token, cells[0]) if token is not None else None,
                        "player": event["player"], "toilets": event["toilets"],
                        "from": None if token is None else (token[0], token[1])}

    def send_back(self, event: Event, tiles: list[Tile]) -> None:
        """A lost vote: the tile flies back to its placer, the token to the end before it."""
        tile: Tile = {"stretch": event["stretch"], "kind": STRETCH_KIND[event["stretch"]], "size": event["size"],
                      "cells": [list(c) for c in event["cells"]]}
        previous = [t for t in tiles if t["stretch"] == event["stretch"] and tile_key(t) != tile_key(tile)]
        back_to = (previous[-1]["cells"][-1][0], previous[-1]["cells"][-1][1]) if previous \
            else START_XY[event["stretch"]]
        self.landing = None
        self.returning = {"tile": tile, "player": event["player"], "back_to": back_to}

    def close(self, event: Event) -> None:
        self.closing[event["stretch"]] = (event["cell"][0], event["cell"][1])

    def start_vote(self, event: Event) -> None:
        self.tray = tray_from_event(event)

    def commit_vote(self, event: Event) -> None:
        if self.tray is not None:
            self.tray["counts"][event["player"]] = event["count"]

    def reveal_vote(self, event: Event) -> None:
        if self.tray is not None:
            self.tray["cards"] = [list(c) for c in event["cards"]]

    def declare_jein(self, event: Event) -> None:
        if self.tray is not None:
            self.tray["jein"][event["player"]] = event["side"]

    def decide_vote(self, event: Event) -> None:
        if self.tray is not None:
            self.tray["result"] = dict(event)
            for seat, side in enumerate(event.get("jein", [])):
                if side is not None:
                    self.tray["jein"][seat] = side

    # --- catching up with the view ------------------------------------------------------------
    def drop_arrived(self, view: View, landed: bool, returned: bool) -> None:
        """Forget a tile that has ``landed`` and that the view holds now, or that has
        ``returned`` and that the view no longer holds."""
        keys = {tile_key(t) for t in view.get("tiles", [])}
        if self.landing is not None and landed and tile_key(self.landing["tile"]) in keys:
            self.landing = None
        if self.returning is not None and returned and tile_key(self.returning["tile"]) not in keys:
            self.returning = None

    def catch_up(self, view: View) -> None:
        """A beat's view is shown: what it holds now need not be kept."""
        self.locked_now.clear()
        self.closing = {s: c for s, c in self.closing.items() if view.get("tokens", {}).get(s) is not None}
        if view.get("vote") and (self.tray is None or self.tray["result"] is not None):
            self.tray = tray_from_view(view["vote"])

    def new_moment(self, view: View) -> bool:
        """Whether ``view`` shows a new step of the game (a turn, a phase, a vote put down)."""
        vote = view.get("vote") or {}
        moment = (view.get("phase"), view.get("turn"), tuple(c is None for c in vote.get("committed", ())))
        if moment == self.moment:
            return False
        self.moment = moment
        return True

    def reach_finale(self, view: View) -> bool:
        """Whether ``view`` starts the finale (the game is over, the cards are shown)."""
        if view.get("phase") != "over" or self.finale is not None:
            return False
        self.finale = {"cards": view.get("all_cards", []), "points": view.get("points", []),
                       "winners": view.get("winners", []), "people": [len(p) for p in view.get("people", [])]}
        return True

    # --- what the board shows ------------------------------------------------------------------
    def shown_tiles(self, view: View) -> list[Tile]:
        """The laid tiles as the board shows them now: the view's, less a tile still landing
        or flying back (drawn on their own)."""
        moving = {tile_key(t["tile"]) for t in (self.landing, self.returning) if t is not None}
        return [tile for tile in view.get("tiles", []) if tile_key(tile) not in moving]

    def barriers(self, view: View) -> dict[str, Cell]:
        """Each closed (or closing) stretch and the cell its barrier stands on: its last end (DD-5)."""
        out: dict[str, Cell] = {}
        tiles = self.shown_tiles(view)
        for stretch in view.get("closed", []):
            mine = [t for t in tiles if t["stretch"] == stretch]
            out[stretch] = (mine[-1]["cells"][-1][0], mine[-1]["cells"][-1][1]) if mine else START_XY[stretch]
        return {**out, **self.closing}

    def tokens(self, view: View) -> dict[str, Cell | None]:
        """Where each construction token stands now (None: its stretch is closed)."""
        tokens: dict[str, Cell | None] = {stretch: None if cell is None else (cell[0], cell[1])
                                          for stretch, cell in view.get("tokens", {}).items()}
        if self.landing is not None:
            end = self.landing["tile"]["cells"][-1]
            tokens[self.landing["tile"]["stretch"]] = (end[0], end[1])
        if self.returning is not None:
            tokens[self.returning["tile"]["stretch"]] = self.returning["back_to"]
        for stretch in self.closing:
            tokens[stretch] = None
        return tokens

    # --- the finale ------------------------------------------------------------------------------
    def finale_cells(self, seat: int, tiles: list[Tile]) -> list[tuple[Cell, int]]:
        """The buildings ``seat``'s first card counts, in the order they light up."""
        cards = self.finale["cards"] if self.finale is not None else []
        if seat >= len(cards) or not cards[seat]:
            return []
        return counted(cards[seat][0], covered_cells(tiles))

    def light_times(self, seat: int, tiles: list[Tile]) -> list[float]:
        """When each of ``seat``'s counted buildings lights up, in finale seconds."""
        cells = self.finale_cells(seat, tiles)
        start = finale_seat_start(seat) + 0.35
        step = (FINALE_PER_SEAT - 0.5) / max(1, len(cells))
        return [start + i * step for i in range(len(cells))]

    def score_at(self, seat: int, tiles: list[Tile], t: float) -> int:
        """``seat``'s points counted so far, ``t`` seconds into the finale."""
        return sum(points for (_, points), at_ in zip(self.finale_cells(seat, tiles), self.light_times(seat, tiles),
                                                       strict=True) if t >= at_)
