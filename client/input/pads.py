"""Which gamepads are plugged in, what kind each is, and who a replugged pad was.

SDL numbers a controller anew every time it is plugged in (its instance id). Seats are
bound to a *device id* (``"pad:<n>"``) instead, which this registry keeps for a pad that
comes back: a pad plugged in again is recognised by what SDL reports of it (its GUID,
which carries bus, vendor and product, and its name) and gets its old device id back,
so its seat, wherever the table is (pause menu, set-up), is still its seat. Where two
gone pads look the same, nobody can tell them apart: the pad gets a new id and the
table asks its player which seat is theirs (`ambiguous`), never guessing.

The kind ("xbox", "playstation", "nintendo") comes from the USB vendor and product in
the GUID, as SDL's own controller type does; the name is a fallback for pads whose GUID
carries no vendor (Bluetooth on some systems).
"""

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # for annotations only: the registry is plain data and imports no pygame
    from pygame._sdl2.controller import Controller

from client.i18n import N_, _

VENDORS = {0x045E: "xbox", 0x054C: "playstation", 0x057E: "nintendo"}
MODELS = {  # (vendor, product) -> what players call it (looked up where it is shown)
    (0x045E, 0x028E): N_("Xbox 360 pad"), (0x054C, 0x0268): N_("PS3 pad"), (0x054C, 0x05C4): N_("PS4 pad"),
    (0x054C, 0x09CC): N_("PS4 pad"), (0x054C, 0x0CE6): N_("DualSense"), (0x054C, 0x0DF2): N_("DualSense Edge"),
    (0x057E, 0x2009): N_("Switch Pro"), (0x057E, 0x2006): N_("Joy-Con"), (0x057E, 0x2007): N_("Joy-Con"),
    (0x057E, 0x200E): N_("Joy-Con pair"),
}
KIND_MODELS = {"xbox": N_("Xbox pad"), "playstation": N_("PlayStation pad"), "nintendo": N_("Nintendo pad")}
GAMEPAD = N_("Gamepad")
NINTENDO_WORDS = ("nintendo", "switch", "joy-con", "joycon", "pro controller", "gamecube", "snes", "n64", "wii")
PLAYSTATION_WORDS = ("playstation", "ps3", "ps4", "ps5", "dualshock", "dualsense", "sony")
XBOX_WORDS = ("xbox", "x-box", "microsoft")


def vendor_product(guid: str) -> tuple[int, int] | None:
    """The USB vendor and product ids an SDL joystick GUID carries, if it carries them
    (16-bit little-endian words: bus, crc, vendor, 0, product, 0, version, driver)."""
    try:
        raw = bytes.fromhex(guid)
    except (TypeError, ValueError):
        return None
    if len(raw) != 16:
        return None
    words = [int.from_bytes(raw[i:i + 2], "little") for i in range(0, 16, 2)]
    if words[3] or words[5] or not words[2]:
        return None
    return words[2], words[4]


def pad_kind(guid: str = "", name: str | None = None) -> str:
    """"xbox", "playstation", "nintendo" or "generic" (laid out and labelled like Xbox)."""
    ids = vendor_product(guid)
    if ids is not None and ids[0] in VENDORS:
        return VENDORS[ids[0]]
    lowered = (name or "").lower()
    if any(word in lowered for word in NINTENDO_WORDS):
        return "nintendo"
    if any(word in lowered for word in PLAYSTATION_WORDS):
        return "playstation"
    if any(word in lowered for word in XBOX_WORDS):
        return "xbox"
    return "generic"


def pad_model(guid: str = "", name: str | None = None) -> str:
    """What the pad is called (in English; `PadRegistry.label` words it): "Xbox 360 pad",
    "DualSense", "Switch Pro"..."""
    ids = vendor_product(guid)
    if ids is not None and ids in MODELS:
        return MODELS[ids]
    return KIND_MODELS.get(pad_kind(guid, name), GAMEPAD)


@dataclass
class Pad:
    number: int  # the device id is "pad:<number>"
    instance_id: int  # SDL's id while plugged in
    guid: str = ""
    name: str = ""
    controller: "Controller | None" = None  # the opened pygame controller (None: a synthetic test pad)
    kind: str = field(init=False)
    model: str = field(init=False)

    def __post_init__(self):
        self.kind = pad_kind(self.guid, self.name)
        self.model = pad_model(self.guid, self.name)

    @property
    def device(self) -> str:
        return f"pad:{self.number}"

    def same_hardware(self, other: "Pad") -> bool:
        return bool(self.guid) and (self.guid, self.name) == (other.guid, other.name)


class PadRegistry:
    """Plugged-in pads by SDL instance id, and the pads that went, by device id."""

    def __init__(self):
        self.present: dict[int, Pad] = {}  # instance id -> pad
        self.gone: dict[int, Pad] = {}  # number -> a pad unplugged, waiting to come back
        self.order: list[int] = []  # numbers of present pads, in the order they came
        self.ambiguous: set[str] = set()  # devices that may be a gone pad nobody can tell apart

    def add(self, instance_id: int, guid: str = "", name: str = "", controller: "Controller | None" = None) -> Pad:
        """A pad plugged in: its old device id if exactly one gone pad is the same
        hardware, else a new one (SDL's instance id, while no other pad holds it)."""
        if instance_id in self.present:
            return self.present[instance_id]
        fresh = Pad(0, instance_id, guid, name, controller)
        twins = [pad for pad in self.gone.values() if pad.same_hardware(fresh)]
        if len(twins) == 1:
            fresh.number = twins[0].number
            del self.gone[fresh.number]
        else:
            taken = {pad.number for pad in self.present.values()} | set(self.gone)
            fresh.number = instance_id if instance_id not in taken else max(taken) + 1
            if len(twins) > 1:
                self.ambiguous.add(fresh.device)
        self.present[instance_id] = fresh
        self.order.append(fresh.number)
        return fresh

    def remove(self, instance_id: int) -> Pad | None:
        pad = self.present.pop(instance_id, None)
        if pad is not None:
            self.order.remove(pad.number)
            self.gone[pad.number] = pad
            self.ambiguous.discard(pad.device)
        return pad

    def by_device(self, device: str) -> Pad | None:
        """The plugged-in pad behind ``device`` ("pad:<n>"), if there is one."""
        for pad in self.present.values():
            if pad.device == device:
                return pad
        return None

    def known(self, device: str) -> Pad | None:
        """The pad behind ``device``, plugged in or gone."""
        pad = self.by_device(device)
        if pad is None and device.startswith("pad:") and device[4:].isdigit():
            pad = self.gone.get(int(device[4:]))
        return pad

    def label(self, device: str) -> str:
        """A pad's name on screen: its model, numbered when two present pads share it."""
        pad = self.known(device)
        if pad is None:
            return _(GAMEPAD)
        present_models = {present.number: present.model for present in self.present.values()}
        same = [number for number in self.order if present_models.get(number) == pad.model]
        if len(same) > 1 and pad.number in same:
            return _("{model} {number}").format(model=_(pad.model), number=same.index(pad.number) + 1)
        return _(pad.model)
