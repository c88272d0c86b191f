"""How a local seat plays Drunter & Drüber in the tests: a tile from the hand, then one of
its places; in a vote, one card (or more) toggled in, then put down; a gamepad choosing
blind presses one card's button. ``plan`` steers the choices a test needs."""

import pygame

from client.table.choices import Choice


def pick(table, seat: int, choices: list, turn: int, plan: dict | None = None):
    plan = plan or {}
    if table.choosing_blind(seat):  # a pad seat, panel closed: one card's (or pick's) button
        options = [action for _, action in table.game.blind_actions(seat) if action is not None]
        wanted = [a for a in options if a.get("cards") == [plan.get("blind")]]
        action = (wanted or options)[turn % len(wanted or options)]
        return Choice(action, pygame.Rect(0, 0, 1, 1), "", private=True)
    tags = [choice.data[0] if choice.data else "" for choice in choices]
    if "put" in tags:
        chosen = table.game.stage.get(seat, {}).get("vote", [])
        wish = [c for c in plan.get("vote", {}).get(seat, []) if any(ch.key == ("card", c) for ch in choices)]
        if wish:
            missing = [c for c in wish if c not in chosen]
            if missing:
                return next(ch for ch in choices if ch.key == ("card", missing[0]))
            return next(ch for ch in choices if ch.key == "put")
        if chosen:
            return next(ch for ch in choices if ch.key == "put")
        cards = [ch for ch in choices if tags[choices.index(ch)] == "card"]
        return cards[turn % len(cards)]
    if "jein" in tags and plan.get("jein"):
        return next(ch for ch in choices if ch.data == ("jein", plan["jein"]))
    legal = [choice for choice in choices if choice.legal]
    return legal[turn % len(legal)] if legal else None
