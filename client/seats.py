"""Who sits at a table before it starts: seat plans, their devices, and the host's seat list."""

from dataclasses import dataclass

NAMES = ["Anna", "Ben", "Clara", "David", "Emma", "Felix"]
BOTS = ["bot:easy", "bot:normal", "bot:hard"]
PHONE = "phone"  # a seat at this table played from a phone's browser (netplay.phones), no device here


def control_label(control: str) -> str:
    if control.startswith("bot:"):
        return f"Bot ({control[4:]})"
    if control == "open":
        return "Open LAN seat"
    if control == PHONE:
        return "Phone (QR code)"
    if control.startswith("pad:"):
        return f"Gamepad {control[4:]}"
    return {"mouse": "Mouse", "keys1": "Keys WASD", "keys2": "Keys arrows"}.get(control, control)


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
