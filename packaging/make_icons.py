"""Make the platform icons from the project's own artwork (assets/make_icon.py draws it;
assets/icon.png is its 256 px drawing).

    python packaging/make_icons.py [OUTDIR]     # writes OUTDIR/cardhall.ico, .icns, .png and hicolor/

Uses pygame only (no Pillow): the 512 px icon is drawn at that size, the smaller ones are scaled
from the 256 px drawing with ``pygame.transform.smoothscale``, and each is stored as PNG data,
which both containers allow (.ico since Windows Vista, .icns since macOS 10.7). The Linux package
takes the freedesktop "hicolor" sizes from 16 to 512 px. ``packaging/cardhall.spec`` and
``packaging/build.py`` run this at build time; nothing generated is committed.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "assets" / "icon.png"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
# icns element types holding PNG data, by pixel size
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
              (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512))


def _drawing():
    sys.path.insert(0, str(ROOT / "assets"))
    try:
        import make_icon
    finally:
        sys.path.remove(str(ROOT / "assets"))
    return make_icon


def icon_images() -> dict[int, pygame.Surface]:
    """The icon at every size any platform needs."""
    drawing = _drawing()
    base = pygame.image.load(str(SOURCE)) if SOURCE.exists() else drawing.draw(256)
    images = {512: drawing.draw(512), 256: base}
    for size in sorted(set(ICO_SIZES) | set(HICOLOR_SIZES)):
        if size not in images:
            images[size] = pygame.transform.smoothscale(base, (size, size))
    return images


def png_bytes(image: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(image, buffer, "icon.png")
    return buffer.getvalue()


def make_ico(images: dict[int, pygame.Surface]) -> bytes:
    blobs_by_size = [(s, png_bytes(images[s])) for s in ICO_SIZES]
    header = struct.pack("<HHH", 0, 1, len(blobs_by_size))
    offset = 6 + 16 * len(blobs_by_size)
    entries, blobs = b"", b""
    for size, data in blobs_by_size:
        dim = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return header + entries + blobs


def make_icns(images: dict[int, pygame.Surface]) -> bytes:
    body = b""
    for kind, size in ICNS_TYPES:
        data = png_bytes(images[size])
        body += kind + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make_icons(outdir: Path) -> dict[str, Path]:
    """Write cardhall.ico, cardhall.icns, cardhall.png (256 px) and hicolor/NxN.png into outdir."""
    outdir.mkdir(parents=True, exist_ok=True)
    images = icon_images()
    paths = {"ico": outdir / "cardhall.ico", "icns": outdir / "cardhall.icns", "png": outdir / "cardhall.png"}
    paths["ico"].write_bytes(make_ico(images))
    paths["icns"].write_bytes(make_icns(images))
    paths["png"].write_bytes(png_bytes(images[256]))
    for size in HICOLOR_SIZES:
        path = outdir / "hicolor" / f"{size}x{size}.png"
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(png_bytes(images[size]))
        paths[f"hicolor-{size}"] = path
    return paths


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "icons"
    for path in make_icons(out).values():
        print(path)
