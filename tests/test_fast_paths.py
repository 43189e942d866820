"""The engines' and the Session's shortcuts answer exactly what the long way would: the cheap
`acts_out_of_turn` equals the view's `out_of_turn`, and the Session's simulated-clock loop plays
the same match as stepping it with next_due/advance."""

from __future__ import annotations

import random

import pytest

from ai.registry import bot_seed, make_agent
from game.core.actions import Pass
from game import games
from game.core.game import get_variant
from game.core.session import Session
from tests.randomplay import random_steps

VARIANTS = games.game_ids()


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.slow
def test_acts_out_of_turn_matches_the_view(variant):
    cls = get_variant(variant)
    checked = 0
    for seed in range(3):
        game = cls(min(4, cls.max_seats), None, seed)
        rng = random.Random(seed)
        for _ in random_steps(game, rng, 600):
            for seat in range(-1, game.seats):
                assert game.acts_out_of_turn(seat) == game.observe(seat).out_of_turn, (seed, seat, game.phase)
                checked += 1
    assert checked > 1000


def _history_stepwise(cls, bots, seed):
    game = cls(len(bots), None, seed)
    session = Session(game, {s: make_agent(cls.id, k, bot_seed(seed, s)) for s, k in enumerate(bots)})
    while not game.over:
        due = session.next_due()
        assert due is not None
        session.advance(due)
    return game.history, session.dropped, session.illegal


@pytest.mark.parametrize("variant", VARIANTS)
def test_run_to_end_plays_what_stepping_the_clock_plays(variant):
    cls = get_variant(variant)
    bots = ["random", "easy", "random"]
    for seed in range(2):
        game = cls(len(bots), None, seed)
        session = Session(game, {s: make_agent(cls.id, k, bot_seed(seed, s)) for s, k in enumerate(bots)})
        session.run_to_end()
        assert (game.history, session.dropped, session.illegal) == _history_stepwise(cls, bots, seed)


def test_the_kombio_bots_cached_sums_equal_the_plain_formulas():
    """The hard bot's blind-swap gain (summed once per unseen pool, zero terms left out), its
    unseen pool (counted by value), its expected gains over one unseen card, its best exchange
    (looking only at the slots that can gain most) and its hand totals (from one value list per
    decision) are the very numbers the plain formulas give."""
    from ai.kombio import KombioBot
    from ai.levels import LEVELS
    from game.core.actions import StartRound
    from game.variants.kombio import DECK_CARDS, Kombio

    compared = 0
    for seed in range(4):
        game = Kombio(3, None, seed)
        bot = KombioBot(LEVELS["hard"], seed)
        bot.begin(0, Kombio, 3, dict(game.options))
        rng = random.Random(seed)
        for _, _, events in random_steps(game, rng, 300):
            bot.observe([e.for_seat(0) for e in events])
            if game.phase != "turn":
                continue
            view = game.observe(0)
            bot._setup_beliefs(view)
            bias = bot.cfg["opp_bias"]
            plain = sum(pa * pb * max(0.0, ra - rb + bias) for ra, pa in bot.dist for rb, pb in bot.dist)
            assert bot._blind_pair_gain() == plain
            # the unseen pool, counted by value, is the deck less every located card
            located = bot.memory.located_ids() | {c.id for c in (view.discard_top, view.held) if c is not None}
            pool = sorted(c.rank for c in DECK_CARDS if c.id not in located) or sorted(c.rank for c in DECK_CARDS)
            assert list(bot.pool) == pool and bot.ev == sum(pool) / len(pool)
            assert bot.dist == sorted((r, pool.count(r) / len(pool)) for r in set(pool))
            for v in (-1, 2.5, 7, 14):
                assert bot._e_take(v) == sum(p * max(0.0, v - (r - bias)) for r, p in bot.dist)
                assert bot._e_give(v) == sum(p * max(0.0, r - v) for r, p in bot.dist)
            # an exchange looks only at the slots that can gain most: the same slot and gain as all
            now = bot._estimate_total(0)
            for rank in (-1, 3, 9, 14, bot.ev):
                best, best_g = None, -99.0
                for p in bot._mine():
                    if p in bot.known:
                        g = now - bot._estimate_total(0, {p: rank})
                    else:
                        g = bot.ev - rank + bot.unknown_bonus
                    if g > best_g:
                        best, best_g = p, g
                assert bot._compute_exchange_gains([rank]) == [(best, best_g)]
            for seat in range(3):
                places = bot._seat_values(seat)[0]
                values = [bot._val(p) for p in places]
                full = seat == 0 and all(p in bot.known for p in places)
                assert bot._estimate_total(seat) == (bot._hand_value(values) if full else sum(values))
                for j, p in enumerate(places):
                    swapped = list(values)
                    swapped[j] = 3
                    full = seat == 0 and all(q in bot.known or q == p for q in places)
                    assert bot._estimate_total(seat, {p: 3}) == (bot._hand_value(swapped) if full else sum(swapped))
                    compared += 1
    assert compared > 100


