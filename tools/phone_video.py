"""The phone page's wake-lock fallback video: ``assets/phone/awake.webm`` and ``awake.mp4``.

Browsers give the Screen Wake Lock API only to secure pages, and a phone on the LAN opens the
table's page over plain http://. The usual fallback (NoSleep.js and others) is a muted,
looping, inline video: while one plays, the phone does not dim or lock. These are two tiny
such videos (VP8 in WebM for Chromium and Firefox, H.264 baseline in MP4 for Safari), a few
seconds of a dark, barely changing picture, made with PyAV (``pip install av``; a tool's
need, not the game's). Deterministic for one PyAV version (one thread, no timestamps).

    .venv/bin/python tools/phone_video.py [--out assets/phone]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZE = 64  # pixels: small, yet a size every decoder takes
FPS = 10
SECONDS = 4


def frames():
    """Dark grey frames with a one-level flicker: a still picture some encoders would
    collapse into nothing a browser counts as playing."""
    import av

    for i in range(FPS * SECONDS):
        level = 16 + (i // FPS) % 2
        plane = bytes([level]) * (SIZE * SIZE)
        frame = av.VideoFrame(SIZE, SIZE, "gray")
        frame.planes[0].update(plane)
        yield frame.reformat(format="yuv420p")


def write(path: Path, container_format: str, codec: str, options: dict[str, str]) -> int:
    import av

    with av.open(str(path), "w", format=container_format,
                 container_options={"fflags": "+bitexact", **({"movflags": "+faststart"} if container_format == "mp4"
                                                               else {})}) as out:
        out.metadata.clear()
        stream = out.add_stream(codec, rate=FPS)
        stream.width = stream.height = SIZE
        stream.pix_fmt = "yuv420p"
        stream.thread_count = 1
        stream.options = options
        for frame in frames():
            for packet in stream.encode(frame):
                out.mux(packet)
        for packet in stream.encode(None):
            out.mux(packet)
    return path.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "phone")
    args = parser.parse_args(argv)
    try:
        import av  # noqa: F401
    except ImportError:
        print("phone_video: needs PyAV (pip install av)", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    webm = write(args.out / "awake.webm", "webm", "libvpx", {"crf": "50", "b": "20k", "deadline": "best",
                                                            "auto-alt-ref": "0", "lag-in-frames": "0"})
    mp4 = write(args.out / "awake.mp4", "mp4", "libx264", {"profile": "baseline", "preset": "veryslow", "crf": "45",
                                                          "tune": "stillimage", "x264-params": "threads=1"})
    print(f"awake.webm {webm} bytes, awake.mp4 {mp4} bytes -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
