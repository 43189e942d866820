"""Each game's table says what differs from the common table in 25 hooks or fewer (issue 32: 15-25
per game, where a table used to inherit 262-288 methods).

A hook is a method of TableSpec (spec.py): the common table's answer, which a game's spec may
override. A game's count is the hooks its spec class and its family (GridSpec, HandSpec) override;
data (its narrator, handlers, labels, deck, hand order, pile lay) is not counted. The games come
from the registry (game/games.py), so a new game is held to it too.

    python -m pytest tests/client/test_table_hooks.py -q -s -n 0     (prints each game's count)
"""

from __future__ import annotations

import inspect

import pytest

from game.client.table.spec import TableSpec
from game.games import GAMES

MOST_HOOKS = 25


def hooks() -> set[str]:
    """TableSpec's hooks: its public methods (its data fields and classes are not hooks)."""
    return {name for name, value in vars(TableSpec).items() if inspect.isfunction(value) and not name.startswith("_")}


def overridden(spec: type[TableSpec]) -> tuple[set[str], set[str]]:
    """(the hooks the game's own class overrides, those it and its family override)."""
    names = hooks()
    family = [k for k in spec.__mro__ if k is not TableSpec and issubclass(k, TableSpec)]
    return {n for n in vars(spec) if n in names}, {n for k in family for n in vars(k) if n in names}


def specs() -> dict[str, type[TableSpec]]:
    return {entry.id: entry.table_factory().spec for entry in GAMES if entry.table is not None}


@pytest.mark.parametrize("game", sorted(specs()))
def test_a_game_s_table_overrides_25_hooks_or_fewer(game):
    spec = specs()[game]
    own, with_family = overridden(spec)
    print(f"\n{game}: {len(own)} hooks of its own class, {len(with_family)} with its family "
          f"({len(spec.handlers)} event handlers): {', '.join(sorted(with_family))}")
    assert len(with_family) <= MOST_HOOKS, f"{spec.__name__} overrides {len(with_family)} hooks: {sorted(with_family)}"


def test_the_count_sees_a_family_s_hooks_and_not_its_data():
    class Family(TableSpec):
        title = "data, not a hook"

        def prompt(self) -> str:
            return "a family's hook"

    class Game(Family):
        narrator = TableSpec.narrator          # (a class: data)
        deck_cards = (1, 2, 3)

        def prompt(self) -> str:               # the same hook again counts once
            return "the game's"

        def explain(self, exc, action=None) -> str:
            return ""

        def helper(self) -> None:              # not a TableSpec hook
            pass

    own, with_family = overridden(Game)
    assert own == {"prompt", "explain"} and with_family == {"prompt", "explain"}
    assert "narrator" not in hooks() and "deck_cards" not in hooks() and "prompt" in hooks()


@pytest.mark.parametrize("variant", ["combat-uno", "kumbal"])
def test_a_hand_table_words_a_move_out_of_turn_once_for_both_games(tmp_path, variant):
    """HandSpec says whose turn it is (both hand games said it alike); each game words its own late chance."""
    from hand_driver import hand_record
    from kombio_driver import make_app, start

    from game.client.narration.wording import its_turn
    from game.core.actions import Pass
    from game.core.errors import NotYourTurn, WindowClosed
    from game.variants.combat_uno import CallUno, Play
    from game.variants.kumbal import FreeDiscard

    app = make_app(tmp_path)
    table = start(app, hand_record(variant, [("You", "human"), ("Ada", "easy")], 3, {}))
    spec = table.spec
    said = its_turn(table.screen, table.match.view(0).turn)
    assert said.startswith("It is ")
    assert spec.explain(NotYourTurn("not now"), Pass(0)) == said
    assert spec.explain(WindowClosed("gone"), Pass(0)) == said
    if variant == "kumbal":
        assert spec.explain(WindowClosed("gone"), FreeDiscard(0)) == "Too late: the next player has moved."
    else:
        assert spec.explain(WindowClosed("gone"), CallUno(0, 0)) == "Too late: that UNO chance has gone."
        assert "between turns" in spec.explain(NotYourTurn("not now"), Play(0, 5, "red"))
