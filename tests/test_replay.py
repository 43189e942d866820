"""The round replay (game/replay.py) over the golden records of every variant, and on built
scenarios for the reactions not taken."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from game.client.narration.combat_uno import CombatUnoNarrator
from game.client.narration.notes import english_note
from game.core.cards import FACE_DOWN, Card, Place
from game.core.record import GameRecord
from game.games import game_ids
from game.core.view import SPECTATOR
from game.replay import (BOT_MEMORY, FORGOT, MEMORY_AID, NO_MEMORY, REMEMBERS, SEES, UNKNOWN, VIEW_ONLY, WRONG,
                         RoundReplay, round_spans, slots)

GOLDEN = sorted((Path(__file__).parent / "records" / "golden").glob("*.json"))
VARIANTS = set(game_ids())


def test_every_variant_has_golden_records_to_replay():
    assert {GameRecord.load(p).variant for p in GOLDEN} == VARIANTS


def _rounds(record: GameRecord) -> list[int]:
    spans = round_spans(record)
    return sorted({spans[0].number, spans[-1].number})


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
@pytest.mark.slow
def test_stepping_back_gives_the_same_truth_as_stepping_forward(path):
    record = GameRecord.load(path)
    for number in _rounds(record):
        forward = RoundReplay(record, number)
        seen = [forward.frame(i) for i in range(forward.steps)]
        back = RoundReplay(record, number)       # a fresh replay: no frame cached
        back.frame(back.steps - 1)
        steps = range(back.steps)
        if back.steps > 500:     # (a very long round: its end and its start are enough)
            steps = [*range(250), *range(back.steps - 250, back.steps)]
        for i in reversed(steps):
            frame = back.frame(i)
            assert frame.truth == seen[i].truth, f"round {number} step {i}"
            assert frame.events == seen[i].events and frame.t == seen[i].t
        # jumping about (past the snapshots) lands on the same step too
        for i in (0, back.steps // 2, 1, back.steps - 1):
            back._frames.clear()
            assert back.frame(i).truth == seen[i].truth


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
@pytest.mark.slow
def test_the_truth_shows_every_card_and_ends_on_the_recorded_scores(path):
    record = GameRecord.load(path)
    spans = round_spans(record)
    for number in _rounds(record):
        replay = RoundReplay(record, number)
        for step in range(0, replay.steps, max(1, replay.steps // 25)):
            truth = replay.frame(step).truth
            assert truth.seat == SPECTATOR
            for zone in truth.zones:
                assert FACE_DOWN not in slots(zone.cards), f"step {step}: {zone.place} hides a card"
        last = replay.frame(replay.steps - 1).truth
        finished = number < len(spans) or record.result is not None
        if finished:
            assert record.result is not None
            assert list(last.round_scores[number - 1]) == record.result["rounds"][number - 1]
        if number == len(spans) and record.result is not None:
            assert list(last.totals) == record.result["totals"]
            assert list(last.winners) == record.result["winners"]


def _card_ids(value, out: set[int]) -> None:
    if isinstance(value, Card):
        out.add(value.id)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for v in value:
            _card_ids(v, out)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _card_ids(getattr(value, f.name), out)


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
@pytest.mark.slow
def test_a_seat_knows_only_cards_it_saw(path):
    """Every face a seat is said to know (seen or remembered, right or wrong) was in that seat's
    own observation or its redacted events at that step or before (a bot's mixed-up value is stored
    under no card: the card it mixed up was seen); its SEES marks are exactly the faces its view
    shows; and seats did not know everything (the check is not empty)."""
    record = GameRecord.load(path)
    replay = RoundReplay(record, 1)
    game = record.new_game()
    span = round_spans(record)[0]
    seats = len(record.seats)
    saw: list[set[int]] = [set() for _ in range(seats)]
    statuses: set[str] = set()
    for step in range(min(replay.steps, 400)):
        t, action = record.actions[span.start + step]
        events = game.apply(action, t)
        for seat in range(seats):
            for e in events:
                _card_ids(e.for_seat(seat), saw[seat])
            view = game.observe(seat)
            _card_ids(view, saw[seat])
            known = replay.knowledge(step, seat)
            assert known.view == view
            shown = {z.place: slots(z.cards) for z in view.zones}
            for place, marks in known.marks.items():
                for i, (mark, face) in enumerate(zip(marks, known.believed[place])):
                    if mark is None:
                        continue
                    statuses.add(mark)
                    if mark in (SEES, REMEMBERS, WRONG):
                        assert isinstance(face, Card)
                        assert face.id in saw[seat] or (mark == WRONG and face.id == -1), \
                            f"step {step}: seat {seat} knows {face} at {place} unseen"
                    else:
                        assert face is None
                    assert (mark == SEES) == isinstance(shown.get(place, [None] * (i + 1))[i], Card)
    assert UNKNOWN in statuses and SEES in statuses
    random = [s for s, info in enumerate(record.seats) if "random" in (info.kind, info.level)]
    for seat in random:      # the random bot remembers nothing: its view alone
        assert replay.knowledge(0, seat).mind == (NO_MEMORY if replay.hidden_memory else VIEW_ONLY)
    if replay.hidden_memory and len(random) < seats:
        assert REMEMBERS in statuses, "a memory game where nobody remembered a card"


def _as_people(record: GameRecord) -> GameRecord:
    """The same match with every seat a person's."""
    seats = [dataclasses.replace(s, kind="human", level=None) for s in record.seats]
    return dataclasses.replace(record, seats=seats)