def test_the_kombio_bots_beliefs_read_from_kept_places_are_the_plain_ones():
    """What the bot believes each occupied place holds (read through the set of occupied places
    kept for grids of the same value, which the bots share) and its unseen pool (counted by value, a confused
    memory's card, id -1, left out) are what the plain bounds checks and count give, over memories
    that confuse often and views that look at cards."""
    from ai.kombio import KombioBot
    from ai.levels import LEVELS
    from game.core.memory import Recall
    from game.variants.kombio import DECK_CARDS, Kombio

    recall = Recall(capacity=10, half_life_events=40, confusion=0.5, swap_slip=0.2)
    compared = confused = 0
    for seed in range(4):
        game = Kombio(3, None, seed)
        bot = KombioBot(LEVELS["hard"], seed, recall=recall)
        bot.begin(0, Kombio, 3, dict(game.options))
        rng = random.Random(seed)
        for _, _, events in random_steps(game, rng, 400):
            bot.observe([e.for_seat(0) for e in events])
            view = game.observe(0)
            bot._setup_beliefs(view)
            grids = view.grids
            plain = {}
            for place, card in bot.memory.known.items():
                if place.zone == "grid" and isinstance(card.rank, int) and 0 <= place.seat < len(grids) \
                        and 0 <= place.index < len(grids[place.seat]) and grids[place.seat][place.index] is not None:
                    plain[place] = card.rank
            located = bot.memory.located_ids()
            for place, card in zip(view.looked, view.looked_cards):
                if card is not None:
                    if grids[place.seat][place.index] is not None:
                        plain[place] = card.rank
                    located.add(card.id)
            assert list(bot.known.items()) == list(plain.items())
            located |= {c.id for c in (view.discard_top, view.held) if c is not None}
            pool = sorted(c.rank for c in DECK_CARDS if c.id not in located) or sorted(c.rank for c in DECK_CARDS)
            assert list(bot.pool) == pool
            compared += 1
            confused += -1 in located
    assert compared > 500 and confused > 100


class _PlainDecayMemory:
    """The memory's decay the long way: every trace's own checkpoint, moved on at every pass."""

    def _decay(self):
        r = self.recall
        if r.half_life_events is None and r.half_life_seconds is None:
            return
        for place in list(self.known):
            trace = self.traces.get(place)
            if trace is None:
                continue
            load = 0.0
            if r.half_life_events:
                load += (self.events - trace.events) / r.half_life_events
            if r.half_life_seconds:
                elapsed = self.now - trace.time
                if elapsed > 0.0:
                    load += elapsed / r.half_life_seconds
            trace.events, trace.time = self.events, self.now
            if load and self.rng.random() >= 0.5 ** (load / self._strength(place)):
                self._forget(place)


def test_a_memory_fading_from_its_last_pass_forgets_what_per_card_checkpoints_forget():
    """Decay counts the cards checked at the last pass from that pass (one load for them all): the
    same cards are forgotten, with the same random draws, as when each card keeps its own
    checkpoint, over recalls by events, by seconds, both, own cards lasting longer, and cards
    remembered between passes without an event."""
    from game.core.cards import Card, grid_place
    from game.core.memory import Recall, TableMemory
    from game.variants.kombio import Kombio

    class PlainMemory(_PlainDecayMemory, TableMemory):
        pass

    recalls = [Recall(capacity=8, half_life_events=30, half_life_seconds=20, own_boost=2.0, swap_slip=0.1),
               Recall(half_life_events=15), Recall(half_life_seconds=5, own_boost=3.0), Recall(capacity=3)]
    compared = faded = 0
    for seed, recall in enumerate(recalls * 2):
        game = Kombio(3, None, seed)
        rng = random.Random(seed)
        fast, plain = (cls(0, recall, random.Random(seed), tuple(range(-1, 15))) for cls in (TableMemory, PlainMemory))
        now = 0.0
        for step, (_, t, events) in enumerate(random_steps(game, rng, 500)):
            seen = [e.for_seat(0) for e in events]
            for memory in (fast, plain):
                memory.observe_all(seen)
            if step % 3 == 0:
                now = max(now, t) + rng.choice((0.0, 0.5, 4.0))
                before = len(plain.known)
                for memory in (fast, plain):
                    memory.tick(now)
                faded += len(plain.known) < before
                if step % 2:
                    for memory in (fast, plain):
                        memory.remember(grid_place(1, step % 4), Card(-1, 5))
            assert list(fast.known.items()) == list(plain.known.items()), (seed, step)
            assert fast.rng.getstate() == plain.rng.getstate(), (seed, step)
            compared += 1
    assert compared > 1000 and faded > 100, (compared, faded)


