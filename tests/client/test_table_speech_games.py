"""Speech at the Kabu, Kumbal and 16 Combos tables (game/client/table/speech.py, docs/speech.md),
heard through the ConsoleSpeaker as test_table_speech.py hears Kombio and Combat UNO: a whole round
of Kabu and of Kumbal and a whole 16 Combos battle played by the walk's keys alone (Tab, the arrows,
Enter, Space; posted key events through the real table, bots at the other seats), with every kind
of choice these games ask taken from the keyboard (abilities, snipes and instant discards, sets
and runs, the cut, free discards, pair columns and combos), checking that every face the player
saw was spoken, no face the seat never saw was, and the round (the battle) reached its end. And the
walk's focus ring, drawn where the walked card is, and the walk's keys in the key hints."""

from __future__ import annotations

import pygame
import pytest

from game.core.cards import Place
from grid_driver import DT, start, table_record
from hand_driver import hand_record
from test_table_speech import KeyboardPlayer, press, speaking_app


def kabu_round(tmp_path, seed: int, player_class, call_after: int):
    """A three-seat Kabu round (Ada and Bruno bots) played by ``player_class`` by the walk, checked."""
    from game.variants.kabu import CallKabu

    app, speaker = speaking_app(tmp_path)
    record = table_record("kabu", [("You", "human"), ("Ada", "medium"), ("Bruno", "medium")], seed,
                          {"target": 40, "reaction_seconds": 0.0})
    table = start(app, record)
    player = player_class(app, table, speaker, seed=2, call_after=call_after)
    player.play_round(lambda a: isinstance(a, CallKabu))
    player.check()
    return player, speaker


@pytest.mark.slow
def test_a_whole_kabu_round_by_keyboard_and_speech(tmp_path):
    """Peeks, draws, swaps, abilities (a red queen's look at a pair, a swap), instant discards and
    snipes in the claim window, a snipe's give, Kabu: all by the walk."""
    player, _speaker = kabu_round(tmp_path, 5, KeyboardPlayer, call_after=30)
    done = player.done
    assert done.get("Match", 0) >= 3 and done.get("Exchange", 0) and done.get("Peek") == 2, done
    assert {"LookPair", "SwapBoth", "Give"} <= set(done), done


class KumbalPlayer(KeyboardPlayer):
    """Kumbal by the walk: a discard is its cards selected one by one (Enter on each, said
    "selected"), then the Discard button; the cut is a stop of the cut zone."""

    def perform(self, action) -> None:
        from game.variants.kumbal import Cut, Discard

        t = self.table
        if isinstance(action, Discard):
            action = self.choose_discard(action)
            self.done["Discard"] = self.done.get("Discard", 0) + 1
            self.done[f"Discard{len(action.cards)}"] = self.done.get(f"Discard{len(action.cards)}", 0) + 1
            hand = t.zones.hands[action.seat]
            for face in action.cards:
                index = next(i for i, s in enumerate(hand) if s.card is not None and str(s.card) == face
                             and Place("hand", action.seat, i) not in t.spec.targets()[1])
                self.go_to(place=Place("hand", action.seat, index))
            button = next(w.text for w in t.input.form.widgets if w.text.startswith("Discard"))
            self.go_to(button_text=button)
            return
        if isinstance(action, Cut):
            self.done["Cut"] = self.done.get("Cut", 0) + 1
            self.go_to(where=lambda name, item: name == "Cut the deck" and item.words.startswith(f"Cut {action.at} "))
            return
        super().perform(action)

    def choose_discard(self, action):
        from game.variants.kumbal import Discard

        longest = max((a for a in self.table.input.legal(action.seat) if isinstance(a, Discard)), key=lambda a: len(a.cards))
        if len(longest.cards) > 1 and self.rng.random() < 0.8:
            return longest           # (a set or a run, where the hand has one)
        return action


