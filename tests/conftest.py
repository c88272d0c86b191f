import os
import tempfile

# GUI tests never open a real window or audio device.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Windows read English unless a test asks for another language (a tester's own locale
# must not change what the tests see).
os.environ["LANGUAGE"] = "en"
# Discovery in tests stays on loopback: nothing is sent beyond 127.0.0.1.
os.environ["SPIELABEND_INTERFACES"] = "127.0.0.1"
# Nothing a test does may touch the player's own settings and saves: config and data
# folders live in a temporary folder (tests that need their own set them per test).
_FOLDERS = tempfile.mkdtemp(prefix="spielabend-tests-")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_FOLDERS, "config")
os.environ["XDG_DATA_HOME"] = os.path.join(_FOLDERS, "data")
