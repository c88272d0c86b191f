"""The shared table's parts without a window: the model folding messages into beats, the
pending/accept/reject lifecycle, pacing, the table session without pygame, the cursor's
moves and held-key repeat."""

import json
import math
import subprocess
import sys

import pygame

from client.table.camera import Camera
from client.table.choices import Choice, navigate
from client.table.chooser import REPEAT_DELAY, REPEAT_EVERY, Chooser
from client.table.model import TableModel, unique_names
from client.table.pacing import BACKLOG, Pacer


def update(view: dict, events=(), legal=()) -> dict:
    return {"t": "update", "events": list(events), "view": view, "legal": list(legal)}


def test_names_at_a_table_are_unique_and_never_blank():
    assert unique_names(["Anna", "Anna", "", "anna"], 4) == ["Anna", "Anna 2", "Player 3", "anna 3"]
    assert unique_names(["Ben"], 2) == ["Ben", "Player 2"]


def test_updates_of_every_channel_make_one_beat_and_show_in_order():
    model = TableModel(3, [0, 2], public=True)
    model.receive(None, {"t": "start", "names": ["Anna", "Bot", "Anna"]})
    assert model.names == ["Anna", "Bot", "Anna 2"]
    model.receive(None, update({"turn": 1}, [{"type": "locked", "player": 1}]))
    model.receive(0, update({"turn": 1, "stock": ["T"]}, legal=[{"type": "plan"}]))
    assert model.next_beat() is None  # seat 2 has not had this update yet
    model.receive(2, update({"turn": 1, "stock": ["G"]}, [{"type": "planned", "player": 2}]))
    beat = model.next_beat()
    assert beat.events == [{"type": "locked", "player": 1}]  # the shared screen's events only
    assert beat.seat_events[2] == [{"type": "planned", "player": 2}]
    assert model.view is None  # nothing is shown until the table shows the beat
    model.show(beat)
    assert model.view == {"turn": 1} and model.seat_views[0]["stock"] == ["T"]
    assert model.legal[0] == [{"type": "plan"}] and model.legal[2] == []


def test_a_lone_remote_seat_is_its_own_shared_screen():
    model = TableModel(2, [1], public=False)
    model.receive(1, update({"turn": 4}, [{"type": "reveal"}]))
    beat = model.next_beat()
    model.show(beat)
    assert model.view == {"turn": 4} and beat.events == [{"type": "reveal"}]


def test_a_pending_intent_lasts_until_its_accept_is_on_screen_and_a_reject_comes_back_at_once():
    model = TableModel(2, [0], public=True)
    model.sent(0, 5, {"type": "draw"}, "draw", private=False)
    model.receive(None, update({"n": 1}))
    model.receive(0, update({"n": 1}))
    model.receive(0, {"t": "accept", "seq": 5})
    assert model.pending[0] is not None  # accepted, but its update is still waiting to be shown
    model.show(model.next_beat())
    assert model.pending[0] is None
    model.sent(0, 7, {"type": "plan"}, "plan", private=True)
    model.receive(0, update({"n": 2}))  # the seat's channel hears first...
    model.receive(0, {"t": "accept", "seq": 7})
    model.receive(None, update({"n": 2}))  # ...the shared screen's update comes a moment later
    assert model.pending[0] is not None  # still pending until that beat is shown
    model.show(model.next_beat())
    assert model.pending[0] is None
    model.sent(0, 6, {"type": "play"}, "play", private=False)
    refusal = model.receive(0, {"t": "reject", "seq": 6, "code": "end_taken", "reason": "Ben played there first"})
    assert refusal.seat == 0 and refusal.code == "end_taken" and refusal.pending.key == "play"
    assert model.pending[0] is None


