"""The viewer's controls on screen: the transport buttons, the timeline and the footer's words.

Where everything is (logical 1920x1080), what each button says, how a timeline position
maps to a step and back, and the footer line naming every device's buttons. The scene
(`client.replay.scene`) decides what a press does; this module only lays out and draws.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from client.i18n import _
from client.input.buttons import buttons_here, device_family, pad_button_label
from client.ui import art

TABLE = pygame.Rect(20, 20, 1472, 828)  # the table, scaled from 1920x1080
SIDE = pygame.Rect(1512, 20, 388, 828)  # the moments
TIMELINE = pygame.Rect(60, 872, 1800, 34)
BUTTON_ROW = pygame.Rect(40, 930, 1840, 62)
FOOTER_Y = 1012
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)


@dataclass
class Button:
    key: str  # what the scene does on it: "round_back", "back", "play", "next", "round_next", "speed", "secrets"
    rect: pygame.Rect
    label: Callable[[], str]
    usable: Callable[[], bool] = lambda: True


def row(keys_and_labels: Sequence[tuple[str, Callable[[], str], int]], usable: dict[str, Callable[[], bool]]
        ) -> list[Button]:
    """Buttons side by side along the button row, each ``width`` wide."""
    buttons, left = [], BUTTON_ROW.left
    for key, label, width in keys_and_labels:
        buttons.append(Button(key, pygame.Rect(left, BUTTON_ROW.top, width, BUTTON_ROW.height), label,
                              usable.get(key, lambda: True)))
        left += width + 12
    return buttons


def hit(buttons: Sequence[Button], pos: tuple[int, int]) -> Button | None:
    return next((button for button in buttons if button.rect.collidepoint(pos) and button.usable()), None)


def speed_words(speed: float) -> str:
    return _("Speed {speed}x").format(speed=f"{speed:g}")


# --- the timeline -------------------------------------------------------------------------------
def index_at(x: int, last: int) -> int:
    """The step under ``x`` on the timeline (0 to ``last``)."""
    if last <= 0:
        return 0
    share = (x - TIMELINE.left) / max(1, TIMELINE.width)
    return min(last, max(0, round(share * last)))


def x_of(index: int, last: int) -> int:
    return TIMELINE.left + (round(TIMELINE.width * index / last) if last > 0 else 0)


def draw_timeline(surface: pygame.Surface, index: int, last: int, rounds: Sequence[int],
                  marks: Sequence[tuple[int, int]], focused: int | None, dragging: bool) -> None:
    """The game from start to end: a tick where each round starts, a gold mark over each
    moment (the focused one brighter), the part played lit, the knob at ``index``."""
    bar = TIMELINE
    surface.blit(art.panel(bar.size, art.PANEL, None, bar.height // 2), bar)
    played = pygame.Rect(bar.left, bar.top, max(0, x_of(index, last) - bar.left), bar.height)
    if played.width > 0:
        surface.blit(art.panel(played.size, (116, 88, 50), None, bar.height // 2), played)
    for start in rounds[1:]:
        x = x_of(start, last)
        pygame.draw.line(surface, art.INK_FAINT, (x, bar.top + 6), (x, bar.bottom - 6), 2)
    for number, (start, end) in enumerate(marks):
        left, right = x_of(max(0, start - 1), last), x_of(end, last)
        colour = art.GOLD if number == focused else (150, 112, 52)
        pygame.draw.rect(surface, colour, (left, bar.top - 8, max(6, right - left), 6), border_radius=3)
    knob = (x_of(index, last), bar.centery)
    pygame.draw.circle(surface, art.GOLD if dragging else art.INK, knob, bar.height // 2 + 6)
    pygame.draw.circle(surface, art.NIGHT, knob, bar.height // 2 - 4)


def draw_buttons(surface: pygame.Surface, buttons: Sequence[Button], hover: str | None) -> None:
    for button in buttons:
        usable = button.usable()
        lit = usable and button.key == hover
        surface.blit(art.panel(button.rect.size, art.PANEL_HI if lit else art.PANEL, art.GOLD if lit else None, 14),
                     button.rect)
        art.blit_text(surface, button.label(), 30, art.INK if usable else art.INK_FAINT, button.rect.center,
                      "center", width=button.rect.width - 16)


# --- the footer -----------------------------------------------------------------------------------
def pad_names(app, button: str) -> list[str]:
    """SDL pad button ``button`` as printed on each plugged-in pad."""
    return [pad_button_label(button, device_family(app, device)) for device in app.input.devices()
            if device.startswith("pad:")]


def either(*names: str) -> str:
    return " / ".join(dict.fromkeys(name for name in names if name))


def footer_lines(app, exporting: bool) -> list[str]:
    """Every device's buttons here, in two lines."""
    pads = any(device.startswith("pad:") for device in app.input.devices())
    settings_pad = app.settings.data["pad"]
    step = either("\u2190 \u2192", _("D-pad \u2190 \u2192") if pads else "")
    rounds = either(_("PgUp PgDn"), " ".join(dict.fromkeys(pad_names(app, "leftshoulder") + pad_names(app, "rightshoulder"))))
    speed = either("\u2191 \u2193", _("D-pad \u2191 \u2193") if pads else "")
    scrub = either(_("drag the timeline"), _("right stick") if pads else "")
    moment = either("Tab", *pad_names(app, settings_pad.get("alt", "x")))
    secrets = either("V", *pad_names(app, settings_pad.get("secret", "y")))
    first = _("{play}: play or pause   {step}: one action   {rounds}: a round   {speed}: speed   {scrub}: scrub").format(
        play=buttons_here(app, "confirm"), step=step, rounds=rounds, speed=speed, scrub=scrub)
    if exporting:
        export = either("E", *pad_names(app, "back"))
        second = _("{moment}: next moment   {export}: a clip of it   {secrets}: secrets   {back}: back").format(
            moment=moment, export=export, secrets=secrets, back=buttons_here(app, "back"))
    else:
        second = _("{moment}: next moment   {secrets}: secrets   {back}: back").format(
            moment=moment, secrets=secrets, back=buttons_here(app, "back"))
    return [first, second]


def draw_footer(surface: pygame.Surface, lines: Sequence[str]) -> None:
    for number, line in enumerate(lines):
        art.blit_text(surface, line, 26, art.INK_FAINT, (art.W // 2, FOOTER_Y + number * 32), "midtop",
                      width=art.W - 60)
