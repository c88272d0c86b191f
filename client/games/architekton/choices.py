"""A seat's steps to an Architekton action, as the table's choices.

Pick two supply tiles (the first lifts, then its partners show), or one when no pair can
both be placed (AR-2); then the legal squares of the tile in hand show as ghosts. A
building with several legal rotations then offers them in a row under the square, and
the one confirmed lays it. With two tiles in hand, a tile that may only go second has
no squares (AR-5): picking it says "place the other tile first". A surround's choice
(AR-4) goes to the owner's own device, even on the other player's turn.

A seat's steps so far (a lifted supply tile, the tile in hand, the square being turned)
are kept in the game's ``stage`` for that seat and forgotten as soon as the game moves on.
"""

from collections.abc import Callable
from typing import Any, Protocol

from client.games.architekton import layout, words
from client.games.architekton.camera import BoardCamera
from client.games.architekton.state import Shown
from client.i18n import _
from client.table.choices import Choice
from client.table.handle import TableHandle
from client.table.types import Action, View


class StepsTable(Protocol):
    """What a seat's steps read of the Architekton table (`table.ArchitektonTable`, which
    imports this), and the table's commands they use."""

    @property
    def table(self) -> TableHandle: ...

    @property
    def view(self) -> View: ...

    @property
    def shown(self) -> Shown: ...

    @property
    def camera(self) -> BoardCamera: ...

    def steps(self, seat: int) -> dict[str, Any]: ...

    def seat_view(self, seat: int) -> View: ...

    def sound(self, name: str) -> None: ...

    def toast(self, words: str | Callable[[], str], seat: int | None = None, seconds: float = 3.5,
              key: str | None = None, problem: bool = False) -> None: ...


# --- the seat's steps ------------------------------------------------------------------------
def moment(view: View) -> tuple[int | None, int | None, str | None, tuple[str, ...]]:
    """What a seat's steps belong to: the game, the turn, the phase, the tiles in hand."""
    return (view.get("game_number"), view.get("turn"), view.get("phase"), tuple(view.get("hand", [])))


def stage(game: StepsTable, seat: int) -> dict[str, Any]:
    """The seat's steps, emptied once the game moved on."""
    steps = game.steps(seat)
    if steps and steps.get("at") != moment(game.view):
        steps.clear()
    return steps


def step(game: StepsTable, seat: int, **values: str | tuple[int, int] | None) -> Callable[[], None]:
    """What confirming a step does: set (or, with None, forget) ``values`` in the stage."""
    def then() -> None:
        steps = stage(game, seat)
        for name, value in values.items():
            if value is None:
                steps.pop(name, None)
            else:
                steps[name] = value
        steps["at"] = moment(game.view)
    return then


def lift(game: StepsTable, seat: int, tile: str) -> Callable[[], None]:
    """What confirming a supply tile does: lift it, and move the seat's cursor off it to its
    first partner (`preferred`), so the next confirm takes a pair rather than putting the
    lifted tile back (the put-back choice shares the tile's key)."""
    remember = step(game, seat, first=tile)

    def then() -> None:
        remember()
        game.table.set_cursor(seat, None)
    return then


def placing(game: StepsTable, seat: int) -> str | None:
    """The tile whose squares ``seat`` is shown now."""
    for choice in game.table.choices(seat):
        if choice.data and choice.data[0] in ("spot", "rot"):
            tile: str = choice.data[1]
            return tile
    return None


def lifted(game: StepsTable) -> set[str]:
    """The supply tiles a seat has lifted (its choice draws it, raised)."""
    table = game.table
    return {c.data[1] for s in table.local_seats for c in table.choices(s) if c.data and c.data[0] == "lifted"}


def single_take(game: StepsTable) -> bool:
    """Whether a local seat may take only one tile (no two can both be placed, AR-2)."""
    for seat in game.table.local_seats:
        legal = game.table.model.legal.get(seat) or []
        if legal and legal[0]["type"] == "take":
            return len(legal[0]["tiles"]) == 1
    return False


def say(game: StepsTable, seat: int, sentence: str) -> None:
    """Tell ``seat``, over its zone, why its step cannot be done."""
    game.sound("reject")
    game.toast(sentence, seat, seconds=3.5, key=f"say{seat}", problem=True)


def telling(game: StepsTable, seat: int, sentence: str) -> Callable[[], None]:
    """A step that only says ``sentence`` (a choice that cannot be made yet)."""
    return lambda: say(game, seat, sentence)


def clicked_beside(game: StepsTable, seat: int, pos: tuple[int, int]) -> bool:
    """A click that hit no choice: put the tile being turned back, or say why a supply
    tile cannot be taken (AR-2)."""
    steps = stage(game, seat)
    if "spot" in steps:
        steps.pop("spot")  # the table makes the seat's choices again: its steps changed
        return True
    view = game.view
    if view.get("phase") != "take" or seat not in view.get("active", []):
        return False
    for tile, rect in layout.supply_rects(game.shown.supply).items():
        if rect.collidepoint(pos):
            say(game, seat, words.why_not_take(tile, steps.get("first"), view.get("takeable", [])))
            return True
    return False


# --- the choices ---------------------------------------------------------------------------------
def choices(game: StepsTable, seat: int, legal: list[Action]) -> list[Choice]:
    kind = legal[0]["type"]
    if kind == "take":
        return take_choices(game, seat, legal)
    if kind == "place":
        return place_choices(game, seat, legal)
    if kind == "move_house":
        return move_choices(game, legal)
    return settle_choices(game, seat, legal)


