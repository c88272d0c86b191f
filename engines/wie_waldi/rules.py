"""Wie Waldi rules: every player races at once to build and complete dachshunds.

Rulings WA-1 to WA-8 (../shared/RULINGS.md); the English reading, the card table and the
notation are in docs/rules/wie_waldi.md. The engine is clockless: the host applies
actions in the order they arrive (WA-3) and owns the optional round timer (WA-5).
"""

from typing import Any

from ..errors import N_, IllegalAction
from ..events import private
from ..state import OVER, GameState, best_seats, check_fields, is_whole
from ..types import Action, Event, Options, View
from ..words import Translator
from .cards import (
    CODES,
    COLOURS,
    HEAD,
    HEAD_SLOT,
    KIND,
    LEFT,
    MARKERS,
    PILE_SIZE,
    PILES,
    RIGHT,
    SET,
    SET_SIZE,
    SLOT,
    TAIL,
    card_name,
    code_of,
    owner_of,
)

READY, RACE = "ready", "race"
ROUNDS = 3  # WA-7
COUNTDOWN = 3  # seconds of "Ready - Wuff!" before every round (WA-5), the default
# Between rounds everyone first sees the tally of the round just over (WA-6): the next
# countdown runs this much longer.
TALLY_SECONDS = 5
STOP, DEADLOCK, TIMER = "stop", "deadlock", "timer"
BONE_POINTS = {"gold": 3, "silver": 2, "bronze": 1}
RANK_BONES = {1: "gold", 2: "silver", 3: "bronze"}  # WA-6: rank 4 gets nothing
TIME_UP = {"type": "time_up"}
WUFF = {"type": "wuff"}

_DRAW_FIELDS = ("type", "pile")
_START_FIELDS = ("type", "card")
_PLAY_FIELDS = ("type", "card", "dog", "end")


def _shown(value: object) -> str | None:
    """A value from the wire, short and safe to print in a reason (``repr`` of a huge int
    or a deeply nested list would raise instead of explaining); None for anything else
    (a huge number, a list): the reason then says "that" instead of showing it."""
    if type(value) is int and -1000 < value < 1000:
        return str(value)
    if type(value) is str:
        return repr(value) if len(value) <= 20 else repr(value[:17] + "...")
    return None


# Refusals name colours and who was first in whole sentences, one per case, so that each
# language words them its own way (the data holds numbers only). Player numbers count from 1.
_END_TAKEN_BY_YOU = (
    N_("you played on that end first; dog {dog} now ends in red"),
    N_("you played on that end first; dog {dog} now ends in yellow"),
    N_("you played on that end first; dog {dog} now ends in green"),
    N_("you played on that end first; dog {dog} now ends in blue"),
)
_END_TAKEN_BY = (
    N_("Player {player} played on that end first; dog {dog} now ends in red"),
    N_("Player {player} played on that end first; dog {dog} now ends in yellow"),
    N_("Player {player} played on that end first; dog {dog} now ends in green"),
    N_("Player {player} played on that end first; dog {dog} now ends in blue"),
)
_WRONG_COLOUR = {  # (the colour the card needs, the dog's end colour)
    (0, 1): N_("your card needs a red end; dog {dog} ends in yellow"),
    (0, 2): N_("your card needs a red end; dog {dog} ends in green"),
    (0, 3): N_("your card needs a red end; dog {dog} ends in blue"),
    (1, 0): N_("your card needs a yellow end; dog {dog} ends in red"),
    (1, 2): N_("your card needs a yellow end; dog {dog} ends in green"),
    (1, 3): N_("your card needs a yellow end; dog {dog} ends in blue"),
    (2, 0): N_("your card needs a green end; dog {dog} ends in red"),
    (2, 1): N_("your card needs a green end; dog {dog} ends in yellow"),
    (2, 3): N_("your card needs a green end; dog {dog} ends in blue"),
    (3, 0): N_("your card needs a blue end; dog {dog} ends in red"),
    (3, 1): N_("your card needs a blue end; dog {dog} ends in yellow"),
    (3, 2): N_("your card needs a blue end; dog {dog} ends in green"),
}


