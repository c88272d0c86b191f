"""Who sits at a table before it starts: seat plans, their devices, and the host's seat list."""

from dataclasses import dataclass

from client.i18n import N_, _

NAMES = ["Anna", "Ben", "Clara", "David", "Emma", "Felix"]
BOTS = ["bot:easy", "bot:normal", "bot:hard"]
PHONE = "phone"  # a seat at this table played from a phone's browser (netplay.phones), no device here


BOT_LABELS = {"bot:easy": N_("Bot (easy)"), "bot:normal": N_("Bot (normal)"), "bot:hard": N_("Bot (hard)")}
CONTROL_LABELS = {"mouse": N_("Mouse"), "keys1": N_("Keys WASD"), "keys2": N_("Keys arrows"),
                  "open": N_("Open LAN seat"), PHONE: N_("Phone (QR code)")}


def control_label(control: str, device_name=None) -> str:
    """A seat's control in words; ``device_name`` (the window's input router's) names pads
    by their kind ("DualSense")."""
    if control.startswith("pad:") and device_name is not None:
        return device_name(control)
    if control in BOT_LABELS:
        return _(BOT_LABELS[control])
    if control.startswith("bot:"):
        return _("Bot ({strength})").format(strength=control[4:])
    if control.startswith("pad:"):
        return _("Gamepad {number}").format(number=control[4:])
    return _(CONTROL_LABELS[control]) if control in CONTROL_LABELS else control


@dataclass
class SeatPlan:
    name: str
    control: str  # a device id, "bot:<strength>", or "open" (a LAN seat)
    colour: int

    @property
    def is_bot(self) -> bool:
        return self.control.startswith("bot:")

    @property
    def is_local(self) -> bool:
        return not self.is_bot and self.control != "open"


def host_seats(seat_plans) -> list[dict]:
    """The seat list netplay's Host takes for these plans."""
    specs = []
    for plan in seat_plans:
        if plan.is_bot:
            specs.append({"kind": "bot", "strength": plan.control[4:]})
        else:
            specs.append({"kind": "remote" if plan.control == "open" else "local"})
    return specs


def bot_plans(players: int) -> list[SeatPlan]:
    """A table of bots of every strength in turn (the demo and the attract mode)."""
    return [SeatPlan(NAMES[i % len(NAMES)], ("bot:normal", "bot:easy", "bot:hard")[i % 3], i) for i in range(players)]
