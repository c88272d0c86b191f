"""The Wie Waldi table as people race at it: four devices at once through a whole match,
a race lost on screen, the countdown for everyone, the race buttons each device shows,
and what another machine's seat never shows."""

import re

import pygame
import pytest

from client.input.buttons import button_label, pad_family
from client.scenes.title import TitleScene
from client.table.results import ResultsScene
from engines.wie_waldi.cards import SET, SET_SIZE
from tests.client.conftest import controls_for, frames, local_table, post, shoot
from tests.client.drive import KEYS, key_event, press_button
from tests.client.games.wie_waldi.drive import seat_presses

pytestmark = pytest.mark.timeout(120)
PAD_ID = 6
FOUR = [("Anna", "keys1"), ("Ben", "keys2"), ("Clara", f"pad:{PAD_ID}"), ("David", "mouse")]


def table_of(make_app, seats, seed=4, options=None, **kwargs):
    app = make_app()
    app.push(TitleScene(app))
    post(pygame.CONTROLLERDEVICEADDED, instance_id=PAD_ID, device_index=0)
    frames(app, 1)
    table = local_table(app, seats, seed=seed, game_id="wie_waldi", options=options or {}, **kwargs)
    return app, table


def rig(host, player: int, pile: int, codes) -> None:
    """Put ``codes`` on top of ``player``'s ``pile`` (the last one on top), as if shuffled so."""
    piles = host.state.piles[player]
    chosen: list[int] = []
    for code in codes:
        chosen.append(next(c for p in piles for c in p if SET[c % SET_SIZE] == code and c not in chosen))
    for p in piles:
        p[:] = [c for c in p if c not in chosen]
    piles[pile].extend(chosen)
    for k in range(3):  # pile sizes stay ten each
        while len(piles[k]) > 10:
            spill = piles[k].pop(0)
            next(p for p in piles if len(p) < 10).insert(0, spill)


def until_race(app, table, limit=600) -> None:
    for _ in range(limit):
        if table.model.view["phase"] == "race":
            return
        frames(app, 1, 1 / 20)
    raise AssertionError("the countdown never ended")


def test_a_three_round_match_by_four_devices_at_once_to_the_results(make_app):
    """Two keyboard halves, a gamepad and the mouse race in the same frames, every card
    in two presses (a pile button, then confirm where the cursor jumped), to the results."""
    app, table = table_of(make_app, FOUR, seed=8)
    pressed: dict[str, int] = {}
    together = 0
    phases: dict[str, int] = {}
    for turn in range(20_000):
        if isinstance(app.top, ResultsScene):
            break
        shot = table.model.phase if not table.game.tallying() else "tally"
        shot = "stop" if table.game.stopping() else shot
        phases[shot] = phases.get(shot, 0) + 1
        if phases[shot] == 12:  # each phase once it is well under way
            shoot(app, f"wie_waldi_match_{shot}")
        this_frame = 0
        if app.top is table:
            for seat in table.choosers:
                button = seat_presses(app, table, seat, turn)
                if button is not None:
                    pressed[f"{table.choosers[seat].device}:{button}"] = pressed.get(
                        f"{table.choosers[seat].device}:{button}", 0) + 1
                    this_frame += 1
        together = max(together, this_frame)
        frames(app, 1, 1 / 20)
    assert isinstance(app.top, ResultsScene), pressed
    assert {"ready", "race", "stop", "tally"} <= phases.keys()
    assert together == 4  # every seat pressed in the same frame at least once
    for device in ("keys1", "keys2", f"pad:{PAD_ID}"):
        assert sum(n for k, n in pressed.items() if k.startswith(device + ":") and k.split(":")[-1]
                   in ("left", "up", "right", "alt", "secret", "back")) > 20  # pile buttons drew
        assert pressed.get(f"{device}:confirm", 0) > 10  # and confirm played
    assert pressed.get("mouse:click", 0) > 20
    assert len(table.hosting.host.state.results) == 3
    standings = app.top.standings
    assert standings.totals == table.hosting.host.state.scores()
    assert standings.columns == ["Round 1", "Round 2", "Round 3"]
    frames(app, 30)
    shoot(app, "wie_waldi_match_results")


