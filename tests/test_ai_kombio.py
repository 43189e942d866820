"""The Kombio bots: they see only their observations, remember what they witnessed, stay legal,
and the hard one is clearly stronger than random play."""

from __future__ import annotations


import pytest

from ai import make_agent
from ai.kombio import KombioBot
from ai.levels import LEVELS, REACTION_FLOOR
from game.core.actions import Pass, StartRound
from game.core.cards import DECK, DISCARD, Card, grid_place, held_place
from game.core.events import (NOBODY, CardMoved, CardRevealed, CardSeen, CardsSwapped, DeckReshuffled,
                              RoundStarted, TurnStarted)
from game.core.memory import TableMemory
from game.core.session import Session, run_to_end
from game.simulate import simulate
from game.variants.kombio import (DECK_CARDS, CallKombio, DecidePenalty, Exchange, Give, Kombio, KombioView,
                                  Match, PlayDrawn, TakeDiscard)
from tests.recording import Recorder, holds_game, replay_inputs


def c(card_id: int, rank: int) -> Card:
    return Card(card_id, rank)


def play(kinds, seed, players=None, options=None, tweaks=None, wrap=True):
    players = players or len(kinds)
    game = Kombio(players, options or {"rounds": 2}, seed)
    agents = {s: make_agent("kombio", kinds[s], seed * 31 + s, **((tweaks or {}).get(s, {})))
              for s in range(players)}
    if wrap:
        agents = {s: Recorder(a, KombioView) for s, a in agents.items()}
    session = Session(game, agents)
    run_to_end(session)
    return session, agents


# -- seeing only the observation ---------------------------------------------------------------
def test_bots_hold_no_reference_to_the_game_or_the_session():
    session, agents = play(["hard", "medium", "easy", "hard"], seed=3)
    for recorder in agents.values():
        assert not holds_game(recorder.agent)


def test_views_show_no_face_down_card_and_events_are_redacted():
    session, agents = play(["hard", "easy", "hard"], seed=5)
    for seat, recorder in agents.items():
        for item in recorder.inputs:
            if item[0] == "decide":
                view = item[1]
                assert view.seat == seat
                if view.phase not in ("look_swap", "look_both"):
                    faces = [x for row in view.grids for x in row if isinstance(x, Card)]
                    assert not faces or view.phase in ("round_over", "match_over")
            elif item[0] == "observe":
                for e in item[1]:
                    if isinstance(e, CardSeen) and e.seat != seat:
                        assert e.card is None


@pytest.mark.parametrize("kind", ["easy", "medium", "hard"])
def test_the_same_observations_give_the_same_decisions(kind):
    """Replaying exactly what a bot was given, into a fresh bot with the same seed, reproduces every
    decision: nothing but its own inputs and its own seed reaches its choices."""
    session, agents = play([kind, "hard", "easy", kind], seed=11)
    for seat in (0, 3):
        recorder = agents[seat]
        fresh = make_agent("kombio", kind, 11 * 31 + seat)
        replayed = replay_inputs(recorder, fresh)
        assert replayed == recorder.outputs
        assert len(replayed) > 50


def test_all_randomness_comes_from_the_seed():
    a = simulate("kombio", 4, 3, 9, ["hard", "easy", "medium", "random"])
    b = simulate("kombio", 4, 3, 9, ["hard", "easy", "medium", "random"])
    assert a["wins"] == b["wins"] and a["mean_round_score"] == b["mean_round_score"]
    assert a["actions"] == b["actions"]


# -- memory -------------------------------------------------------------------------------------
def _dealt(memory: TableMemory, seats=3):
    memory.observe(RoundStarted(1, seats - 1, 0))
    for i in range(4):
        for s in range(seats):
            memory.observe(CardMoved(None, DECK, grid_place(s, i), NOBODY))