def bones_for(cards: list[int]) -> list[list[str]]:
    """The rank bones of one round from each player's count of owned cards (WA-6).

    Ties share the better rank and skip the next (5, 5, 3 -> ranks 1, 1, 3). With two
    or three players the worst rank is 2 or 3, so everyone gets at least bronze.
    """
    bones = []
    for count in cards:
        rank = 1 + sum(1 for other in cards if other > count)
        bones.append([RANK_BONES[rank]] if rank in RANK_BONES else [])
    return bones


class WieWaldiState(GameState):
    GAME_ID = "wie_waldi"
    ACTION_TYPES = frozenset({"draw", "play", "put_back", "start"})  # any other type: unknown_action (GameState.check_known)
    UNKNOWN_ACTION = N_("{type} is not a Wie Waldi action")

    def __init__(self, players: int, seed: int, options: Options):
        super().__init__(players, seed, options)
        self.rounds = options.get("rounds", ROUNDS)
        self.round_timer = options.get("round_timer", 0)
        self.countdown = options.get("countdown", COUNTDOWN)
        self.round = 0
        self.phase = READY
        self.next_dog = (
            0  # dog ids run on over the whole game, so a late action never hits a new dog
        )
        self.totals = [0] * players
        self.results: list[dict[str, Any]] = []
        self._start_round()

    def _start_round(self) -> None:
        """Each player shuffles their set into three face-down piles of ten (WA-2); nobody
        draws before the host's "Wuff!" ends the countdown (WA-5)."""
        self.phase = READY
        self.piles: list[list[list[int]]] = []
        for player in range(self.players):
            cards = list(range(player * SET_SIZE, (player + 1) * SET_SIZE))
            self.rng.shuffle(cards)
            self.piles.append([cards[i * PILE_SIZE : (i + 1) * PILE_SIZE] for i in range(PILES)])
        self.hands: list[Any] = [None] * self.players  # a pile's top is its last element
        self.hand_piles: list[Any] = [None] * self.players  # per seat: a card and its pile, or None
        self.markers = [MARKERS] * self.players
        self.first_dog = self.next_dog
        self.dogs: list[dict[str, Any]] = []
        self._recount()

    def _recount(self) -> None:
        """Rebuild the deadlock counters (WA-5) from piles, hands and dogs.

        ``reserve[p]`` counts p's unplayed cards by the colour their left edge needs (slot
        4: heads, which always fit); ``open_ends`` counts open dogs by end colour.
        """
        self.reserve = [[0] * 5 for _ in range(self.players)]
        for player in range(self.players):
            cards = [c for pile in self.piles[player] for c in pile]
            if self.hands[player] is not None:
                cards.append(self.hands[player])
            for card in cards:
                self.reserve[player][SLOT[card % SET_SIZE]] += 1
        self.open_ends = [0] * 4
        for dog in self.dogs:
            if dog["tail"] is None:
                self.open_ends[dog["end"]] += 1

    # --- who acts, and what they may do (WA-2, WA-3) -----------------------------------
    def active_players(self) -> list[int]:
        """Everyone who still holds a card or has one in a pile: all at once (WA-3)."""
        if self.phase != RACE:
            return []
        hands, piles = self.hands, self.piles
        return [p for p in range(self.players) if hands[p] is not None or any(piles[p])]

    def legal_actions(self, player: int) -> list[Action]:
        if self.phase != RACE or not self.is_seat(player):
            return []
        card = self.hands[player]
        if card is None:
            return [
                {"type": "draw", "pile": k} for k, pile in enumerate(self.piles[player]) if pile
            ]
        index = card % SET_SIZE
        code = SET[index]
        actions: list[Action] = [{"type": "put_back"}]
        if KIND[index] == HEAD:
            actions.append({"type": "start", "card": code})
            return actions
        left = LEFT[index]
        for dog in self.dogs:
            if dog["tail"] is None and dog["end"] == left:
                actions.append(
                    {"type": "play", "card": code, "dog": dog["id"], "end": len(dog["cards"])}
                )
        return actions

    def host_timer(self) -> dict[str, Any] | None:
        """WA-5: the "Ready - Wuff!" countdown before every round (after the first, the
        tally of the last round comes first), then the optional round timer while a round
        is raced."""
        if self.phase == READY:
            seconds = self.countdown + (TALLY_SECONDS if self.round else 0)
            return {"seconds": seconds, "key": f"ready-{self.round}"}
        if self.round_timer and self.phase == RACE:
            return {"seconds": self.round_timer, "key": f"round-{self.round}"}
        return None

    def host_actions(self) -> list[Action]:
        """"Wuff!" when the countdown is over; the round timer running out (WA-5), offered
        only with the timer option on."""
        if self.phase == READY:
            return [dict(WUFF)]
        return [dict(TIME_UP)] if self.round_timer and self.phase == RACE else []

    # --- applying actions -----------------------------------------------------------------
    def apply(self, player: int | None, action: Action) -> list[Event]:
        # Clearer reasons than "not your turn": the countdown runs (WA-5), or all of
        # this player's cards are played; an unknown type is unknown first, as in every game.
        if self.is_seat(player) and not self.is_over():
            self.check_known(action)
        if self.is_seat(player) and self.phase == READY:
            self._check_round(action)  # a play sent before "Stop!" arriving in the countdown
            raise IllegalAction(  # WA-5
                "countdown", N_("wait for Wuff!: no card may be drawn before the countdown ends")
            )
        if (
            self.is_seat(player)
            and self.phase == RACE
            and self.hands[player] is None
            and not any(self.piles[player])
        ):
            raise IllegalAction(
                "out_of_cards", N_("Player {player} has played every card this round"),
                {"player": player + 1},
            )
        return super().apply(player, action)

    def _apply(self, player: int, action: Action) -> list[Event]:
        kind = action["type"]
        if kind == "draw":
            pile = action["pile"]
            card = self.piles[player][pile].pop()
            self.hands[player] = card
            self.hand_piles[player] = pile
            return [
                {"type": "drew", "player": player, "pile": pile},
                private(
                    {"type": "drawn", "player": player, "pile": pile, "card": code_of(card)},
                    [player],
                ),
            ]
        if kind == "put_back":
            pile = self.hand_piles[player]
            self.piles[player][pile].insert(0, self.hands[player])  # WA-2: under its own pile
            self.hands[player] = self.hand_piles[player] = None
            return [{"type": "put_back", "player": player, "pile": pile}]
        return self._play(player, action)

    def _play(self, player: int, action: Action) -> list[Event]:
        card = self.hands[player]
        index = card % SET_SIZE
        self.hands[player] = self.hand_piles[player] = None
        self.reserve[player][SLOT[index]] -= 1
        if action["type"] == "start":
            dog = {
                "id": self.next_dog,
                "cards": [card],
                "end": RIGHT[index],
                "tail": None,
                "owner": None,
                "cat": False,
            }
            self.next_dog += 1
            self.dogs.append(dog)
            events = [
                {"type": "dog_started", "player": player, "dog": dog["id"], "card": SET[index]}
            ]
        else:
            dog = self.dogs[action["dog"] - self.first_dog]
            dog["cards"].append(card)
            self.open_ends[dog["end"]] -= 1
            events = [
                {
                    "type": "played",
                    "player": player,
                    "dog": dog["id"],
                    "card": SET[index],
                    "end": len(dog["cards"]),
                }
            ]
        if RIGHT[index] >= 0:
            dog["end"] = RIGHT[index]
            self.open_ends[dog["end"]] += 1
        else:
            events.append(self._complete(player, dog, KIND[index] != TAIL))
            if self.markers[player] == 0:
                return events + self._end_round(STOP)  # WA-5: "Stop!" on the sixth marker
        if not self._anyone_can_play():
            return events + self._end_round(DEADLOCK)  # WA-5
        return events

    def _complete(self, player: int, dog: dict[str, Any], cat: bool) -> dict[str, Any]:
        """WA-4: the tail's player moves the dog aside under one of their markers."""
        dog["end"] = -1
        dog["tail"] = player
        dog["cat"] = cat
        dog["owner"] = player if cat else owner_of(dog["cards"][0])
        self.markers[player] -= 1
        return {
            "type": "dog_completed",
            "dog": dog["id"],
            "player": player,
            "owner": dog["owner"],
            "cat": cat,
            "cards": len(dog["cards"]),
            "markers": list(self.markers),
        }

    def _anyone_can_play(self) -> bool:
        """Whether any unplayed card of anyone fits now (WA-5); only a play changes this."""
        open_ends = self.open_ends
        for reserve in self.reserve:
            if reserve[HEAD_SLOT] or (
                (reserve[0] and open_ends[0])
                or (reserve[1] and open_ends[1])
                or (reserve[2] and open_ends[2])
                or (reserve[3] and open_ends[3])
            ):
                return True
        return False

    def _apply_host(self, action: Action) -> list[Event]:
        if action["type"] == WUFF["type"]:  # WA-5: the countdown is over, everyone races
            self.phase = RACE
            return [{"type": "wuff", "round": self.round + 1}]
        return self._end_round(TIMER)

    def _end_round(self, reason: str) -> list[Event]:
        """Score the round (WA-6); hand cards are discarded, unfinished dogs count for nobody."""
        cards = [0] * self.players
        for dog in self.dogs:
            if dog["owner"] is not None:
                cards[dog["owner"]] += len(dog["cards"])
        bones = bones_for(cards)
        emptied = [self._emptied_a_pile(p) for p in range(self.players)]
        for player in range(self.players):
            if emptied[player]:
                bones[player].append("bronze")
        points = [sum(BONE_POINTS[b] for b in bs) for bs in bones]
        self.totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        result = {
            "round": self.round + 1,
            "reason": reason,
            "cards": cards,
            "bones": bones,
            "emptied": emptied,
            "points": points,
        }
        self.results.append(result)
        events = [{"type": "round_over", **result, "totals": list(self.totals)}]
        self.round += 1
        if self.round >= self.rounds:
            self.phase = OVER
            self.hands = [None] * self.players
            self.hand_piles = [None] * self.players
            return events + [
                {"type": "game_over", "totals": list(self.totals), "winners": self.winners()}
            ]
        self._start_round()
        return events + [{"type": "round", "round": self.round + 1}]

    def _emptied_a_pile(self, player: int) -> bool:
        """WA-6 bronze: every card of at least one pile played (a last card still in hand
        does not count: it is discarded at "Stop!", not played)."""
        return any(
            not pile and self.hand_piles[player] != k for k, pile in enumerate(self.piles[player])
        )

    # --- results (WA-7) ---------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Bone points so far."""
        return list(self.totals)

    def winners(self) -> list[int]:
        return best_seats(self.totals)

    # --- what each player may know (WA-8) ---------------------------------------------------
    def view(self, player: int | None) -> View:
        """What ``player`` may know (WA-8); None is a spectator. IllegalAction for a seat
        that is not at the table (a bool or -1 would otherwise index another's hand)."""
        view = {
            **self._view_header(player),
            "round": min(self.round + 1, self.rounds),
            "rounds": self.rounds,
            "round_timer": self.round_timer or None,  # the option's seconds; None when it is off
            "countdown": self.countdown,
            "pile_sizes": [[len(pile) for pile in piles] for piles in self.piles],
            "holding": list(self.hand_piles),  # who holds a card, and from which pile
            "dogs": [self._show_dog(dog) for dog in self.dogs],
            "markers": list(self.markers),
            "totals": list(self.totals),
            "results": [_copy_result(r) for r in self.results],  # views never share state lists
        }
        if player is not None:
            card = self.hands[player]
            view["hand"] = None if card is None else code_of(card)
        return view

    @staticmethod
    def _show_dog(dog: dict[str, Any]) -> dict[str, Any]:
        return {
            "id": dog["id"],
            "cards": [{"card": SET[c % SET_SIZE], "player": c // SET_SIZE} for c in dog["cards"]],
            "end": None if dog["end"] < 0 else COLOURS[dog["end"]],
            "complete": dog["tail"] is not None,
            "marker": dog["tail"],
            "owner": dog["owner"],
            "cat": dog["cat"],
        }

    def describe(self, action: Action, tr: Translator | None = None) -> str:
        """The move in words, in ``tr``'s language (English without one)."""
        _ = tr.gettext if tr is not None else str
        kind = action["type"]
        if kind == "draw":
            return _("draws from pile {pile}").format(pile=action["pile"] + 1)
        if kind == "put_back":
            return _("puts the card back under its pile")
        if kind == "start":
            return _("starts a new dog with a {card}").format(card=card_name(action["card"], tr))
        if kind == "play":
            data = {"dog": action["dog"], "card": card_name(action["card"], tr)}
            if action["card"][0] != "M":
                return _("completes dog {dog} with a {card}").format(**data)
            return _("extends dog {dog} with a {card}").format(**data)
        if kind == "wuff":
            return _("Wuff! the race begins")
        return _("the round timer runs out")

    # --- validation: reasons a racing player understands (WA-3) ---------------------------
    def _check(self, player: int, action: Action) -> None:
        if type(action) is not dict or type(action.get("type")) is not str:
            raise IllegalAction("malformed", N_("an action must be a dict with a type"))
        kind = action["type"]
        hand = self.hands[player]
        if kind == "draw":
            check_fields(action, _DRAW_FIELDS, N_("a draw names one pile: type draw, pile 0, 1 or 2"))
            pile = action["pile"]
            if not is_whole(pile) or not 0 <= pile < PILES:
                shown = _shown(pile)
                if shown is None:
                    raise IllegalAction("no_such_pile", N_("there is no such pile; piles are 0, 1 and 2"))
                raise IllegalAction(
                    "no_such_pile", N_("there is no pile {pile}; piles are 0, 1 and 2"), {"pile": shown}
                )
            if hand is not None:
                raise IllegalAction(
                    "hand_full", N_("you already hold a card: play it or put it back first")
                )
            if not self.piles[player][pile]:
                raise IllegalAction("pile_empty", N_("your pile {pile} is empty"), {"pile": pile + 1})
            return
        if kind == "put_back":
            check_fields(action, ("type",), N_("a put_back has no other fields"))
            if hand is None:
                raise IllegalAction("hand_empty", N_("you hold no card to put back"))
            return
        if kind == "start":
            check_fields(action, _START_FIELDS, N_("a start names the head: type start, card such as Hr"))
            self._check_hand(player, action["card"])
            if action["card"][0] != HEAD:
                raise IllegalAction("not_a_head", N_("only a head starts a new dog"))
            return
        if kind == "play":
            check_fields(
                action, _PLAY_FIELDS, N_("a play names card, dog and end: type play, card, dog, end")
            )
            dog_id, end = action["dog"], action["end"]
            if not is_whole(dog_id) or not is_whole(end):
                raise IllegalAction("malformed", N_("a play's dog and end are whole numbers"))
            self._check_round(action)
            self._check_hand(player, action["card"])
            self._check_dog(player, action["card"], dog_id, end)
            return
        self.check_known(action)  # apply has: every type left is one of ACTION_TYPES

    def _check_round(self, action: Action) -> None:
        """A play aimed at a dog of an earlier round was sent before "Stop!"; its card was
        discarded then."""
        dog_id = action.get("dog") if type(action) is dict and action.get("type") == "play" else None
        if is_whole(dog_id) and 0 <= dog_id < self.first_dog:
            raise IllegalAction(
                "old_round", N_("dog {dog} belonged to an earlier round, which is over"), {"dog": dog_id}
            )

    def _check_hand(self, player: int, code: object) -> None:
        if type(code) is not str or code not in CODES:
            shown = _shown(code)
            if shown is None:
                raise IllegalAction("no_such_card", N_("that is not a Wie Waldi card"))
            raise IllegalAction("no_such_card", N_("{card} is not a Wie Waldi card"), {"card": shown})
        hand = self.hands[player]
        if hand is None:
            raise IllegalAction("hand_empty", N_("you hold no card: draw one first"))
        if code_of(hand) != code:  # the codes stay in the data, for a machine that reads them
            raise IllegalAction(
                "not_holding", N_("you hold another card, not that one"),
                {"held": code_of(hand), "card": code},
            )

    def _check_dog(self, player: int, code: str, dog_id: int, end: int) -> None:
        if code[0] == HEAD:
            raise IllegalAction("head_on_dog", N_("a head cannot join a dog: start a new dog with it"))
        if not self.first_dog <= dog_id < self.next_dog:  # earlier rounds: see _check
            shown = _shown(dog_id)
            if shown is None:
                raise IllegalAction("no_such_dog", N_("there is no such dog"))
            raise IllegalAction("no_such_dog", N_("there is no dog {dog}"), {"dog": shown})
        dog = self.dogs[dog_id - self.first_dog]
        if dog["tail"] is not None:
            if dog["tail"] == player:
                raise IllegalAction("dog_completed", N_("you completed that dog first"))
            raise IllegalAction(
                "dog_completed", N_("Player {player} completed that dog first"), {"player": dog["tail"] + 1}
            )
        length = len(dog["cards"])
        if end != length:
            if 0 < end < length:  # WA-3: a race lost
                first = owner_of(dog["cards"][end])
                if first == player:
                    raise IllegalAction("end_taken", _END_TAKEN_BY_YOU[dog["end"]], {"dog": dog_id})
                raise IllegalAction(
                    "end_taken", _END_TAKEN_BY[dog["end"]], {"player": first + 1, "dog": dog_id}
                )
            shown = _shown(end)
            if shown is None:
                raise IllegalAction("no_such_end", N_("dog {dog} has no such open end"), {"dog": dog_id})
            raise IllegalAction(
                "no_such_end", N_("dog {dog} has no open end after card {end}"), {"dog": dog_id, "end": shown}
            )
        index = SET.index(code)
        if LEFT[index] != dog["end"]:
            raise IllegalAction("wrong_colour", _WRONG_COLOUR[LEFT[index], dog["end"]], {"dog": dog_id})


def _copy_result(result: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of one round's result (ints, strings and lists of them), made much
    faster than a generic one: every view carries all of them."""
    return {"round": result["round"], "reason": result["reason"], "cards": list(result["cards"]),
            "bones": [list(bones) for bones in result["bones"]], "emptied": list(result["emptied"]),
            "points": list(result["points"])}


# --- notation (docs/rules/wie_waldi.md) -------------------------------------------------
def notation(action: Action) -> str:
    kind: str = action["type"]
    if kind == "draw":
        return f"draw {action['pile']}"
    if kind == "put_back":
        return "back"
    if kind == "start":
        return f"head {action['card']}"
    if kind == "play":
        return f"play {action['card']} {action['dog']}@{action['end']}"
    return kind  # the host's wuff and time_up


def _is_number(word: str) -> bool:
    return word.isascii() and word.isdigit()  # "²".isdigit() is true, but int("²") fails


def parse_action(text: str) -> Action:
    """The action for one line of notation; ValueError for anything else."""
    words = text.split()
    if words == ["back"]:
        return {"type": "put_back"}
    if words == ["time_up"]:
        return dict(TIME_UP)
    if words == ["wuff"]:
        return dict(WUFF)
    if len(words) == 2 and words[0] == "draw" and _is_number(words[1]):
        return {"type": "draw", "pile": int(words[1])}
    if len(words) == 2 and words[0] == "head":
        return {"type": "start", "card": words[1]}
    if len(words) == 3 and words[0] == "play":
        dog, _, end = words[2].partition("@")
        if _is_number(dog) and _is_number(end):
            return {"type": "play", "card": words[1], "dog": int(dog), "end": int(end)}
    raise ValueError(f"not Wie Waldi notation: {text!r}")