@pytest.mark.slow
def test_a_whole_kumbal_round_by_keyboard_and_speech(tmp_path):
    """Draws, takes, single cards, sets and runs selected card by card, a pick-up, a free
    discard; then the next round's cut, at a point of the cut zone (the player sits right of
    the next dealer)."""
    from game.variants.kumbal import CallKumbal, DeckCut

    app, speaker = speaking_app(tmp_path)
    record = hand_record("kumbal", [("Ada", "medium"), ("You", "human")], 3, {"reaction_seconds": 0.0, "cut_deck": True})
    table = start(app, record)
    player = KumbalPlayer(app, table, speaker, seed=3, call_after=40, seat=1)
    player.play_round(lambda a: isinstance(a, CallKumbal), frames=40000)
    player.check()
    done = player.done
    assert done.get("Discard1") and sum(v for k, v in done.items() if k.startswith("Discard") and k[7:] not in ("", "1")), done
    assert done.get("DrawFromDeck") and done.get("TakeDiscard"), done
    # The next round begins with the player's cut, by the walk: Tab to the cut's points, → and Enter
    cuts = []
    table.speech.saw = lambda ev, saw=table.speech.saw: (cuts.append(ev) if isinstance(ev, DeckCut) else None, saw(ev))
    player.key(pygame.K_RETURN)
    for _ in range(2000):
        app.step(DT)
        if table.match.game.phase == "cut" and table.director.ready_for_input():
            break
    assert table.match.game.cutter == 1
    for _ in range(8):
        player.key(pygame.K_TAB)
        if player.walked_to().startswith("Cut the deck, "):
            break
    lo, hi = table.match.view(1).cut_range
    assert player.walked_to().startswith(f"Cut the deck, {hi - lo + 1} items. Cut {lo} cards from the top"), player.walked_to()
    player.key(pygame.K_RIGHT)
    assert player.walked_to() == f"Cut {lo + 1} cards from the top"
    player.key(pygame.K_RETURN)
    for _ in range(200):
        app.step(DT)
    assert [(c.seat, c.at) for c in cuts] == [(1, lo + 1)] and table.match.game.phase == "play"


@pytest.mark.slow
@pytest.mark.parametrize("seed,kind", [(5, "FreeDiscard"), (1, "PickUp")])
def test_a_kumbal_round_with_a_free_discard_or_a_pick_up_by_keyboard_and_speech(tmp_path, seed, kind):
    """Three at the table: a drawn card that matches the pile discarded free out of turn (its
    button, in the window after the draw), or the cards passed on picked up."""
    from game.variants.kumbal import CallKumbal

    app, speaker = speaking_app(tmp_path)
    record = hand_record("kumbal", [("You", "human"), ("Ada", "medium"), ("Bruno", "medium")], seed,
                         {"reaction_seconds": 0.0})
    table = start(app, record)
    player = KumbalPlayer(app, table, speaker, seed=3, call_after=40)
    player.play_round(lambda a: isinstance(a, CallKumbal), frames=40000)
    player.check()
    assert player.done.get(kind), player.done
    # A set discarded: the pile said once, its top card and the cards under it ("The discard pile:
    # 8 of hearts; The discard pile: 8 of spades." before)
    lines = [line for line, _ids, _seat in table.speech.heard]
    assert not [line for line in lines if line.count("The discard pile: ") > 1], lines
    assert [line for line in lines if line.startswith("The discard pile: ") and " on top, " in line and line.endswith(" under it.")]


class SixteenCombosPlayer(KeyboardPlayer):
    """16 Combos by the walk: a pair is chosen at either of its two stops (its type card, its
    value cards; the type card here), a card of a pair at its own stop."""

    pass_rate = 0.2          # (a combo's choice is skipped with Space)

    def perform(self, action) -> None:
        from game.core.actions import Pass
        from game.variants.sixteen_combos import PassTurn

        if isinstance(action, PassTurn):       # (mostly an attack: the combos come with attacks)
            others = [a for a in self.table.input.legal(self.seat) if not isinstance(a, (Pass, PassTurn))]
            if others and self.rng.random() < 0.9:
                action = self.rng.choice(others)
        super().perform(action)

    def go_to(self, place=None, button_text=None, where=None) -> None:
        if place is not None and place.zone == "pair":
            place = Place("type", place.seat, place.index)
        super().go_to(place, button_text, where)


@pytest.mark.slow
@pytest.mark.parametrize("seed,kinds", [(1, {"Counter", "Retype", "SwapPair", "Decide", "PassTurn"}),
                                        (7, {"HireGuard", "SwapPair"})])