def test_memory_follows_swaps_matches_and_gives():
    m = TableMemory(0)
    _dealt(m)
    m.observe(CardSeen(0, grid_place(0, 2), c(1, 3), frozenset({0})))
    m.observe(CardSeen(0, grid_place(0, 3), c(2, 12), frozenset({0})))
    assert m.get(grid_place(0, 2)).rank == 3 and m.get(grid_place(0, 3)).rank == 12
    # Seat 1 blind-swaps my 12 with its slot 0 (which I never saw): the 12 follows, my slot 3 is unknown.
    m.observe(CardsSwapped(grid_place(0, 3), grid_place(1, 0), 1))
    assert m.get(grid_place(1, 0)).rank == 12 and m.get(grid_place(0, 3)) is None
    # Someone looks at my slot 2: I learn nothing new but know they saw it.
    m.observe(CardSeen(2, grid_place(0, 2), None, frozenset({2})))
    assert m.get(grid_place(0, 2)).rank == 3 and 2 in m.seen_by[grid_place(0, 2)]
    # A discard of 12, then seat 2 matches the 12 at seat 1 slot 0 and gives its slot 1 unseen.
    m.observe(CardMoved(c(3, 12), grid_place(2, 3), DISCARD, None, 2))
    m.observe(CardMoved(c(4, 7), held_place(2), grid_place(2, 3), frozenset({2}), 2).for_seat(0))
    assert m.get(grid_place(2, 3)) is None
    m.observe(CardMoved(m.get(grid_place(1, 0)), grid_place(1, 0), DISCARD, None, 2))
    assert m.get(grid_place(1, 0)) is None and [x.rank for x in m.pile] == [12, 12]
    m.observe(CardMoved(None, grid_place(2, 1), grid_place(1, 0), NOBODY, 2))
    assert m.get(grid_place(1, 0)) is None
    # A wrong claim on seat 2's slot 0 turns the card up for everyone: it is known where it stays.
    m.observe(CardRevealed(grid_place(2, 0), c(5, 9)))
    assert m.get(grid_place(2, 0)).rank == 9
    # I give my known 3 to seat 2's gap: the 3 follows the give.
    m.observe(CardMoved(None, grid_place(0, 2), grid_place(2, 0), NOBODY, 0))
    assert m.get(grid_place(2, 0)).rank == 3 and m.get(grid_place(0, 2)) is None
    # A wrongly claimed card taken by the claimer moves face up.
    m.observe(CardMoved(c(6, 5), grid_place(1, 1), grid_place(2, 4), None, 1))
    assert m.get(grid_place(2, 4)).rank == 5 and m.get(grid_place(1, 1)) is None
    # A penalty card lands face down on a slot: whatever was remembered there is gone.
    m.observe(CardMoved(None, DECK, grid_place(2, 4), NOBODY, 2))
    assert m.get(grid_place(2, 4)) is None
    located = m.located_ids()
    assert {1, 2, 3}.issubset(located)
    assert 4 not in located  # seat 2's drawn 7 was never shown to seat 0


def test_memory_follows_a_discard_taken_into_a_grid_and_reshuffles():
    m = TableMemory(0)
    _dealt(m)
    m.observe(CardMoved(c(10, 2), grid_place(1, 0), DISCARD, None, 1))
    m.observe(CardMoved(c(11, 5), grid_place(1, 1), DISCARD, None, 1))
    m.observe(CardMoved(c(11, 5), DISCARD, held_place(2), None, 2))   # taken: public
    m.observe(CardMoved(c(12, 9), grid_place(2, 1), DISCARD, None, 2))
    m.observe(CardMoved(None, held_place(2), grid_place(2, 1), frozenset({2}), 2))
    assert m.get(grid_place(2, 1)).rank == 5
    assert [x.rank for x in m.pile] == [2, 9]
    m.observe(DeckReshuffled(1))
    assert [x.rank for x in m.pile] == [9]
    assert 10 not in m.located_ids() and 11 in m.located_ids()


def test_the_bot_counts_unseen_cards():
    bot = KombioBot(LEVELS["hard"], 1)
    bot.begin(0, Kombio, 2, {})
    game = Kombio(2, None, 4)
    events = game.apply(StartRound(), 0.0)
    bot.observe([e.for_seat(0) for e in events])
    bot._setup_beliefs(game.observe(0))
    assert len(bot.pool) == 68  # the two peeked cards are located
    assert sum(bot.pool) == 441 - sum(game.grids[0][i].rank for i in (2, 3))