def take_choices(game: StepsTable, seat: int, legal: list[Action]) -> list[Choice]:
    """Lift one supply tile, then pick its partner (AR-2); one tile at once when no two
    can both be placed."""
    rects = layout.supply_rects(game.shown.supply)
    sets = [a["tiles"] for a in legal if all(t in rects for t in a["tiles"])]
    if sets and len(sets[0]) == 1:
        return [Choice({"type": "take", "tiles": tiles}, rects[tiles[0]], words.take_label(tiles),
                       data=("supply", tiles[0])) for tiles in sets]
    first: str | None = stage(game, seat).get("first")
    partners = [t for tiles in sets if first in tiles for t in tiles if t != first]
    if first is None or not partners:
        takeable = [t for t in game.shown.supply if any(t in tiles for tiles in sets)]
        return [Choice(None, rects[t], words.lift_label(t), key=("supply", t), then=lift(game, seat, t),
                       data=("supply", t), extra={"forward": True}) for t in takeable]
    out = [Choice(None, rects[first], _(words.PUT_BACK), key=("supply", first), then=step(game, seat, first=None),
                  data=("lifted", first))]
    for other in partners:
        out.append(Choice({"type": "take", "tiles": sorted([first, other])}, rects[other],
                          words.take_label([first, other]), data=("supply", other)))
    return out


def place_choices(game: StepsTable, seat: int, legal: list[Action]) -> list[Choice]:
    """The squares of the tile in hand being placed, and the other tile in hand to switch to."""
    spots: dict[str, dict[tuple[int, int], list[int]]] = {}  # tile -> square -> its legal rotations
    for action in legal:
        spots.setdefault(action["tile"], {}).setdefault((action["x"], action["y"]), []).append(action["rot"])
    hand = list(game.seat_view(seat).get("hand", [])) or list(spots)
    steps = stage(game, seat)
    chosen: str | None = steps.get("tile")
    tile = chosen if chosen is not None and spots.get(chosen) else next((t for t in hand if spots.get(t)), None)
    if tile is None:
        return []
    spot = steps.get("spot")
    if spot is not None and len(spots[tile].get(tuple(spot), [])) > 1:
        return rotation_choices(game, tile, tuple(spot), spots[tile][tuple(spot)])
    out = []
    for (x, y), rots in spots[tile].items():
        rect = game.camera.square(x, y)
        if not game.camera.visible(rect):
            continue
        if len(rots) == 1:
            out.append(Choice({"type": "place", "tile": tile, "x": x, "y": y, "rot": rots[0]}, rect,
                              words.place_label(tile, False), key=("spot", tile, x, y),
                              data=("spot", tile, x, y, rots[0])))
        else:
            out.append(Choice(None, rect, words.place_label(tile, True), key=("spot", tile, x, y),
                              then=step(game, seat, tile=tile, spot=(x, y)), data=("spot", tile, x, y, rots[0]),
                              extra={"forward": True}))
    zone = game.table.layout.seats[seat]
    rects = {t: layout.hand_slot(zone, i) for i, t in enumerate(game.shown.taken) if t in hand}
    for other in hand:
        if other != tile and other in rects:
            waits = not spots.get(other)
            then = telling(game, seat, words.place_first(other, tile)) if waits else \
                step(game, seat, tile=other, spot=None)
            out.append(Choice(None, rects[other], words.hand_label(waits), key=("hand", other), then=then,
                              data=("hand", other), legal=not waits))
    return out


def rotation_choices(game: StepsTable, tile: str, spot: tuple[int, int], rots: list[int]) -> list[Choice]:
    """The legal rotations of ``tile`` at ``spot``, in a row under the square."""
    x, y = spot
    rects = layout.rotation_row(game.camera.square(x, y), len(rots))
    return [Choice({"type": "place", "tile": tile, "x": x, "y": y, "rot": rot}, rect, words.turned_label(rot),
                   key=("rot", tile, x, y, rot), data=("rot", tile, x, y, rot))
            for rot, rect in zip(rots, rects, strict=True)]


def move_choices(game: StepsTable, legal: list[Action]) -> list[Choice]:
    """AR-3: the houses that may move onto the new building, where they stand."""
    return [Choice(a, game.camera.square(a["x"], a["y"]), _(words.MOVE_HOUSE), data=("move", a["x"], a["y"]))
            for a in legal if game.camera.visible(game.camera.square(a["x"], a["y"]))]


def settle_choices(game: StepsTable, seat: int, legal: list[Action]) -> list[Choice]:
    """AR-4: keep the house and pay all, or take it back and pay one less."""
    owed = (game.view.get("settling") or {}).get("mismatches", 1)
    zone = game.table.layout.seats[seat]
    return [Choice(action, layout.settle_rect(zone, index), words.settle_label(action["take_back"], owed),
                   data=("settle", action["take_back"]))
            for index, action in enumerate(sorted(legal, key=lambda a: a["take_back"]))]


def preferred(choices: list[Choice]) -> int:
    """A lifted tile's first partner; on the board, the square nearest the middle."""
    if not choices:
        return 0
    if choices[0].data and choices[0].data[0] == "lifted" and len(choices) > 1:
        return 1
    if not choices[0].data or choices[0].data[0] not in ("spot", "move"):
        return 0
    centre = layout.BOARD.center
    return min(range(len(choices)), key=lambda i: (choices[i].rect.centerx - centre[0]) ** 2
               + (choices[i].rect.centery - centre[1]) ** 2 if choices[i].legal else 1e12)