def test_a_whole_sixteen_combos_battle_by_keyboard_and_speech(tmp_path, seed, kinds):
    """The value cards placed (a card, then a pair column), targets (a pair of Ada's), action
    types, reactions (a retype, a pair's swap), a counter, a combo's yes/no (Bribe, Steal) and a
    combo's places (Hire Guard: a type card of the player's, then the draw deck), passes."""
    from sixteen_combos_driver import new_record

    app, speaker = speaking_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "medium")], seed=seed))
    player = SixteenCombosPlayer(app, table, speaker, seed=1)
    player.play_round(lambda a: False, frames=40000)
    player.check()
    done = player.done
    assert done.get("PlaceValue") == 6 and done.get("Target", 0) >= 4 and done.get("Announce"), done
    assert kinds <= set(done), done
    assert any(line.startswith("Your pairs, ") for line in speaker.lines)
    assert any(line.startswith("Your pair 1, ") and ", type card: " in line for line in speaker.lines)


def ring_pixels(surface, ring) -> int:
    """How many pixels along the ring's four sides, just inside its edge, are the ring's colour."""
    from game.client.table.speech import RING_COLOUR

    inner = ring.inflate(-4, -4)      # (in the middle of its 4 px band)
    points = [(x, y) for x in range(inner.left + 12, inner.right - 12, 4) for y in (inner.top, inner.bottom - 1)] + \
             [(x, y) for y in range(inner.top + 12, inner.bottom - 12, 4) for x in (inner.left, inner.right - 1)]
    return sum(1 for p in points if tuple(surface.get_at(p))[:3] == RING_COLOUR), len(points)


@pytest.mark.parametrize("variant", ["kombio", "sixteen-combos"])
def test_the_walked_card_has_a_focus_ring_where_it_lies_only_while_walking(tmp_path, variant):
    """The walk's ring is drawn round what the walk stands on (a card of the player's, a pair of
    16 Combos, a button) on the frame drawn to the window, and only while walking: not before the
    first Tab, not once the mouse is used, not with speech off."""
    from sixteen_combos_driver import new_record

    app, speaker = speaking_app(tmp_path)
    record = new_record([("You", "human"), ("Ada", "medium")], seed=3) if variant == "sixteen-combos" else \
        table_record("kombio", [("You", "human"), ("Ada", "medium")], 5, {"rounds": 1})
    table = start(app, record)
    for _ in range(600):
        app.step(DT)
        if table.director.hold is not None:
            press(app, pygame.K_RETURN)
        elif table.director.ready_for_input() and table.input.input_seat() == 0:
            break
    assert table.speech.ring is None                     # not walking yet
    speech = table.speech
    press(app, pygame.K_TAB)
    press(app, pygame.K_RIGHT)
    item = speech.walked_item()
    assert item is not None and item.place is not None and item.place.seat == 0, item
    rect = table.spec.place_rect(item.place)
    assert speech.ring == rect.inflate(14, 14), (speech.ring, rect)
    lit, total = ring_pixels(app.surface, speech.ring)
    assert lit >= 0.9 * total, (lit, total)
    # the buttons: the ring goes round the button walked to
    for _ in range(len(speech.zone_names()) + 1):
        press(app, pygame.K_TAB)
        if speaker.lines[-1].startswith("Buttons, "):
            break
    button = speech.walked_item().button
    assert speech.ring == pygame.Rect(button.rect).inflate(14, 14)
    lit, total = ring_pixels(app.surface, speech.ring)
    assert lit >= 0.9 * total, (lit, total)
    # the mouse ends the walk; speech off ends it too
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(2, 2)))
    app.step(DT)
    assert speech.ring is None
    press(app, pygame.K_TAB)
    assert speech.ring is not None
    app.settings.speech = False
    app.step(DT)
    app.step(DT)
    assert speech.ring is None


def test_the_key_hints_name_the_walks_keys_while_speech_is_on(tmp_path):
    """With speech on the key hints list Tab, F2, Ctrl+R and Ctrl+S (in the player's language);
    with it off, none of them."""
    app, speaker = speaking_app(tmp_path)
    table = start(app, table_record("kabu", [("You", "human"), ("Ada", "medium")], 5, {"target": 40}))
    app.run_frames(5, DT)
    keys = [k for k, _what in table.hud.shown_key_hints()]
    assert {"Tab", "F2", "Ctrl+R", "Ctrl+S"} <= set(keys), keys
    words = dict(table.hud.shown_key_hints())
    assert words["Tab"] == "walk the table" and words["F2"] == "whole state"
    app.settings.speech = False
    app.run_frames(2, DT)
    assert not {"Tab", "F2", "Ctrl+R", "Ctrl+S"} & {k for k, _what in table.hud.shown_key_hints()}


