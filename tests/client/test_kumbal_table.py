"""The Kumbal table driven through posted mouse clicks and keys in frames of a fixed time: a whole match single
player and hot-seat (curtains, claim keys for free discards, the cut), what is drawn (no other
player's card face up), selections (a legal one lights Discard, an illegal one says why), the pile's
takeable card, refusals explained. ``KumbalDriver`` plays the human seats."""

from __future__ import annotations

import pygame
import pytest

from game.client.table.privacy import CLAIM_KEYS
from game.client.table.kumbal import KumbalTable
from game.core.actions import Pass
from game.core.record import GameRecord
from game.variants.kumbal import CallKumbal, Discard, DrawFromDeck, FreeDiscard, PickUp, TakeDiscard
from hand_driver import HandDriver, card_point, hand_record, played_to_the_end, run_hotseat
from kombio_driver import DT, click, key, make_app, start

pytestmark = pytest.mark.client


def kumbal_record(seats: list[tuple[str, str]], seed: int = 3, **options) -> GameRecord:
    return hand_record("kumbal", seats, seed, {"reaction_seconds": 2.0, **options})


class KumbalDriver(HandDriver):
    """Plays the human seats of a Kumbal table: selections (a wrong one now and then), discards,
    draws and takes, Kumbal calls, pick-ups, free discards and the cut."""

    max_frames = 120000

    def __init__(self, app, table, seed: int = 0, call_rate: float = 0.8, take_rate: float = 0.5,
                 free_rate: float = 0.8, wrong_rate: float = 0.15):
        super().__init__(app, table, seed)
        self.call_rate, self.take_rate, self.free_rate, self.wrong_rate = call_rate, take_rate, free_rate, wrong_rate
        self.plan: list = []           # queued inputs (a selection takes several)
        self.decided: set = set()

    def once(self, what) -> bool:
        k = (what, self.table.match.game.version)
        if k in self.decided:
            return False
        self.decided.add(k)
        return True

    def play_turn(self) -> None:
        t, g = self.table, self.table.match.game
        if self.plan:
            self.plan.pop(0)()
            return
        if g.phase == "cut":
            seat = t.spec.hand_seat()
            if seat is not None and seat == g.cutter and self.once("cut"):
                strip = t.spec.cut_strip()
                x = strip.left + int(strip.w * self.rng.uniform(0.2, 0.8))
                self.note("cut")
                if self.rng.random() < 0.5:
                    click((x, strip.centery))
                else:
                    key(pygame.K_LEFT)
                    key(pygame.K_RETURN)
            return
        if t.screen.hotseat:
            for h in t.screen.humans:
                if h != t.spec.hand_seat() and FreeDiscard(h) in g.legal_actions(h) and self.once(("claim", h)) \
                        and self.rng.random() < self.free_rate:
                    self.note("claim-key")
                    key(CLAIM_KEYS[t.screen.humans.index(h)])
                    return
        seat = t.spec.hand_seat()
        if seat is None:
            return
        legal = g.legal_actions(seat)
        if not legal:
            if t.screen.claimer is not None:
                key(pygame.K_ESCAPE)
            return
        if FreeDiscard(seat) in legal and (seat != g.turn or self.rng.random() < 0.5):
            if self.once("free") and (t.screen.claimer == seat or self.rng.random() < self.free_rate):
                self.note("FreeDiscard")
                key(pygame.K_f)
            elif Pass(seat) in legal and t.screen.claimer == seat:
                key(pygame.K_SPACE)
            return
        if seat != g.turn:
            return
        if CallKumbal(seat) in legal and self.rng.random() < self.call_rate:
            self.note("Kumbal")
            key(pygame.K_k) if self.rng.random() < 0.5 else self.press_button("Kumbal")
            return
        if PickUp(seat) in legal and (not any(isinstance(a, Discard) for a in legal) or self.rng.random() < 0.4):
            self.note("PickUp")
            key(pygame.K_p)
            return
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            self.select_and_discard(seat, discards)
            return
        if TakeDiscard(seat) in legal and self.rng.random() < self.take_rate:
            self.note("Take")
            key(pygame.K_t) if self.rng.random() < 0.5 else click(self.pile_point())
            return
        if DrawFromDeck(seat) in legal:
            self.note("Draw")
            key(pygame.K_d) if self.rng.random() < 0.5 else click(t.screen.layout.deck_pos)

    def pile_point(self):
        t = self.table
        card = t.match.view(t.spec.hand_seat()).takeable
        for s in t.zones.discard:
            if s.card == card:
                r = s.rect()
                return r.left + 6, r.centery
        return t.screen.layout.discard_pos

    def press_button(self, text: str) -> None:
        for b in self.table.input.form.widgets:
            if getattr(b, "text", "").startswith(text):
                click(b.rect.center)
                return
        raise AssertionError(f"no {text!r} button among {[getattr(b, 'text', '') for b in self.table.input.form.widgets]}")

    def select_and_discard(self, seat: int, discards: list) -> None:
        t = self.table
        hand = t.zones.hands[seat]
        multi = [a for a in discards if len(a.cards) > 1]
        action = self.rng.choice(multi) if multi and self.rng.random() < 0.7 else self.rng.choice(discards)
        if len(hand) >= 3 and self.rng.random() < self.wrong_rate and self.once("wrong"):
            # An illegal selection first: the table must say why, and Discard stays unlit.
            wrong = self.illegal_pair(seat, discards)
            if wrong is not None:
                for i in wrong:
                    self.plan.append(lambda i=i: click(card_point(t, seat, i)))
                self.plan.append(self.check_illegal)
                for i in wrong:
                    self.plan.append(lambda i=i: click(card_point(t, seat, i)))
        used: set[int] = set()
        for face in action.cards:
            self.plan.append(lambda face=face: self.pick(seat, face, used))
        self.plan.append(self.check_legal)
        self.plan.append(lambda: (self.note("Discard"),
                                  key(pygame.K_RETURN) if self.rng.random() < 0.5 else self.press_button("Discard")))

    def illegal_pair(self, seat: int, discards: list):
        hand = [s.card for s in self.table.zones.hands[seat]]
        listed = {tuple(sorted(a.cards)) for a in discards}
        for i in range(len(hand)):
            for j in range(i + 1, len(hand)):
                if tuple(sorted((str(hand[i]), str(hand[j])))) not in listed:
                    return (i, j)
        return None

    def pick(self, seat: int, face: str, used: set) -> None:
        t = self.table
        for i, s in enumerate(t.zones.hands[seat]):
            if s.card is not None and str(s.card) == face and s.card.id not in used and s.card.id not in t.spec.chosen:
                used.add(s.card.id)
                if i < 9 and self.rng.random() < 0.3:
                    key(pygame.K_1 + i)
                else:
                    click(card_point(t, seat, i))
                return
        raise AssertionError(f"{face} is in a legal discard but not in the drawn hand")

    def check_illegal(self) -> None:
        t = self.table
        assert t.spec.selection_action() is None
        problem = t.spec.selection_problem()
        assert problem and problem == t.spec.prompt(), (problem, t.spec.prompt())
        button = next(b for b in t.input.form.widgets if getattr(b, "text", "").startswith("Discard"))
        assert not button.primary
        self.note("illegal-selection")

    def check_legal(self) -> None:
        t = self.table
        assert t.spec.selection_action() is not None, (t.spec.selected_faces(), t.spec.selection_problem())
        t.input.update_buttons()
        button = next(b for b in t.input.form.widgets if getattr(b, "text", "").startswith("Discard"))
        assert button.primary, "a legal selection lights the Discard button"


