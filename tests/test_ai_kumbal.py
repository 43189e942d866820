"""The Kumbal bots: registered, fair, and sensible in the situations the rules create."""

from __future__ import annotations

from ai import bot_kinds, make_agent
from ai.kumbal import KumbalBot, best_shed
from ai.levels import LEVELS
from game.core.actions import Pass
from game.core.session import Session, run_to_end
from game.variants.kumbal import (DECK_CARDS, VALUE, CallKumbal, Discard, DrawFromDeck, FreeDiscard, Kumbal, PickUp,
                                  TakeDiscard, discard_options)
from tests.test_kumbal_rules import deal

_BY_FACE = {str(c): c for c in DECK_CARDS}


def bot(level="hard", seat=0, game=None, **tweaks) -> KumbalBot:
    b = make_agent("kumbal", level, 3, **tweaks)
    b.begin(seat, Kumbal, game.seats if game else 4, dict(game.options) if game else {})
    return b


def decide(b, game, seat):
    return b.decide(game.observe(seat), game.legal_actions(seat), game.now).action


def test_registered_at_every_level():
    assert bot_kinds("kumbal") == ("random", "easy", "medium", "hard")
    assert all(isinstance(make_agent("kumbal", level, 1), KumbalBot) for level in LEVELS)


def test_best_shed_is_the_best_legal_discard():
    hand = ("4h", "5h", "6h", "9c", "9d", "Ks", "joker")
    best = max(sum(VALUE(_BY_FACE[f]) for f in combo) for combo in discard_options(tuple(sorted(hand))))
    assert best_shed(tuple(sorted(hand))) == best == 9 + 9   # the pair of 9s beats the run 4-5-6 (15) and the king


def test_it_sheds_a_set_of_kings_rather_than_one_card():
    game = deal([["Kh", "Kc", "Ah", "2c", "3d", "4s", "5h"], ["Qd", "Js", "10h", "10c", "9s", "9h", "8d"]], "7c")
    assert decide(bot(game=game), game, 0) == Discard(0, ("Kh", "Kc"))


def test_it_keeps_a_run_in_the_making():
    # Jack and queen of hearts with a joker make a run worth 23: better than the lone king (13).
    game = deal([["Jh", "Qh", "joker", "Ks", "Ac", "2d", "3c"], ["Qd", "Js", "10h", "10c", "9s", "9c", "8d"]], "7c")
    assert decide(bot(game=game), game, 0) == Discard(0, ("Jh", "Qh", "joker"))


def test_it_calls_when_the_others_hold_many_cards_and_holds_back_when_one_is_low():
    game = deal([["Ah", "2c", "3d", "Kh", "Kc", "Ks", "Kd"], ["Qd", "Js", "10h", "10c", "9s", "9c", "8d"]], "7c")
    game.hands[0] = [_BY_FACE[f] for f in ("Ah", "2c", "3d")]      # 6 points against seven cards
    assert decide(bot(game=game), game, 0) == CallKumbal(0)
    game.hands[1] = [_BY_FACE[f] for f in ("As",)]                 # one card left: likely lower
    assert decide(bot(game=game), game, 0) != CallKumbal(0)


def test_it_remembers_a_card_an_opponent_took():
    game = deal([["Ah", "2c", "3d", "4s", "5h", "6c", "9d"], ["Qd", "Js", "10h", "10c", "9s", "9c", "8d"]], "Kh")
    b = bot(seat=1, game=game)
    session = Session(game, {})
    b.observe(session.apply(Discard(0, ("9d",)), 1.0))
    b.observe(session.apply(TakeDiscard(0), 2.0))
    assert [v for v, _ in b.held[0]] == [13]
    b.observe(session.apply(Discard(1, ("Qd",)), 3.0))
    b.observe(session.apply(DrawFromDeck(1), 4.0))
    b.observe(session.apply(Discard(0, ("Kh",)), 5.0))
    assert b.held[0] == []                                          # played again: no longer held