def test_kombio_legal_lists_kept_while_the_targets_stay_are_the_ones_listed_afresh():
    """A reaction's legal list is kept over the versions its targets stay the same for: it is
    always the list a game that kept nothing gives."""
    cls = get_variant("kombio")
    checked = 0
    for seed in range(3):
        game = cls(4, None, seed)
        rng = random.Random(seed)
        for _ in random_steps(game, rng, 600):
            for seat in range(game.seats):
                kept = game.legal_actions(seat)
                game._reaction_legal, game._all_targets = {}, (-1, [])
                assert game.legal_actions(seat) == kept, (seed, seat, game.phase)
                checked += game.phase == "reaction"
    assert checked > 500


def test_a_bots_check_that_its_action_is_listed_answers_what_in_answers():
    """`listed` finds the very object first, then falls back to ==: the same answer as `in` for
    the listed objects, equal copies of them and actions not listed; a pair named through the
    cached constructors is the object an ability's list holds."""
    from ai.grid_bot import listed
    from game.variants.kombio import BlindSwap, Kombio, LookTwo, SkipAbility, blind_swap_action, look_two_action

    from game.core.actions import StartRound

    game = Kombio(4, None, 3)
    game.apply(StartRound())
    places = game._targets()
    rng = random.Random(3)
    for kind, cached in ((BlindSwap, blind_swap_action), (LookTwo, look_two_action)):
        legal = [cached(1, a, b) for i, a in enumerate(places) for b in places[i + 1:]] + [SkipAbility(1)]
        for _ in range(200):
            a, b = rng.sample(places, 2)
            for action in (cached(1, a, b), kind(1, a, b), kind(2, a, b), SkipAbility(1), rng.choice(legal)):
                assert listed(action, legal) == (action in legal)
            assert cached(1, a, b) == kind(1, a, b)
            assert any(x is cached(1, a, b) for x in legal) == (kind(1, a, b) in legal)


def test_the_kombio_call_estimate_lists_one_or_two_cards_as_the_stepwise_sum_does():
    """The call estimate's one or two unknown cards, listed directly, are the list (order and
    chances) adding one card at a time gives, so the exact estimate sums the same numbers."""
    from ai.kombio import _CallStats

    rng = random.Random(5)
    for _ in range(200):
        values = sorted(rng.sample(range(-1, 15), rng.randint(1, 16)))
        weights = [rng.randint(1, 5) for _ in values]
        dist = [(v, w / sum(weights)) for v, w in zip(values, weights)]
        stats = _CallStats(dist, 1.6)
        assert stats.sum_max(1) == stats.sum_max_stepwise(1)
        assert stats.sum_max(2) == stats.sum_max_stepwise(2)


def test_an_agent_that_ignores_events_is_not_sent_any_and_the_others_still_are():
    from ai.random_agent import RandomAgent
    from game.variants.kombio import Kombio

    class Listener:
        def __init__(self):
            self.events = []

        def begin(self, seat, game_type, seats, options):
            self.seat = seat

        def observe(self, events):
            self.events += events

        def decide(self, view, legal, now):
            from game.core.session import Intent
            return Intent(legal[0], 1.0)

    quiet = RandomAgent(1)
    quiet.observe = lambda events: (_ for _ in ()).throw(AssertionError("told events"))  # type: ignore[method-assign]
    listener = Listener()
    session = Session(Kombio(2, {"rounds": 1}, 3), {0: quiet, 1: listener})
    session.run_to_end()
    assert listener.events
    # the listener got its own seat's copies: no face it may not see
    assert all(e.for_seat(1) == e for e in listener.events)


def test_the_random_agent_draws_what_choice_and_uniform_would():
    from ai.random_agent import RandomAgent
    from game.core.session import Glance

    agent, reference = RandomAgent(9), random.Random(9)
    for i in range(3000):
        out = bool(i % 3)
        # one legal action (its bits drawn by the agent itself) as often as several
        legal = [Pass(s) for s in range(5)] if i % 2 else [Pass(i)]
        intent = agent.decide(Glance(0, out), legal, 0.0)  # type: ignore[arg-type]
        assert intent.action == reference.choice(legal)
        assert intent.delay == (reference.uniform(0.4, 2.5) if out else reference.uniform(0.2, 1.0))
    assert agent.rng.getstate() == reference.getstate()


