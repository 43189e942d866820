"""Finding the game's data files, wherever the game runs from.

Three layouts are supported, checked in this order:

* an installed wheel: the top-level ``assets/`` is mapped into the package as ``game/assets``;
* a PyInstaller build: data files live under ``sys._MEIPASS`` (``assets/`` and ``game/rules/``);
* a source checkout: ``assets/`` sits next to the ``game/`` package.

This module imports no pygame, so the rules side may use it too.
"""

from __future__ import annotations

import sys
from pathlib import Path

import game

_PACKAGE = Path(game.__file__).resolve().parent


def _asset_roots() -> list[Path]:
    roots = [_PACKAGE / "assets"]
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        roots.append(Path(frozen) / "assets")
    roots.append(_PACKAGE.parent / "assets")
    return roots


def asset_root() -> Path:
    """The first assets directory that exists (the source checkout's as a last resort)."""
    for root in _asset_roots():
        if root.is_dir():
            return root
    return _PACKAGE.parent / "assets"


def asset_path(*parts: str) -> Path:
    """Path of an asset, e.g. ``asset_path("sounds", "deal.wav")``.

    Returns the first existing match across the layouts; if none exists, the path under the
    first existing assets directory (so the caller's error names a sensible place)."""
    for root in _asset_roots():
        candidate = root.joinpath(*parts)
        if candidate.exists():
            return candidate
    return asset_root().joinpath(*parts)


def rules_path(variant_id: str) -> Path:
    """The player-facing rules page of a variant: the ``rules`` file its entry in game/games.py
    names, under ``game/rules/`` (package data)."""
    from game import games

    return rules_file(games.find(variant_id).rules)


def rules_file(name: str) -> Path:
    """A file under ``game/rules/`` (package data), wherever the game runs from."""
    candidates = [_PACKAGE / "rules" / name]
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        candidates.append(Path(frozen) / "game" / "rules" / name)
    for candidate in candidates:
        if candidate.exists():
            return candidate
    return candidates[0]
