"""The 16 Combos bots: built for every level, fair (views and events only), and sensible in the
choices the rules page describes (placement, consultation, Snipe, Defend, Steal, reactions)."""

from __future__ import annotations

from ai.registry import make_agent
from ai.sixteen_combos import SixteenCombosBot
from game.core.actions import Pass
from game.core.session import Session, run_to_end
from game.variants.sixteen_combos import (Announce, Consult, Counter, Decide, PassTurn, PickPair, PlaceValue,
                                          SixteenCombos, Target, pair_place)
from tests.sixteen_combos_helpers import attack, encounter


def bot(level="hard", seat=0, seats=2, seed=1):
    agent = make_agent("sixteen-combos", level, seed)
    agent.begin(seat, SixteenCombos, seats, SixteenCombos(seats).options)
    return agent


def decide(agent, game, seat):
    return agent.decide(game.observe(seat), game.legal_actions(seat), game.now).action


def test_the_registry_builds_a_bot_for_each_level():
    for level in ("easy", "medium", "hard"):
        assert isinstance(make_agent("sixteen-combos", level, 1), SixteenCombosBot)


def test_hard_places_its_highest_value_on_the_defense_pair():
    g = encounter([["2h", "3h", "4h"], ["5h", "6h", "7h"]], [["9c", "Kc", "3c"], ["8d", "9d", "10d"]], place=False)
    agent = bot()
    while g.placing[0] != "done":
        action = decide(agent, g, 0)
        assert isinstance(action, PlaceValue)
        g.apply(action)
    assert [p.value for p in g.rows[0]] == [3, 9, 12]


def test_it_shields_with_its_consultation_pair():
    g = encounter([["Jh", "Jd", "Jc"], ["9h", "9d", "10s"]], [["3d", "4d", "5d"], ["6c", "7c", "2c"]],
                  draws=("10h", "Qs"))
    attack(g, 0, 1, "d")                     # Consultation for seat 0
    g.apply(Target(1, pair_place(0, 2)))
    from game.variants.sixteen_combos import Announce
    g.apply(Announce(1, "c"))
    assert g.step == "consult"
    assert decide(bot(seat=0), g, 0) == Consult(0, True)


def test_snipe_takes_the_strongest_known_pair():
    g = encounter([["Jh", "Jd", "Jc"], ["9h", "9d", "10d"]], [["3s", "4s", "5s"], ["Kc", "7c", "2c"]],
                  draws=("10h",))
    attack(g, 0, 1, "s")
    g.rows[1][0].up.add(g.rows[1][0].values[0].id)   # the king lies face up: everybody knows it
    action = decide(bot(seat=0), g, 0)
    assert action == PickPair(0, pair_place(1, 0))


def test_defend_raises_its_own_defense_pair():
    g = encounter([["Jh", "Jd", "Jc"], ["9h", "9d", "10c"]], [["3h", "4h", "5h"], ["6c", "7c", "2c"]],
                  draws=("10s",))
    attack(g, 0, 1, "h")
    assert decide(bot(seat=0), g, 0) == PickPair(0, pair_place(0, 2))


def test_bribe_is_taken_and_a_weak_stolen_pair_is_kept_as_defense():
    g = encounter([["Jh", "Jd", "Jc"], ["9h", "9d", "10d"]], [["3d", "4d", "5d"], ["6c", "7c", "2c"]],
                  draws=("10h",))
    attack(g, 0, 1, "d")
    assert decide(bot(seat=1), g, 1) == Decide(1, True)
    g2 = encounter([["Jh", "Jd", "Jc"], ["9h", "9d", "10d"]], [["3c", "4c", "5c"], ["6c", "7c", "2c"]],
                   draws=("10h",))
    attack(g2, 0, 1, "c")
    assert decide(bot(seat=0), g2, 0) == Decide(0, True)


def test_it_remembers_a_value_a_check_announced():
    g = encounter([["Jh", "Jd", "Jc"], ["9h", "9d", "10d"]], [["3c", "4c", "5c"], ["6c", "7c", "9s"]],
                  draws=("5h",))
    hard, easy = bot(seat=0, seed=3), bot("easy", seat=0, seed=4)
    fresh = bot(seat=0, seed=5)
    events = attack(g, 0, 1, "c")           # missed: 5 against 9, announced to everybody
    hard.observe([e.for_seat(0) for e in events])
    easy.observe([e.for_seat(0) for e in events])
    view = g.observe(0)
    assert view.pairs[1][2].value is None   # no counter on it: the view alone does not say
    assert hard._value(view, 1, 2) == 9 and fresh._value(view, 1, 2) is None
    assert easy._value(view, 1, 2) in (None, 7, 8, 9, 10, 11)   # easy may forget or mix it up


