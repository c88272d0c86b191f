"""pymunk moments: a piece dropping onto the wall, bits scattering at a round's end.

The space is stepped at a fixed dt (the app's 60 Hz update), so runs are reproducible.
Bodies are short-lived decorations; the game's truth is always the engine's view.
"""

import random

import pymunk

GRAVITY = 2600.0
FLOOR_Y = 1070  # the table top, where scattered bits come to rest
# Falling pieces touch only floors (never each other); bits touch floors and bits.
FLOORS = pymunk.ShapeFilter(categories=0b001, mask=0b110)
PIECES = pymunk.ShapeFilter(categories=0b010, mask=0b001)
BITS = pymunk.ShapeFilter(categories=0b100, mask=0b101)


class Moments:
    def __init__(self, seed: int = 7, floor_y: float = FLOOR_Y):
        """``floor_y``: where scattered bits come to rest; below the screen (a results
        screen's confetti), they fall out of view instead of piling over its bottom line."""
        self.space = pymunk.Space()
        self.space.gravity = (0, GRAVITY)
        self.random = random.Random(seed)
        self.drops: list[dict] = []
        self.bits: list[dict] = []
        # the table top and the screen's sides: scattered bits stay in view
        # thick (radius 80) so fast bits cannot tunnel through in one 1/60 s step
        for a, b in (((-400, floor_y + 80), (2320, floor_y + 80)), ((-80, -2000), (-80, floor_y)),
                     ((2000, -2000), (2000, floor_y))):
            edge = pymunk.Segment(self.space.static_body, a, b, 80)
            edge.friction, edge.elasticity = 0.9, 0.3
            edge.filter = FLOORS
            self.space.add(edge)

    def clear_drops(self, kind: str) -> None:
        """Forget the moving pieces tagged ``kind`` (say, last turn's revealed picks)."""
        for drop in [d for d in self.drops if d.get("kind") == kind]:
            self.space.remove(drop["body"], *drop["shapes"])
            self.drops.remove(drop)

    def drop(self, piece: str, colour, size, target, rise: float = 320, velocity=(0.0, 0.0),
             life: float = 1.2, start=None, upright: bool = False) -> None:
        """A piece falls from ``rise`` above ``target`` (its resting centre) and settles
        on a ledge right under it; it lives ``life`` seconds. With an upward
        ``velocity`` and a small ``rise`` it pops up and lands instead (a fist opening)."""
        width, height = size
        body = pymunk.Body(1.0, float("inf") if upright else pymunk.moment_for_box(1.0, size))
        body.position = start or (target[0] + self.random.uniform(-12, 12), target[1] - rise)
        body.angle = 0.0 if upright else self.random.uniform(-0.25, 0.25)
        body.velocity = velocity
        shape = pymunk.Poly.create_box(body, size)
        shape.friction, shape.elasticity = 0.8, 0.2
        shape.filter = PIECES
        floor = pymunk.Segment(self.space.static_body, (target[0] - width, target[1] + height / 2),
                               (target[0] + width, target[1] + height / 2), 2)
        floor.friction = 1.0
        floor.filter = FLOORS
        self.space.add(body, shape, floor)
        self.drops.append({"piece": piece, "colour": colour, "size": size, "body": body,
                           "shapes": [shape, floor], "age": 0.0, "target": target, "life": life,
                           "start": tuple(body.position)})

    def scatter(self, centre, colours, count: int = 60) -> None:
        """Small stone bits burst from ``centre`` and tumble to the floor."""
        for i in range(count):
            size = self.random.uniform(8, 22)
            body = pymunk.Body(0.2, pymunk.moment_for_box(0.2, (size, size)))
            body.position = (centre[0] + self.random.uniform(-500, 500), centre[1] + self.random.uniform(-40, 40))
            body.velocity = (self.random.uniform(-700, 700), self.random.uniform(-1400, -500))
            body.angular_velocity = self.random.uniform(-12, 12)
            shape = pymunk.Poly.create_box(body, (size, size))
            shape.friction, shape.elasticity = 0.7, 0.45
            shape.filter = BITS
            self.space.add(body, shape)
            self.bits.append({"body": body, "shape": shape, "size": size, "age": 0.0,
                              "colour": colours[i % len(colours)]})

    def clear(self) -> None:
        """Remove every moving piece and bit."""
        for drop in self.drops:
            self.space.remove(drop["body"], *drop["shapes"])
        for bit in self.bits:
            self.space.remove(bit["body"], bit["shape"])
        self.drops, self.bits = [], []

    def busy(self) -> bool:
        return bool(self.drops or self.bits)

    def step(self, dt: float) -> None:
        if not self.busy():
            return
        self.space.step(dt)
        for drop in list(self.drops):
            drop["age"] += dt
            if drop["age"] > drop["life"]:
                self.space.remove(drop["body"], *drop["shapes"])
                self.drops.remove(drop)
        for bit in list(self.bits):
            bit["age"] += dt
            if bit["age"] > 3.5:
                self.space.remove(bit["body"], bit["shape"])
                self.bits.remove(bit)
