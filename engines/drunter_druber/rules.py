"""Drunter & Drüber rules: the state, legal actions, apply, results and views.

Rulings DD-1 to DD-9 (../shared/RULINGS.md); notation in docs/rules/drunter_druber.md.
A turn is one placement (DD-3, DD-4). A placement that covers toilets opens a toilet
vote (DD-6): voters commit one after another, the cards are revealed together, Jein
players declare their side, and the tile stays or goes back. Tokens that can no longer
be extended are removed (DD-5); in the variant (DD-8) the first removal calls for the
secret pick of the card that counts first.
"""

from typing import Any

from ..errors import N_, IllegalAction
from ..events import private
from ..plain import encode
from ..simultaneous import SecretChoices
from ..state import OVER, GameState, best_seats, check_fields, is_whole
from ..types import Action, Event, Options, View
from ..words import Translator
from .board import (
    BRIDGE,
    CARD_NAMES,
    CELLS,
    CORNER,
    CORNERS,
    COVERED,
    DEAL,
    FREE,
    HEIGHT,
    IS_TOILET,
    KINDS,
    RAY,
    SPECIALS,
    START,
    STEP,
    STRETCH_KIND,
    STRETCHES,
    SUPPLY,
    TYPES,
    WIDTH,
    can_dock,
    card_points,
    cell_name,
    max_fit,
    placements,
    xy,
)
from .words import CARD_WORDS, PEOPLE_WORDS

PLACE, VOTE, JEIN, PICK = "place", "vote", "jein", "pick"
ACTION_OF_PHASE = {PLACE: "place", VOTE: "vote", JEIN: "jein", PICK: "pick"}

# People cards (DD-6), in the order every list of them is kept.
PEOPLE = ("ja", "jaa", "jaaa", "ne", "nee", "neee", "jein", "blank")
PEOPLE_INDEX = {card: i for i, card in enumerate(PEOPLE)}
PEOPLE_NAMES = {
    "ja": "Ja", "jaa": "Jaa", "jaaa": "Jaaa", "ne": "Ne", "nee": "Nee", "neee": "Neee",
    "jein": "Jein", "blank": "blank",
}
YES_VOTES = {"ja": 1, "jaa": 2, "jaaa": 3}
NO_VOTES = {"ne": 1, "nee": 2, "neee": 3}
JEIN_VOTES = 2
SIDES = ("yes", "no")
SIZE_NAMES = {1: "single", 2: "double", 3: "triple"}

_SUBSETS: dict[tuple[str, ...], list[list[str]]] = {}


def vote_choices(hand: list[str]) -> list[list[str]]:
    """Every non-empty set of cards from ``hand`` (in PEOPLE order), smallest first."""
    key = tuple(hand)
    choices = _SUBSETS.get(key)
    if choices is None:
        choices = [
            [card for i, card in enumerate(hand) if mask >> i & 1]
            for mask in range(1, 1 << len(hand))
        ]
        choices.sort(key=lambda cards: (len(cards), [PEOPLE_INDEX[c] for c in cards]))
        _SUBSETS[key] = choices
    return choices


def count_votes(cards: list[list[str] | None], jein_sides: list[str | None]) -> tuple[int, int]:
    """(yes, no) of a revealed vote; Jein counts 2 for the side its player declared."""
    yes = no = 0
    for player, played in enumerate(cards):
        for card in played or ():
            yes += YES_VOTES.get(card, 0)
            no += NO_VOTES.get(card, 0)
            if card == "jein":
                if jein_sides[player] == "yes":
                    yes += JEIN_VOTES
                elif jein_sides[player] == "no":
                    no += JEIN_VOTES
    return yes, no