def test_a_race_lost_on_screen_keeps_the_card_says_who_was_first_and_moves_the_cursor(make_app):
    app, table = table_of(make_app, [("Anna", "keys1"), ("Ben", "keys2")], seed=2)
    host = table.hosting.host
    rig(host, 0, 0, ["Mry", "Hr", "Hr"])  # Anna: two red heads, then a red/yellow middle
    rig(host, 1, 0, ["Mrg"])  # Ben: a red/green middle
    until_race(app, table)
    for _ in range(2):  # Anna starts two red dogs, each in two presses
        press_button(app, "keys1", "left")
        frames(app, 2)
        press_button(app, "keys1", "confirm")
        frames(app, 2)
    assert [dog["end"] for dog in table.model.view["dogs"]] == ["r", "r"]
    press_button(app, "keys1", "left")
    press_button(app, "keys2", "left")
    frames(app, 2)
    assert table.game.hand(0) == "Mry" and table.game.hand(1) == "Mrg"
    def target(seat):
        return next(c.action["dog"] for c in table.live[seat] if c.key == table.choosers[seat].cursor)

    first = target(0)
    assert target(1) == first  # both cursors jumped to the same dog
    press_button(app, "keys1", "confirm")  # in the same frame: Anna's arrives first
    press_button(app, "keys2", "confirm")
    frames(app, 3)
    assert host.state.hands[1] is not None and table.game.hand(1) == "Mrg"  # Ben keeps his card
    toast = next(t for t in app.toasts.toasts if t.key == "refused1")
    assert "Anna was first" in toast.words and toast.at == table.layout.seats[1]
    assert re.search(r"Anna was first by (under 1|\d+) ms", toast.words)  # a photo finish: by how much
    assert [c.action["dog"] for c in table.live[1]] == [1 - first]
    assert target(1) == 1 - first  # the cursor went to the card's next legal target
    shoot(app, "wie_waldi_race_lost")
    press_button(app, "keys2", "confirm")
    frames(app, 3)
    assert [len(dog["cards"]) for dog in table.model.view["dogs"]] == [2, 2]


def test_the_race_buttons_follow_remapping_and_the_pads_own_labels(make_app):
    app, table = table_of(make_app, [("Anna", "keys1"), ("Ben", f"pad:{PAD_ID}")], seed=3)
    until_race(app, table)
    shortcuts = table.game.shortcuts(0, "keys1")
    assert {button: c.key for button, c in shortcuts.items()} == {"left": "draw0", "up": "draw1", "right": "draw2"}
    assert {b: c.key for b, c in table.game.shortcuts(1, f"pad:{PAD_ID}").items()} == {
        "alt": "draw0", "secret": "draw1", "back": "draw2", "left": "draw0", "up": "draw1", "right": "draw2"}
    keys = app.settings.data["keys"]["keys1"]
    assert [button_label(app.settings, "keys1", a) for a in ("left", "up", "right")] == ["A", "W", "D"]
    keys["left"] = "j"  # the player remaps pile 1 (left) to J
    app.input.rebuild_keymaps()
    assert button_label(app.settings, "keys1", "left") == "J"
    frames(app, 2)
    shoot(app, "wie_waldi_remapped")
    key_event("j", True)
    key_event("j", False)
    frames(app, 2)
    assert table.hosting.host.state.hand_piles[0] == 0  # J drew from pile 1
    # The pad's bottom face button is read by position (SDL hint) and named as printed.
    assert pad_family("Nintendo Switch Pro Controller") == "nintendo"
    assert pad_family("PS5 Controller") == "playstation"
    assert pad_family("Xbox Series X Controller") == "xbox"
    assert [button_label(app.settings, "pad:1", a, "nintendo") for a in ("confirm", "back", "alt", "secret")] \
        == ["B", "A", "Y", "X"]
    assert [button_label(app.settings, "pad:1", a) for a in ("confirm", "back", "alt", "secret")] \
        == ["A", "B", "X", "Y"]
    assert button_label(app.settings, "pad:1", "confirm", "playstation") == "\u2715"


def test_the_sdl_hint_reads_face_buttons_by_position():
    import os

    import client.input.router  # noqa: F401  (sets the hint before any pad opens)

    assert os.environ["SDL_GAMECONTROLLER_USE_BUTTON_LABELS"] == "0"


