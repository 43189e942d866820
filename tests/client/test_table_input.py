"""Input from legal actions: highlights and clicks come from `action.targets()`; two-place actions
take two clicks; a target-less action a place stands for is taken, or tried and refused."""

from __future__ import annotations

from types import SimpleNamespace

from game.client.table.input import Input
from game.client.table.spec import TableSpec
from game.core.cards import DECK, DISCARD, grid_place
from game.core.errors import IllegalAction
from game.variants.kombio import BlindSwap, DrawFromDeck, Exchange, LookOwn, TakeDiscard


class Refused(IllegalAction):
    pass


class Spec(TableSpec):
    click_actions = {DECK: (DrawFromDeck,), DISCARD: (TakeDiscard,)}

    def prompt(self):
        return "draw first"


class Table:
    """The input part alone, with the rules standing in for a match (the actions taken, the words said)."""

    def __init__(self, legal):
        self.taken, self.said = [], []

        def submit(action, t):
            if action not in legal:
                raise Refused("no")
            self.taken.append(action)
        self.screen = SimpleNamespace(claimer=None, humans=[0], viewer=0, table_time=0.0)
        self.match = SimpleNamespace(legal=lambda seat: legal if seat == 0 else [], over=False, version=1,
                                     view=lambda seat: SimpleNamespace(acting=(0,)), submit=submit)
        self.hud = SimpleNamespace(say=lambda text, *a, **k: self.said.append(text))
        self.spec = Spec(self)
        self.spec.explain = lambda exc, action=None: f"refused {type(action).__name__}"
        guide = SimpleNamespace(before=lambda: None, acted=lambda action, before: None)
        self.input = Input(self.screen, self.spec, self.match, None, self.hud, None, None, None, guide,
                           SimpleNamespace(play=lambda *a: None), {})


def test_two_place_actions_take_two_clicks():
    a, b, c = grid_place(0, 1), grid_place(1, 0), grid_place(1, 2)
    table = Table([BlindSwap(0, a, b), BlindSwap(0, a, c), BlindSwap(0, b, c)])
    assert table.spec.targets() == ({a, b}, set())
    table.input.click(a)
    assert table.taken == [] and table.spec.targets() == ({b, c}, {a})
    table.input.click(a)                              # a second click on the first pick takes it back
    assert table.input.pick == []
    table.input.click(a)
    table.input.click(c)
    assert table.taken == [BlindSwap(0, a, c)] and table.input.pick == []


def test_one_place_actions_and_places_for_target_less_actions():
    table = Table([Exchange(0, 2), LookOwn(0, 3), DrawFromDeck(0)])
    lit, _ = table.spec.targets()
    assert lit == {grid_place(0, 2), grid_place(0, 3), DECK}
    table.input.click(grid_place(0, 3))
    table.input.click(DECK)
    assert table.taken == [LookOwn(0, 3), DrawFromDeck(0)]
    table.input.click(DISCARD)                        # nothing legal there: the rules are asked, and refuse
    assert table.said[-1] == "refused TakeDiscard"
    table.input.click(grid_place(1, 0))               # a place no action names: the table says what it waits for
    assert table.said[-1] == "draw first" and len(table.taken) == 2
