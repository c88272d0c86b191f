"""The scenes of the client; each has the same lifecycle (see base.Scene)."""