@pytest.mark.slow
def test_single_player_match_to_the_end(tmp_path):
    app = make_app(tmp_path)
    table = start(app, kumbal_record([("You", "human"), ("Ada", "easy"), ("Bruno", "medium"), ("Chiara", "hard")],
                                     seed=5, forty_nine=True))
    assert isinstance(table.spec, KumbalTable)
    driver = KumbalDriver(app, table, seed=1)
    g = played_to_the_end(driver)
    assert driver.inputs.get("Discard", 0) >= 10 and driver.inputs.get("Draw", 0) >= 3
    assert driver.inputs.get("illegal-selection", 0) >= 1
    assert any(type(a).__name__ == "Discard" and len(a.cards) > 1 for _, a in g.history if a.seat == 0)


@pytest.mark.slow
def test_hotseat_match_with_curtains_claims_and_the_cut(tmp_path):
    app = make_app(tmp_path)
    table = start(app, kumbal_record([("Ann", "human"), ("Bob", "human"), ("Ada", "medium")], seed=6,
                                     cut_deck=True, reaction_seconds=3.0))
    assert table.screen.hotseat and table.screen.viewer is None
    driver = KumbalDriver(app, table, seed=2)
    curtains, viewers_on_bot_turns = run_hotseat(driver, lambda g, v: FreeDiscard(v) in g.legal_actions(v), 120000)
    g = table.match.game
    assert g.over, driver.inputs
    assert curtains >= 5
    assert driver.inputs.get("cut", 0) >= 1
    # A free discard out of turn, claimed with the player's claim key behind the curtain.
    assert driver.inputs.get("claim-key", 0) >= 1
    assert any(type(a).__name__ == "FreeDiscard" and a.seat in table.screen.humans for _, a in g.history)
    assert viewers_on_bot_turns == {None}


