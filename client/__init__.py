"""The player-facing front ends: the pygame-ce window, the command line, the headless runner."""
