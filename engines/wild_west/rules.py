"""Wild West: the game state, rounds, picks and the writing steps (WW-1 to WW-10).

A round (WW-3) is a secret simultaneous pick (a column or a Tumbleweed, through
`SecretChoices`), a reveal, and then each player's writing steps on their own public
sheet: ``write`` (the tile), ``upgrade`` (Gold Mine), ``track`` (Ranch, Gold Mine),
``grave`` (Saloon) and ``park``. The steps of different players run concurrently; a
step with exactly one possible choice and no option to refuse is done automatically.
"""

from typing import Any

from ..errors import N_, IllegalAction
from ..simultaneous import SecretChoices
from ..state import OVER, GameState, best_seats, check_fields, is_whole
from ..types import Action, Event, Options, View
from ..words import Translator
from .scoring import GRAVE, MAX_UPGRADES, PARK, score_sheet
from .sheet import (
    ACE,
    ACTION_KIND,
    DISTANCE,
    IS_MINE,
    MINE,
    MINES,
    NEIGHBOURS,
    RANCH,
    ROW_LENGTHS,
    ROW_TILES,
    SALOON,
    TILE_COL,
    TILE_ROW,
    TILES,
    card_action,
    card_value,
    full_deck,
    tile_at,
    track_spots,
    writable_tiles,
)

PICK, WRITE = "pick", "write"
TUMBLEWEED, MISSED = "tumbleweed", "missed"
WRITE_STEP, UPGRADE_STEP, TRACK_STEP, GRAVE_STEP, PARK_STEP = "write", "upgrade", "track", "grave", "park"
TILE_STEPS = (WRITE_STEP, TRACK_STEP, GRAVE_STEP)
STEPS_AFTER = {  # what follows the write, per action (WW-5)
    RANCH: [TRACK_STEP, PARK_STEP],
    MINE: [UPGRADE_STEP, TRACK_STEP, PARK_STEP],
    "church": [PARK_STEP],
    SALOON: [GRAVE_STEP],
}
ACTION_NAMES = {RANCH: N_("Ranch"), MINE: N_("Gold Mine"), "church": N_("Church"), SALOON: N_("Saloon")}  # English; words look them up
SOLO_MULLIGANS = 2  # WW-9