def test_the_pacer_dwells_as_long_as_each_event_asks_scaled_by_the_speed():
    speed = [1.0]
    model = TableModel(2, [], public=True)
    pacer = Pacer(model, lambda: speed[0])
    model.receive(None, update({"turn": 1}, [{"type": "reveal"}, {"type": "built"}]))
    model.receive(None, update({"turn": 2}, [{"type": "locked"}]))
    played, shown = [], []
    dwell = {"reveal": 2.0, "built": 0.5}

    def play(event):
        played.append(event["type"])
        return dwell.get(event["type"], 0.0)

    pacer.update(0.0, play, lambda beat: shown.append(model.view["turn"]))
    assert played == ["reveal"] and model.view is None  # the reveal is seen before anything after it
    pacer.update(1.9, play, lambda beat: shown.append(model.view["turn"]))
    assert played == ["reveal"]
    pacer.update(0.2, play, lambda beat: shown.append(model.view["turn"]))
    assert played == ["reveal", "built"] and shown == []
    pacer.update(0.6, play, lambda beat: shown.append(model.view["turn"]))
    assert shown == [1, 2] and played[-1] == "locked" and not pacer.busy()
    speed[0] = math.inf  # "instant": no dwelling at all
    model.receive(None, update({"turn": 3}, [{"type": "reveal"}]))
    model.receive(None, update({"turn": 4}, []))
    pacer.update(0.0, play, lambda beat: shown.append(model.view["turn"]))
    assert shown == [1, 2, 3, 4]


def test_the_pacer_catches_up_when_beats_pile_up():
    model = TableModel(2, [], public=True)
    pacer = Pacer(model, lambda: 1.0)
    assert pacer.dwell(2.0) == 2.0
    for turn in range(BACKLOG * 4):
        model.receive(None, update({"turn": turn}))
    assert pacer.dwell(2.0) == 0.5


def test_a_table_can_hold_the_next_beat_back(make_app):
    from tests.client.conftest import frames, local_table

    app = make_app()
    table = local_table(app, [("Anna", "keys1"), ("Ben", "bot:hard")], seed=2, bot_delay=0.05)
    frames(app, 2)
    table.session.hold(1.0)  # a countdown
    frames(app, 30)
    assert table.model.behind() >= 1 and table.pacer.busy()  # Ben has locked in, not shown yet
    frames(app, 40)
    assert table.model.behind() == 0


# A table session driven without a window: fake sessions, screen and game (duck-typed as the
# table's are); it prints what it said and whether pygame was loaded.
SESSION_WITHOUT_PYGAME = """
import json, sys
from client.table.session import TableSession

class Screen:
    def __init__(self): self.said, self.private = [], []
    def tell(self, words, **how): self.said.append(words() if callable(words) else words)
    def sound(self, name): pass
    def note_privately(self, seat, words): self.private.append((seat, str(words)))
    def plays_here(self, seat): return seat == 0
    def can_hand_seats(self): return False

class Game:
    rewords_log, refusals_wait_for_beats = True, False
    def describe(self, event): return "the fists open" if event["type"] == "reveal" else None
    def on_event(self, event): return 0.0
    def on_seat_event(self, seat, event): pass
    def on_shown(self, beat): pass
    def on_photo_finish(self, photo): pass
    def public_refusal(self, code): return "that choice is not allowed now"
    def refusal_words(self, seat, code, reason, action): return None
    def on_taken_back(self, seat, pending): pass
    def on_refusal(self, seat, code, reason): pass

class Session:
    def __init__(self, *messages): self.messages, self.sent = list(messages), []
    def poll(self):
        out, self.messages = self.messages, []
        return out
    def send(self, action):
        self.sent.append(action)
        return len(self.sent)

class Rect:
    def copy(self): return self

class Pick:
    action, key, private, label, rect = {"type": "plan", "piece": "T"}, "T", True, "Tower", Rect()

def update(legal=()):
    return {"t": "update", "events": [{"type": "reveal"}], "view": {"turn": 1}, "legal": list(legal)}

anna, screen = Session(update([Pick.action])), Screen()
session = TableSession(screen, 2, {0: anna}, Session(update()), names=["Anna", "Ben"])
session.game = Game()
session.poll(0.0)
shown = []
session.advance(0.0, shown.append)
session.send(0, Pick())
anna.messages.append({"t": "reject", "seq": 1, "code": "gone", "reason": "your Tower is gone"})
session.poll(1.0)
print(json.dumps({"pygame": "pygame" in sys.modules, "shown": len(shown), "log": list(session.model.log),
                  "sent": anna.sent, "said": screen.said, "private": screen.private,
                  "pending": session.model.pending[0] is not None}))
"""


