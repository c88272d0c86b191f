"""How a test seat races at the Wie Waldi table: which choice it takes (`pick`: play where
the cursor jumped, put back a card that fits nowhere, draw from the piles in turn), and
the button its device presses for it (`seat_presses`), so every seat's presses can land in
the same frame."""


def pick(table, seat, choices, turn: int):
    """Play where the cursor jumped (else any target), put back a card that fits nowhere,
    and draw from the piles in turn."""
    plays = [c for c in choices if isinstance(c.action, dict) and c.action["type"] in ("start", "play")]
    if plays:
        cursor = table.choosers[seat].cursor
        return next((c for c in plays if c.key == cursor), plays[turn % len(plays)])
    back = [c for c in choices if isinstance(c.action, dict) and c.action["type"] == "put_back"]
    if back:
        return back[0]
    return choices[turn % len(choices)] if choices else None


def seat_presses(app, table, seat: int, turn: int) -> str | None:
    """Post what ``seat`` presses now to race (without running a frame, so every seat's
    presses land in the same frame); returns which button, or None."""
    # tests.client.drive takes `pick` from here: its helpers are imported when pressing
    from tests.client.drive import press_button, seat_choices, shortcut_for

    if table.model.pending.get(seat) is not None:
        return None
    choices = seat_choices(table, seat)
    choice = pick(table, seat, choices, turn)
    if choice is None:
        return None
    device = table.choosers[seat].device
    button = shortcut_for(table, seat, device, choice)
    if device == "mouse" and button is None:
        press_button(app, device, "confirm", choice.rect.center)
        return "click"
    if button is None:
        assert choice.key == table.choosers[seat].cursor, "a play goes where the cursor jumped"
        button = "confirm"
    press_button(app, device, button)
    return button