@pytest.mark.parametrize("options", [None, {"reaction_seconds": 0}, {"jump_in": False},
                                     {"deck_commitment": False, "uno_call": False}])
@pytest.mark.parametrize("seats", [2, 3, 6])
def test_combat_uno_seats_to_act_are_the_seats_with_a_legal_action_in_seat_order(seats, options):
    """seats_to_act's shortcut for the usual moment (the seat on turn and an untouched jump-in
    offer) answers what asking every seat would: after plays, passes, reverses with two players
    (the offer then leaves out the seat on turn), draws and UNO windows."""
    cls = get_variant("combat-uno")
    checked = 0
    for seed in range(4):
        game = cls(seats, options, seed)
        rng = random.Random(seed)
        for _ in random_steps(game, rng, 800):
            assert game.seats_to_act() == tuple(s for s in range(seats) if game.legal_actions(s)), (seed, game.version)
            checked += 1
    assert checked > 1000


def test_kombio_shared_view_fields_are_listed_in_the_view_s_order():
    """The shared parts list KombioView's fields by position: each position holds what the field
    of that name means (the seat's own fields left blank), over many states of a table."""
    import dataclasses

    from game.core.cards import DECK, DISCARD, Place
    from game.variants.kombio import Kombio, KombioView

    names = [f.name for f in dataclasses.fields(KombioView)]
    checked = 0
    for seed in range(5):
        game = Kombio(4, None, seed)
        rng = random.Random(seed)
        for _ in random_steps(game, rng, 500):
            fields, holder = game._public_view_parts()
            assert len(fields) == len(names)
            got = dict(zip(names, fields))
            window = game.window if game.phase == "reaction" else None
            steps = ("ability", "look_swap", "look_both")
            pending = game.phase in ("give", "penalty_choice")
            assert got == {
                "seat": None, "seats": game.seats, "round": game.round, "phase": game.phase,
                "turn": game.turn if game.round else None, "dealer": game.dealer, "acting": game.seats_to_act(),
                "out_of_turn": None, "direction": 1, "zones": got["zones"],
                "windows": got["windows"], "pending_draw": 0, "totals": tuple(game.score.totals),
                "round_scores": tuple(game.score.rounds), "over": game.over, "winners": game.winners,
                "prompt": game._prompt(), "grids": tuple(game.grid_rows(game.round_revealed(), {})),
                "discard_top": game.piles.top, "discard_size": len(game.piles.discard),
                "deck_size": len(game.piles.deck), "holder": holder, "held": None,
                "held_from": game.held_from if holder is not None else None,
                "ability": game.ability if game.phase in steps else None,
                "looked": game.looked, "looked_cards": (None,) * len(game.looked), "caller": game.caller,
                "final_turns": tuple(sorted(game.final_turns)), "locked": game.locked_seats(),
                "window_seats": window.remaining() if window else (),
                "window_deadline": game.window.deadline if game.window else None,
                "pending_seat": game.pending_seat if pending else None,
                "pending_place": game.pending_place if pending else None, "options": None,
                "wrong_claimer": game.pending_claimer if game.phase == "penalty_choice" else None,
            }, (seed, game.phase)
            assert [z.place for z in got["zones"]] == [Place("grid", s) for s in range(4)] + [DISCARD, DECK], seed
            assert [(w.kind, w.seats) for w in got["windows"]] == ([("match", window.remaining())] if window else [])
            assert holder == (game.turn if game.held is not None else None)
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize("variant", ["kombio"])
def test_a_view_built_from_the_shared_parts_equals_one_built_afresh(variant):
    """The parts of a view every seat shares are built once per version, and the grid zones are
    kept while the grids hold the same cards: whichever seat asked first, every seat's view is
    the one it would get on its own (nothing private is shared), from a game that kept nothing."""
    cls = get_variant(variant)
    checked = 0
    for seed in range(3):
        game = cls(4, None, seed)
        rng = random.Random(seed)
        for _ in random_steps(game, rng, 500):
            order = list(range(-1, game.seats))
            rng.shuffle(order)
            shared = {seat: game.observe(seat) for seat in order}
            kept = game._grid_zones
            for seat in order:
                game._shared_view, game._grid_zones = (-1, ([], None)), ((), (), ())
                assert game.observe(seat) == shared[seat], (seed, seat, game.phase)
                checked += 1
            game._grid_zones = kept   # (kept over many versions: stale zones would show)
    assert checked > 1000
