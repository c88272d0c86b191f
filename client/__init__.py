"""The player-facing front ends: the pygame-ce window, the command line, the headless runner."""

import os

# The window starts silently: pygame's own greeting ("pygame-ce 2.5.8 (SDL ...)") is not for players.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
