"""Architekton's tiles off the board (AR-1, AR-2, AR-5): the two face-down stacks, the
face-down reserve and the face-up supply of each kind.

`TileSupply` is the part of `ArchitektonState` that deals, redraws and refills them; its
attributes are state attributes, saved and digested with the rest of the state. Stacks
are drawn from their end.
"""

from ..rng import Rng
from ..types import Event
from .tiles import BUILDINGS, LANDSCAPES, RESERVE_SIZE, SUPPLY_SIZE


class TileSupply:
    """The stacks, reserves and supply of an Architekton state."""

    building_stack: list[str]
    landscape_stack: list[str]
    reserve_buildings: list[str]
    reserve_landscapes: list[str]
    supply_buildings: list[str]  # sorted
    supply_landscapes: list[str]

    def _deal(self, rng: Rng) -> None:
        """Shuffle both stacks, lay their reserves aside and turn up the supply (set-up)."""
        buildings, landscapes = list(BUILDINGS), list(LANDSCAPES)
        rng.shuffle(buildings)
        rng.shuffle(landscapes)
        # Stacks are drawn from the end; the reserve is the top four of each, face down.
        self.reserve_buildings = [buildings.pop() for _ in range(RESERVE_SIZE)]
        self.supply_buildings = sorted(buildings.pop() for _ in range(SUPPLY_SIZE))
        self.reserve_landscapes = [landscapes.pop() for _ in range(RESERVE_SIZE)]
        self.supply_landscapes = sorted(landscapes.pop() for _ in range(SUPPLY_SIZE))
        self.building_stack, self.landscape_stack = buildings, landscapes

    def _redraws_to_see_every_stacked_tile(self) -> int:
        return max(-(-len(stack) // SUPPLY_SIZE) for stack in (self.building_stack, self.landscape_stack))

    def _redraw_supply(self, player: int) -> Event:
        under = self.supply_buildings + self.supply_landscapes
        for supply, stack in (
            (self.supply_buildings, self.building_stack),
            (self.supply_landscapes, self.landscape_stack),
        ):
            if not stack:
                continue  # the same tiles would come straight back up
            stack[:0] = supply  # under the stack, which is drawn from its end
            count = len(supply)
            supply[:] = sorted(stack.pop() for _ in range(count))
        return {
            "type": "supply_redrawn", "player": player, "under": under,
            "supply": self.supply_buildings + self.supply_landscapes,
        }

    def _refill(self) -> tuple[list[str], bool]:
        drawn, from_reserve = [], False
        for supply, stack, reserve in (
            (self.supply_buildings, self.building_stack, self.reserve_buildings),
            (self.supply_landscapes, self.landscape_stack, self.reserve_landscapes),
        ):
            while len(supply) < SUPPLY_SIZE and (stack or reserve):
                if stack:
                    supply.append(stack.pop())
                else:
                    supply.append(reserve.pop())
                    from_reserve = True
                drawn.append(supply[-1])
            supply.sort()
        return drawn, from_reserve
