"""Speech at the table (game/client/table/speech.py, docs/speech.md), heard through the ConsoleSpeaker:
a whole Kombio round and a whole Combat UNO round played by keyboard alone (Tab / arrows / Enter
through the real table, posted pygame key events, bots at the other seats), checking that every
card face the player saw was spoken, that no face the seat never saw was, and that the round
reached its end."""

from __future__ import annotations

import random

import pygame
import pytest

from game.client.speech import ConsoleSpeaker
from game.client.table.speech import card_words
from game.core.cards import Card, Place
from grid_driver import DT, make_app, start, table_record
from hand_driver import hand_record


def press(app, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.step(DT)


class KeyboardPlayer:
    """Plays the one human seat with a seeded random policy by the walk's keys alone."""

    pass_rate = 0.7          # how often a chance to pass (Space) is taken

    def __init__(self, app, table, speaker: ConsoleSpeaker, seed: int = 1, call_after: int = 8, seat: int = 0):
        self.app, self.table, self.speaker = app, table, speaker
        self.seat = seat                     # the human's seat
        self.rng = random.Random(seed)
        self.turns = 0
        self.call_after = call_after
        self.seen: set[int] = set()          # card ids whose faces were drawn for the player
        self.public: set[int] = set()
        self.keys = 0
        self.done: dict[str, int] = {}      # the actions taken by the walk's keys, by kind
        self.shown: set[int] = set()        # card ids an event showed to everybody or to the seat
        saw = table.speech.saw

        def watch(ev):
            card, shown_to = getattr(ev, "card", None), getattr(ev, "shown_to", None)
            if isinstance(card, Card) and (shown_to is None or self.seat in shown_to):
                self.shown.add(card.id)
            saw(ev)
        table.speech.saw = watch

    def walked_to(self) -> str:
        lines = [line for line, interrupt in self.speaker.spoken if interrupt]
        return lines[-1] if lines else ""

    def key(self, k: int, mod: int = 0) -> None:
        self.keys += 1
        press(self.app, k, mod)
        self.record_frame()

    def go_to(self, place=None, button_text: str | None = None, where=None) -> None:
        """Tab to the zone holding ``place`` (or the button, or the stop ``where`` picks), arrow
        to it, and Enter."""
        speech = self.table.speech
        zones = speech.zones_now()
        for zi, (name, items) in enumerate(zones):
            for ii, item in enumerate(items):
                if (button_text is not None and item.button is not None and item.button.text == button_text) or \
                        (place is not None and item.place == place) or (where is not None and where(name, item)):
                    break
            else:
                continue
            break
        else:
            raise AssertionError(f"no walk stop for {place or button_text}: {[n for n, _ in zones]}")
        for _ in range(len(zones) + 1):
            self.key(pygame.K_TAB)
            if self.walked_to().startswith(f"{name}, "):
                break
        else:
            raise AssertionError(f"Tab never reached {name}: {self.walked_to()}")
        for _ in range(ii):
            self.key(pygame.K_RIGHT)
        assert self.walked_to().endswith(items[ii].words) or self.walked_to() == items[ii].words, \
            (self.walked_to(), items[ii].words)
        self.key(pygame.K_RETURN)

    def perform(self, action) -> None:
        t = self.table
        self.done[type(action).__name__] = self.done.get(type(action).__name__, 0) + 1
        targets = action.targets()
        if type(action).__name__ == "Play":         # a hand card, found by its face
            hand = t.zones.hands[action.seat]
            index = next(i for i, s in enumerate(hand) if s.card is not None and s.card.rank == action.rank
                         and s.card.suit == action.colour)
            self.go_to(place=Place("hand", action.seat, index))
            return
        if targets:
            for place in targets:
                self.go_to(place=place)
            return
        choice = t.spec.label_for(action)
        if choice is not None and t.input.button_rect(choice.text) is not None:
            self.go_to(button_text=choice.text)
            return
        for place, kinds in t.spec.click_actions.items():
            if type(action) in kinds and place != "held":
                self.go_to(place=place)
                return
        if type(action) in t.spec.click_actions.get("held", ()):
            self.go_to(place=next(i.place for _, items in t.speech.zones_now() for i in items
                                  if i.place is not None and i.place.zone == "held" and i.place.seat == action.seat))
            return
        raise AssertionError(f"no keyboard way to {action}")

    def record_frame(self) -> None:
        log = self.table.draw_log
        for viewer, curtain, faces in log:
            for entry in faces:
                if entry[0] == "memory":
                    continue
                place, card, show_to = entry
                if show_to is None:
                    self.public.add(card.id)
                if viewer == self.seat and (show_to is None or self.seat in show_to):
                    self.seen.add(card.id)
        log.clear()

    def act(self, is_call) -> None:
        t = self.table
        if t.director.hold is not None:
            self.key(pygame.K_RETURN)
            return
        if getattr(t.spec, "picking", None) is not None:      # a Wild's colour: 1-4 (or R G B Y)
            self.key(pygame.K_1 + self.rng.randrange(4))
            return
        if not t.director.ready_for_input() or t.match.over or t.screen.round_result is not None:
            return
        legal = t.input.legal(self.seat)
        if not legal or t.input.input_seat() != self.seat:
            return
        passes = [a for a in legal if type(a).__name__ == "Pass"]
        if passes and len(passes) == len(legal) or (passes and self.rng.random() < self.pass_rate):
            self.key(pygame.K_SPACE)
            return
        self.turns += 1
        choices = [a for a in legal if not is_call(a) and a not in passes]
        calls = [a for a in legal if is_call(a)]
        if calls and (self.turns > self.call_after or not choices):
            choices = calls
        self.perform(self.rng.choice(choices or legal))

    def play_round(self, is_call, frames: int = 20000) -> None:
        t = self.table
        for _ in range(frames):
            self.act(is_call)
            self.app.step(DT)
            self.record_frame()
            if t.screen.round_result is not None and not t.director.animating:
                break

    def check(self) -> None:
        t, game = self.table, self.table.match.game
        assert t.screen.round_result is not None, "the round did not reach its end"
        heard_ids = set().union(*(ids for _, ids, _seat in t.speech.heard))
        text = " ".join(self.speaker.lines)
        cards = {c.id: c for c in all_cards(game)}
        # (a) every face the player saw was spoken, in its words
        unspoken = sorted(cid for cid in self.seen if cid not in heard_ids)
        assert not unspoken, f"faces seen, never spoken: {[str(cards.get(c, c)) for c in unspoken]}"
        for cid in self.seen:
            assert card_words(cards[cid]) in text
        # (b) no face the seat never saw was spoken
        never = {cid for cid in cards if cid not in self.seen and cid not in self.public and cid not in self.shown
                 and cid not in game_seen(game, self.seat)}
        assert not heard_ids & never, f"hidden faces spoken: {[str(cards[c]) for c in heard_ids & never]}"
        assert len(self.seen) >= 5 and self.keys > 20
        # (c) the round's end says each face laid open once, by seat (not also place by place before it)
        end_faces = round_end_faces(t.speech.heard)
        assert end_faces, "the round's end said no face"
        for i, (line, ids) in enumerate(end_faces):
            twice = [other for other, more in end_faces[i + 1:] if ids & more]
            assert not twice, f"said twice at the round's end: {line!r} and {twice}"


def round_end_faces(heard) -> list[tuple[str, frozenset[int]]]:
    """The lines naming faces, from the last line without a face before "Round N is over" (the
    last prompt, or the line telling the move that ended it) to the round's end lines."""
    end = max(i for i, (line, _ids, _seat) in enumerate(heard) if line.startswith("Round ") and " is over." in line)
    start = max(i for i in range(end) if not heard[i][1])
    return [(line, ids) for line, ids, _seat in heard[start + 1:] if ids]


def all_cards(game) -> list[Card]:
    """Every card of the game's decks (its module's DECK_CARDS, or 16 Combos' two)."""
    import importlib

    module = importlib.import_module(type(game).__module__)
    if hasattr(module, "DECK_CARDS"):
        return list(module.DECK_CARDS)
    return list(module.DEAL_CARDS) + list(module.DRAW_CARDS)     # (16 Combos: its two decks)


def game_seen(game, seat: int) -> set[int]:
    seen = getattr(game, "seen", None)
    return set(seen[seat]) if seen is not None else set()


def speaking_app(tmp_path):
    speaker = ConsoleSpeaker()
    app = make_app(tmp_path)
    app.voice._speaker = speaker
    app.settings.speech = True
    return app, speaker


@pytest.mark.slow
def test_a_whole_kombio_round_by_keyboard_and_speech(tmp_path):
    from game.variants.kombio import CallKombio

    app, speaker = speaking_app(tmp_path)
    record = table_record("kombio", [("You", "human"), ("Ada", "medium"), ("Bruno", "medium")], 5,
                          {"rounds": 1, "reaction_seconds": 0.0})
    table = start(app, record)
    player = KeyboardPlayer(app, table, speaker)
    player.play_round(lambda a: isinstance(a, CallKombio))
    player.check()
    assert any(line.startswith("Your cards, ") for line in speaker.lines)


@pytest.mark.slow
def test_a_whole_combat_uno_round_by_keyboard_and_speech(tmp_path):
    app, speaker = speaking_app(tmp_path)
    record = hand_record("combat_uno", [("You", "human"), ("Ada", "medium"), ("Bruno", "medium")], 7,
                         {"reaction_seconds": 0.0})
    table = start(app, record)
    player = KeyboardPlayer(app, table, speaker)
    player.play_round(lambda a: False, frames=40000)
    player.check()


@pytest.mark.parametrize("variant", ["kombio"])
def test_nothing_is_spoken_with_speech_off(tmp_path, variant):
    speaker = ConsoleSpeaker()
    app = make_app(tmp_path)
    app.voice._speaker = speaker
    table = start(app, table_record(variant, [("You", "human"), ("Ada", "medium")], 5, {"rounds": 1}))
    app.run_frames(200, DT)
    assert speaker.lines == [] and table.speech.heard == []


@pytest.mark.parametrize("speech", [False, True])
def test_with_speech_on_a_new_setup_offers_reaction_windows_that_wait(tmp_path, speech):
    """The "wait for me" choice (No limit: the window waits until everyone has passed) is the
    setup's default while speech is on, in the games where passing closes the window."""
    from game.client.scenes.play import SOLO_REACTION_SECONDS, SetupScene
    from game.core.game import get_variant

    app = make_app(tmp_path)
    app.voice._speaker = ConsoleSpeaker()
    app.settings.speech = speech
    scene = SetupScene(app, get_variant("kombio"))
    assert scene.options["reaction_seconds"] == (0.0 if speech else SOLO_REACTION_SECONDS)
    # (Combat UNO's windows are not closed by passing: its time stays the setting's)
    scene = SetupScene(app, get_variant("combat_uno"))
    assert scene.options["reaction_seconds"] == app.settings.reaction_seconds


@pytest.mark.slow
def test_hot_seat_speech_tells_each_face_only_to_the_seat_behind_the_curtain(tmp_path):
    """Two people at one screen (Kombio, a bot too, played by grid_driver's clicks and keys):
    a face is spoken only for the seat it was shown to (or for everybody), each player hears
    their own, and nothing is spoken while a curtain is up."""
    from game.client.scenes.curtain import Curtain
    from kombio_driver import Driver, new_record

    app, speaker = speaking_app(tmp_path)
    table = start(app, new_record([("Ann", "human"), ("Ben", "human"), ("Ada", "medium")], seed=4, rounds=1))
    said: list[tuple[int, int | None, frozenset[int], str]] = []
    speech_say = table.speech.say
    frame = 0

    def say(line, ids=frozenset(), interrupt=False, seat=None):
        assert table.screen.curtain is None and not isinstance(app.top, Curtain), f"spoken behind a curtain: {line}"
        said.append((frame, seat, ids, line))
        speech_say(line, ids, interrupt, seat)
    table.speech.say = say
    public: dict[int, int] = {}        # card id -> the first frame its face was shown to everybody
    speech_saw = table.speech.saw

    def saw(ev):
        if isinstance(getattr(ev, "card", None), Card) and getattr(ev, "shown_to", None) is None:
            public.setdefault(ev.card.id, frame)      # an event that shows it to the whole table
        speech_saw(ev)
    table.speech.saw = saw
    driver = Driver(app, table, seed=2)
    for frame in range(30000):
        driver.act()
        app.step(DT)
        for viewer, curtain, faces in table.draw_log:
            for e in faces:
                if e[0] != "memory" and e[2] is None:
                    public.setdefault(e[1].id, frame)
        driver.check_frame()
        if table.screen.round_result is not None and not table.director.animating:
            break
    assert table.screen.round_result is not None
    seen = table.match.game.seen
    # (a face told as an event plays is drawn for all once its card lands: a few frames on)
    private = [(seat, {i for i in ids if public.get(i, frame + 1) > at + 40}, line) for at, seat, ids, line in said]
    private = [p for p in private if p[1]]
    assert len(private) >= 4, "no face of a hot-seat player's own was spoken"
    assert {viewer for viewer, _ids, _line in private} == {0, 1}, [p for p in private if p[0] is None]
    for seat, ids, line in private:
        assert seat is not None and ids <= seen[seat], (seat, line)


@pytest.mark.parametrize("memory_aid", [False, True])
def test_the_walk_says_a_looked_at_card_seen_once_it_is_face_down_again(tmp_path, memory_aid):
    """After the first peek, the two cards looked at lie face down: the walk says them "seen" (with
    the memory aid on, with their faces), the others "not seen"; F2 says the whole state."""
    app, speaker = speaking_app(tmp_path)
    app.settings.memory_aid = memory_aid
    table = start(app, table_record("kombio", [("You", "human"), ("Ada", "medium")], 5, {"rounds": 1}))
    for _ in range(400):
        app.step(DT)
        if table.director.hold is not None:
            break
    peeked = {p.index: c for p, c in ((p, table.zones.sprite_at(p).card) for p in table.zones.peeking)}
    assert len(peeked) == 2
    press(app, pygame.K_RETURN)                       # done looking
    for _ in range(400):
        app.step(DT)
        if table.director.ready_for_input() and table.input.input_seat() == 0:
            break
    press(app, pygame.K_TAB)
    walked = [line for line, interrupt in speaker.spoken if interrupt][-1:]
    for _ in range(3):
        press(app, pygame.K_RIGHT)
        walked.append([line for line, interrupt in speaker.spoken if interrupt][-1])
    assert walked[0].startswith("Your cards, 4 items. Your card 1, top left: ")
    for i, line in enumerate(walked):
        if i in peeked:
            assert line.endswith(f"{card_words(peeked[i])}, seen" if memory_aid else "face down, seen"), line
        else:
            assert line.endswith("face down, not seen"), line
    press(app, pygame.K_F2)
    state = speaker.lines[-8:]
    assert "Your turn." in state and "Scores: You 0, Ada 0." in state
    assert any(line.startswith("Your card 1, top left: ") for line in state)
    assert "Ada's cards: 4." in state and "The discard pile: empty." in state


def test_a_timed_reaction_window_is_announced_and_counted_down(tmp_path):
    """A window the player may react in says its time when it opens, then "3", "2", "1" as it runs
    out (table time), each once, while the player lets it run."""
    from game.variants.kombio import CallKombio

    app, speaker = speaking_app(tmp_path)
    table = start(app, table_record("kombio", [("You", "human"), ("Ada", "medium")], 5,
                                    {"rounds": 1, "reaction_seconds": 4.0}))
    player = KeyboardPlayer(app, table, speaker)
    for _ in range(6000):
        if table.screen.window is None:
            player.act(lambda a: isinstance(a, CallKombio))
        app.step(DT)
        player.record_frame()
        lines = speaker.lines
        if "A reaction window is open for 4 seconds. Space passes." in lines:
            opened = len(lines) - 1 - lines[::-1].index("A reaction window is open for 4 seconds. Space passes.")
            after = [line for line in lines[opened:] if line in ("4", "3", "2", "1")]
            if table.screen.window is None:
                break
    assert after == ["3", "2", "1"], lines[-12:]


def test_enter_never_chooses_what_the_walk_did_not_say(tmp_path):
    """The walk stands on the first button; the turn passes and other buttons take its place:
    Enter then says the button that stands there now, and only a second Enter presses it."""
    app, speaker = speaking_app(tmp_path)
    table = start(app, table_record("kombio", [("You", "human"), ("Ada", "medium")], 5, {"rounds": 1}))
    for _ in range(600):
        app.step(DT)
        if table.director.hold is not None:
            press(app, pygame.K_RETURN)
        elif table.director.ready_for_input() and table.input.input_seat() == 0 and table.input.button_rect("Draw"):
            break
    zones = table.speech.zone_names()
    for _ in range(len(zones) + 1):
        press(app, pygame.K_TAB)
        if speaker.lines[-1].startswith("Buttons, "):
            break
    assert speaker.lines[-1].startswith("Buttons, ") and speaker.lines[-1].endswith("Draw, button")
    version = table.match.version
    press(app, pygame.K_RETURN)                         # Draw, as said
    assert table.match.version > version
    for _ in range(100):
        app.step(DT)
        if table.director.ready_for_input():
            break
    first = [w.text for w in table.input.form.widgets][0]
    assert first != "Draw"
    version = table.match.version
    press(app, pygame.K_RETURN)                         # the first button is another one now: said
    assert table.match.version == version and speaker.lines[-1] == f"{first}, button"
    press(app, pygame.K_RETURN)                         # and chosen at the second Enter
    assert table.match.version > version