class Seeking:
    """A keyboard player that takes a wanted kind of choice whenever it is offered (a rare one: a
    seeded random player met them in no battle), and counts what it was offered."""

    wanted: frozenset[str] = frozenset()

    def act(self, is_call) -> None:
        t = self.table
        self.offered = getattr(self, "offered", set())
        if t.director.hold is None and getattr(t.spec, "picking", None) is None and t.director.ready_for_input() \
                and not t.match.over and t.screen.round_result is None and t.input.input_seat() == self.seat:
            wanted = [a for a in t.input.legal(self.seat) if type(a).__name__ in self.wanted]
            self.offered |= {type(a).__name__ for a in wanted}
            if wanted:
                self.turns += 1
                self.perform(self.rng.choice(wanted))
                return
        super().act(is_call)


class KabuSeeker(Seeking, KeyboardPlayer):
    wanted = frozenset({"PlayDrawn", "LookOwn", "LookOpponent"})


def said_after(lines: list[str], line: str) -> list[str]:
    """The line spoken after each time ``line`` was."""
    return [lines[i + 1] for i, said in enumerate(lines[:-1]) if said == line]


@pytest.mark.slow
def test_kabus_looks_a_drawn_card_played_and_the_players_kabu_call_by_keyboard_and_speech(tmp_path):
    """A drawn card discarded for its ability (the Discard it button), the look at one of the
    player's own cards and at an opponent's (the card walked to, Enter), each told with the face
    seen, and the player's own Kabu call (its button): a round the seeded player reaches all four."""
    player, speaker = kabu_round(tmp_path, 22, KabuSeeker, call_after=12)
    assert {"PlayDrawn", "LookOwn", "LookOpponent", "CallKabu"} <= set(player.done), player.done
    lines = speaker.lines
    assert any(line.startswith("You discard the ") and ": look at one of your own cards." in line for line in lines)
    # each look is told, then the face seen, where it lies
    own = said_after(lines, "You look at your own card.")
    assert own and all(line.startswith("Your card ") for line in own), own
    other = said_after(lines, "You look at Ada's card.") + said_after(lines, "You look at Bruno's card.")
    assert other and all(line.startswith(("Ada's card ", "Bruno's card ")) for line in other), other
    assert "You call Kabu! Everyone else has one last turn." in lines


class KumbalCaller(Seeking, KumbalPlayer):
    """Discards its heaviest cards (pips, a picture 10) and calls Kumbal once it may."""

    wanted = frozenset({"CallKumbal"})

    def choose_discard(self, action):
        from game.variants.kumbal import Discard, _parse

        return max((a for a in self.table.input.legal(action.seat) if isinstance(a, Discard)),
                   key=lambda a: sum(min(10, _parse(f)[0]) for f in a.cards))


@pytest.mark.slow
def test_the_player_calls_kumbal_by_keyboard_and_speech(tmp_path):
    """A player who sheds its heaviest cards calls Kumbal (its button, walked to) once its hand
    allows; the call and its outcome are spoken, then the round's scores and the hands laid open."""
    from game.variants.kumbal import CallKumbal

    app, speaker = speaking_app(tmp_path)
    record = hand_record("kumbal", [("You", "human"), ("Ada", "medium"), ("Bruno", "medium")], 5,
                         {"reaction_seconds": 0.0})
    table = start(app, record)
    player = KumbalCaller(app, table, speaker, seed=3)
    player.play_round(lambda a: isinstance(a, CallKumbal), frames=40000)
    player.check()
    assert player.done.get("CallKumbal") == 1, player.done
    lines = speaker.lines
    call = next(i for i, line in enumerate(lines) if line.startswith("You call KUMBAL with "))
    assert lines[call - 1].endswith("Kumbal!, button"), lines[call - 1]     # walked to and heard, then Enter
    assert any(": call KUMBAL (K)?" in line for line in lines[:call])       # the prompt offered it
    assert lines[call + 1].startswith("You have the fewest points"), lines[call:call + 3]
    assert lines[call + 2].startswith("Round 1 is over. Scores: You 0, total 0;"), lines[call:call + 3]


class SixteenCombosSeeker(Seeking, SixteenCombosPlayer):
    wanted = frozenset({"PickPair", "Throw", "Reveal", "Recover", "ChooseDefense", "ChangeStance", "Consult", "Scavenge"})


