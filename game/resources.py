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


def rules_path(variant_id: str, language: str | None = None) -> Path:
    """The player-facing rules page of a variant: the ``rules`` file its entry in game/games.py
    names, under ``game/rules/`` (package data), in the player's language (``language``, else the
    one game.i18n uses now) from ``game/rules/<lang>/``, falling back to the English page where
    that language has none yet."""
    from game import games

    return rules_file(games.find(variant_id).rules, language)


def rules_file(name: str, language: str | None = None) -> Path:
    """A file under ``game/rules/`` (package data), wherever the game runs from: the one under
    ``game/rules/<lang>/`` first when the player's language has its own (``de_AT`` looks in
    ``de_AT/`` then ``de/``), else the English one."""
    from game import i18n

    language = i18n.language() if language is None else language
    folders = []
    if language and language != i18n.SOURCE_LANGUAGE:
        folders = [language] + ([language.split("_")[0]] if "_" in language else [])
    roots = [_PACKAGE / "rules"]
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        roots.append(Path(frozen) / "game" / "rules")
    candidates = [root / folder / name for folder in folders for root in roots] + [root / name for root in roots]
    for candidate in candidates:
        if candidate.exists():
            return candidate
    return roots[0] / name
