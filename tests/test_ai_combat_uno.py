"""The Combat UNO bots: they see only their observations and events, stay legal, time their
out-of-turn moves like people, choose colours and cards sensibly, and are measurably stronger."""

from __future__ import annotations

import pytest

from ai import make_agent
from ai.combat_uno import CombatUnoBot
from ai.levels import REACTION_FLOOR
from game.core.actions import Pass
from game.core.cards import DISCARD, Card
from game.core.events import CardMoved
from game.core.session import Session, run_to_end
from game.simulate import simulate
from game.variants.combat_uno import (WILD, WILD4, CallUno, CombatUno, CombatUnoView, Draw, Play,
                                      StartDrawing, TurnDrawn, hand_place)
from tests.recording import Recorder, holds_game, replay_inputs
from tests.test_combat_uno_rules import arranged, play


def run_match(kinds, seed, options=None):
    game = CombatUno(len(kinds), options or {"length": "rounds", "rounds": 2}, seed)
    agents = {s: Recorder(make_agent("combat-uno", kind, seed * 31 + s), CombatUnoView) for s, kind in enumerate(kinds)}
    session = Session(game, agents)
    run_to_end(session)
    return session, agents


def bot(kind="hard", seat=0, seats=3, seed=1, **options):
    agent = make_agent("combat-uno", kind, seed)
    agent.begin(seat, CombatUno, seats, {"reaction_seconds": 3.0, **options})
    return agent


# -- fairness and legality ----------------------------------------------------------------------
def test_the_registry_builds_a_combat_uno_bot_for_each_level():
    for kind in ("easy", "medium", "hard"):
        assert isinstance(make_agent("combat-uno", kind, 1), CombatUnoBot)
    with pytest.raises(ValueError):
        make_agent("combat-uno", "hard", 1, no_such_knob=1)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_bots_only_answer_with_legal_actions_and_see_only_their_own_cards(players):
    kinds = (["hard", "easy", "medium"] * 2)[:players]
    session, agents = run_match(kinds, seed=players)
    assert session.game.over and session.illegal == 0
    for seat, recorder in agents.items():
        assert recorder.outside_legal == 0
        assert not holds_game(recorder.agent)
        for item in recorder.inputs:
            if item[0] == "decide":
                assert item[1].seat == seat
            elif item[0] == "observe":
                for e in item[1]:
                    if isinstance(e, CardMoved) and e.dst.zone == "hand" and e.dst.seat != seat:
                        assert e.card is None


@pytest.mark.parametrize("kind", ["easy", "medium", "hard"])
def test_the_same_inputs_give_the_same_decisions(kind):
    # Four rounds: a seat is asked only when it has more than Pass to choose from.
    session, agents = run_match([kind, "hard", "easy", kind], seed=12, options={"length": "rounds", "rounds": 4})
    for seat in (0, 3):
        recorder = agents[seat]
        fresh = make_agent("combat-uno", kind, 12 * 31 + seat)
        replayed = replay_inputs(recorder, fresh)
        assert replayed == recorder.outputs and len(replayed) > 30


def test_all_randomness_comes_from_the_seed():
    a = simulate("combat-uno", 4, 3, 9, ["hard", "easy", "medium", "random"])
    b = simulate("combat-uno", 4, 3, 9, ["hard", "easy", "medium", "random"])
    assert (a["wins"], a["mean_round_score"], a["actions"]) == (b["wins"], b["mean_round_score"], b["actions"])
    assert a["illegal_actions"] == 0 and a["errors"] == 0


def test_bots_play_with_every_house_rule_off_and_without_deadlines():
    options = {"length": "rounds", "rounds": 1, "jump_in": False, "stack_draw_two": False,
               "stack_draw_four": False, "deck_commitment": False, "uno_call": False}
    session, _ = run_match(["hard", "easy", "medium"], seed=4, options=options)
    assert session.game.over and session.illegal == 0
    session, _ = run_match(["hard", "easy", "medium"], seed=5, options={"length": "rounds", "rounds": 1,
                                                                          "reaction_seconds": 0.0})
    assert session.game.over and session.illegal == 0


# -- decisions on its own turn ------------------------------------------------------------------
def decide(agent, game, seat, now=None):
    now = game.now if now is None else now
    return agent.decide(game.observe(seat), game.legal_actions(seat), now)


def test_a_wild_names_the_colour_it_holds_most_of():
    game = arranged([["W", "b1", "b4", "b7", "g2"], ["y1", "y2"], ["r1", "r2"]], "r9")
    intent = decide(bot(), game, 0)
    assert intent.action == Play(0, WILD, None, "blue")


def test_it_keeps_a_wild_when_an_ordinary_card_will_do():
    game = arranged([["W", "W4", "r3", "g2", "g5"], ["y1", "y2", "y3"], ["b1", "b2", "b3"]], "r9")
    assert decide(bot(), game, 0).action == play(0, "r3")


def test_it_prefers_a_colour_change_towards_its_long_suit():
    game = arranged([["r3", "g3", "g5", "g6", "g8"], ["y1", "y2", "y3"], ["b1", "b2", "b3"]], "r3")
    assert decide(bot(), game, 0).action == play(0, "g3")


def test_it_stacks_a_pending_draw_rather_than_draw():
    game = arranged([["rD", "g1", "g2"], ["bD", "y1", "y2"], ["b1", "b2"]], "r9")
    game.apply(play(0, "rD"), 0.2)
    assert decide(bot(seat=1), game, 1).action == play(1, "bD")


def test_with_nothing_to_stack_it_starts_drawing():
    game = arranged([["rD", "g1", "g2"], ["y1", "y2"], ["b1", "b2"]], "r9")
    game.apply(play(0, "rD"), 0.2)
    assert decide(bot(seat=1), game, 1).action == StartDrawing(1)