@pytest.mark.slow
@pytest.mark.parametrize("seed,kind", [(4, "Recover"), (19, "PickPair"), (20, "Reveal"), (80, "Throw")])
def test_sixteen_combos_choices_of_places_by_keyboard_and_speech(tmp_path, seed, kind):
    """The choices of a pair or a card that a seeded random player met in no battle, taken by
    the walk whenever offered (battles found by a search over seeds, with rules A and E on): the
    defense pair (rule E) and a change of stance, a recovery after a critical failure (rule A),
    a combo's pair (Snipe, Defend, Stealth, Dodge), Insight's card turned up, Throw's two pairs.
    Each choice's stop is heard before Enter, its outcome told, no face the seat never saw."""
    from sixteen_combos_driver import new_record

    app, speaker = speaking_app(tmp_path)
    table = start(app, new_record([("You", "human"), ("Ada", "medium")], seed=seed, recovery=True, one_of_each=True))
    player = SixteenCombosSeeker(app, table, speaker, seed=1)
    heard = []
    perform = player.perform

    def watched(action, perform=perform):
        before = len(speaker.lines)
        perform(action)
        if type(action).__name__ == kind:
            heard.append((action, speaker.lines[before:]))
    player.perform = watched
    player.play_round(lambda a: False, frames=40000)
    player.check()
    assert {"ChooseDefense", "ChangeStance", kind} <= set(player.done), player.done
    for _action, lines in heard:
        walked = [line for line in lines if ", highlighted" in line]
        assert walked, lines          # the place chosen was said (lit as a choice) before Enter
    # the outcome is told (Insight's card: its face, by check(); a combo's pair: the combo's line)
    told = " ".join(speaker.lines).lower()
    assert {"Recover": "recover", "PickPair": "defend: you", "Reveal": "insight", "Throw": "change places"}[kind] in told


def test_enter_before_walking_anywhere_says_the_prompt_and_presses_nothing_unheard(tmp_path):
    """With speech on, Enter while the walk stands on nothing (before the first Tab, or after the
    mouse) used to press whichever button had the focus: at Kabu's draw the Draw button, never
    heard (in a real window, History at the peek). It says the prompt and how to reach a choice,
    and changes nothing; a button that says Enter (a look's Done) still takes it, and once walked,
    Enter chooses as before."""
    app, speaker = speaking_app(tmp_path)
    table = start(app, table_record("kabu", [("You", "human"), ("Ada", "medium")], 5, {"target": 40}))
    for _ in range(600):
        app.step(DT)
        if table.director.ready_for_input() and table.input.input_seat() == 0:
            break
    # the two peeks by the walk; each look's Done by Enter (its button says Enter)
    for k in (pygame.K_TAB, pygame.K_RETURN, pygame.K_RETURN, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_RETURN):
        press(app, k)
        for _ in range(40):
            app.step(DT)
    assert speaker.lines[-1] == "You: draw (D) or call Kabu (K)", speaker.lines[-3:]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(2, 300)))   # the walk ends
    app.step(DT)
    version, focused = table.match.version, table.input.form.focused
    assert focused is not None and focused.text == "Draw" and not focused.primary   # (the trap)
    press(app, pygame.K_RETURN)
    for _ in range(5):
        app.step(DT)
    assert table.match.version == version and not table.input.history.is_open
    assert speaker.lines[-1] == "You: draw (D) or call Kabu (K) Nothing is chosen yet: Tab and the arrows walk " \
        "to a choice, Enter chooses it.", speaker.lines[-3:]
    assert speaker.spoken[-1][1], "it cuts in, as a key's answer"
    # walked to the Draw button, Enter draws
    for _ in range(6):
        press(app, pygame.K_TAB)
        if speaker.lines[-1].startswith("Buttons, "):
            break
    assert speaker.lines[-1] == "Buttons, 4 items. Draw, button"
    press(app, pygame.K_RETURN)
    for _ in range(20):
        app.step(DT)
    assert table.match.version > version and any(line == "You draw a card." for line in speaker.lines[-4:])


