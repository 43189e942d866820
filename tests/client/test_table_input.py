"""Input from legal actions: highlights and clicks come from `action.targets()`; two-place actions
take two clicks; a target-less action a place stands for is taken, or tried and refused."""

from __future__ import annotations

from types import SimpleNamespace

from game.client.table.input import LegalInput
from game.core.cards import DECK, DISCARD, grid_place
from game.core.errors import IllegalAction
from game.variants.kombio import BlindSwap, DrawFromDeck, Exchange, LookOwn, TakeDiscard


class Refused(IllegalAction):
    pass


class Table(LegalInput):
    click_actions = {DECK: (DrawFromDeck,), DISCARD: (TakeDiscard,)}

    def __init__(self, legal):
        self.init_input()
        self.claimer, self.humans, self.viewer = None, [0], 0
        self.match = SimpleNamespace(legal=lambda seat: legal if seat == 0 else [], over=False, version=1,
                                     view=lambda seat: SimpleNamespace(acting=(0,)))
        self.taken, self.said = [], []

    def submit(self, action):
        if action not in self.match.legal(0):
            self.said.append(f"refused {type(action).__name__}")
            return False
        self.taken.append(action)
        return True

    def say(self, text, seconds=2.2):
        self.said.append(text)

    def prompt(self):
        return "draw first"


def test_two_place_actions_take_two_clicks():
    a, b, c = grid_place(0, 1), grid_place(1, 0), grid_place(1, 2)
    table = Table([BlindSwap(0, a, b), BlindSwap(0, a, c), BlindSwap(0, b, c)])
    assert table.targets() == ({a, b}, set())
    table.click(a)
    assert table.taken == [] and table.targets() == ({b, c}, {a})
    table.click(a)                              # a second click on the first pick takes it back
    assert table.pick == []
    table.click(a)
    table.click(c)
    assert table.taken == [BlindSwap(0, a, c)] and table.pick == []


def test_one_place_actions_and_places_for_target_less_actions():
    table = Table([Exchange(0, 2), LookOwn(0, 3), DrawFromDeck(0)])
    lit, _ = table.targets()
    assert lit == {grid_place(0, 2), grid_place(0, 3), DECK}
    table.click(grid_place(0, 3))
    table.click(DECK)
    assert table.taken == [LookOwn(0, 3), DrawFromDeck(0)]
    table.click(DISCARD)                        # nothing legal there: the rules are asked, and refuse
    assert table.said[-1] == "refused TakeDiscard"
    table.click(grid_place(1, 0))               # a place no action names: the table says what it waits for
    assert table.said[-1] == "draw first" and len(table.taken) == 2