def test_easy_forgets_and_hard_does_not():
    def remembered(kind):
        kept = 0
        for seed in range(20):
            bot = make_agent("kombio", kind, seed)
            bot.begin(0, Kombio, 3, {})
            bot.observe([RoundStarted(1, 2, 0)])
            bot.observe([CardSeen(0, grid_place(s, i), c(10 * s + i, 5), frozenset({0}))
                         for s in range(3) for i in range(4)])
            for _ in range(10):
                bot.observe([TurnStarted(t) for t in range(3)])
            kept += len(bot.memory.known)
        return kept
    # Hard is a careful player: it holds most of the table (not an oracle: ten cards at most).
    assert remembered("hard") >= 20 * 10 * 0.9
    assert remembered("easy") < 20 * 12 * 0.3
    assert remembered("easy") < remembered("medium") < remembered("hard")


def test_memory_off_keeps_nothing():
    bot = make_agent("kombio", "hard", 1, memory=False)
    bot.begin(0, Kombio, 2, {})
    bot.observe([RoundStarted(1, 1, 0), CardSeen(0, grid_place(0, 2), c(1, 3), frozenset({0}))])
    assert not bot.memory.known
    with pytest.raises(ValueError):
        make_agent("kombio", "hard", 1, memroy=False)


# -- decisions ----------------------------------------------------------------------------------
def _bot_on(game: Kombio, seat: int, kind="hard", events=()):
    bot = make_agent("kombio", kind, 2)
    bot.begin(seat, Kombio, game.seats, dict(game.options))
    bot.observe([e.for_seat(seat) for e in events])
    return bot


def _stack(grids, deck=(), discard=()):
    game = Kombio(len(grids), {"reaction_seconds": 3.0}, seed=7)
    events = game.apply(StartRound(), 0.0)
    ids = iter(range(1000, 2000))
    game.grids = [[Card(next(ids), v) for v in row] for row in grids]
    game.deck = [Card(next(ids), v) for v in deck]
    game.discard = [Card(next(ids), v) for v in discard]
    return game, events


def test_hard_matches_its_own_remembered_card():
    game, _ = _stack([[5, 6, 9, 7], [4, 4, 4, 4]], deck=[9])
    game.apply(game.legal_actions(0)[0], 0.0)  # seat 0 draws the 9 ...
    game.apply(Exchange(0, 2), 0.1)            # ... and puts it in slot 2: its 9 is discarded
    bot = _bot_on(game, 0)
    bot.observe([CardSeen(0, grid_place(0, 2), game.grids[0][2], frozenset({0}))])  # the new 9
    intent = bot.decide(game.observe(0), game.legal_actions(0), game.now)
    assert intent.action == Match(0, grid_place(0, 2))


def test_hard_matches_a_remembered_opponent_card_and_gives_away_its_worst():
    game, _ = _stack([[5, 6, 9, 12], [4, 4, 4, 4], [1, 1, 1, 1]], deck=[9])
    game.apply(game.legal_actions(0)[0], 0.0)  # seat 0 draws the 9 ...
    game.apply(Exchange(0, 0), 0.1)            # ... and puts it in slot 0; the 5 is discarded
    bot = _bot_on(game, 0)
    # What seat 0 knows (the stacked grids replaced the dealt ones, so it is told directly).
    bot.observe([CardSeen(0, grid_place(0, 2), game.grids[0][2], frozenset({0})),
                 CardSeen(0, grid_place(0, 3), game.grids[0][3], frozenset({0})),
                 CardSeen(0, grid_place(2, 1), game.grids[2][1], frozenset({0}))])
    game.discard[-1] = Card(3000, 1)  # the top is a 1: seat 2's slot 1 matches
    intent = bot.decide(game.observe(0), game.legal_actions(0), game.now)
    assert intent.action == Match(0, grid_place(2, 1))
    assert REACTION_FLOOR < intent.delay < 3.0
    events = game.apply(intent.action, 0.5)
    bot.observe([e.for_seat(0) for e in events])
    give = bot.decide(game.observe(0), game.legal_actions(0), game.now).action
    assert give == Give(0, 3)  # its known 12