def test_another_machines_hand_card_never_shows(make_app):
    """WA-8: the shared screen is pixel-identical whatever a seat played elsewhere holds;
    this screen's own seat shows its card face up."""
    pictures = []
    for code in ("Hr", "Mgb"):
        app = make_app()
        app.push(TitleScene(app))
        from client.games import TABLES
        from client.table.scene import TableScene
        from netplay.host import Host

        host = Host("wie_waldi", 2, seed=5, seats=[{"kind": "local"}, {"kind": "local"}], bot_delay=0.3)
        rig(host, 1, 2, [code])
        table = TableScene(app, TABLES["wie_waldi"], {0: host.session(0)}, {0: "keys1"}, [0, 1],
                           public=host.session(None), hosting=controls_for(app, host))
        app.drive(host)
        app.push(table)
        until_race(app, table)
        assert host.submit(1, 1, {"type": "draw", "pile": 2})["t"] == "accept"  # seat 2 plays on another machine
        frames(app, 20)
        assert table.model.view["holding"] == [None, 2]
        pictures.append(pygame.image.tobytes(app.logical, "RGB"))
        shoot(app, f"wie_waldi_remote_hand_{code}")
        table.close()
    assert pictures[0] == pictures[1]


def test_the_countdown_is_for_everyone_and_blocks_early_draws(make_app):
    """WA-5: no card before "Wuff!", not by a pile button, not by a session, not by a bot;
    between rounds the tally shows first, then the next countdown."""
    app, table = table_of(make_app, [("Anna", "keys1"), ("Ben", "bot:hard"), ("Clara", "bot:hard")], seed=6,
                          options={"rounds": 2})
    host = table.hosting.host
    frames(app, 30)  # half a second of "Ready..."
    assert table.model.view["phase"] == "ready" and table.live[0] == []
    shoot(app, "wie_waldi_countdown")
    press_button(app, "keys1", "left")
    frames(app, 2)
    assert host.log == []  # the pile button offered nothing to press
    table.sessions[0].send({"type": "draw", "pile": 0})  # sent anyway (say, a stale LAN peer)
    frames(app, 2)
    toast = next(t for t in app.toasts.toasts if t.key == "refused0")
    assert "wait for Wuff!" in toast.words and host.log == []
    wuff_at = first_bot = None
    for _ in range(600):
        frames(app, 1)
        if wuff_at is None and host.log:
            assert host.log[0] == [None, {"type": "wuff"}]
            wuff_at = app.clock
        if wuff_at is not None and any(seat in (1, 2) for seat, _ in host.log):
            first_bot = app.clock
            break
    assert wuff_at == pytest.approx(3.0, abs=0.1)  # the countdown option's 3 seconds
    assert first_bot - wuff_at >= 0.25  # a bot reacts no faster than a quick person
    press_button(app, "keys1", "left")
    frames(app, 2)
    assert host.state.hand_piles[0] == 0  # now Anna's pile button draws
    host.state.markers[1] = 1  # Ben's next dog ends the round ("Stop!")
    for _ in range(3000):
        frames(app, 1, 1 / 20)
        if len(host.state.results) == 1:
            break
    over = app.clock
    entries = len(host.log)
    while host.state.phase == "ready":
        frames(app, 1, 1 / 20)
    assert host.log[entries][0] is None and host.log[entries][1] == {"type": "wuff"}
    assert app.clock - over == pytest.approx(5.0 + 3.0, abs=0.1)  # the tally, then the countdown


def test_many_dogs_fit_the_table_readably_and_keep_their_lanes():
    from client.games.wie_waldi.lanes import Lanes
    from client.games.wie_waldi.layout import DOGS

    lanes = Lanes(DOGS)
    lanes.sync([0, 1, 2])
    first = {dog: lanes.lane_rect(lane) for dog, lane in lanes.lanes.items()}
    lanes.sync([0, 2, 3])  # dog 1 completed, dog 3 started: it takes the lane dog 1 left
    assert lanes.lanes[3] == 1 and lanes.lane_rect(lanes.lanes[2]) == first[2]
    lanes.sync(list(range(28)))  # every head of four players out at once
    rects = [lanes.card_rect(lanes.lanes[dog], 12, 12) for dog in range(28)]  # each dog 12 cards long
    assert all(DOGS.contains(rect) for rect in rects)
    assert lanes.card_height() >= 28  # a card still shows its coat, pattern and the player's band
    lane_rects = [lanes.lane_rect(lanes.lanes[dog]) for dog in range(28)]
    assert not any(a.colliderect(b) for i, a in enumerate(lane_rects) for b in lane_rects[i + 1:])


class SlowSession:
    """A LAN seat whose host answers only when told (the wire's delay, held open)."""

    def __init__(self, session):
        self.session, self.held, self.hold = session, [], False
        self.seat = session.seat

    def send(self, action) -> int:
        return self.session.send(action)

    def poll(self) -> list:
        messages = self.session.poll()
        if self.hold:
            self.held += messages
            return []
        messages, self.held = self.held + messages, []
        return messages

    def close(self) -> None:
        self.session.close()


