"""The Kabu bots: they act on what they remember (never on what they cannot see), discard and snipe
remembered cards that fit, give away their worst card, call Kabu from their estimates, and react
after their level's delay."""

from __future__ import annotations

import itertools

import pytest

from ai import make_agent
from ai.levels import LEVELS, REACTION_FLOOR
from game.core.actions import Pass, StartRound
from game.core.cards import Card, grid_place
from game.core.events import CardSeen
from game.core.session import Session, run_to_end
from game.variants.kabu import CallKabu, DrawFromDeck, Give, Kabu, Match, Peek, PlayDrawn, SkipAbility

_ids = itertools.count(20_000)


def c(face: str) -> Card:
    if face == "joker":
        return Card(next(_ids), "joker", None)
    rank, suit = face[:-1], face[-1]
    return Card(next(_ids), int(rank) if rank.isdigit() else rank, suit)


def arranged(grids, deck=(), discard=("5c",), **options):
    options.setdefault("reaction_seconds", 3.0)
    game = Kabu(len(grids), options, seed=7)
    game.apply(StartRound(), 0.0)
    for seat in range(game.seats):
        game.apply(Peek(seat, 3), 0.0)
        game.apply(Peek(seat, 4), 0.0)
    game.grids = [[c(f) if f is not None else None for f in row] for row in grids]
    game.deck = [c(f) for f in deck]
    game.discard = [c(f) for f in discard]
    return game


def bot_seeing(game, seat, level="hard", **tweaks):
    """A bot of `seat` that has seen every card of its own grid and the cards in `tweaks['shown']`."""
    shown = tweaks.pop("shown", ())
    bot = make_agent("kabu", level, 5, **tweaks)
    bot.begin(seat, Kabu, game.seats, dict(game.options))
    events = [CardSeen(seat, grid_place(seat, i), card, frozenset((seat,)))
              for i, card in enumerate(game.grids[seat]) if card is not None]
    events += [CardSeen(seat, place, game.card_at(place), frozenset((seat,))) for place in shown]
    bot.observe(events)
    return bot


def decide(bot, game, seat, now=1.0):
    return bot.decide(game.observe(seat), game.legal_actions(seat), now)


def open_window_on(game, seat=0):
    game.apply(DrawFromDeck(seat), 0.5)
    game.apply(PlayDrawn(seat), 0.5)
    if game.phase == "ability":
        game.apply(SkipAbility(seat), 0.5)


def test_it_discards_a_remembered_card_that_fits_and_keeps_a_joker():
    game = arranged([["2h", "3h", "4h", "5h", "6h", "Ah"], ["9c", "joker", "Kh", "5c", "6c", "Ac"]], deck=["9h"])
    open_window_on(game)
    intent = decide(bot_seeing(game, 1), game, 1)
    assert intent.action == Match(1, grid_place(1, 0))
    assert intent.delay >= REACTION_FLOOR
    game2 = arranged([["2h", "3h", "4h", "5h", "6h", "Ah"], ["2c", "joker", "Kh", "5c", "6c", "Ac"]], deck=["joker"])
    open_window_on(game2)
    assert decide(bot_seeing(game2, 1), game2, 1).action == Pass(1)   # a -1 is worth keeping


def test_it_snipes_an_opponents_card_it_knows_and_gives_its_worst_card():
    game = arranged([["2h", "3h", "9s", "5h", "6h", "Ah"], ["Qc", "2c", "3c", "Ac", "4c", "2d"]], deck=["9h"])
    open_window_on(game)
    bot = bot_seeing(game, 1, shown=(grid_place(0, 2),))
    assert decide(bot, game, 1).action == Match(1, grid_place(0, 2))
    game.apply(Match(1, grid_place(0, 2)), 1.0)
    assert decide(bot, game, 1).action == Give(1, 0)                 # the queen goes


def test_it_does_not_claim_what_it_cannot_see_or_has_forgotten():
    game = arranged([["2h", "3h", "9s", "5h", "6h", "Ah"], ["Qc", "2c", "3c", "Ac", "4c", "2d"]], deck=["9h"])
    open_window_on(game)
    assert decide(bot_seeing(game, 1), game, 1).action == Pass(1)    # the 9 is face down to it
    forgetful = bot_seeing(game, 1, memory=False, shown=(grid_place(0, 2),))
    forgetful.observe([])                                            # memory off: only what is in view now
    assert decide(forgetful, game, 1).action == Pass(1)


def test_it_calls_kabu_when_it_is_clearly_lowest():
    game = arranged([["Ah", "Kh", "2h", "joker", "Kd", "Ad"], ["Qc", "Jc", "10c", "9c", "Qs", "Js"]], deck=["9h"])
    bot = bot_seeing(game, 0, shown=tuple(grid_place(1, i) for i in range(6)))
    bot.my_turns = 3
    assert decide(bot, game, 0).action == CallKabu(0)
    high = arranged([["Qh", "Jh", "10h", "9h", "Qd", "Jd"], ["Ac", "2c", "3c", "Kh", "2s", "As"]], deck=["9h"])
    bot = bot_seeing(high, 0, shown=tuple(grid_place(1, i) for i in range(6)))
    bot.my_turns = 3
    assert decide(bot, high, 0).action != CallKabu(0)


def test_on_the_rounds_first_turn_it_draws_rather_than_call_on_two_cards_seen():
    game = arranged([["Ah", "Kh", "2h", "joker", "Kd", "Ad"], ["Qc", "Jc", "10c", "9c", "Qs", "Js"]],
                    deck=["9h"], discard=())
    assert CallKabu(0) in game.legal_actions(0)
    bot = make_agent("kabu", "hard", 5)
    bot.begin(0, Kabu, game.seats, dict(game.options))
    assert decide(bot, game, 0).action == DrawFromDeck(0)


@pytest.mark.parametrize("lock", [False, True])
def test_after_a_call_it_snipes_the_callers_card_unless_the_caller_is_locked(lock):
    grids = [["2h", "3h", "9s", "5h", "6h", "Ah"], ["Qh", "Jh", "10h", "7d", "Qd", "Jd"],
             ["Qc", "2c", "3c", "Ac", "4c", "2d"]]
    game = arranged(grids, deck=["9h"], lock_caller=lock)
    bot = bot_seeing(game, 2, shown=(grid_place(0, 2),))
    game.apply(CallKabu(0), 0.2)
    open_window_on(game, 1)
    assert decide(bot, game, 2).action == (Pass(2) if lock else Match(2, grid_place(0, 2)))


@pytest.mark.parametrize("level", list(LEVELS))
def test_whole_matches_with_no_fallback_and_no_illegal_action(level):
    for options in ({}, {"lock_caller": True, "call_first_turn": False}):
        game = Kabu(4, {"target": 40, **options}, seed=3)
        session = Session(game, {s: make_agent("kabu", level if s == 0 else "random", 10 + s) for s in range(4)})
        run_to_end(session)
        assert game.over and session.fallbacks == 0 and session.illegal == 0