def test_hard_takes_a_low_discard_for_its_highest_known_card():
    game, events = _stack([[5, 6, 9, 12], [4, 4, 4, 4]], deck=[9, 8, 7], discard=[-1])
    bot = _bot_on(game, 0)
    bot.observe([CardSeen(0, grid_place(0, 3), game.grids[0][3], frozenset({0}))])
    view = game.observe(0)
    action = bot.decide(view, game.legal_actions(0), 0.0).action
    assert action == TakeDiscard(0)
    game.apply(action, 0.0)
    assert bot.decide(game.observe(0), game.legal_actions(0), 0.0).action == Exchange(0, 3)


def test_hard_keeps_a_low_drawn_card_and_plays_a_useless_high_one():
    game, _ = _stack([[5, 6, 2, 1], [4, 4, 4, 4]], deck=[9, 10, 13, 12, 0])
    bot = _bot_on(game, 0)
    bot.observe([CardSeen(0, grid_place(0, 2), game.grids[0][2], frozenset({0})),
                 CardSeen(0, grid_place(0, 3), game.grids[0][3], frozenset({0}))])
    game.apply(game.legal_actions(0)[0], 0.0)  # draws the 0
    action = bot.decide(game.observe(0), game.legal_actions(0), 0.0).action
    assert isinstance(action, Exchange) and action.index in (0, 1)


def test_penalty_choice_gives_a_high_card_away_and_keeps_a_low_one():
    for value, take in ((11, True), (-1, False)):
        game, _ = _stack([[5, 6, 2, value], [4, 4, 4, 4]], deck=[9], discard=[3])
        game.apply(game.legal_actions(0)[0], 0.0)
        game.apply(PlayDrawn(0), 0.1)   # a 9: its ability (look at an opponent's card) is skipped
        game.apply(game.legal_actions(0)[-1], 0.2)
        events = game.apply(Match(1, grid_place(0, 3)), 0.5)  # wrong claim on seat 0's card
        bot = _bot_on(game, 0)
        bot.observe([e.for_seat(0) for e in events])
        assert bot.decide(game.observe(0), game.legal_actions(0), 0.6).action == DecidePenalty(0, take)


def test_hard_calls_with_a_known_tiny_hand_and_not_with_a_big_one():
    for values, call in (([0, -1, 1, 0], True), ([12, 11, 10, 9], False)):
        game, _ = _stack([values, [4, 5, 6, 7], [8, 6, 5, 9]], deck=[9] * 10, discard=[3])
        bot = _bot_on(game, 0)
        bot.observe([CardSeen(0, grid_place(0, i), game.grids[0][i], frozenset({0})) for i in range(4)])
        bot.my_turns = 4
        action = bot.decide(game.observe(0), game.legal_actions(0), 0.0).action
        assert (action == CallKombio(0)) is call


def _pool_stats(pool: list[int]):
    from ai.kombio import _CallStats
    counts: dict[int, int] = {}
    for r in pool:
        counts[r] = counts.get(r, 0) + 1
    return _CallStats(sorted((r, n / len(pool)) for r, n in counts.items()), 1.6)


def _sampled_win_chance(pool, my_known, my_unknown, opponents, samples, rng):
    """The call model played out by sampling: its unknown cards and each opponent's are unseen
    cards (an opponent's less the bias); an opponent's last draw replaces its worst card when lower,
    three times in four; ties lose."""
    wins = 0
    for _ in range(samples):
        me = my_known + sum(rng.choice(pool) for _ in range(my_unknown))
        for known_sum, known_max, unknown in opponents:
            draws = [rng.choice(pool) - 1.6 for _ in range(unknown)]
            total = known_sum + sum(draws)
            worst = max([known_max if known_max is not None else -99, *draws])
            d = rng.choice(pool)
            if d < worst and rng.random() < 0.75:
                total -= worst - d
            if total <= me:
                break
        else:
            wins += 1
    return wins / samples