def test_it_attacks_a_next_player_about_to_go_out():
    game = arranged([["rS", "r4", "g2", "g5"], ["y1"], ["b1", "b2", "b3"]], "r9")
    assert decide(bot(), game, 0).action == play(0, "rS")


def test_it_draws_only_when_nothing_can_be_played():
    game = arranged([["g2", "b5"], ["y1", "y2"], ["b1", "b2"]], "r9")
    assert decide(bot(), game, 0).action == Draw(0)


def test_a_colour_an_opponent_could_not_follow_is_preferred():
    agent = bot()
    agent.observe([CardMoved(Card(0, 9, "green"), hand_place(2), DISCARD, None, 2)])
    agent.observe([TurnDrawn(1)])          # seat 1 drew on green: it probably has no green
    game = arranged([["W", "b1", "g4", "y7"], ["y1", "y2", "y3"], ["r1", "r2", "r3"]], "r9")
    assert decide(agent, game, 0).action == Play(0, WILD, None, "green")


def test_in_turn_thinking_time_counts_from_the_start_of_the_turn():
    game = arranged([["r3", "g2"], ["y1", "y2"], ["b1", "b2"]], "r9")
    agent = bot(seed=3)
    first = decide(agent, game, 0, now=0.0)
    later = decide(agent, game, 0, now=0.2)          # asked again (the situation changed elsewhere)
    assert 0.3 <= first.delay <= 4.0
    assert later.delay == pytest.approx(max(0.0, first.delay - 0.2))


# -- out of turn: jump-ins, stacks and UNO -------------------------------------------------------------
def test_hard_jumps_in_after_a_human_reaction_time_counted_from_the_card_landing():
    game = arranged([["r5", "g1", "g2"], ["y1", "y2"], ["r5", "b2", "b3"], ["g8"]], "r9")
    game.apply(play(0, "r5"), 0.2)
    agent = bot(seat=2, seats=4)
    intent = decide(agent, game, 2, now=0.5)
    assert intent.action == play(2, "r5")
    assert REACTION_FLOOR < intent.delay + 0.5 - 0.2 < 3.0   # a person's reaction, inside the window
    again = decide(agent, game, 2, now=0.6)
    assert again.action == intent.action and again.delay == pytest.approx(intent.delay - 0.1)


def test_hard_stacks_a_draw_four_out_of_turn():
    game = arranged([["W4", "g1", "g2"], ["y1", "y2"], ["W4", "b2", "b3"], ["g8"]], "r9")
    game.apply(Play(0, WILD4, None, "red"), 0.2)
    intent = decide(bot(seat=2, seats=4), game, 2)
    assert isinstance(intent.action, Play) and intent.action.rank == WILD4


def test_with_nothing_to_do_out_of_turn_it_lets_the_window_run_out():
    game = arranged([["r5", "g1", "g2"], ["y1", "y2"], ["g7", "b2", "b3"]], "r9")
    game.apply(play(0, "r5"), 0.2)
    intent = decide(bot(seat=2), game, 2)
    assert intent.action == Pass(2)
    assert game.now + intent.delay > game.jump.deadline


def test_a_reaction_that_would_come_too_late_is_not_attempted():
    game = arranged([["r5", "g1", "g2"], ["y1", "y2"], ["r5", "b2", "b3"]], "r9")
    game.apply(play(0, "r5"), 0.2)
    deadline = game.jump.deadline
    intent = decide(bot("easy", seat=2), game, 2, now=deadline - 0.01)
    assert intent.action == Pass(2) or game.now + intent.delay < deadline


def test_hard_calls_its_own_uno_quickly_and_catches_others():
    game = arranged([["r1", "r2"], ["y1", "y2", "y3"], ["b1", "b2", "b3"]], "r9")
    game.apply(play(0, "r1"), 0.2)
    own = decide(bot(seat=0), game, 0)
    assert own.action == CallUno(0, 0) and own.delay < 1.0
    catch = decide(bot(seat=2), game, 2)
    assert catch.action == CallUno(2, 0) and REACTION_FLOOR < catch.delay + game.now - 0.2 < 3.0


def test_easy_forgets_to_call_and_rarely_catches_more_often_than_hard():
    def rates(kind):
        own = catch = 0
        for seed in range(200):
            game = arranged([["r1", "r2"], ["y1", "y2", "y3"], ["b1", "b2", "b3"]], "r9")
            game.apply(play(0, "r1"), 0.2)
            own += decide(bot(kind, seat=0, seed=seed), game, 0).action == CallUno(0, 0)
            catch += decide(bot(kind, seat=2, seed=seed), game, 2).action == CallUno(2, 0)
        return own / 200, catch / 200
    easy, hard = rates("easy"), rates("hard")
    assert easy[0] < 0.75 < 0.9 < hard[0]
    assert easy[1] < 0.3 and hard[1] > 0.85


def test_an_uno_decision_is_not_re_rolled_when_asked_again():
    game = arranged([["r1", "r2"], ["y1", "y2", "y3"], ["b1", "b2", "b3"]], "r9")
    game.apply(play(0, "r1"), 0.2)
    for seed in range(30):
        agent = bot("easy", seat=2, seed=seed)
        first = decide(agent, game, 2).action
        assert all(decide(agent, game, 2, now=game.now + k / 10).action == first for k in range(1, 5))


# -- strength -----------------------------------------------------------------------------------
def test_hard_beats_random_clearly():
    r = simulate("combat-uno", 4, 12, 3, ["hard", "random", "random", "random"])
    assert r["errors"] == 0 and r["illegal_actions"] == 0
    assert r["win_rate"][0] >= 0.75
