"""What a scene may ask the app to show over it: the app opens the scene a request names
(``App.open``), so a table never imports a scene (the pause menu, the privacy curtain, a question,
the round replay) and the scenes never import the tables that ask for them.

    self.app.open(ShowCurtain("Ada", seat=1, on_confirm=self.curtain_done, on_pause=self.open_pause))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class ShowCurtain:
    """Hot-seat: "Pass to <name>" over the whole table, until that player says they are there."""

    name: str
    seat: int | None = None
    on_confirm: Callable[[], None] | None = None
    on_pause: Callable[[], None] | None = None


@dataclass(frozen=True)
class ShowPause:
    """The pause menu over a table (see scenes/pause.py for what each callback does)."""

    variant_id: str | None = None
    title: str | None = None
    on_save: Callable[[], Any] | None = None
    save_meta: Callable[[], dict] | None = None
    hides_table: bool = False
    take_back: Callable[[], None] | None = None
    take_back_refusal: Callable[[], str] | None = None
    guided: bool = False      # a guided match: "Quit guided match", nothing saved


@dataclass(frozen=True)
class AskFirst:
    """A question with two answers over the scene below (scenes/confirm.py)."""

    title: str
    lines: tuple[str, ...]
    yes: str
    on_yes: Callable[[], object]
    no: str = "Cancel"


@dataclass(frozen=True)
class ShowReplay:
    """The round replay of a copy of the match's record (`number`: the round; `seat`: whose
    knowledge is shown first)."""

    record: Any
    number: int | None = None
    seat: int | None = None


@dataclass(frozen=True)
class SetUpMatch:
    """The setup screen of a game, over the main menu (after a guided round: a real match)."""

    variant_id: str