def test_the_pile_frames_the_card_that_may_be_taken_and_refusals_are_explained(tmp_path):
    app = make_app(tmp_path)
    table = start(app, kumbal_record([("You", "human"), ("Ada", "easy")], seed=8))
    driver = KumbalDriver(app, table, seed=3)
    for _ in range(400):
        if table.director.ready_for_input() and table.match.game.turn == 0 and table.match.game.step == "discard":
            break
        driver.step()
    v = table.match.view(0)
    assert v.turn == 0
    # Kumbal with a full hand is refused, in words.
    if not v.can_call:
        key(pygame.K_k)
        app.step(DT)
        points = table.match.view(0).hand_points
        assert table.hud.message[0] == f"Kumbal needs {v.goal} points or fewer in hand, not {points}."
    # Too late in the turn (after the discard), said so.
    from game.core.errors import WrongPhase
    from game.variants.kumbal import CallKumbal
    assert table.spec.explain(WrongPhase("you have discarded: now draw"), CallKumbal(0)) == \
        "Kumbal is called at the start of your turn, before you discard: now draw (D) or take (T)."
    # Draw before discarding: refused in the player's words, nothing changes.
    version = table.match.game.version
    key(pygame.K_d)
    app.step(DT)
    assert table.match.game.version == version and table.hud.message is not None
    # The pile frames the card that may be taken: the start card, unless it is a joker.
    if v.takeable is not None:
        assert table.spec.prompt().startswith("Your turn")
        table.draw(app.screen if hasattr(app, "screen") else pygame.display.get_surface())
        assert any(s.card == v.takeable for s in table.zones.discard)


def stacked_table(tmp_path, drawn: str):
    """You against an easy Ada on a stacked deal: your 9d is the card to discard, the start card
    the 7h, and `drawn` the card you then draw. Returns (app, table) once your turn has begun."""
    from game.core.actions import StartRound

    hands = (["Ah", "2c", "3d", "4s", "5h", "6c", "9d"], ["Kh", "Kc", "Qd", "Js", "10h", "10c", "9s"])
    deck = tuple(hands[k][i] for i in range(7) for k in range(2)) + ("7h", drawn)
    record = kumbal_record([("You", "human"), ("Ada", "easy")], seed=4, reaction_seconds=0.0)
    record.actions.append((0.0, StartRound(deck=deck)))
    app = make_app(tmp_path)
    table = start(app, record)
    for _ in range(100):
        app.step(DT)
    return app, table


def discard_by_click(app, table, face: str, frames: int = 20) -> None:
    """Click the player's card `face` and press Enter: it is discarded alone."""
    index = next(i for i, s in enumerate(table.zones.hands[0]) if str(s.card) == face)
    click(card_point(table, 0, index))
    app.step(DT)
    key(pygame.K_RETURN)
    for _ in range(frames):
        app.step(DT)