@pytest.mark.parametrize("my_known, my_unknown, opponents", [
    (3, 0, [(4, 4, 0), (2, 2, 1), (0, None, 2)]),
    (-1, 1, [(0, None, 1), (5, 3, 2), (7, 7, 0)]),
    (2, 2, [(1, 1, 2), (0, 0, 1), (3, 3, 1)]),
    (0, 0, [(0, None, 3), (2, 2, 3)]),
])
def test_the_worked_out_call_chance_is_what_sampling_finds(my_known, my_unknown, opponents):
    import random
    pool = [c.rank for c in DECK_CARDS][5:60]   # some cards located
    stats = _pool_stats(pool)
    exact = stats.win_chance(my_known, my_unknown, opponents, exact=9)   # every opponent worked out
    sampled = _sampled_win_chance(pool, my_known, my_unknown, opponents, 20000, random.Random(1))
    assert abs(exact - sampled) < 0.015    # about four standard errors of the sample
    # The estimate the bot uses (normals for opponents with three or more unknown cards) is close.
    assert abs(stats.win_chance(my_known, my_unknown, opponents) - exact) < 0.08


def test_the_rough_call_chance_never_strays_past_its_margin():
    """_should_call skips the finer estimate when the rough one is more than ROUGH_CALL_MARGIN below
    the lowest threshold: that must never change a decision."""
    import random

    from ai.kombio import ROUGH_CALL_MARGIN
    rng = random.Random(5)
    worst = 0.0
    for _ in range(400):
        pool = [c.rank for c in DECK_CARDS]
        rng.shuffle(pool)
        pool = pool[:rng.randint(20, 70)]
        stats = _pool_stats(pool)
        opponents = []
        for _ in range(rng.randint(1, 5)):
            known = [rng.choice(pool) for _ in range(rng.randint(0, 4))]
            opponents.append((sum(known), max(known) if known else None, rng.randint(0 if known else 1, 5)))
        args = (rng.randint(-2, 8), rng.randint(0, 3), opponents)
        worst = max(worst, abs(stats.win_chance(*args, exact=1) - stats.win_chance(*args, exact=2)))
    assert worst < ROUGH_CALL_MARGIN


# -- legality and strength ------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_bots_only_return_legal_actions(players):
    kinds = ["hard", "easy", "medium", "random", "hard", "easy"][:players]
    for seed in range(4):
        tweaks = {1: {"memory": False}} if seed % 2 else None
        session, agents = play(kinds, seed=100 + seed, options={"rounds": 2}, tweaks=tweaks)
        assert session.illegal == 0
        for recorder in agents.values():
            assert recorder.outside_legal == 0


def test_out_of_turn_delays_are_human_and_only_claims_believed_matches():
    session, agents = play(["hard", "hard", "easy", "medium"], seed=21)
    for recorder in agents.values():
        for item, intent in zip([i for i in recorder.inputs if i[0] == "decide"], recorder.outputs):
            legal = item[2]
            if any(isinstance(a, Pass) for a in legal):
                assert REACTION_FLOOR < intent.delay < 8.0   # a person's, slow as it may be
    hard = agents[0].agent
    assert hard.level.name == "hard"


def test_hard_claims_wrong_matches_rarely_and_easy_often():
    # Hard is a careful player, not an oracle: a rare confusion may cost it a wrong claim.
    from game.variants.kombio import MatchAttempted

    wrong = {"hard": 0, "easy": 0}
    claims = {"hard": 0, "easy": 0}
    for seed in range(6):
        game = Kombio(4, {"rounds": 2}, seed)
        kinds = ["hard", "easy", "hard", "easy"]
        agents = {s: make_agent("kombio", k, seed * 31 + s) for s, k in enumerate(kinds)}

        def listen(events):
            for e in events:
                if isinstance(e, MatchAttempted):
                    claims[kinds[e.seat]] += 1
                    wrong[kinds[e.seat]] += not e.correct
        run_to_end(Session(game, agents, listener=listen))
    assert claims["hard"] > 30 and claims["easy"] > 10
    assert wrong["hard"] <= 0.03 * claims["hard"]
    assert wrong["easy"] / claims["easy"] > 0.05 + wrong["hard"] / claims["hard"]


def test_hard_beats_random_clearly():
    result = simulate("kombio", 4, 12, 5, ["hard", "random", "random", "random"])
    assert result["errors"] == 0 and result["illegal_actions"] == 0
    assert result["wins"][0] >= 11
    assert result["mean_round_score"][0] < min(result["mean_round_score"][1:]) - 15