def test_a_peers_own_play_shows_the_moment_it_is_pressed_and_settles_on_the_answer(make_app):
    from client.games import TABLES
    from client.table.scene import TableScene
    from netplay.host import Host

    app = make_app()
    app.push(TitleScene(app))
    host = Host("wie_waldi", 2, seed=9, seats=[{"kind": "local"}, {"kind": "local"}])
    rig(host, 0, 0, ["Hr"])
    session = SlowSession(host.session(0))
    table = TableScene(app, TABLES["wie_waldi"], {0: session}, {0: "keys1"}, [0, 1], players=2)
    app.drive(host)
    app.push(table)
    until_race(app, table)
    press_button(app, "keys1", "left")
    frames(app, 20)  # the drawn card has flown into the hand
    target = next(c for c in table.live[0] if c.key == table.choosers[0].cursor)
    hand = table.game.zone_parts(0)["hand"]

    def pixels(rect):
        return pygame.image.tobytes(app.logical.subsurface(rect), "RGB")

    before = pixels(hand), pixels(target.rect.inflate(28, 28))
    session.hold = True  # the host's answer is on its way
    press_button(app, "keys1", "confirm")
    frames(app, 1)
    pending = table.model.pending[0]
    assert pending is not None and pending.action["type"] == "start"
    # in the very next frame: the card has left the hand and waits, see-through and ringed, where it goes
    assert pixels(hand) != before[0] and pixels(target.rect.inflate(28, 28)) != before[1]
    assert table.game.hand(0) == "Hr"
    assert table.model.view["dogs"] == []
    shoot(app, "wie_waldi_pending")
    session.hold = False  # the answer arrives
    frames(app, 2)
    assert table.model.pending[0] is None and len(table.model.view["dogs"]) == 1  # settled on the table
    table.close()


def test_the_round_timer_is_shown_to_everyone(make_app):
    app, table = table_of(make_app, [("Anna", "keys1"), ("Ben", "bot:easy")], seed=2, options={"round_timer": 40})
    until_race(app, table)
    frames(app, 60, 1 / 10)
    assert table.game.status_text().endswith("0:34 left")


def test_the_results_ignore_presses_meant_for_the_race(make_app):
    """A race ends with everyone still pressing: confirm at once does not start the next
    game; once the rows are in, it does."""
    from client.table.game import Standings

    app = make_app()
    app.push(TitleScene(app))
    started = []
    standings = Standings("Wie Waldi", ["Anna", "Ben"], [(200, 80, 70), (70, 120, 220)], [5, 3], [0],
                          columns=["Round 1"], cells=[[5], [3]], total_label="Bones")
    results = ResultsScene(app, standings, again=lambda: started.append(True))
    app.push(results)
    frames(app, 1)
    key_event(KEYS["keys1"]["confirm"], True)
    key_event(KEYS["keys1"]["confirm"], False)
    frames(app, 2)
    assert not started and app.top is results
    frames(app, 160)  # shown a while, nobody pressing: one press chooses
    key_event(KEYS["keys1"]["confirm"], True)
    key_event(KEYS["keys1"]["confirm"], False)
    frames(app, 2)
    assert started


def test_a_card_that_fits_nowhere_says_so_and_how_to_put_it_back(make_app, monkeypatch):
    from client.ui import art
    app, table = table_of(make_app, [("Anna", "keys1"), ("Ben", "keys2")], seed=2)
    rig(table.hosting.host, 0, 0, ["Mry"])  # a middle, and no dog on the table yet
    until_race(app, table)
    drawn, render = set(), art.text
    monkeypatch.setattr(art, "text", lambda words, *a, **k: drawn.add(words) or render(words, *a, **k))
    frames(app, 2)
    assert not any("fits nowhere" in words for words in drawn)
    press_button(app, "keys1", "left")
    frames(app, 3)
    assert table.game.hand(0) == "Mry"
    assert "fits nowhere: Q puts it back" in drawn
    shoot(app, "wie_waldi_fits_nowhere")
    drawn.clear()
    press_button(app, "keys1", "back")
    frames(app, 3)
    assert table.game.hand(0) is None and not any("fits nowhere" in words for words in drawn)


