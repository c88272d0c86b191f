"""The table every game shares (it knows no game): see docs/architecture.md, "How to add a table".

Its modules are imported by name, with nothing re-exported here, so that importing one of
the pygame-free parts (`model`, `pacing`, `session`) does not load pygame with the rest.
"""