# --- the state --------------------------------------------------------------------------
class DrunterDruberState(GameState):
    GAME_ID = "drunter_druber"
    ACTION_TYPES = frozenset({"jein", "pick", "place", "vote"})  # any other type: unknown_action (GameState.check_known)
    UNKNOWN_ACTION = N_("{type} is not a Drunter & Drüber action")

    def __init__(self, players: int, seed: int, options: Options):
        super().__init__(players, seed, options)
        self.variant = bool(options["variant"])
        # DD-2 / DD-8: secret building cards, one each (two in the variant).
        deck = list(TYPES) + (list(SPECIALS) if self.variant else [])
        self.rng.shuffle(deck)
        per = 2 if self.variant else 1
        self.cards = [deck[p * per:(p + 1) * per] for p in range(players)]
        # DD-2: every tile is dealt, face up; a hand is {kind: [singles, doubles, triples]}.
        self.hands = [{kind: [0, 0, 0] for kind in KINDS} for _ in range(players)]
        for size in range(3):
            pool = [kind for kind in KINDS for _ in range(SUPPLY[kind][size])]
            self.rng.shuffle(pool)
            each = DEAL[players][size]
            for p in range(players):
                for kind in pool[p * each:(p + 1) * each]:
                    self.hands[p][kind][size] += 1
        self.people = [list(PEOPLE) for _ in range(players)]
        self.ground = [FREE] * CELLS
        for corner in CORNERS:
            self.ground[corner] = CORNER
        self.tokens: dict[str, Any] = {stretch: START[stretch] for stretch in STRETCHES}
        self.closed: list[str] = []
        self.tiles: list[dict[str, Any]] = []
        self.current = 0  # the lobby seats the starting player at seat 0
        self.turn = 1
        self.phase = PLACE
        self.vote: dict[str, Any] | None = None  # the toilet vote under way (DD-6)
        self.last_vote: dict[str, Any] | None = None
        self.picks: SecretChoices | None = None  # the variant's first-card picks (DD-8)
        self.pick_held = False
        self.first_cards: list[str] | None = None

    # --- who acts, and what they may do ---------------------------------------------------
    def active_players(self) -> list[int]:
        if self.phase == PLACE:
            return [self.current]
        if self.phase == VOTE:
            vote = self._running_vote()
            return [vote["order"][vote["step"]]]
        if self.phase == JEIN:
            return [self._next_jein()]
        if self.phase == PICK:
            return self._running_picks().pending()
        return []

    def legal_actions(self, player: int) -> list[Action]:
        if not self.is_seat(player) or player not in self.active_players():
            return []
        if self.phase == PLACE:
            return self._placements(player)
        if self.phase == VOTE:
            return [{"type": "vote", "cards": list(cards)} for cards in vote_choices(self.people[player])]
        if self.phase == JEIN:
            return [{"type": "jein", "side": side} for side in SIDES]
        return [{"type": "pick", "card": card} for card in sorted(self.cards[player])]

    def _placements(self, player: int) -> list[Event]:
        hand, actions = self.hands[player], []
        for stretch in STRETCHES:
            token = self.tokens[stretch]
            if token is None:
                continue
            held = hand[STRETCH_KIND[stretch]]
            if not any(held):
                continue
            for size, dock, run, _ in placements(self.ground, token):
                if held[size - 1]:
                    actions.append({"type": "place", "stretch": stretch, "size": size, "cell": xy(dock), "dir": run})
        return actions

    def can_place(self, player: int) -> bool:
        """Whether ``player`` holds a tile that fits at some token (DD-5)."""
        hand = self.hands[player]
        for stretch in STRETCHES:
            token = self.tokens[stretch]
            if token is None:
                continue
            held = hand[STRETCH_KIND[stretch]]
            if any(held) and any(held[: max_fit(self.ground, token)]):
                return True
        return False

    # --- applying actions -----------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> list[Event]:
        if self.phase == PLACE:
            return self._place(player, action)
        if self.phase == VOTE:
            return self._commit_vote(player, action["cards"])
        if self.phase == JEIN:
            return self._declare_jein(player, action["side"])
        return self._pick(player, action["card"])

    def _place(self, player: int, action: Action) -> list[Event]:
        stretch, size = action["stretch"], action["size"]
        kind = STRETCH_KIND[stretch]
        dock = action["cell"][1] * WIDTH + action["cell"][0]
        cells = [dock] + (RAY[dock][action["dir"]][: size - 1] if size > 1 else [])
        self.hands[player][kind][size - 1] -= 1
        for cell in cells:
            self.ground[cell] = COVERED
        if size == 3:
            self.ground[cells[1]] = BRIDGE  # DD-4
        self.tiles.append({
            "stretch": stretch, "kind": kind, "size": size, "cells": cells,
            "player": player, "from": self.tokens[stretch],
        })
        self.tokens[stretch] = cells[-1]  # DD-3: the token moves to the end-field
        toilets = [cell for cell in cells if IS_TOILET[cell]]
        events = [{
            "type": "placed", "player": player, "stretch": stretch, "kind": kind, "size": size,
            "cells": [xy(c) for c in cells], "toilets": [xy(c) for c in toilets],
        }]
        if toilets:
            return events + self._start_vote(player, toilets)
        return events + self._end_turn()

    # --- the toilet vote (DD-6) ---------------------------------------------------------
    def _start_vote(self, placer: int, toilets: list[int]) -> list[Event]:
        self.phase = VOTE
        self.vote = {
            "placer": placer,
            "toilets": toilets,
            "order": [(placer + i) % self.players for i in range(self.players)],
            "step": 0,
            "cards": [None] * self.players,
            "jein": [None] * self.players,
        }
        return [{
            "type": "vote_started", "placer": placer, "toilets": [xy(c) for c in toilets],
            "order": list(self.vote["order"]), "rule": "DD-6",
        }]

    def _running_vote(self) -> dict[str, Any]:
        """The toilet vote under way (phases VOTE and JEIN)."""
        if self.vote is None:
            raise RuntimeError("no toilet vote is under way")
        return self.vote

    def _commit_vote(self, player: int, cards: list[str]) -> list[Event]:
        vote = self._running_vote()
        vote["cards"][player] = list(cards)
        vote["step"] += 1
        events = [
            {"type": "vote_committed", "player": player, "count": len(cards)},
            private({"type": "voted", "player": player, "cards": list(cards)}, [player]),
        ]
        if vote["step"] < self.players:
            return events
        jein_players = [p for p in vote["order"] if "jein" in vote["cards"][p]]
        yes, no = count_votes(vote["cards"], vote["jein"])
        events.append({
            "type": "vote_revealed", "cards": [list(c) for c in vote["cards"]],
            "yes": yes, "no": no, "jein": jein_players,
        })
        if jein_players:
            self.phase = JEIN
            return events
        return events + self._resolve_vote()

    def _next_jein(self) -> int:
        vote = self._running_vote()
        player: int = next(p for p in vote["order"] if "jein" in vote["cards"][p] and vote["jein"][p] is None)
        return player

    def _declare_jein(self, player: int, side: str) -> list[Event]:
        vote = self._running_vote()
        vote["jein"][player] = side
        events = [{"type": "jein_declared", "player": player, "side": side}]
        if any("jein" in vote["cards"][p] and vote["jein"][p] is None for p in range(self.players)):
            return events
        return events + self._resolve_vote()

    def _resolve_vote(self) -> list[Event]:
        vote = self._running_vote()
        yes, no = count_votes(vote["cards"], vote["jein"])
        stays = yes >= no
        for player, played in enumerate(vote["cards"]):
            for card in played:
                if card != "blank":  # spent cards leave the game; the blank one returns
                    self.people[player].remove(card)
        events = [{
            "type": "vote_result", "placer": vote["placer"], "yes": yes, "no": no, "stays": stays,
            "jein": list(vote["jein"]), "rule": "DD-6",
        }]
        self.last_vote = {
            "placer": vote["placer"], "toilets": [xy(c) for c in vote["toilets"]],
            "cards": [list(c) for c in vote["cards"]], "jein": list(vote["jein"]),
            "yes": yes, "no": no, "stays": stays,
        }
        self.vote = None
        self.phase = PLACE
        if not stays:
            tile = self.tiles.pop()
            for cell in tile["cells"]:
                self.ground[cell] = FREE
            self.hands[tile["player"]][tile["kind"]][tile["size"] - 1] += 1
            self.tokens[tile["stretch"]] = tile["from"]
            events.append({
                "type": "tile_returned", "player": tile["player"], "stretch": tile["stretch"],
                "size": tile["size"], "cells": [xy(c) for c in tile["cells"]],
            })
        return events + self._end_turn()

    # --- turns, closed stretches and the end (DD-5) -----------------------------------------
    def _end_turn(self) -> list[Event]:
        events = []
        for stretch in STRETCHES:
            token = self.tokens[stretch]
            if token is not None and not can_dock(self.ground, token):
                self.tokens[stretch] = None
                self.closed.append(stretch)
                events.append({"type": "stretch_closed", "stretch": stretch, "cell": xy(token), "rule": "DD-5"})
        if self.variant and self.closed and not self.pick_held:
            return events + self._start_pick()  # DD-8: the first stretch has closed
        return events + self._next_player()

    def _next_player(self) -> list[Event]:
        for step in range(1, self.players + 1):
            player = (self.current + step) % self.players
            if self.can_place(player):
                # DD-5: whoever is skipped on the way holds no tile that fits: a forced pass
                skipped = [(self.current + s) % self.players for s in range(1, step)]
                self.current = player
                self.turn += 1
                return [{"type": "passed", "player": p, "rule": "DD-5"} for p in skipped] + [
                    {"type": "turn", "player": player, "turn": self.turn}
                ]
        if self.variant and not self.pick_held:
            return self._start_pick()  # no stretch closed before the end: pick now
        return self._end_game()

    def _start_pick(self) -> list[Event]:
        self.phase = PICK
        self.pick_held = True
        self.picks = SecretChoices(self.players, range(self.players))
        return [{"type": "pick_started", "rule": "DD-8"}]

    def _running_picks(self) -> SecretChoices:
        """The first-card picks under way (phase PICK)."""
        if self.picks is None:
            raise RuntimeError("no first-card pick is under way")
        return self.picks

    def _pick(self, player: int, card: str) -> list[Event]:
        picks = self._running_picks()
        events = picks.commit(player, card, "picked", "card")
        if not picks.complete():
            return events
        self.first_cards = [picks.revealed()[p] for p in range(self.players)]
        self.picks = None
        self.phase = PLACE
        events.append({"type": "picks_complete"})
        return events + self._next_player()

    def _end_game(self) -> list[Event]:
        self.phase = OVER
        self.vote = None
        return [{
            "type": "game_over",
            "cards": self._ordered_cards(),
            "points": self.card_points(),
            "people_left": [len(p) for p in self.people],
            "winners": self.winners(),
        }]

    # --- results (DD-7, DD-8) -------------------------------------------------------------
    def _ordered_cards(self) -> list[list[str]]:
        """Each player's building cards, the one that counts first in front."""
        out = []
        for p in range(self.players):
            cards = list(self.cards[p])
            if self.first_cards is not None and cards[0] != self.first_cards[p]:
                cards.reverse()
            out.append(cards)
        return out

    def card_points(self) -> list[list[int]]:
        """Points of each player's cards in counting order."""
        return [[card_points(card, self.ground) for card in cards] for cards in self._ordered_cards()]

    def scores(self) -> list[int]:
        """Points of the card that counts (the first one in the variant)."""
        return [points[0] for points in self.card_points()]

    def winners(self) -> list[int]:
        """Most points; ties: the second card (DD-8), then most people cards (DD-7)."""
        return best_seats([(*points, len(self.people[p])) for p, points in enumerate(self.card_points())])

    # --- what each player may know (DD-2, DD-9) ---------------------------------------------
    def view(self, player: int | None) -> View:
        """What ``player`` may know (DD-2, DD-9); None is a spectator. IllegalAction for a
        seat that is not at the table (-1 or True would otherwise index another's cards)."""
        view = {
            **self._view_header(player),
            "variant": self.variant,
            "current": self.current,
            "turn": self.turn,
            "width": WIDTH,
            "height": HEIGHT,
            "tiles": [
                {"stretch": t["stretch"], "kind": t["kind"], "size": t["size"],
                 "cells": [xy(c) for c in t["cells"]], "player": t["player"]}
                for t in self.tiles
            ],
            "tokens": {s: None if c is None else xy(c) for s, c in self.tokens.items()},
            "closed": list(self.closed),
            "hands": [{kind: list(counts) for kind, counts in hand.items()} for hand in self.hands],
            "people": [list(cards) for cards in self.people],
            "card_counts": [len(cards) for cards in self.cards],
            "last_vote": encode(self.last_vote),
            "vote": self._vote_view(player),
        }
        if player is not None:
            view["cards"] = list(self.cards[player])
            if self.first_cards is not None:
                view["first_card"] = self.first_cards[player]
        if self.phase == PICK:
            view["pick"] = self._running_picks().view_for(player)
        if self.phase == OVER:
            view["all_cards"] = self._ordered_cards()
            view["points"] = self.card_points()
            view["winners"] = self.winners()
        return view

    def _vote_view(self, player: int | None) -> dict[str, Any] | None:
        vote = self.vote
        if vote is None:
            return None
        out = {
            "placer": vote["placer"],
            "toilets": [xy(c) for c in vote["toilets"]],
            "tile": [xy(c) for c in self.tiles[-1]["cells"]],
            "order": list(vote["order"]),
            "committed": [None if c is None else len(c) for c in vote["cards"]],
        }
        if self.phase == JEIN:  # revealed: everyone sees every card and every declaration
            out["cards"] = [list(c) for c in vote["cards"]]
            out["jein"] = list(vote["jein"])
        elif player is not None and vote["cards"][player] is not None:
            out["mine"] = list(vote["cards"][player])
        return out

    def describe(self, action: Action, tr: Translator | None = None) -> str:
        """The move in words, in ``tr``'s language (English without one)."""
        _ = tr.gettext if tr is not None else str
        kind = action["type"]
        if kind == "place":
            x, y = action["cell"]
            where = cell_name(y * WIDTH + x)
            size = action["size"]
            template = _PLACE_WORDS[action["stretch"], size]
            if size == 1:
                return _(template).format(where=where)
            direction = _DIR_WORDS[action["dir"]]
            if tr is not None:  # which way it runs, ending the sentence (German "nach Osten")
                direction = {"n": tr.pgettext("running", "north"), "e": tr.pgettext("running", "east"),
                             "s": tr.pgettext("running", "south"), "w": tr.pgettext("running", "west")}[action["dir"]]
            return _(template).format(where=where, direction=direction)
        if kind == "vote":
            if tr is None:
                return "votes with " + ", ".join(PEOPLE_NAMES[c] for c in action["cards"])
            cards = ", ".join(tr.gettext(PEOPLE_WORDS[c]) for c in action["cards"])
            return tr.gettext("votes with {cards}").format(cards=cards)
        if kind == "jein":
            if action["side"] == "yes":
                return _("counts the Jein as yes")
            if action["side"] == "no":
                return _("counts the Jein as no")
            raise KeyError(action["side"])
        if tr is None:
            return f"lets the {CARD_NAMES[action['card']]} card count first"
        card = CARD_WORDS[action["card"]]
        return tr.gettext("lets the {card} card count first").format(card=tr.gettext(card))

    # --- helpers ----------------------------------------------------------------------------
    def _check(self, player: int, action: Action) -> None:
        self._check_type(action, ACTION_OF_PHASE[self.phase])
        if self.phase == PLACE:
            self._check_place(player, action)
        elif self.phase == VOTE:
            self._check_vote(player, action)
        elif self.phase == JEIN:
            check_fields(action, ("type", "side"))
            side = action["side"]
            if not isinstance(side, str) or side not in SIDES:
                raise IllegalAction("no_such_side", N_("a Jein counts as 'yes' or 'no'"))
        else:
            check_fields(action, ("type", "card"))
            card = action["card"]
            if not isinstance(card, str) or card not in self.cards[player]:
                raise IllegalAction("card_not_held", N_("pick one of your own two building cards"))

    def _check_place(self, player: int, action: Action) -> None:
        check_fields(action, ("type", "stretch", "size", "cell", "dir"))
        stretch, size, cell, run = action["stretch"], action["size"], action["cell"], action["dir"]
        if not isinstance(stretch, str) or stretch not in STRETCH_KIND:
            raise IllegalAction("no_such_stretch", N_("stretches are wall_nw, wall_se, street, river"))
        if not is_whole(size) or size not in (1, 2, 3):
            raise IllegalAction("no_such_size", N_("a tile covers 1, 2 or 3 cells"))
        if not (isinstance(cell, list) and len(cell) == 2 and all(is_whole(v) for v in cell)
                and 0 <= cell[0] < WIDTH and 0 <= cell[1] < HEIGHT):
            raise IllegalAction("no_such_cell", N_("the docking cell must be [x, y] on the board"))
        if size == 1:
            if run is not None:
                raise IllegalAction("malformed", N_("a single tile has no direction"))
        elif not isinstance(run, str) or run not in STEP:
            raise IllegalAction("no_such_direction", N_("a tile runs n, e, s or w"))
        token = self.tokens[stretch]
        if token is None:
            raise IllegalAction("stretch_closed", CLOSED_STRETCH[stretch])
        kind = STRETCH_KIND[stretch]
        if not self.hands[player][kind][size - 1]:
            raise IllegalAction("tile_not_held", NOT_HELD[kind, size])
        dock = cell[1] * WIDTH + cell[0]
        for p_size, p_dock, p_run, _ in placements(self.ground, token, size):
            if p_size == size and p_dock == dock and p_run == run:
                return
        raise IllegalAction("cannot_place", N_("the tile must dock at the token and fit on free ground"))

    def _check_vote(self, player: int, action: Action) -> None:
        check_fields(action, ("type", "cards"))
        cards = action["cards"]
        if not isinstance(cards, list) or not cards:
            raise IllegalAction("no_cards", N_("put down one or more people cards"))
        if not all(isinstance(c, str) and c in PEOPLE_INDEX for c in cards):
            raise IllegalAction("no_such_card", N_("people cards are ja, jaa, jaaa, ne, nee, neee, jein, blank"))
        order = [PEOPLE_INDEX[c] for c in cards]
        if any(a >= b for a, b in zip(order, order[1:], strict=False)):
            raise IllegalAction("card_order", N_("list each card once, in the order ja, jaa, jaaa, ne, nee, neee, jein, blank"))
        missing = [c for c in cards if c not in self.people[player]]
        if missing:
            raise IllegalAction("card_not_held", NO_LONGER_HELD[missing[0]])


