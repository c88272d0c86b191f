"""The seats' colours (no pygame): the window draws them, phones and the evening name them."""

SEAT_COLOURS = [
    (236, 104, 84), (84, 150, 240), (96, 200, 120),
    (240, 196, 72), (176, 120, 240), (64, 200, 214),
]


def seat_colour(index: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[index % len(SEAT_COLOURS)]


def hex_colour(colour) -> str:
    """``colour`` (red, green, blue) as CSS writes it: ``#ec6854``."""
    return "#{:02x}{:02x}{:02x}".format(*colour[:3])
