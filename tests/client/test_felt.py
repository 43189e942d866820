"""The felt behind every screen is drawn the same, pixel for pixel, as the plain per-pixel drawing
it replaced (theme.felt_background works each light value out once per quarter and draws the
fibre noise's specks without random's per-call checks, for the menu's first frame)."""

from __future__ import annotations

import os
import random

import pygame
import pytest

from game.client.ui import theme as TH


def reference_felt(size: tuple[int, int], palette: TH.Palette) -> pygame.Surface:
    """The felt as it was first drawn: every pixel of the light, every speck drawn by randint and
    randrange."""
    w, h = size
    small = pygame.Surface((64, 36))
    for y in range(36):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 17.5) / 18
            t = min(1.0, (dx * dx + dy * dy) ** 0.5) ** 1.6
            small.set_at((x, y), tuple(int(a + (b - a) * t) for a, b in zip(palette.felt_light, palette.felt_dark)))
    surf = pygame.transform.smoothscale(small, (w, h))
    rng = random.Random(7)
    noise = pygame.Surface((128, 128), pygame.SRCALPHA)
    for _ in range(1400):
        v = rng.randint(0, 255)
        noise.set_at((rng.randrange(128), rng.randrange(128)), (v, v, v, 10))
    for ty in range(0, h, 128):
        for tx in range(0, w, 128):
            surf.blit(noise, (tx, ty))
    return surf.convert()


@pytest.mark.parametrize("palette", [TH.STANDARD, TH.COLOUR_BLIND], ids=lambda p: p.name)
@pytest.mark.parametrize("size", [(1280, 720), (961, 541)])
def test_the_felt_is_the_same_pixels_as_the_per_pixel_drawing(palette, size):
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        TH.clear_cache()
        felt = TH.felt_background(size, palette)
        want = reference_felt(size, palette)
        assert felt.get_size() == want.get_size()
        assert pygame.image.tobytes(felt, "RGB") == pygame.image.tobytes(want, "RGB")
    finally:
        TH.clear_cache()
        pygame.display.quit()


@pytest.fixture
def window():
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    TH.clear_cache()
    yield
    TH.clear_cache()
    TH.keep_felts_in(None)
    pygame.display.quit()


def test_the_first_felt_of_a_run_is_kept_in_a_file_and_read_back_as_the_same_pixels(window, tmp_path, monkeypatch):
    TH.keep_felts_in(tmp_path)
    drawn = TH.felt_background((1280, 720), TH.STANDARD)
    files = list(tmp_path.glob("felt-*.pixels"))
    assert len(files) == 1 and "1280x720-standard" in files[0].name
    TH.felt_background((961, 541), TH.STANDARD)            # a later size in the run: drawn only
    assert list(tmp_path.glob("felt-*.pixels")) == files

    TH.clear_cache()                                         # the next start
    TH.keep_felts_in(tmp_path)

    def not_drawn(palette):
        raise AssertionError("the felt was drawn, not read")

    monkeypatch.setattr(TH, "_felt_light", not_drawn)
    read = TH.felt_background((1280, 720), TH.STANDARD)
    want = reference_felt((1280, 720), TH.STANDARD)
    assert pygame.image.tobytes(read, "RGB") == pygame.image.tobytes(want, "RGB") == pygame.image.tobytes(drawn, "RGB")
    assert read.get_bitsize() == pygame.display.get_surface().get_bitsize()


def test_a_felt_file_cut_short_or_of_another_drawing_is_not_read(window, tmp_path, monkeypatch):
    TH.keep_felts_in(tmp_path)
    TH.felt_background((1280, 720), TH.COLOUR_BLIND)
    (path,) = tmp_path.glob("felt-*.pixels")
    path.write_bytes(path.read_bytes()[:-1])                 # a disk that filled up, say
    TH.clear_cache()
    TH.keep_felts_in(tmp_path)
    felt = TH.felt_background((1280, 720), TH.COLOUR_BLIND)
    want = reference_felt((1280, 720), TH.COLOUR_BLIND)
    assert pygame.image.tobytes(felt, "RGB") == pygame.image.tobytes(want, "RGB")
    assert path.stat().st_size == felt.get_pitch() * 720     # drawn again and written whole

    monkeypatch.setattr(TH, "FELT_DRAWING", TH.FELT_DRAWING + 1)   # the felt drawn otherwise
    TH.clear_cache()
    TH.keep_felts_in(tmp_path)
    TH.felt_background((1280, 720), TH.COLOUR_BLIND)
    assert len(list(tmp_path.glob("felt-*.pixels"))) == 2


def test_only_the_newest_felt_files_are_kept(window, tmp_path):
    for n, size in enumerate([(960, 540), (961, 541), (962, 542), (963, 543)]):
        TH.clear_cache()
        TH.keep_felts_in(tmp_path)
        TH.felt_background(size, TH.STANDARD)
        for old in tmp_path.glob("felt-*.pixels"):     # (one second apart, whatever the file system's clock)
            if f"{size[0]}x{size[1]}" not in old.name:
                os.utime(old, (old.stat().st_mtime - 1, old.stat().st_mtime - 1))
    kept = sorted(p.name.split("-")[1] for p in tmp_path.glob("felt-*.pixels"))
    assert kept == ["961x541", "962x542", "963x543"]


def test_a_folder_that_cannot_be_written_costs_only_the_drawing(window, tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    TH.keep_felts_in(blocked / "cache")
    felt = TH.felt_background((1280, 720), TH.STANDARD)
    want = reference_felt((1280, 720), TH.STANDARD)
    assert pygame.image.tobytes(felt, "RGB") == pygame.image.tobytes(want, "RGB")
