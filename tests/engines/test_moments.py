"""Moments (engines/moments.py, engines/<id>/moments.py): the moments found in a game are
the ones its events say, in bot-played games and in step lists built by hand, and none
where the events lack them; every title is worded in English and German."""

import importlib

import pytest

from engines import new_game
from engines.botplay import next_bot_move
from engines.moments import BIGGEST_SWING, PHOTO_FINISH, Moment, biggest_swing, photo_finish
from engines.rng import Rng
from engines.steps import Step
from netplay.language import words

NAMES = ["Anna", "Ben", "Cleo", "Dario"]
SEEDS = range(1, 7)
GAMES = {  # game -> (players, options, its own moment)
    "die_mauer": (4, {"rounds": 2}, "empty_fist_donation"),
    "drunter_druber": (4, {}, "vote_flips_town"),
    "architekton": (2, {}, "enclosure_pays"),
    "wild_west": (4, {}, "duel_fills_graveyard"),
    "wie_waldi": (3, {}, "last_card_stop"),
}


def played(game_id: str, players: int, seed: int, **options) -> list[Step]:
    """A bot game of ``game_id`` to its end, as a replay lists its steps."""
    state = new_game(game_id, players, seed, **options)
    rng = Rng(seed + 1000)
    steps: list[Step] = []
    while not state.is_over():
        player, action = next_bot_move(state, rng)
        events = state.apply(player, action)
        steps.append(Step(len(steps) + 1, player, action, events, state.scores(), 0))
    return steps


def moments_of(game_id: str):
    return importlib.import_module(f"engines.{game_id}.moments")


def step(index: int, *events: dict, scores=(0, 0), player=0) -> Step:
    return Step(index, player, {"type": "x"}, list(events), list(scores), 0)


def own(found: list[Moment], kind: str) -> list[tuple[int, int]]:
    return sorted((moment.start, moment.end) for moment in found if moment.kind == kind)


# --- what each game's events say, read plainly (the oracle) ----------------------------------------
def said_donations(steps):
    found, reveal = [], None
    for s in steps:
        for e in s.events:
            if e["type"] == "outcome" and e["case"] == "donation":
                reveal = s.index
            if e["type"] == "donation":
                found.append((reveal, s.index))
    return found


def said_votes(steps):
    found, start, at_reveal = [], None, None
    for s in steps:
        for e in s.events:
            if e["type"] == "vote_started":
                start = s.index
            if e["type"] == "vote_revealed":
                at_reveal = e["yes"] >= e["no"]
            if e["type"] == "vote_result" and (not e["stays"] or at_reveal != e["stays"]):
                found.append((start, s.index))
    return found


def said_enclosures(steps):
    found, start = [], None
    for s in steps:
        for e in s.events:
            if e["type"] == "surrounded":
                start = s.index if e["owner"] is not None and e["mismatches"] else None
            if start and ((e["type"] == "settled" and e["paid"]) or e["type"] == "cannot_pay"):
                found.append((start, s.index))
                start = None
    return found


def said_duels(steps):
    """Every saloon with two graves or more (the game keeps the bloodiest three)."""
    saloons, current = [], {}
    for s in steps:
        for e in s.events:
            if e["type"] == "write":
                current.pop(e["player"], None)
                if e["kind"] == "S":
                    current[e["player"]] = [s.index, s.index, 0]
                    saloons.append(current[e["player"]])
            if e["type"] == "grave" and e["player"] in current:
                current[e["player"]][1] = s.index
                current[e["player"]][2] += 1
    return [(start, end) for start, end, graves in saloons if graves >= 2]


