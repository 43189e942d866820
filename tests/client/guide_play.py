"""Plays a guided match the way a newcomer would: each moment's asked action through posted
input (a click on the places it names, or the button's key), anything else as little as the
table needs (a held look confirmed, a reaction window passed). Shared by the guide tests and the
screenshot script."""

from __future__ import annotations

import pygame

from game.core.actions import Pass

from kombio_driver import DT, click, key


def place_pos(table, place):
    rect = table.spec.place_rect(place)
    assert rect is not None, f"no card at {place}"
    return rect.center


def guide_button(table, moment, text):
    """Where the guide's panel, as last drawn, has the button with these words."""
    rects = [rect for button, rect in table.guide.buttons_at(moment) if button.text == text]
    assert rects, f"{moment.key}: no {text!r} button on the guide's panel"
    return rects[0]


def asked_action(table, moment):
    """The legal action that does what the moment asks (preferring one on the places it points at)."""
    ctx = table.guide.context()
    pointers = moment.point(ctx)
    pointed = set(p for p in pointers if not hasattr(p, "action") and not hasattr(p, "face"))
    faces = {p.face for p in pointers if hasattr(p, "face")}
    fits = [a for a in ctx.legal if moment.completed_by(a)]
    if not fits:
        return None

    def fit(a) -> int:
        cards = getattr(a, "cards", None) or ()
        return sum(1 for p in a.targets() if p in pointed) + sum(1 for c in cards if c in faces)
    return max(fits, key=fit)


def perform(table, action) -> None:
    """Through input: click its targets in order, or press its button."""
    targets = action.targets()
    name = type(action).__name__
    if name == "Play" and hasattr(action, "colour"):          # Combat UNO: a card of the hand
        seat = action.seat
        hand = table.zones.hands.get(seat, [])
        for i, s in enumerate(hand):
            if s.card is not None and s.card.rank == action.rank and s.card.suit == action.colour:
                r = s.rect()
                x = (r.left + min(r.right, hand[i + 1].rect().left)) // 2 if i + 1 < len(hand) else r.centerx
                click((x, r.top + r.h // 4))
                if action.colour is None:
                    key({"red": pygame.K_r, "yellow": pygame.K_y, "green": pygame.K_g, "blue": pygame.K_b}[action.choose])
                return
        raise AssertionError(f"{action}: no such card in the hand")
    if name == "CallUno":
        key(pygame.K_u if action.target == action.seat else pygame.K_c)
        return
    if name == "Discard":                                      # Kumbal: select the cards, then Enter
        hand = table.zones.hands.get(action.seat, [])
        for face in action.cards:
            for i, s in enumerate(hand):
                if s.card is not None and str(s.card) == face and s.card.id not in table.spec.chosen:
                    r = s.rect()
                    x = (r.left + min(r.right, hand[i + 1].rect().left)) // 2 if i + 1 < len(hand) else r.centerx
                    click((x, r.top + r.h // 4))
                    break
            else:
                raise AssertionError(f"{face} is not in the hand")
        key(pygame.K_RETURN)
        return
    if name == "Pass":
        key(pygame.K_SPACE)
        return
    if name in ("Draw", "StartDrawing", "DrawCard"):
        key(pygame.K_d)
        return
    if targets:
        for place in targets:
            click(place_pos(table, place))
        return
    choice = table.spec.label_for(action)
    assert choice is not None, f"no button for {action}"
    for widget in table.input.form.widgets:
        if getattr(widget, "text", None) == choice.text and widget.rect is not None:
            click(widget.rect.center)
            return
    raise AssertionError(f"the button {choice.text!r} is not on the table")


def perform_moment(table, moment) -> None:
    """Do what a showing moment asks."""
    if moment.done:
        if not table.director.ready_for_input():
            return
        action = asked_action(table, moment)
        assert action is not None, f"{moment.key}: none of {moment.done} is legal"
        perform(table, action)
    elif table.director.hold is not None:
        key(pygame.K_RETURN)
    else:
        click(guide_button(table, moment, "OK").center)


def play_unguided(table) -> None:
    """What no moment asks: confirm a held look, pass a reaction window, go on after the results."""
    if table.director.hold is not None:
        key(pygame.K_RETURN)
        return
    if not table.director.ready_for_input() or table.match.over and table.screen.showing_match_result():
        return
    if table.screen.round_result is not None or table.screen.match_result is not None:
        key(pygame.K_RETURN)
        return
    seat = table.guide.seat
    legal = table.input.legal(seat)
    if any(a != Pass(seat) for a in legal):
        # A move the guide says nothing about: what the coach (the hard bot, from this seat's view) would do.
        advice = table.match.advise(seat)
        if advice is not None:
            perform(table, advice.action)
            return
    if Pass(seat) in legal:
        key(pygame.K_SPACE)