def test_select_with_keys_discard_draw_and_free_discard_by_input(tmp_path):
    app, table = stacked_table(tmp_path, "9c")
    g = table.match.game
    assert g.turn == 0 and table.director.ready_for_input()
    # Keys: → moves to the first card and ↑ selects it (a legal single); 2 adds the second card:
    # two values, not a discard, so the prompt says why; Esc drops the selection.
    first, second = (str(s.card) for s in table.zones.hands[0][:2])
    key(pygame.K_RIGHT)
    key(pygame.K_UP)
    app.step(DT)
    assert table.spec.selected_faces() == (first,) and table.spec.selection_action() == Discard(0, (first,))
    key(pygame.K_2)
    app.step(DT)
    assert table.spec.selected_faces() == (first, second) and table.spec.selection_action() is None
    assert table.spec.prompt() == "Not a discard: two cards must be of the same value (a pair)."
    key(pygame.K_ESCAPE)
    app.step(DT)
    assert not table.spec.chosen and app.top is table
    nine = next(i for i, s in enumerate(table.zones.hands[0]) if str(s.card) == "9d")
    click(card_point(table, 0, nine))
    app.step(DT)
    assert table.spec.selected_faces() == ("9d",) and table.spec.selection_action() == Discard(0, ("9d",))
    key(pygame.K_RETURN)
    for _ in range(20):
        app.step(DT)
    assert g.step == "draw"
    key(pygame.K_d)
    for _ in range(20):
        app.step(DT)
    assert FreeDiscard(0) in g.legal_actions(0), "the drawn 9 matches the 9 on the pile"
    assert "discard it free (F)" in table.spec.prompt() and table.spec.ring_shown()
    key(pygame.K_f)
    for _ in range(20):
        app.step(DT)
    assert FreeDiscard(0) in [a for _, a in g.history]
    assert [str(c) for c in g.discard[1:3]] == ["9d", "9c"]     # on the start card, before Ada's turn


def test_the_free_discard_ring_shows_only_to_a_drawer_whose_card_matches(tmp_path):
    """The window opens after every draw from the deck (so that it tells nobody what was drawn):
    its ring is for the drawer with a card that may go free, not for every draw at the table."""
    from game.core.view import SPECTATOR

    app, table = stacked_table(tmp_path, "8c")
    g = table.match.game
    discard_by_click(app, table, "9d")
    key(pygame.K_d)
    for _ in range(20):
        app.step(DT)
    assert g.observe(SPECTATOR).window("free-discard") is not None and g.legal_actions(0) == [Pass(0)]
    assert not table.spec.ring_shown() and "free" not in table.spec.prompt()
    assert table.spec.label_for(Pass(0)) is None            # no Pass button either: nothing to let go
    # Ada's draw opens her window: nothing of it shows at the human's place either.
    for _ in range(3000):
        app.step(DT)
        if g.free is not None and g.free[0] == 1:
            break
    assert g.free is not None and g.free[0] == 1 and not table.spec.ring_shown()


def test_the_news_names_a_taken_card_as_it_names_the_discards(tmp_path):
    """Play-test finding: "Ada discards 10♦ (10 points). Ada takes a 5 of clubs from the pile."."""
    import re

    app = make_app(tmp_path)
    table = start(app, kumbal_record([("You", "human"), ("Ada", "easy"), ("Bruno", "medium")], seed=7))
    driver = KumbalDriver(app, table, seed=7, call_rate=0.0, take_rate=1.0)
    said: list[str] = []
    narrate = table.hud.narrate

    def spy(text, seat=None):
        said.append(text)
        narrate(text, seat)
    table.hud.narrate = spy
    for _ in range(3000):
        driver.step()
        if sum("from the pile" in line for line in said) >= 2 and any("start card" in line for line in said):
            break
    takes = [line for line in said if "from the pile" in line]
    assert takes, said
    for line in takes + [line for line in said if "start card" in line]:
        assert " of " not in line, line
    assert all(re.search(r"takes? the (\d+|[JQKA])[♥♦♣♠] from the pile", line) for line in takes), takes


def test_one_point_is_one_point(tmp_path):
    """Play-test finding: "Bob discards A♠ (1 points)."."""
    from game.core.cards import Card
    from game.variants.kumbal import Discarded
    app = make_app(tmp_path)
    table = start(app, kumbal_record([("You", "human"), ("Bob", "easy")]))
    table.director.animate(Discarded(1, (Card(990, "A", "s"),), "single", None))
    table.director.animate(Discarded(0, (Card(991, 4, "h"), Card(992, 4, "c")), "set", None))
    said = list(table.hud.narration)[-2:]
    assert said[0].startswith("Bob discards A") and said[0].endswith("(1 point)."), said
    assert said[1].endswith("(8 points)."), said