def said_stops(steps):
    return [s.index for s in steps for e in s.events if e["type"] == "round_over" and e["reason"] == "stop"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_bot_games_have_the_moments_their_events_say(game_id):
    players, options, kind = GAMES[game_id]
    seen = 0
    for seed in SEEDS:
        steps = played(game_id, players, seed, **options)
        found = moments_of(game_id).find(steps, players)
        assert [m.weight for m in found] == sorted((m.weight for m in found), reverse=True)  # best first
        assert all(0 <= m.weight <= 1 and 1 <= m.start <= m.end <= len(steps) for m in found)
        mine = own(found, kind)
        if game_id == "die_mauer":
            assert mine == sorted(said_donations(steps))
        elif game_id == "drunter_druber":
            assert mine == sorted(said_votes(steps))
        elif game_id == "architekton":
            assert mine == sorted(said_enclosures(steps))
        elif game_id == "wild_west":
            said = said_duels(steps)
            assert set(mine) <= set(said) and len(mine) == min(3, len(said))
        else:
            assert [end for _, end in mine] == said_stops(steps)
        seen += bool(mine)
    assert seen, f"no {kind} in {len(SEEDS)} bot games: the test would not notice a broken find"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_title_is_worded_in_english_and_german(game_id):
    players, options, _ = GAMES[game_id]
    module = moments_of(game_id)
    kinds = set()
    for seed in SEEDS:
        for moment in module.find(played(game_id, players, seed, **options), players):
            english = module.words(moment, NAMES, words("en"))
            german = module.words(moment, NAMES, words("de", mark_missing=True))
            assert "{" not in english and "⟦" not in german, (english, german)
            assert english != german
            assert any(name in english for name in NAMES)
            kinds.add(moment.kind)
    assert len(kinds) >= 2


# --- step lists built by hand: the moment when the events hold it, none when they do not --------------
def test_die_mauer_empty_fist_donation_from_the_events():
    module = moments_of("die_mauer")
    reveal = {"type": "reveal", "master": 1, "plans": [None, None, "3"]}
    donation = [{"type": "donation", "giver": 0, "master": 1},
                {"type": "donated", "giver": 0, "master": 1, "piece": "T", "only": [0, 1]}]
    steps = [step(1, {"type": "planned"}), step(2, reveal, {"type": "outcome", "case": "donation", "donor": 0}),
             step(3, *donation)]
    [moment] = module.find(steps, 3)
    assert (moment.kind, moment.start, moment.end, moment.data["piece"]) == ("empty_fist_donation", 2, 3, "T")
    assert module.words(moment, NAMES, words("en")) == "Empty fists: Anna hands Ben the Tower"
    assert module.words(moment, NAMES, words("de")) == "Leere Fäuste: Anna schenkt Ben den Turm"
    nothing = [step(1), step(2, reveal, {"type": "outcome", "case": "nothing"}), step(3, {"type": "turn"})]
    assert module.find(nothing, 3) == []


def test_drunter_druber_vote_that_flips_the_town():
    module = moments_of("drunter_druber")

    def vote(yes, no, stays):
        return [step(1, {"type": "placed"}, {"type": "vote_started", "placer": 2}),
                step(2, {"type": "vote_committed"}),
                step(3, {"type": "vote_revealed", "yes": yes, "no": no, "jein": []}),
                step(4, {"type": "vote_result", "placer": 2, "yes": yes, "no": no, "stays": stays, "jein": []})]

    [back] = module.find(vote(2, 5, False), 3)
    assert (back.kind, back.start, back.end) == ("vote_flips_town", 1, 4)
    assert module.words(back, NAMES, words("en")) == "The town votes Cleo's tile back (5 to 2)"
    assert module.find(vote(5, 2, True), 3) == []  # the tile stays as the cards said: nothing flipped
    turned = vote(4, 3, False)  # yes led at the reveal; a Jein declared for no turned it
    [moment] = module.find(turned, 3)
    assert moment.data["jein_turned"] and "Jein!" in module.words(moment, NAMES, words("en"))


def test_architekton_enclosure_that_makes_a_player_pay():
    module = moments_of("architekton")
    surrounded = {"type": "surrounded", "x": 1, "y": 1, "owner": 0, "mismatches": 2}
    paid = [step(1, {"type": "placed"}, scores=(3, 3)), step(2, surrounded, player=1, scores=(3, 3)),
            step(3, {"type": "settled", "player": 0, "paid": 2, "take_back": False}, scores=(1, 3))]
    [moment] = [m for m in module.find(paid, 2) if m.kind == "enclosure_pays"]
    assert (moment.start, moment.end, moment.data["by"], moment.data["paid"]) == (2, 3, 1, 2)
    assert module.words(moment, NAMES, words("en")) == "Enclosed by Ben: Anna pays 2 chips"
    matched = [step(1), step(2, {**surrounded, "mismatches": 0, "chips": [4, 3]}), step(3, {"type": "refill"})]
    assert [m for m in module.find(matched, 2) if m.kind == "enclosure_pays"] == []
    lost = [step(1), step(2, surrounded, {"type": "cannot_pay", "player": 0, "owed": 3, "chips": 1},
                         {"type": "game_over", "winners": [1]}, player=1, scores=(1, 3))]
    [moment] = [m for m in module.find(lost, 2) if m.kind == "enclosure_pays"]
    assert moment.data["lost"] and moment.weight > 0.9


def test_wild_west_duel_that_fills_a_graveyard():
    module = moments_of("wild_west")
    write = {"type": "write", "player": 1, "row": 0, "col": 2, "kind": "S", "value": 5}
    grave = {"type": "grave", "player": 1, "row": 0, "col": 3}
    duel = [step(1, {"type": "reveal"}), step(2, write, grave, player=1), step(3, grave, player=1),
            step(4, grave, player=1), step(5, {"type": "round_over"})]
    [moment] = [m for m in module.find(duel, 2) if m.kind == "duel_fills_graveyard"]
    assert (moment.start, moment.end, moment.data["graves"]) == (2, 4, 3)
    assert module.words(moment, NAMES, words("en")) == "A duel in Ben's saloon fills the graveyard: 3 graves"
    lone = [step(1), step(2, write, grave, player=1), step(3, {"type": "round_over"})]  # one grave: no duel
    ranch = [step(1), step(2, {**write, "kind": "R"}, grave, player=1), step(3, grave, player=1)]
    assert [m for m in module.find(lone + [], 2) + module.find(ranch, 2) if m.kind == "duel_fills_graveyard"] == []


def test_wie_waldi_last_card_stop():
    module = moments_of("wie_waldi")
    steps = [step(i) for i in range(1, 20)] + [
        step(20, {"type": "dog_started", "player": 2, "dog": 7}),
        step(21, {"type": "played", "player": 2, "dog": 7}),
        step(22, {"type": "dog_completed", "dog": 7, "player": 2, "owner": 2, "cards": 4, "markers": [1, 3, 0]},
             {"type": "round_over", "round": 2, "reason": "stop"}, player=2)]
    [moment] = [m for m in module.find(steps, 3) if m.kind == "last_card_stop"]
    assert (moment.start, moment.end, moment.data["close"]) == (20, 22, True)
    assert module.words(moment, NAMES, words("de")).startswith("Stopp! Cleo")
    deadlock = steps[:-1] + [step(22, {"type": "round_over", "round": 2, "reason": "deadlock"})]
    assert [m for m in module.find(deadlock, 3) if m.kind == "last_card_stop"] == []


# --- the moments every game shares ---------------------------------------------------------------------
def over(index, scores, winners):
    return step(index, {"type": "game_over", "winners": winners}, scores=scores)


def test_photo_finish_by_a_hair_a_tie_break_and_a_shared_win_but_not_a_clear_one():
    by_one = [step(1, scores=(0, 0, 0)), over(2, (10, 9, 4), [0])]
    [moment] = photo_finish(by_one, 3, margin=1)
    assert (moment.kind, moment.end, moment.data["runner_up"], moment.data["points"]) == (PHOTO_FINISH, 2, 1, 1)
    assert photo_finish([step(1), over(2, (10, 8, 4), [0])], 3, margin=1) == []
    [shared] = photo_finish([step(1), over(2, (9, 9, 4), [0, 1])], 3, margin=1)
    assert shared.data["winners"] == [0, 1] and shared.data["runner_up"] is None
    [tie_break] = photo_finish([step(1), over(2, (9, 9, 4), [1])], 3, margin=1)
    assert tie_break.data == {"winners": [1], "runner_up": 0, "points": 0, "scores": [9, 9, 4]}
    [lowest] = photo_finish([step(1), over(2, (12, 13, 30), [0])], 3, margin=2, lower_wins=True)
    assert lowest.data["points"] == 1
    assert photo_finish([step(1), step(2, scores=(9, 9, 4))], 3, margin=1) == []  # the game did not end
    assert photo_finish([over(1, (5,), [0])], 1, margin=1) == []  # solo: nobody to beat


def test_biggest_swing_is_the_largest_turn_in_the_standings_and_none_without_one():
    steps = [step(1, scores=(5, 0)), step(2, scores=(5, 7)), step(3, scores=(6, 7)), step(4, scores=(6, 20))]
    [moment] = biggest_swing(steps, 2)
    assert (moment.kind, moment.start, moment.data) == (BIGGEST_SWING, 2, {"player": 1, "over": 0, "points": 7,
                                                                             "lead": True})
    steady = [step(1, scores=(5, 0)), step(2, scores=(9, 2)), step(3, scores=(12, 2))]
    assert biggest_swing(steady, 2) == []  # Anna led throughout: the standings never turned
    falls = [step(1, scores=(0, 10)), step(2, scores=(12, 10))]  # lower wins: Anna's 12 puts Ben ahead
    [moment] = biggest_swing(falls, 2, lower_wins=True)
    assert moment.data["player"] == 1 and moment.data["over"] == 0


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_replay_from_a_saved_journal_finds_the_same_moments(game_id):
    from netplay.replays import Replay
    from tests.replay_saves import finished_records

    players, options, _ = GAMES[game_id]
    replay = Replay.from_records(finished_records(game_id, players, 2, **options))
    found = replay.moments()
    assert found == moments_of(game_id).find(replay.steps, players)
    assert found and all(1 <= m.start <= m.end <= len(replay.steps) for m in found)
