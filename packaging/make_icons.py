"""Make the platform icons from the project's own artwork, assets/icon.png (256x256 RGBA).

    python packaging/make_icons.py [OUTDIR]     # writes OUTDIR/cardhall.ico and OUTDIR/cardhall.icns

Uses pygame only (no Pillow): each size is scaled with ``pygame.transform.smoothscale`` and stored
as PNG data, which both containers allow (.ico since Windows Vista, .icns since macOS 10.7).
``packaging/cardhall.spec`` runs this at build time; nothing generated is committed. If
assets/icon.png is missing it is drawn first with assets/make_icon.py.
"""

from __future__ import annotations

import io
import os
import struct
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "assets" / "icon.png"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# icns element types holding PNG data, by pixel size
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
              (b"ic11", 32), (b"ic12", 64), (b"ic13", 256))


def source_image() -> pygame.Surface:
    if not SOURCE.exists():
        subprocess.run([sys.executable, str(ROOT / "assets" / "make_icon.py")], check=True)
    return pygame.image.load(str(SOURCE))


def png_bytes(image: pygame.Surface, size: int) -> bytes:
    scaled = image if image.get_width() == size else pygame.transform.smoothscale(image, (size, size))
    buffer = io.BytesIO()
    pygame.image.save(scaled, buffer, "icon.png")
    return buffer.getvalue()


def make_ico(image: pygame.Surface) -> bytes:
    images = [png_bytes(image, s) for s in ICO_SIZES]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in zip(ICO_SIZES, images):
        dim = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return header + entries + blobs


def make_icns(image: pygame.Surface) -> bytes:
    body = b""
    for kind, size in ICNS_TYPES:
        data = png_bytes(image, size)
        body += kind + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make_icons(outdir: Path) -> dict[str, Path]:
    """Write cardhall.ico, cardhall.icns and cardhall.png (the source) into outdir."""
    outdir.mkdir(parents=True, exist_ok=True)
    image = source_image()
    paths = {"ico": outdir / "cardhall.ico", "icns": outdir / "cardhall.icns", "png": outdir / "cardhall.png"}
    paths["ico"].write_bytes(make_ico(image))
    paths["icns"].write_bytes(make_icns(image))
    paths["png"].write_bytes(SOURCE.read_bytes())
    return paths


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "icons"
    for path in make_icons(out).values():
        print(path)