def test_the_frame_of_a_pile_you_may_take_from_goes_round_the_whole_fan(tmp_path):
    """Any card of the fanned pile takes (a click anywhere on it), so the frame that says "you may
    take" goes round the fan; it used to frame the pile's first place, i.e. three cards of the fan's
    left end that cannot be taken."""
    app = make_app(tmp_path)
    table = start(app, kumbal_record([("You", "human"), ("Ada", "easy")], seed=8))
    driver = KumbalDriver(app, table, seed=3, take_rate=0.0)
    surface = pygame.display.get_surface()
    for _ in range(20000):
        g = table.match.game
        fan = [s for s in table.zones.discard[-table.spec.discard_shown:] if not s.moving]
        if table.director.ready_for_input() and g.turn == 0 and TakeDiscard(0) in table.input.legal(0) and len(fan) >= 4:
            break
        driver.step()
    else:
        raise AssertionError("never a fan of four with the pile open to take from")
    table.draw(surface)
    whole = fan[0].rect().unionall([s.rect() for s in fan[1:]]).inflate(16, 16)
    accent = tuple(table.palette.accent)
    # (along the top edge, right of the first card: the old frame ended there; a seat's gold ring
    # round its last move is another colour)
    top = [surface.get_at((x, y))[:3] for x in (whole.centerx, whole.right - 20) for y in range(whole.top, whole.top + 3)]
    assert any(all(abs(a - b) <= 8 for a, b in zip(c, accent)) for c in top), \
        f"no frame along the fan's top edge {whole}: {top}"
    # The pile still takes from a click on its last card.
    assert table.spec.place_at(fan[-1].rect().move(-2, 0).midright) is not None


