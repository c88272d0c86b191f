import os

# GUI tests never open a real window or audio device.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Discovery in tests stays on loopback: nothing is sent beyond 127.0.0.1.
os.environ["SPIELABEND_INTERFACES"] = "127.0.0.1"
