"""The facts every game has, animated: a deal, a turn, a card moved, two cards swapped, a look, a
card revealed, the deck reshuffled, a reaction window opening and closing, a pass, a penalty, the
round scored and the match ended.

Each is a function of the table's spec and the event (``FACTS`` maps the event types to them);
a game's spec maps its own events in ``handlers``, and where it shows one of these facts its own
way its handler may call the one here first. They move sprites (zones), fly and flip them
(director), outline each seat's last move (history), raise texts (hud) and keep what the screen
shows (screen); the words are the narrator's.
"""

from __future__ import annotations

from typing import Any

from game.client.narration.wording import turn_words
from game.client.table.director import DEAL, MOVE
from game.client.ui.tween import ease_out_cubic
from game.core.cards import DECK, DISCARD
from game.core.events import (CardMoved, CardRevealed, CardSeen, CardsSwapped, DeckReshuffled, MatchEnded, Passed,
                              PenaltyGiven, RoundScored, RoundStarted, TurnStarted, WindowClosed, WindowOpened)
from game.i18n import _


def round_started(spec: Any, ev: RoundStarted) -> None:
    t = spec.t
    t.screen.round_result = None
    t.screen.window = None
    t.screen.turn = None
    t.privacy.end_private()
    # Everything on the table goes back to the deck, then the deal starts.
    (dx, dy), _, pile = t.zones.place_pose(DECK)
    leftovers = t.zones.clear_all()
    for s in leftovers:
        t.director.fly(s, (dx, dy), 0, pile, duration=0.3, turn=0.0)
    t.zones.set_leftovers(leftovers)
    t.history.clear_traces()
    t.history.deal_started()            # (the deal's own peeks are nobody's move)
    t.sound.play("deal")
    t.director.wait(0.32 if leftovers else 0.0, on_finish=t.zones.drop_leftovers)


def turn_started(spec: Any, ev: TurnStarted) -> None:
    t = spec.t
    t.screen.turn = ev.seat
    t.privacy.end_private()
    if t.screen.hotseat and ev.seat in t.screen.humans:
        t.hud.float_text(ev.seat, turn_words(t.screen, ev.seat), t.palette.accent)


def card_moved(spec: Any, ev: CardMoved) -> None:
    t = spec.t
    sprite = t.zones.take(ev.src, ev.card)
    sprite.lift = 0.0
    sprite.oy = 0.0
    if ev.card is not None:
        sprite.card = ev.card
        sprite.show_to = ev.shown_to if ev.shown_to is None else frozenset(ev.shown_to)
    elif ev.src == DECK:
        sprite.card, sprite.show_to = None, frozenset()
    if ev.dst == DISCARD:
        turn = 1.0
    elif ev.dst.zone in ("held", "hand"):
        turn = 1.0 if ev.card is not None else 0.0   # a hand is face up only for who may see it
    else:
        turn = 0.0
    dst = t.zones.put(ev.dst, sprite)
    (x, y), angle, size = t.zones.landing_pose(dst, sprite)
    deal = ev.src == DECK and ev.by == -1
    # A card turned up on its way shows its face as it leaves: turned with the flight, it was
    # face down for half of it after the news had named it (seen in a real window).
    at_once = turn == 1.0 and sprite.turn < 0.5 and sprite.card is not None and not deal
    t.director.fly(sprite, (x, y), angle, size, duration=DEAL if deal else MOVE, turn=None if at_once else turn)
    if at_once:
        t.director.turn_up_at_once(sprite)
    if not deal:
        t.history.mark_move(ev.by, [sprite], draws=ev.src == DECK and ev.dst.zone == "hand" and ev.dst.seat == ev.by)
    if not deal:
        t.sound.play("draw" if ev.src == DECK else "swap")


def cards_swapped(spec: Any, ev: CardsSwapped) -> None:
    t = spec.t
    a, b = t.zones.take(ev.a), t.zones.take(ev.b)
    t.zones.put(ev.b, a)
    t.zones.put(ev.a, b)
    for s, place in ((a, ev.b), (b, ev.a)):
        (x, y), angle, size = t.zones.place_pose(place)
        s.lift = 0.0
        t.director.fly(s, (x, y), angle, size, duration=MOVE * 1.4, turn=0.0)
    t.sound.play("swap")
    t.history.mark_move(ev.by, [a, b], swap=True)