_DIR_WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"}
# A placement in words: a sentence per stretch and tile size (German inflects the stretch).
_PLACE_WORDS = {
    ("wall_nw", 1): N_("places a wall single on the wall nw stretch at {where}"),
    ("wall_nw", 2): N_("places a wall double on the wall nw stretch at {where} running {direction}"),
    ("wall_nw", 3): N_("places a wall triple on the wall nw stretch at {where} running {direction}"),
    ("wall_se", 1): N_("places a wall single on the wall se stretch at {where}"),
    ("wall_se", 2): N_("places a wall double on the wall se stretch at {where} running {direction}"),
    ("wall_se", 3): N_("places a wall triple on the wall se stretch at {where} running {direction}"),
    ("street", 1): N_("places a street single on the street stretch at {where}"),
    ("street", 2): N_("places a street double on the street stretch at {where} running {direction}"),
    ("street", 3): N_("places a street triple on the street stretch at {where} running {direction}"),
    ("river", 1): N_("places a river single on the river stretch at {where}"),
    ("river", 2): N_("places a river double on the river stretch at {where} running {direction}"),
    ("river", 3): N_("places a river triple on the river stretch at {where} running {direction}"),
}

# Refusals worded whole, a sentence per case (the reader's client translates them).
CLOSED_STRETCH = {
    "wall_nw": N_("the wall_nw stretch is closed"),
    "wall_se": N_("the wall_se stretch is closed"),
    "street": N_("the street stretch is closed"),
    "river": N_("the river stretch is closed"),
}
NOT_HELD = {
    ("wall", 1): N_("you hold no wall single"),
    ("wall", 2): N_("you hold no wall double"),
    ("wall", 3): N_("you hold no wall triple"),
    ("street", 1): N_("you hold no street single"),
    ("street", 2): N_("you hold no street double"),
    ("street", 3): N_("you hold no street triple"),
    ("river", 1): N_("you hold no river single"),
    ("river", 2): N_("you hold no river double"),
    ("river", 3): N_("you hold no river triple"),
}
NO_LONGER_HELD = {
    "ja": N_("you no longer hold Ja"),
    "jaa": N_("you no longer hold Jaa"),
    "jaaa": N_("you no longer hold Jaaa"),
    "ne": N_("you no longer hold Ne"),
    "nee": N_("you no longer hold Nee"),
    "neee": N_("you no longer hold Neee"),
    "jein": N_("you no longer hold Jein"),
    "blank": N_("you no longer hold blank"),
}