def test_it_passes_a_pick_up_on_with_a_2_before_a_joker():
    game = deal([["2h", "Ah", "3d", "4s", "5h", "6c", "9d"], ["2c", "joker", "10h", "10c", "9s", "9c", "8d"]],
                "7c", ["Qc"])
    game.apply(Discard(0, ("2h",)), 1.0)
    game.apply(DrawFromDeck(0), 2.0)
    assert decide(bot(seat=1, game=game), game, 1) == Discard(1, ("2c",))
    game.hands[1] = [c for c in game.hands[1] if c.rank not in (2, "joker")]
    assert decide(bot(seat=1, game=game), game, 1) == PickUp(1)


def test_it_takes_a_free_discard_after_its_reaction_delay_and_before_the_deadline():
    game = deal([["Ah", "2c", "3d", "4s", "5h", "6c", "9d"], ["Qd", "Js", "10h", "10c", "9s", "Kc", "8d"],
                 ["Qs", "Jd", "10d", "Kd", "7s", "7d", "8s"]], "7h", ["9c"])
    game.apply(Discard(0, ("9d",)), 1.0)
    game.apply(DrawFromDeck(0), 2.0)
    b = bot(game=game)
    intent = b.decide(game.observe(0), game.legal_actions(0), game.now)
    assert intent.action == FreeDiscard(0)
    assert 0.18 <= intent.delay < 3.0
    easy = bot("easy", game=game, )
    for _ in range(5):
        intent = easy.decide(game.observe(0), game.legal_actions(0), game.now)
        assert intent.action in (FreeDiscard(0), Pass(0))


def test_it_lets_a_chance_it_cannot_use_go_by_without_a_word():
    """After every draw its window opens; with nothing to discard free (or a chance it lets go) it
    passes only if nobody has moved for a long while: a pass at once would tell what it drew."""
    for timer in (False, True):
        game = deal([["Ah", "2c", "3d", "4s", "5h", "6c", "9d"], ["Qd", "Js", "10h", "10c", "9s", "Kc", "8d"],
                     ["Qs", "Jd", "10d", "Kd", "7s", "7d", "8s"]], "7h", ["8c"], free_discard_timer=timer)
        game.apply(Discard(0, ("9d",)), 1.0)
        game.apply(DrawFromDeck(0), 2.0)
        intent = bot(game=game).decide(game.observe(0), game.legal_actions(0), game.now)
        assert intent.action == Pass(0) and intent.delay > (3.0 if timer else 30.0)


def test_a_lone_7_is_worth_playing_at_a_close_rival_of_two_only_where_it_skips():
    # Its rival holds two cards and may call any moment: a skip would give it another turn first.
    hand = ["7h", "Kc", "Ah", "2c", "3d", "4s", "5h"]
    for house, wanted in ((False, False), (True, True)):
        game = deal([hand, ["Qd", "Js", "10h", "10c", "9s", "9c", "8d"]], "6c", seven_skips_with_two=house)
        game.hands[1] = game.hands[1][:2]
        choice = decide(bot(game=game), game, 0)
        assert (choice == Discard(0, ("7h",))) == wanted, (house, choice)


def test_asked_again_about_the_same_turn_it_keeps_its_decision():
    """Another seat's free-discard window opening or closing asks every bot again; what it had
    decided (a mistake included) stands while its view of the turn is the same."""
    game = deal([["Ah", "2c", "3d", "4s", "5h", "6c", "9d"], ["Qd", "Js", "10h", "10c", "9s", "Kc", "8d"]], "7h")
    easy = bot("easy", game=game)
    first = easy.decide(game.observe(0), game.legal_actions(0), game.now)
    assert all(easy.decide(game.observe(0), game.legal_actions(0), game.now) == first for _ in range(12))
    game.apply(Discard(0, ("9d",)), 1.0)
    assert easy.decide(game.observe(0), game.legal_actions(0), game.now).action in (DrawFromDeck(0), TakeDiscard(0))


def test_whole_matches_end_without_fallbacks_or_illegal_actions():
    for kinds, options in ((["hard", "random", "random", "random"], {}),
                           (["hard", "easy", "medium", "easy"], {"free_discard_timer": True})):
        game = Kumbal(4, {"cut_deck": True, "forty_nine": True, **options}, seed=11)
        session = Session(game, {s: make_agent("kumbal", k, 50 + s) for s, k in enumerate(kinds)})
        run_to_end(session)
        assert game.over and session.fallbacks == 0 and session.illegal == 0