def card_seen(spec: Any, ev: CardSeen) -> None:
    t = spec.t
    sprite = t.zones.sprite_at(ev.place)
    if sprite is None:
        return
    if ev.card is not None and ev.seat == t.screen.viewer:
        sprite.card = ev.card
        sprite.show_to = frozenset(ev.shown_to) if ev.shown_to is not None else None
        t.director.flip(sprite, True, lift=1.0)
        t.zones.peeking.add(ev.place)
        t.sound.play("flip", 0.6)
        t.history.mark_move(ev.seat, [sprite])
        return
    # Somebody else looks: the card lifts, marked in the looker's colour, and settles.
    t.history.mark_move(ev.seat, [sprite])
    sprite.mark = t.palette.seat_colour(ev.seat)
    holds = not spec.look_in_passing(ev)
    delay = t.director.step_delay
    t.director.tween(sprite, 0.25, ease_out_cubic, delay=delay, holds=holds, lift=0.6)

    def settle(s=sprite) -> None:
        s.mark = None
    t.director.tween(sprite, 0.25, ease_out_cubic, settle, delay=delay + 0.5, holds=holds, lift=0.0)


def hide_peeks(spec: Any) -> None:
    """The cards being looked at turn face down again."""
    t = spec.t
    for place in list(t.zones.peeking):
        s = t.zones.sprite_at(place)
        if s is not None:
            t.director.flip(s, False, lift=0.0)
    t.zones.peeking.clear()


def card_revealed(spec: Any, ev: CardRevealed) -> None:
    t = spec.t
    sprite = t.zones.sprite_at(ev.place)
    if sprite is None:
        return
    sprite.card, sprite.show_to = ev.card, None
    t.director.flip(sprite, True)
    t.sound.play("flip", 0.5)


def deck_reshuffled(spec: Any, ev: DeckReshuffled) -> None:
    t = spec.t
    (dx, dy), _, pile = t.zones.place_pose(DECK)
    gone = t.zones.kind("discard").under_top()
    for s in gone:
        t.director.fly(s, (dx, dy), 0, pile, duration=0.3, turn=0.0)
    t.zones.set_leftovers(gone)
    t.zones.deck_n = ev.cards
    t.director.wait(0.32, on_finish=t.zones.drop_leftovers)


def window_opened(spec: Any, ev: WindowOpened) -> None:
    t = spec.t
    t.privacy.end_private()
    t.screen.window = ev
    t.screen.window_passed = set()


def window_closed(spec: Any, ev: WindowClosed) -> None:
    spec.t.screen.window = None
    spec.t.screen.claimer = None


def passed(spec: Any, ev: Passed) -> None:
    spec.t.screen.window_passed.add(ev.seat)


def penalty_given(spec: Any, ev: PenaltyGiven) -> None:
    t = spec.t
    t.sound.play("penalty")
    t.hud.float_text(ev.seat, _("Penalty card") if ev.cards else _("No penalty card left"), t.palette.bad)
    t.director.pause_for(0.4)


def round_scored(spec: Any, ev: RoundScored) -> None:
    t = spec.t
    t.screen.round_result = ev
    t.screen.window = None
    t.results.count_up(ev.totals)
    t.screen.turn = None
    t.flush_save()
    if set(spec.round_winners(ev)) & set(t.screen.humans):
        t.results.celebrate()


def match_ended(spec: Any, ev: MatchEnded) -> None:
    t = spec.t
    t.screen.match_result = ev
    t.screen.final_round_seen = False
    t.results.build_chart()


FACTS = {RoundStarted: round_started, TurnStarted: turn_started, CardMoved: card_moved, CardsSwapped: cards_swapped,
         CardSeen: card_seen, CardRevealed: card_revealed, DeckReshuffled: deck_reshuffled,
         WindowOpened: window_opened, WindowClosed: window_closed, Passed: passed, PenaltyGiven: penalty_given,
         RoundScored: round_scored, MatchEnded: match_ended}