def test_a_card_that_may_not_be_taken_is_named_and_crossed_where_it_lies(tmp_path):
    """Play-test finding: after a bot's discard the pile's top was its 6♣ while the label above said
    "Cannot take: an action card", about a 7 now under the 6. The label names the card the turn
    began on, and its cross stays on that card, on the strip of it the turn's discard leaves."""
    from game.core.actions import StartRound
    from drawn_text import layers

    hands = (["Ah", "2c", "3d", "4s", "5h", "6c", "9d"], ["7h", "Kc", "Qd", "Js", "10h", "10c", "9s"],
             ["Kh", "Kd", "Qs", "Jh", "3h", "3c", "4c"])
    deck = tuple(hands[k][i] for i in range(7) for k in range(3)) + ("5c", "9c", "8d", "2d")
    record = kumbal_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy")], seed=4)
    # You discard and draw; Ada plays the 7♥ alone (a reverse: play comes back to you) and draws.
    record.actions += [(0.0, StartRound(deck=deck)), (1.0, Discard(0, ("9d",))), (2.0, DrawFromDeck(0)),
                       (3.0, Discard(1, ("7h",))), (4.0, DrawFromDeck(1))]
    app = make_app(tmp_path)
    table = start(app, record)
    surface = pygame.display.get_surface()
    bad = tuple(table.palette.bad)

    def crossed(sprite, width: int) -> bool:
        # along its diagonal, on the first `width` pixels of it that show
        r = sprite.rect()
        r.w = width
        line = [surface.get_at((x, r.top + (x - r.left) * r.h // r.w))[:3] for x in range(r.left + 2, r.right - 2)]
        return sum(all(abs(a - b) <= 10 for a, b in zip(c, bad)) for c in line) >= len(line) // 2

    def labels() -> list[str]:
        return [text for text, _ in sum(layers(table).values(), [])]

    for _ in range(200):
        app.step(DT)
        if table.director.ready_for_input():
            break
    g = table.match.game
    assert g.turn == 0 and g.step == "discard" and str(g.discard[-1]) == "7h"
    seven = next(s for s in table.zones.discard if str(s.card) == "7h")
    assert "Cannot take the 7♥: an action card" in labels(), labels()
    assert crossed(seven, seven.rect().w)
    discard_by_click(app, table, "Ah", frames=60)
    assert g.step == "draw" and str(g.discard[-1]) == "Ah"
    top = next(s for s in table.zones.discard if str(s.card) == "Ah")
    assert "Cannot take the 7♥: an action card" in labels(), labels()
    strip = top.rect().left - seven.rect().left
    assert crossed(seven, strip) and not crossed(top, top.rect().w)


def _stacked_table(tmp_path, hands, draws=("7h", "4c", "6d", "8s")):
    from game.core.actions import StartRound

    deck = tuple(hands[k][i] for i in range(7) for k in range(2)) + tuple(draws)
    record = kumbal_record([("You", "human"), ("Ada", "easy")], seed=4)
    record.actions.append((0.0, StartRound(deck=deck)))
    app = make_app(tmp_path)
    table = start(app, record)
    for _ in range(100):
        app.step(DT)
    assert table.match.game.turn == 0 and table.director.ready_for_input()
    return app, table


def _lit(table) -> list[str]:
    """The buttons the table shows lit: the focus ring (what Enter would seem to press) or gold."""
    buttons = [w for w in table.input.form.widgets if getattr(w, "text", "") != "History"]
    return [w.text for w in buttons if w is table.input.form.focused or w.primary]


def test_an_illegal_selection_is_explained_once_and_its_discard_is_not_lit(tmp_path):
    """Seen in a real window: the ace of hearts and the 9 of spades selected, Enter brought the
    reason in red above the pile while the prompt said it too, and "Discard 2 cards · Enter" stood
    lit."""
    app, table = _stacked_table(tmp_path, (["Ah", "2c", "3d", "Ac", "5h", "9s", "9d"],
                                           ["Kh", "Kc", "Qd", "Js", "10h", "10c", "9c"]))
    for face in ("Ah", "9s"):
        click(card_point(table, 0, next(i for i, s in enumerate(table.zones.hands[0]) if str(s.card) == face)))
        app.step(DT)
    key(pygame.K_RETURN)
    app.step(DT)
    assert table.spec.prompt() == "Not a discard: two cards must be of the same value (a pair)."
    assert table.hud.message is None and table.match.game.step == "discard"
    discard = next(w for w in table.input.form.widgets if w.text == "Discard 2 cards")
    assert not discard.enabled and _lit(table) == []
    # A legal selection lights its Discard, and Enter puts it down.
    key(pygame.K_ESCAPE)            # drops the selection
    app.step(DT)
    for face in ("9s", "9d"):
        click(card_point(table, 0, next(i for i, s in enumerate(table.zones.hands[0]) if str(s.card) == face)))
        app.step(DT)
    assert table.spec.selection_action() is not None and _lit(table) == ["Discard 2 cards"]
    key(pygame.K_RETURN)
    for _ in range(20):
        app.step(DT)
    assert table.match.game.step == "draw"
    # The draw step has no default: "Take 7♥" stood lit, as if advised.
    assert _lit(table) == [] and any(w.text.startswith("Take") for w in table.input.form.widgets)


@pytest.mark.slow
def test_no_lit_kumbal_when_the_player_may_call(tmp_path):
    """A hand of 7 or fewer: "Kumbal!" stood lit (gold) beside "Discard · Enter", as if the table
    advised calling; Enter discarded all the same."""
    driver_app = make_app(tmp_path)
    # (seed 5: under the seed's readings of the 7 and the free discard, the matches of seeds 1-4
    # end before the player's hand is down to 7)
    table = start(driver_app, kumbal_record([("You", "human"), ("Ada", "easy"), ("Bruno", "easy")], seed=5))
    driver = KumbalDriver(driver_app, table, seed=5, call_rate=0.0)
    for _ in range(6000):
        v = table.match.view(0)
        if v.turn == 0 and v.step == "discard" and v.can_call and table.director.ready_for_input() and not v.pending:
            break
        driver.step()
    else:
        raise AssertionError("no turn with a hand of 7 or fewer came")
    for _ in range(3):
        driver_app.step(DT)
    texts = [w.text for w in table.input.form.widgets]
    assert "Kumbal!" in texts and _lit(table) == []