def test_hard_beats_random_in_a_handful_of_encounters():
    wins = 0
    for seed in range(12):
        game = SixteenCombos(2, {"round_limit": 25}, seed)
        agents = {0: make_agent("sixteen-combos", "hard", seed), 1: make_agent("sixteen-combos", "random", seed)}
        session = Session(game, agents)
        run_to_end(session)
        assert session.illegal == 0 and session.fallbacks == 0
        wins += 0 in game.winners
    assert wins >= 9


def test_hard_attacks_rather_than_pass_its_last_pair_away():
    # Seat 0's one pair is worth 2 and a pass costs 2; seat 1 defends with an ace. An attack is
    # hopeless, but a pass loses the encounter; with passing free the bot passes.
    for cost, acts in ((2, True), (0, False)):
        g = encounter([["Jh"], ["9h"]], [["2c"], ["Ac"]], pass_cost=cost)
        g.rows[1][0].up.add(g.rows[1][0].values[0].id)   # the ace lies face up
        agent = bot(seat=0)
        action = decide(agent, g, 0)
        assert isinstance(action, Target) is acts and isinstance(action, PassTurn) is not acts
        if acts:
            g.apply(action)
            assert isinstance(decide(agent, g, 0), Announce)


def test_it_weighs_the_counter_with_the_pair_the_rules_name():
    # After a Hire Assassin turn's critical failure against seat 1's ace, seat 1 may counter: with
    # its defense pair (a 2: not worth it) or, with the "target pair" option, with the ace.
    for counter_with, expected in (("defense pair", Pass(1)), ("target pair", Counter(1))):
        g = encounter([["Jh", "Jd", "Jc"], ["9h", "9d", "10h"]], [["3d", "4d", "5d"], ["Ac", "2c", "2s"]],
                      draws=("10s", "2s"), counter_with=counter_with)
        attack(g, 0, 1, "d")                 # Hire Assassin
        attack(g, 0, 1, "d", slot=0)         # 2 against the ace: a critical failure
        assert g.step == "counter" and Counter(1) in g.legal_actions(1)
        assert decide(bot(seat=1), g, 1) == expected


def test_the_staller_passes_every_turn_and_plays_its_level_otherwise():
    g = encounter([["2h", "3h", "4h"], ["5h", "6h", "7h"]], [["9c", "Kc", "3c"], ["8d", "9d", "10d"]], place=False,
                  pass_cost=1)
    staller = make_agent("sixteen-combos", "hard", 1, stall=True)
    staller.begin(0, SixteenCombos, 2, g.options)
    while g.placing[0] != "done":
        g.apply(decide(staller, g, 0))
    assert [p.value for p in g.rows[0]] == [3, 9, 12]       # placed as the hard bot places
    while g.placing[1] != "done":
        g.apply(g.legal_actions(1)[0])
    assert g.turn == 0 and decide(staller, g, 0) == PassTurn(0)


def test_a_player_who_passes_every_turn_loses_to_hard():
    """The staller (the hard bot's placement and reactions, never an action) against the hard bot,
    default rules: its fortress wears down with every pass (the ladder measures it over 1,000)."""
    wins = 0
    for seed in range(6):
        game = SixteenCombos(2, None, seed)
        staller = seed % 2
        agents = {staller: make_agent("sixteen-combos", "hard", seed, stall=True),
                  1 - staller: make_agent("sixteen-combos", "hard", seed + 100)}
        session = Session(game, agents)
        run_to_end(session)
        assert session.illegal == 0
        wins += staller in game.winners
    assert wins <= 1


def test_a_bot_that_declines_a_reaction_under_the_clock_waits_as_one_that_has_none():
    """With a reaction clock a target with no reaction is not asked (the Session lets the prompt run
    out); a bot that has one and declines lets it run out too, so the wait tells nobody which."""
    from game.variants.sixteen_combos import Retype

    g = encounter([["Jh", "Jd", "Jc"], ["9h", "9d", "10c"]], [["3c", "4c", "5c"], ["6c", "7c", "Ah"]],
                  draws=("2h",), reaction_seconds=10.0)
    g.apply(Target(0, pair_place(1, 2)), 1.0)
    g.apply(Announce(0, "c"), 1.0)
    legal = g.legal_actions(1)
    assert g.step == "predict" and Retype(1, "s") in legal and g.deadline == 11.0
    passes = 0
    for level in ("easy", "medium", "hard"):
        for seed in range(15):
            intent = bot(level, seat=1, seed=seed).decide(g.observe(1), legal, 1.0)
            if isinstance(intent.action, Pass):
                passes += 1
                assert intent.delay > 10.0, (level, seed, intent)
    assert passes