def test_a_persons_seat_reads_the_memory_aid_which_is_never_wrong_and_never_forgets():
    """Kombio: a person's memory is not in the record: a human seat shows its memory aid (perfect
    recall of what it saw, following every swap), never wrong, never forgetting; the same seats as
    bots show what the bots believed, which was."""
    path = next(p for p in GOLDEN if p.stem == "kombio-4p-hard-full-match")
    record = GameRecord.load(path)
    people, bots = RoundReplay(_as_people(record), 1), RoundReplay(record, 1)
    steps = range(0, people.steps, 3)
    for i in steps:
        for s in range(4):
            known = people.knowledge(i, s)
            assert known.mind == MEMORY_AID and known.memory
            assert known.count(WRONG) == known.count(FORGOT) == 0
            held = bots.knowledge(i, s)
            assert held.mind == BOT_MEMORY
            # a bot never remembers more than a perfect memory of its own events
            assert held.count(REMEMBERS) <= known.count(REMEMBERS)
    assert sum(bots.knowledge(i, s).count(FORGOT) for i in steps for s in range(4)) > 0


@pytest.mark.parametrize("variant, options", [("kombio", {"rounds": 2}), ("kabu", {"target": 30})])
def test_a_bot_seat_shows_what_that_bot_believed_at_every_step(variant, options):
    """The replay rebuilds each bot's memory from the record (its level, its seed, its own redacted
    events with their times): at every step, every card it did not see right then is marked with
    what that bot had in mind in play, wrong values and forgotten cards included (issue 33: the
    replay showed a perfect memory aid, so "remembered wrongly" never fired)."""
    from collections import Counter

    from ai import bot_seed, make_agent
    from game.core.cards import grid_place
    from game.core.game import get_variant
    from game.core.record import SeatInfo
    from game.core.session import Session, run_to_end

    cls = get_variant(variant)
    kinds = ["easy", "medium", "hard", "easy"]
    statuses: Counter[str] = Counter()
    for seed in (3, 4):
        game = cls(4, options, seed)
        agents = {s: make_agent(variant, k, bot_seed(seed, s)) for s, k in enumerate(kinds)}
        held: dict[int, dict] = {}      # step index -> each bot's memory right after it, in play

        def keep(events, game=game, agents=agents, held=held):
            held[len(game.history) - 1] = {s: dict(a.memory.known) for s, a in agents.items()}
        run_to_end(Session(game, agents, listener=keep))
        record = GameRecord.of(game, [SeatInfo(f"Bot {s}", "bot", k) for s, k in enumerate(kinds)])
        for span in round_spans(record)[:2]:
            replay = RoundReplay(record, span.number)
            for step in range(replay.steps):
                for seat in range(4):
                    known = replay.knowledge(step, seat)
                    assert known.mind == BOT_MEMORY
                    memory = held[span.start + step][seat]
                    for place, marks in known.marks.items():
                        for i, mark in enumerate(marks):
                            if mark is None or mark == SEES:
                                continue
                            where = grid_place(place.seat, i) if place.zone == "grid" else place
                            assert known.believed[place][i] == memory.get(where), (seed, step, seat, place, i)
                            statuses[mark] += 1
    assert statuses[REMEMBERS] and statuses[WRONG] and statuses[FORGOT] and statuses[UNKNOWN], statuses


# -- reactions not taken ---------------------------------------------------------------------------
def _record(variant: str, seats: int, options: dict, actions: list[dict]) -> GameRecord:
    return GameRecord.from_json({"format": 2, "variant": variant, "options": options, "seed": 7,
                                 "seats": [{"name": f"P{i}", "kind": "bot", "level": "medium"} for i in range(seats)],
                                 "actions": actions, "result": None})


def _kombio(deck: list[str], tail: list[dict]) -> GameRecord:
    # Seat 0 draws the last named card (a 7) and plays it; slot 0 of seat 1 is the second card.
    return _record("kombio", 2, {"rounds": 1, "reaction_seconds": 3.0}, [
        {"t": 0.0, "type": "StartRound", "seat": -1, "deck": deck},
        {"t": 1.0, "type": "DrawFromDeck", "seat": 0},
        {"t": 2.0, "type": "PlayDrawn", "seat": 0},
        {"t": 2.5, "type": "SkipAbility", "seat": 0}] + tail)


PASSES = [{"t": 3.0, "type": "Pass", "seat": 0}, {"t": 3.2, "type": "Pass", "seat": 1}]