def test_a_lost_race_is_logged_after_the_play_that_won_it(make_app):
    app, table = table_of(make_app, [("Anna", "keys1"), ("Ben", "keys2")], seed=2)
    rig(table.hosting.host, 0, 0, ["Mry", "Hr"])
    rig(table.hosting.host, 1, 0, ["Mrg"])
    until_race(app, table)
    press_button(app, "keys1", "left")
    frames(app, 2)
    press_button(app, "keys1", "confirm")  # Anna starts a red dog
    frames(app, 3)
    press_button(app, "keys1", "left")
    press_button(app, "keys2", "left")
    frames(app, 3)
    press_button(app, "keys1", "confirm")  # both play onto it in the same frame: Anna's arrives first
    press_button(app, "keys2", "confirm")
    frames(app, 30)
    log = list(table.model.log)
    grew = next(i for i, line in enumerate(log) if line.startswith("Anna grows dog"))
    refused = next(i for i, line in enumerate(log) if line.startswith("Refused (Ben)"))
    assert grew < refused, log


def test_the_kennel_says_who_owns_each_dog_and_counts_the_cards_owned(make_app, monkeypatch):
    from client.games.wie_waldi.layout import OWNER, kennel_row
    from client.games.wie_waldi.state import owned_cards
    from client.ui import art

    app, table = table_of(make_app, [("Anna", "keys1"), ("Ben", "keys2")], seed=5, options={"rounds": 1})
    until_race(app, table)
    for turn in range(4000):
        done = [dog for dog in table.model.view["dogs"] if dog["complete"]]
        if len(done) >= 4 and not table.pacer.busy():
            break
        for seat in table.choosers:
            seat_presses(app, table, seat, turn)
        frames(app, 1, 1 / 20)
    assert len(done) >= 4 and table.model.view["phase"] == "race"
    frames(app, 90)  # the last dog has flown to the kennel
    drawn, render = set(), art.text
    monkeypatch.setattr(art, "text", lambda words, *a, **k: drawn.add(words) or render(words, *a, **k))
    surface = pygame.Surface((1920, 1080))
    table.draw(surface)
    owned = owned_cards(table.model.view["dogs"], 2)
    assert sum(owned) == sum(len(dog["cards"]) for dog in done) and "cards owned" in drawn
    assert {str(count) for count in owned} <= drawn
    dogs = {dog["id"]: dog for dog in done}
    assert sorted(table.game.race.kennel) == sorted(dogs)
    for slot, dog in enumerate(dogs[dog_id] for dog_id in table.game.race.kennel):
        row = kennel_row(slot, len(done))
        disc = surface.get_at((row.left + OWNER // 2 - 8, row.centery))[:3]
        assert disc == tuple(table.colour(dog["owner"]))[:3], (slot, dog["owner"])
    app.logical.blit(surface, (0, 0))
    shoot(app, "wie_waldi_kennel")


def test_many_short_dogs_use_the_tables_width_rather_than_shrink():
    from client.games.wie_waldi.art import CARD_RATIO
    from client.games.wie_waldi.lanes import LABEL, Lanes
    from client.games.wie_waldi.layout import DOGS

    lanes = Lanes(DOGS)
    for count in range(1, 26):  # heads come out one by one; every dog has three cards
        lanes.sync(list(range(count)), {dog: 3 for dog in range(count)})
    assert lanes.card_height() >= 50  # was 35: eight thin rows of four wide, mostly empty lanes
    lane_rects = [lanes.lane_rect(lanes.lanes[dog]) for dog in range(25)]
    assert all(DOGS.contains(rect) for rect in lane_rects)
    assert not any(a.colliderect(b) for i, a in enumerate(lane_rects) for b in lane_rects[i + 1:])
    width = round(lanes.card_height() * CARD_RATIO)
    assert all(rect.width - LABEL >= 6 * width for rect in lane_rects)  # room to grow three cards unsqueezed


def test_a_pile_button_pressed_before_wuff_is_answered(make_app):
    app, table = table_of(make_app, [("Anna", "keys1"), ("Ben", f"pad:{PAD_ID}")], seed=6)
    frames(app, 30)
    assert table.model.view["phase"] == "ready" and table.live[0] == []
    press_button(app, "keys1", "left")
    press_button(app, f"pad:{PAD_ID}", "secret")
    frames(app, 2)
    words = [toast.words for toast in app.toasts.toasts]
    assert "Anna: wait for Wuff!" in words and "Ben: wait for Wuff!" in words
    assert table.hosting.host.log == []  # and nothing was sent