def test_the_table_session_runs_without_pygame():
    """It polls, paces, logs, sends and tells a refused secret (in the seat's panel only)
    with no window: pygame is never imported."""
    out = subprocess.run([sys.executable, "-c", SESSION_WITHOUT_PYGAME], capture_output=True, text=True, check=True)
    ran = json.loads(out.stdout.strip().splitlines()[-1])
    assert ran["pygame"] is False
    assert ran["shown"] == 1 and ran["log"][0] == "the fists open"
    assert ran["sent"] == [{"type": "plan", "piece": "T"}] and not ran["pending"]  # refused: no longer pending
    assert ran["private"] == [[0, "Refused: your Tower is gone"]]  # the secret, in Anna's panel only
    assert ran["said"] == ["Anna: refused, that choice is not allowed now. Pick again."]
    assert not any("Tower" in said for said in ran["said"] + ran["log"])  # the shared screen never names it


def rects(*centres):
    return [pygame.Rect(x - 20, y - 20, 40, 40) for x, y in centres]


def test_a_cursor_cycles_along_a_strip_and_moves_spatially_over_a_board():
    strip = rects((100, 50), (200, 50), (300, 50))
    assert navigate(strip, 0, "right") == 1 and navigate(strip, 0, "left") == 2  # wraps
    assert navigate(strip, 2, "down") == 0  # every direction steps along a strip
    board = rects((100, 100), (200, 100), (100, 200), (210, 210), (400, 110))
    assert navigate(board, 0, "right") == 1
    assert navigate(board, 0, "down") == 2
    assert navigate(board, 1, "down") == 3
    assert navigate(board, 1, "right") == 4
    assert navigate(board, 4, "right") == 0  # nothing further right: wrap to the far left, in line


def test_a_held_direction_repeats_after_a_delay():
    chooser = Chooser(0, "keys1")
    chooser.hold("right", True)
    assert chooser.repeats(REPEAT_DELAY - 0.01) == []
    assert chooser.repeats(0.02) == ["right"]
    assert chooser.repeats(REPEAT_EVERY) == ["right"]
    chooser.hold("right", False)
    assert chooser.repeats(1.0) == []


def test_the_cursor_stays_on_its_choice_when_the_choices_change():
    chooser = Chooser(0, "keys1")
    first = [Choice({"type": "plan", "piece": p}, (i * 100, 0, 90, 90)) for i, p in enumerate("TG6")]
    chooser.keep_focus(first)
    chooser.move(first, "right")
    assert chooser.cursor == first[1].key  # the Gate
    second = [Choice({"type": "plan", "piece": p}, (i * 100, 0, 90, 90)) for i, p in enumerate("G6")]
    chooser.keep_focus(second)
    assert chooser.focus(second) == 0  # still the Gate, now first
    chooser.keep_focus([Choice({"type": "plan", "piece": "6"}, (0, 0, 9, 9))])
    assert chooser.cursor == Choice({"type": "plan", "piece": "6"}, (0, 0, 9, 9)).key


def test_a_camera_pans_zooms_about_a_point_and_keeps_a_target_in_view():
    camera = Camera(pygame.Rect(0, 0, 800, 600))
    assert camera.to_screen((0, 0)) == (400, 300)
    camera.zoom_at(2.0, (600, 300))
    assert camera.to_world((600, 300)) == (200, 0)  # the point under the cursor stays put
    camera.show(pygame.Rect(1000, 0, 100, 100))
    assert camera.view.contains(camera.rect_to_screen((1000, 0, 100, 100)))
    assert camera.to_world(camera.to_screen((123, 45))) == (123, 45)


def test_a_camera_frames_a_rect_and_glides_there_until_a_player_takes_over():
    camera = Camera(pygame.Rect(100, 100, 800, 400), max_zoom=2.0)
    centre, zoom = camera.framing((0, 0, 1600, 400), margin=0)
    assert centre == (800, 200) and zoom == 0.5  # as wide as the view allows
    camera.glide_to(centre, zoom)
    zooms = []
    for _ in range(120):
        camera.update(1 / 60)
        zooms.append(camera.zoom)
    assert zooms[0] < 1.0 and zooms == sorted(zooms, reverse=True)  # smoothly, never back
    assert camera.goal is None and (camera.centre, camera.zoom) == (centre, zoom)  # arrived exactly
    assert camera.view.contains(camera.rect_to_screen((0, 0, 1600, 400)))
    camera.glide_to((0, 0), 1.0)
    camera.update(1 / 60)
    camera.pan(10, 0)  # the player's own pan stops the glide
    assert camera.goal is None
    camera.glide_to((0, 0), 1.0)
    camera.update(float("inf"))  # at "instant" speed it is there at once
    assert (camera.centre, camera.zoom) == ((0.0, 0.0), 1.0)
