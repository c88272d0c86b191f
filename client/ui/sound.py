"""Sounds synthesised at start-up: no files, no downloads.

A computer with no sound device plays silently: the terminal gets one line in words (not
the sound library's own complaints, "ALSA lib ... Unknown PCM default"), and Settings
offers to try again (`Sounds.retry`) once a device is there."""

import math
import os
import random
import sys
import tempfile
from array import array
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from client.i18n import N_

RATE = 22050


def _tone(freqs, duration, volume=0.5, decay=6.0, noise=0.0, slide=0.0) -> array:
    samples = array("h")
    jitter = random.Random(3)
    count = int(RATE * duration)
    for i in range(count):
        t = i / RATE
        envelope = math.exp(-decay * t) * min(1.0, t * 400)
        value = sum(math.sin(2 * math.pi * (f + slide * t) * t) for f in freqs) / len(freqs)
        if noise:
            value = value * (1 - noise) + jitter.uniform(-1, 1) * noise
        sample = int(max(-1.0, min(1.0, value * envelope * volume)) * 32767)
        samples.append(sample)
        samples.append(sample)
    return samples


def _sequence(*parts) -> array:
    """Sounds at their offsets, mixed into one: each part is (seconds from the start, samples)."""
    length = max(int(RATE * start) * 2 + len(samples) for start, samples in parts)
    mixed = [0] * length
    for start, samples in parts:
        offset = int(RATE * start) * 2
        for i, sample in enumerate(samples):
            mixed[offset + i] += sample
    return array("h", (max(-32767, min(32767, sample)) for sample in mixed))


RECIPES = {
    "move": lambda: _tone([880], 0.05, 0.25, 40),
    "confirm": lambda: _tone([660, 990], 0.12, 0.4, 18),
    "lock": lambda: _tone([220, 330], 0.18, 0.5, 14, noise=0.2),
    "reveal": lambda: _tone([392, 494, 587], 0.6, 0.45, 4),
    "thud": lambda: _tone([90, 60], 0.25, 0.8, 16, noise=0.45, slide=-60),
    "reject": lambda: _tone([180, 190], 0.22, 0.45, 10),
    "round": lambda: _tone([523, 659, 784, 1046], 0.9, 0.4, 3),
    "scatter": lambda: _tone([140], 0.5, 0.5, 6, noise=0.8),
    # tiles settling, one sound per material: stone, cobbles, water
    "stone": lambda: _tone([70, 110], 0.3, 0.85, 12, noise=0.55, slide=-40),
    "cobble": lambda: _sequence(*((t, _tone([1150 + 200 * i, 1700], 0.05, 0.55 - 0.12 * i, 70, noise=0.5))
                                  for i, t in enumerate((0.0, 0.07, 0.15)))),
    "splash": lambda: _sequence((0.0, _tone([520], 0.35, 0.5, 7, noise=0.85, slide=-700)),
                                (0.12, _tone([820], 0.07, 0.3, 30, slide=1800)),
                                (0.22, _tone([1040], 0.06, 0.25, 34, slide=2200))),
    "whoosh": lambda: _tone([260], 0.42, 0.4, 5, noise=0.9, slide=420),
    "flip": lambda: _tone([2100], 0.05, 0.3, 60, noise=0.9),
    "gavel": lambda: _sequence((0.0, _tone([170, 250], 0.1, 0.75, 32, noise=0.3)),
                               (0.15, _tone([170, 250], 0.12, 0.75, 28, noise=0.3))),
    "tick": lambda: _tone([1320], 0.04, 0.35, 60),
}


NO_SOUND = N_("No sound: this computer has no sound device Spielabend can use. Settings can try again.")
NATIVE_NOISE = ("ALSA lib ",)  # lines the sound library writes itself when there is no device


@contextmanager
def quiet_sound_library() -> Iterator[None]:
    """Hold back what the sound library writes straight to the terminal while the sound
    device is opened (ALSA's "Unknown PCM default" when there is none); anything else
    written meanwhile still reaches the terminal."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):  # no stderr to hold back (a windowed start)
        yield
        return
    with tempfile.TemporaryFile() as held:
        os.dup2(held.fileno(), 2)
        try:
            yield
        finally:
            try:
                sys.stderr.flush()
            except (OSError, ValueError):
                pass
            os.dup2(saved, 2)
            os.close(saved)
            held.seek(0)
            kept = [line for line in held.read().decode(errors="replace").splitlines()
                    if not line.startswith(NATIVE_NOISE)]
            if kept:
                print("\n".join(kept), file=sys.stderr)


class Sounds:
    def __init__(self, volume: float = 0.7):
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.volume = volume
        self.problem = ""  # why there is no sound (an English message id), "" when it plays
        self.played: list[str] = []  # the last few names, for tests and the bench
        self.start()

    def start(self) -> bool:
        """Open the sound device and make the sounds; True if it worked."""
        self.sounds = {}
        try:
            with quiet_sound_library():
                if not pygame.mixer.get_init():
                    pygame.mixer.init(RATE, -16, 2, 512)
            for name, recipe in RECIPES.items():
                self.sounds[name] = pygame.mixer.Sound(buffer=recipe().tobytes())
        except pygame.error:
            self.sounds = {}
        self.problem = "" if self.sounds else NO_SOUND
        return not self.problem

    def retry(self) -> bool:
        """Try the sound device again (one was plugged in, or a sound server started)."""
        if pygame.mixer.get_init():
            pygame.mixer.quit()
        return self.start()

    def play(self, name: str) -> None:
        self.played = (self.played + [name])[-20:]
        sound = self.sounds.get(name)
        if sound is not None and self.volume > 0:
            sound.set_volume(self.volume)
            sound.play()
