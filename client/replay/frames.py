"""A replay drawn off screen, frame by frame, at any size: what clips are made of.

`ReplayFrames` plays the game's own table (`client.replay.player`) in real time at 1x,
each step's animations as the table plays them, and yields one surface per frame at the
size asked, with a caption in the corner (the game's name and the players', say). It needs
no window: under SDL's dummy or offscreen video driver it draws all the same.
"""

from collections.abc import Iterator

import pygame

from client.i18n import _, and_list
from client.replay.feed import Replayed
from client.replay.player import ReplayPlayer, Reveal
from client.ui import art
from engines import game_info

TAIL = 0.6  # seconds the last step stands still at the end of a clip
LONGEST = 30.0  # seconds one step may take at most (a bound on the frames, whatever a table does)


def caption_of(replay: Replayed) -> str:
    """The corner's words: "Die Mauer: Anna, Ben and Cleo"."""
    return _("{game}: {names}").format(game=game_info(replay.game_id).name, names=and_list(list(replay.names)))


class ReplayFrames:
    def __init__(self, replay: Replayed, size: tuple[int, int], reveal: Reveal = False, caption: str = ""):
        self.replay = replay
        self.size = (int(size[0]), int(size[1]))
        self.caption = caption
        self.player = ReplayPlayer(replay, reveal)
        self.logical = pygame.Surface((art.W, art.H))

    def check(self, start: int, end: int) -> None:
        last = len(self.replay.steps)
        if not 0 <= start <= end <= last:
            raise ValueError(f"steps {start} to {end} are not within 0 to {last}")

    def still(self, index: int) -> pygame.Surface:
        """The table as it stands after ``index`` steps (nothing moving)."""
        self.check(index, index)
        self.player.open(index)
        self.player.update(0.0, False)
        return self.picture()

    def frames(self, start: int, end: int, fps: int) -> Iterator[pygame.Surface]:
        """The table at ``start`` (the state after that many steps), then steps ``start + 1``
        to ``end`` played in real time, one surface per frame at ``fps``; it ends once step
        ``end`` has played its animations and stood a moment."""
        self.check(start, end)
        if fps <= 0:
            raise ValueError("fps must be positive")
        dt = 1.0 / fps
        player = self.player
        player.open(start)
        player.update(0.0, False)
        yield self.picture()
        budget = round(fps * (LONGEST * (end - start) + TAIL)) + 1
        tail = round(fps * TAIL)
        for _frame in range(budget):
            if not player.update(dt, True, end):
                tail -= 1
                if tail < 0:
                    return
            yield self.picture()

    def picture(self) -> pygame.Surface:
        self.player.draw(self.logical)
        frame = pygame.transform.smoothscale(self.logical, self.size)
        if self.caption:
            draw_caption(frame, self.caption)
        return frame


def draw_caption(surface: pygame.Surface, words: str) -> None:
    """``words`` in the bottom-left corner, on a dark band, sized to the picture."""
    height = surface.get_height()
    size = max(11, round(height * 0.034))
    width = min(art.text_width(words, size) + size, surface.get_width() - size)
    band = pygame.Rect(size // 2, height - size * 2, width, round(size * 1.6))
    surface.blit(art.panel(band.size, art.NIGHT, None, max(4, size // 3), 215), band)
    art.blit_text(surface, words, size, art.GOLD, (band.left + size // 2, band.centery), "midleft",
                  width=band.width - size)
