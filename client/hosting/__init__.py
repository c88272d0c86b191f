"""A table this window hosts or joins: seat plans, the hosted table and its services, kept seats."""