def staged_sixteen_combos(tmp_path, types, values, draws, moves):
    """A two-seat 16 Combos table (You, Ada a bot) staged from a stacked deal: ``moves(game)``
    plays the record's actions up to a choice of the player's (tests/sixteen_combos_helpers), and
    the table starts from that record, the player to choose live."""
    from sixteen_combos_helpers import encounter
    from game.core.actions import StartRound
    from game.core.record import GameRecord, SeatInfo
    from sixteen_combos_helpers import deal_record

    game = encounter(types, values, draws, place=False)
    actions = [StartRound(deck=deal_record(types, values, list(draws), ("Kc", "2c")))]
    apply = game.apply
    game.apply = lambda action, *when: (actions.append(action), apply(action, *when))[1]
    moves(game)
    record = GameRecord("sixteen-combos", {"columns": len(types[0]), "pass_cost": 0},
                        [SeatInfo("You", "human", None), SeatInfo("Ada", "bot", "medium")], 1)
    record.actions = [(float(i), action) for i, action in enumerate(actions)]
    app, speaker = speaking_app(tmp_path)
    table = start(app, record)
    return app, table, speaker


@pytest.mark.parametrize("kind", ["Consult", "Scavenge"])
def test_sixteen_combos_consult_and_scavenge_by_keyboard_and_speech(tmp_path, kind):
    """Consultation's choice of the pair that takes an attack and Scavenge's (add the two
    cards or take the waste's) came up in none of 149 seeded battles: staged from a stacked deal
    (as the rules tests stage them), each is reached, walked to by the walk's keys, heard before
    Enter, taken, and its outcome told; no face the seat never saw is spoken."""
    from game.variants.sixteen_combos import Announce, Consult, PassTurn, PlaceValue, Scavenge, Target, hand_place, pair_place
    from sixteen_combos_helpers import attack
    from test_table_speech import all_cards, game_seen

    def place_all(g):
        for s in range(2):
            for slot in range(3):
                g.apply(PlaceValue(s, hand_place(s, 0), pair_place(s, slot)))

    if kind == "Scavenge":       # (test_scavenge_can_take_the_waste_value)
        types, values, draws = [["Jh", "Jd", "Jc"], ["9h", "9d", "10d"]], [["3h", "4h", "5h"], ["6c", "7c", "2c"]], ("10h", "9s", "8s")

        def moves(g):
            place_all(g)
            attack(g, 0, 1, "h")
            g.apply(PassTurn(1))
            g.apply(Target(0, pair_place(1, 2)))
            g.apply(Announce(0, "h"))
            from game.core.actions import Pass
            g.apply(Pass(1))
            assert g.step == "scavenge"
        wanted = Scavenge(0, True)
    else:                        # (test_a_consultation_pair_that_critically_fails_an_attack_...)
        types, values, draws = [["Jh", "Jd", "Jc"], ["9h", "9d", "10s"]], [["3d", "4d", "5d"], ["6c", "7c", "2c"]], ("10h", "Qs", "3h")

        def moves(g):
            place_all(g)
            attack(g, 0, 1, "d")
            g.apply(Target(1, pair_place(0, 2)))
            g.apply(Announce(1, "c"))
            assert g.step == "consult"
        wanted = Consult(0, True)
    app, table, speaker = staged_sixteen_combos(tmp_path, types, values, draws, moves)
    player = SixteenCombosPlayer(app, table, speaker, seed=1)
    for _ in range(3000):
        app.step(DT)
        player.record_frame()
        if table.director.ready_for_input() and wanted in table.input.legal(0):
            break
    assert wanted in table.input.legal(0), table.match.game.step
    before, label = len(speaker.lines), table.spec.label_for(wanted).text
    player.perform(wanted)
    outcome = "consultation" if kind == "Consult" else "Scavenge: You draw two"
    for _ in range(3000):      # (Consult: the player lets the attack go on, Space, to its check)
        app.step(DT)
        player.record_frame()
        if any(outcome in line for line in speaker.lines[before:]):
            break
        if table.director.ready_for_input() and table.input.input_seat() == 0 \
                and any(type(a).__name__ == "Pass" for a in table.input.legal(0)):
            player.key(pygame.K_SPACE)
    lines = speaker.lines[before:]
    walked = [i for i, line in enumerate(lines) if line.endswith(f"{label}, button")]
    assert walked, (label, lines)        # walked to and heard before Enter
    enter = walked[-1]
    assert player.done.get(kind) == 1 and table.match.game.step != kind.lower()
    told = " ".join(lines[enter + 1:])
    assert outcome in told, lines       # the outcome: the consultation pair checked, Scavenge's draw
    heard = set().union(*(ids for _line, ids, _seat in table.speech.heard))
    game = table.match.game
    never = {c.id for c in all_cards(game)} - player.seen - player.public - player.shown - game_seen(game, 0)
    assert not heard & never