class WildWestState(GameState):
    GAME_ID = "wild_west"
    ACTION_TYPES = frozenset({"grave", "park", "pick", "track", "upgrade", "write"})  # any other type: unknown_action (GameState.check_known)
    UNKNOWN_ACTION = N_("{type} is not a Wild West action")

    def __init__(self, players: int, seed: int, options: Options):
        super().__init__(players, seed, options)
        self.timer = options.get("timer", 0)  # WW-10: seconds, 0 = off; the host keeps time
        self.solo = players == 1  # WW-9
        self.deck = full_deck()
        self.rng.shuffle(self.deck)
        self.discard: list[str] = []
        self.flipped: list[str] = []
        self.kinds = [[""] * TILES for _ in range(players)]
        self.values = [[0] * TILES for _ in range(players)]
        self.tracks = [[False] * TILES for _ in range(players)]
        self.rights = [[""] * TILES for _ in range(players)]
        self.upgrades = [[0] * 6 for _ in range(players)]
        self.tumbleweeds = [0] * players
        self.aces = [0] * players
        self.completed_rows = [[False] * 4 for _ in range(players)]
        self.tasks: list[Any] = [None] * players  # per seat: its writing task (WW-5), or None
        self.round = 0
        self.deal = 0
        self.last_picks: list[Any] | None = None
        self.completions = 0  # row tracks completed during this round (WW-7)
        self.extension = False  # this round was added by a track completion (WW-7)
        self.end_reason: str | None = None
        self.final: list[Any] | None = None
        self._start_round()

    # --- rounds and deals (WW-3, WW-9) -----------------------------------------------
    def _start_round(self) -> list[Event]:
        self.round += 1
        return self._deal("round")

    def _deal(self, why: str) -> list[Event]:
        """Flip six cards; with fewer than six left, every card is reshuffled (WW-3)."""
        events = []
        if len(self.deck) < 6:
            self.deck += self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            events.append({"type": "reshuffle", "cards": len(self.deck)})
        self.flipped = self.deck[-6:]
        del self.deck[-6:]
        self.deal += 1
        self.phase = PICK
        self.picks = SecretChoices(self.players, range(self.players))
        self.columns: list[list[Any]] = [  # [action, value] of each column (WW-2)
            [card_action(self.flipped[i]), card_value(self.flipped[3 + i])] for i in range(3)
        ]
        self.legal_columns = [
            [i for i, (action, value) in enumerate(self.columns)
             if writable_tiles(self.values[p], value, action == MINE)]
            for p in range(self.players)
        ]
        events.append({
            "type": why, "round": self.round, "deal": self.deal,
            "cards": list(self.flipped),
            "columns": [{"action": a, "value": v} for a, v in self.columns],
        })
        return events

    # --- who acts, and what they may do -----------------------------------------------
    def active_players(self) -> list[int]:
        if self.phase == PICK:
            return self.picks.pending()
        if self.phase == WRITE:
            return [p for p in range(self.players) if self.tasks[p] is not None]
        return []

    def legal_actions(self, player: int) -> list[Action]:
        if not self.is_seat(player):
            return []
        if self.phase == PICK:
            if self.picks.locked[player]:
                return []
            return [{"type": "pick", "column": c} for c in self.legal_columns[player]] + [
                {"type": "pick", "column": None}
            ]
        if self.phase != WRITE or self.tasks[player] is None:
            return []
        step = self.tasks[player]["steps"][0]
        options = self._options(player, step)
        if step in TILE_STEPS:
            return [{"type": step, "row": TILE_ROW[t], "col": TILE_COL[t]} for t in options]
        if step == UPGRADE_STEP:
            return [{"type": step, "size": n} for n in options]
        return [{"type": step, "park": yes} for yes in options]

    def host_timer(self) -> dict[str, Any] | None:
        """WW-10: the pick timer runs per deal while picks are open."""
        if self.phase == PICK and self.timer:
            return {"seconds": self.timer, "key": f"deal-{self.deal}"}
        return None

    def host_actions(self) -> list[Action]:
        """WW-10: with the speed option the host sends ``timeout`` for this deal when its
        round timer runs out; everyone who has not picked loses this round's pick."""
        if self.phase == PICK and self.timer:
            return [{"type": "timeout", "deal": self.deal}]
        return []

    def _options(self, player: int, step: str) -> list[Any]:
        task = self.tasks[player]
        if step == WRITE_STEP:
            return writable_tiles(self.values[player], task["value"], task["action"] == MINE)
        if step == UPGRADE_STEP:
            return [n for n in range(1, 7) if self.upgrades[player][n - 1] < MAX_UPGRADES]
        if step == TRACK_STEP:
            return track_spots(self.values[player], self.tracks[player])
        rights = self.rights[player]
        if step == GRAVE_STEP:
            # WW-5: each grave goes on an empty right section nearest the new saloon
            distance = DISTANCE[task["tile"]]
            empty = [t for t in range(TILES) if not rights[t]]
            if not empty:
                return []
            nearest = min(distance[t] for t in empty)
            return [t for t in empty if distance[t] == nearest]
        return [True, False] if not rights[task["tile"]] else []

    # --- applying actions ---------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> list[Event]:
        if self.phase == PICK:
            return self._pick(player, action["column"])
        task = self.tasks[player]
        step = task["steps"][0]
        if step in TILE_STEPS:
            choice = tile_at(action["row"], action["col"])
        else:
            choice = action["size"] if step == UPGRADE_STEP else action["park"]
        events = self._step(player, step, choice) + self._settle(player)
        if all(t is None for t in self.tasks):
            events += self._end_round()
        return events

    def _pick(self, player: int, column: int | None) -> list[Event]:
        events = self.picks.commit(player, column, "picked", "column")
        if self.picks.complete():
            events += self._reveal()
        return events

    def _apply_host(self, action: Action) -> list[Event]:
        if not (isinstance(action, dict) and is_whole(action.get("deal"))):
            raise IllegalAction("malformed", "a timeout names its deal as a whole number")
        missed = self.picks.pending()
        for player in missed:
            self.picks.choose(player, MISSED)
        return [{"type": "timeout", "deal": self.deal, "missed": missed}] + self._reveal()

    def _reveal(self) -> list[Event]:
        """Everyone has picked (or missed, WW-10): tumbleweeds, mulligans, writing tasks."""
        choices = self.picks.revealed()
        self.last_picks = [TUMBLEWEED if choices[p] is None else choices[p] for p in range(self.players)]
        events: list[Event] = [{"type": "reveal", "round": self.round, "picks": list(self.last_picks)}]
        for player in range(self.players):
            column = choices[player]
            if column is None:
                self.tumbleweeds[player] += 1
                events.append({"type": "tumbleweed", "player": player, "count": self.tumbleweeds[player]})
            elif column != MISSED:
                action, value = self.columns[column]
                self.tasks[player] = {"action": action, "value": value, "tile": -1,
                                      "steps": [WRITE_STEP], "graves": 0}
        if self.solo and choices[0] is None and self.tumbleweeds[0] <= SOLO_MULLIGANS:
            self.discard += self.flipped  # WW-9: a mulligan redraws six cards at once
            return events + self._deal("mulligan")
        self.phase = WRITE
        for player in range(self.players):
            events += self._settle(player)
        if all(t is None for t in self.tasks):
            events += self._end_round()
        return events

    def _settle(self, player: int) -> list[Event]:
        """Skip steps with nothing to choose and do forced ones, up to the next real choice."""
        events: list[Event] = []
        task = self.tasks[player]
        while task is not None:
            step = task["steps"][0]
            options = self._options(player, step)
            if len(options) == 1 and step != PARK_STEP:
                events += self._step(player, step, options[0])
            elif options:
                return events
            else:
                if step == GRAVE_STEP:
                    events.append({"type": "graves_lost", "player": player, "count": task["graves"]})
                self._next_step(player)
            task = self.tasks[player]
        return events

    def _next_step(self, player: int) -> None:
        task = self.tasks[player]
        task["steps"].pop(0)
        if not task["steps"]:
            self.tasks[player] = None

    def _step(self, player: int, step: str, choice: Any) -> list[Event]:
        task = self.tasks[player]
        if step == WRITE_STEP:
            event = self._write(player, choice)
        elif step == UPGRADE_STEP:
            self.upgrades[player][choice - 1] += 1
            event = {"type": "upgrade", "player": player, "size": choice,
                     "upgrades": self.upgrades[player][choice - 1]}
        elif step == TRACK_STEP:
            return self._lay_track(player, choice)
        elif step == GRAVE_STEP:
            self.rights[player][choice] = GRAVE
            task["graves"] -= 1
            event = {"type": "grave", "player": player, "row": TILE_ROW[choice], "col": TILE_COL[choice]}
            if task["graves"]:
                return [event]  # more graves of the same duel follow
        else:
            if choice:
                self.rights[player][task["tile"]] = PARK
            event = {"type": "park", "player": player, "row": TILE_ROW[task["tile"]],
                     "col": TILE_COL[task["tile"]], "park": choice}
        self._next_step(player)
        return [event]

    def _write(self, player: int, t: int) -> dict[str, Any]:
        task = self.tasks[player]
        kind = ACTION_KIND[task["action"]]
        self.kinds[player][t] = kind
        self.values[player][t] = task["value"]
        if task["value"] == ACE:
            self.aces[player] += 1
        task["tile"] = t
        task["steps"] += STEPS_AFTER[task["action"]]
        if task["action"] == SALOON:
            # WW-5: one grave for the saloon, one more per saloon touching it
            task["graves"] = 1 + sum(1 for n in NEIGHBOURS[t] if self.kinds[player][n] == "S")
        return {"type": "write", "player": player, "row": TILE_ROW[t], "col": TILE_COL[t],
                "kind": kind, "value": task["value"]}

    def _lay_track(self, player: int, t: int) -> list[Event]:
        self.tracks[player][t] = True
        self._next_step(player)
        row = TILE_ROW[t]
        events = [{"type": "track", "player": player, "row": row, "col": TILE_COL[t]}]
        if not self.completed_rows[player][row] and all(self.tracks[player][x] for x in ROW_TILES[row]):
            self.completed_rows[player][row] = True
            self.completions += 1
            events.append({"type": "track_complete", "player": player, "row": row})
        return events

    def _end_round(self) -> list[Event]:
        """WW-7, checked after each round: three Tumbleweeds, all mines filled, a full
        sheet; a round with a completed row track adds one more round."""
        self.discard += self.flipped
        self.flipped = []
        reason = None
        if any(count >= 3 for count in self.tumbleweeds):
            reason = "tumbleweeds"
        elif any(all(v for v in values) for values in self.values):
            reason = "full_sheet"
        elif any(all(values[t] for t in MINES) for values in self.values):
            reason = "mines"
        elif self.completions:
            self.extension = True
        elif self.extension:
            reason = "tracks"
        events: list[Event] = [{"type": "round_over", "round": self.round}]
        if reason is None and self.completions:
            events.append({"type": "extension", "round": self.round + 1})
        self.completions = 0
        if reason is None:
            return events + self._start_round()
        self.phase, self.end_reason = OVER, reason
        self.final = [self._score(p) for p in range(self.players)]
        events.append({"type": "game_over", "reason": reason, "scores": self.final,
                       "totals": self.scores(), "winners": self.winners()})
        return events

    # --- results (WW-8) ------------------------------------------------------------------
    def _score(self, player: int) -> dict[str, Any]:
        return score_sheet(self.kinds[player], self.rights[player], self.tracks[player],
                           self.upgrades[player], self.tumbleweeds[player], self.aces[player])

    def scores(self) -> list[int]:
        if self.final is not None:
            return [parts["total"] for parts in self.final]
        return [self._score(p)["total"] for p in range(self.players)]

    def winners(self) -> list[int]:
        return best_seats(self.scores())

    # --- what each player may know: sheets are public, picks secret until revealed ------
    def view(self, player: int | None) -> View:
        """What ``player`` (None: a spectator) may know; IllegalAction for a seat not at
        the table, so that ``True`` or ``1.0`` can never read seat 1's secret pick."""
        view = {
            **self._view_header(player),
            "round": self.round,
            "deal": self.deal,
            "solo": self.solo,
            "timer": self.timer or None,  # the speed option's seconds; None when it is off
            "cards": list(self.flipped),
            "columns": [{"action": a, "value": v} for a, v in self.columns] if self.flipped else [],
            "deck_left": len(self.deck),
            "last_picks": None if self.last_picks is None else list(self.last_picks),
            "extension": self.extension,
            "end_reason": self.end_reason,
            "sheets": [self._sheet_view(p) for p in range(self.players)],
        }
        if self.phase == PICK:
            view["picks"] = self.picks.view_for(player)
            if player is not None:
                view["legal_columns"] = list(self.legal_columns[player])
        return view

    def _sheet_view(self, p: int) -> dict[str, Any]:
        kinds, values, tracks, rights = self.kinds[p], self.values[p], self.tracks[p], self.rights[p]
        rows = [
            [{"kind": kinds[t] or None, "value": values[t] or None, "track": tracks[t],
              "right": rights[t] or None, "mine": IS_MINE[t]} for t in tiles]
            for tiles in ROW_TILES
        ]
        task = self.tasks[p]
        if task is not None:
            t = task["tile"]
            task = {"action": task["action"], "value": task["value"], "step": task["steps"][0],
                    "tile": None if t < 0 else [TILE_ROW[t], TILE_COL[t]], "graves": task["graves"]}
        return {
            "rows": rows,
            "upgrades": list(self.upgrades[p]),
            "tumbleweeds": self.tumbleweeds[p],
            "aces": self.aces[p],
            "completed_rows": list(self.completed_rows[p]),
            "task": task,
            "score": self.final[p] if self.final is not None else self._score(p),
        }

    def describe(self, action: Action, tr: Translator | None = None) -> str:
        """The move in words, in ``tr``'s language (English without one)."""
        _ = tr.gettext if tr is not None else str
        kind = action["type"]
        if kind == "pick":
            column = action["column"]
            if column is None:
                return _("takes a Tumbleweed")
            action_name, value = self.columns[column]
            rank = _rank(value)
            if tr is not None and value == ACE:
                rank = tr.pgettext("card rank", "A")
            return _("picks column {column}: {action} {rank}").format(
                column=column + 1, action=_(ACTION_NAMES[action_name]), rank=rank)
        if kind == "timeout":
            return _("the round timer ran out")
        if kind == "upgrade":
            return _("upgrades group size {size}").format(size=action["size"])
        if kind == "park":
            return _("plants a park") if action["park"] else _("leaves the right section empty")
        where = {"row": action["row"] + 1, "tile": action["col"] + 1}
        if kind == "write":
            return _("writes in row {row}, tile {tile}").format(**where)
        if kind == "track":
            return _("lays track in row {row}, tile {tile}").format(**where)
        if kind == "grave":
            return _("digs a grave in row {row}, tile {tile}").format(**where)
        raise KeyError(kind)

    # --- helpers ---------------------------------------------------------------------------
    def _check(self, player: int, action: Action) -> None:
        self._check_type(action, "pick" if self.phase == PICK else self.tasks[player]["steps"][0], "wrong_step")
        kind = action["type"]
        if kind == "pick":
            check_fields(action, ("type", "column"))
            column = action["column"]
            if column is not None and not (is_whole(column) and 0 <= column <= 2):
                raise IllegalAction("no_such_column", N_("pick column 1, 2 or 3, or a Tumbleweed"))
            if column is not None and column not in self.legal_columns[player]:  # WW-4
                raise IllegalAction("cannot_write", N_("that pair fits nowhere on your sheet"))
            return
        if kind in TILE_STEPS:
            check_fields(action, ("type", "row", "col"))
            row, col = action["row"], action["col"]
            if not (is_whole(row) and is_whole(col) and 0 <= row < 4 and 0 <= col < ROW_LENGTHS[row]):
                raise IllegalAction("no_such_tile", N_("there is no such tile on the sheet"))
            choice = tile_at(row, col)
        elif kind == UPGRADE_STEP:
            check_fields(action, ("type", "size"))
            choice = action["size"]
            if not (is_whole(choice) and 1 <= choice <= 6):
                raise IllegalAction("no_such_size", N_("group sizes run from {low} to {high}"), {"low": 1, "high": 6})
        else:
            check_fields(action, ("type", "park"))
            choice = action["park"]
            if not isinstance(choice, bool):
                raise IllegalAction("malformed", N_("park must be true or false"))
        if choice not in self._options(player, kind):
            reasons = {
                WRITE_STEP: N_("that value does not fit there"),  # WW-4
                UPGRADE_STEP: N_("that size row already has {most} upgrades"),
                TRACK_STEP: N_("track must grow inward from a row's edge onto a filled tile"),  # WW-6
                GRAVE_STEP: N_("graves go on the nearest empty right sections"),  # WW-5
                PARK_STEP: N_("that right section is taken"),
            }
            raise IllegalAction(f"illegal_{kind}", reasons[kind], {"most": MAX_UPGRADES} if kind == UPGRADE_STEP else None)


def _rank(value: int) -> str:
    return "A" if value == ACE else "J" if value == 11 else str(value)