def test_a_matching_card_held_and_passed_is_a_missed_reaction():
    replay = RoundReplay(_kombio(["1", "7", "2", "13", "3", "12", "4", "12", "7"], PASSES), 1)
    missed = replay.missed()
    assert [(m.note.key, m.note.seat, m.t) for m in missed] == [("missed.match-own", 1, 2.5)]
    assert english_note(missed[0].note) == "Seat 1 could have matched the 7 from their own grid"
    (m,) = missed
    assert m.step == 3 and m.action.place.seat == 1 and m.action.place.index == 0
    assert not m.known          # nobody peeked: Bruno held it without knowing
    assert m.places == (m.action.place,)
    assert replay.missed_at(3) == missed and replay.missed_at(4) == ()


def test_no_missed_reaction_where_nobody_could_react():
    replay = RoundReplay(_kombio(["1", "13", "2", "13", "3", "12", "4", "12", "7"], PASSES), 1)
    assert replay.missed() == ()


def test_a_reaction_taken_is_not_missed():
    take = [{"t": 2.9, "type": "Match", "seat": 1, "place": {"zone": "grid", "seat": 1, "index": 0}}]
    replay = RoundReplay(_kombio(["1", "7", "2", "13", "3", "12", "4", "12", "7"], take), 1)
    assert replay.frame(replay.steps - 1).truth.discard_top.rank == 7
    assert replay.missed() == ()


def _uno(tail: list[dict]) -> GameRecord:
    # Dealt one card at a time from seat 0: seats 0 and 2 get a red 7 first; the start card is a green 7.
    deck = ["7red", "5blue", "7red", "draw2green", "5yellow", "9yellow", "1blue", "1green", "2blue",
            "2green", "3blue", "3green", "4blue", "4green", "5green", "6green", "8green", "9green",
            "8blue", "1yellow", "2yellow", "7green"]
    return _record("combat-uno", 3, {"length": "rounds", "rounds": 1, "reaction_seconds": 2.0}, [
        {"t": 0.0, "type": "StartRound", "seat": -1, "deck": deck},
        {"t": 1.0, "type": "Play", "seat": 0, "rank": 7, "colour": "red"}] + tail)


def test_a_jump_in_not_taken_in_combat_uno():
    replay = RoundReplay(_uno([{"t": 1.5, "type": "Pass", "seat": 2}, {"t": 2.0, "type": "Draw", "seat": 1}]), 1)
    narrator = CombatUnoNarrator(["Seat 0", "Seat 1", "Seat 2"])
    texts = [(narrator.missed_words(m.note), m.t) for m in replay.missed()]
    assert ("Seat 2 could have jumped in with the red 7", 1.0) in texts
    assert all(m.seat == 2 for m in replay.missed() if m.note.key == "missed.jump-in")
    (jump,) = [m for m in replay.missed() if m.note.key == "missed.jump-in"]
    (place,) = jump.places
    hand = next(z for z in replay.frame(jump.step).truth.zones if z.place == Place("hand", 2))
    assert place.zone == "hand" and place.seat == 2 and hand.cards[place.index].rank == 7 \
        and hand.cards[place.index].suit == "red"


def test_a_jump_in_taken_is_not_missed():
    replay = RoundReplay(_uno([{"t": 1.5, "type": "Play", "seat": 2, "rank": 7, "colour": "red"}]), 1)
    assert not [m for m in replay.missed() if m.note.key == "missed.jump-in"]


def test_the_replay_leaves_the_record_alone():
    path = GOLDEN[0]
    record = GameRecord.load(path)
    before = record.to_json()
    replay = RoundReplay(record, 1)
    for i in range(replay.steps):
        replay.frame(i)
    replay.missed()
    assert record.to_json() == before
    assert path.read_text(encoding="utf-8") and GameRecord.load(path).to_json() == before


def test_round_numbers_are_checked():
    record = GameRecord.load(GOLDEN[0])
    with pytest.raises(Exception, match="no round"):
        RoundReplay(record, len(round_spans(record)) + 1)
    assert RoundReplay(record).number == len(round_spans(record))


@pytest.mark.parametrize("variant", game_ids())
def test_the_truth_view_leaves_no_face_up_card_in_the_seats_views(variant):
    """Views are cached per version; the truth view at the same version must not leak into them."""
    import random

    from game.core.game import get_variant
    from tests.randomplay import random_steps

    def play_random_steps(game, steps, seed):
        for _ in zip(range(steps), random_steps(game, random.Random(seed))):
            pass

    game = get_variant(variant)(3, {}, seed=9)
    play_random_steps(game, 25, seed=4)
    before = [game.observe(s) for s in range(-1, 3)]
    game.truth_view()
    assert [game.observe(s) for s in range(-1, 3)] == before
    fresh = get_variant(variant)(3, {}, seed=9)
    play_random_steps(fresh, 25, seed=4)
    fresh.truth_view()                      # the truth first, then the views
    assert [fresh.observe(s) for s in range(-1, 3)] == before
