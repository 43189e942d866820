"""The coach at the table: F1 (or the Hint button) asks "what would the hard bot do here?".

The answer comes from the driver (MatchDriver.advise): the hard bot that has followed this seat's
events since the deal, deciding from this seat's view and legal actions only. The table rings the
cards the move names, says the move and the bot's reason, and marks the match as coached (its
statistics say so). In hot-seat it answers only for the player whose move it is.
"""

from __future__ import annotations

from typing import Any

import pygame

from ai.coach import Advice, coach_agent
from ai.reasons import Reason
from ai.registry import bot_seed
from game.client.table.canvas import Canvas
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.core.cards import DECK, DISCARD
from game.i18n import _, _l, ngettext

COACH_KEY = pygame.K_F1
COACH_SECONDS = 6.0

# The words for each reason a bot gives (ai.reasons.KEYS), spoken to the player as "you".
REASON_WORDS = {
    "kombio.no_match": _l("You know of no {rank} to match."),
    "kombio.match_own": _l("You saw a {rank} in your own grid: matching it sheds a card."),
    "kombio.match_opponent": _l("You saw a {rank} in an opponent's grid: matching it sheds a card."),
    "kombio.call": _l("Your hand is worth about {total}, likely the lowest at the table."),
    "kombio.take_discard": _l("The {rank} on the pile lowers your hand by about {gain}, more than a draw is worth."),
    "kombio.draw_fresh": _l("A fresh card is worth more than the {rank} on the pile."),
    "kombio.draw_no_discard": _l("There is no card on the discard pile to take: draw one."),
    "kombio.replace_known": _l("It replaces the {rank} you remember there."),
    "kombio.replace_unknown": _l("It goes where you do not know the card: likely higher than this one."),
    "kombio.play_for_ability": _l("Its ability is worth more than keeping it."),
    "kombio.play_no_gain": _l("Keeping it would not lower your hand."),
    "combat_uno.draw": _l("Nothing you hold fits the pile: draw a card."),
    "combat_uno.stack": _l("Stack it: the cards go on to the next player instead of you."),
    "combat_uno.slow_next": _l("The next player is close to going out: slow them down."),
    "combat_uno.wild": _l("Your wild card keeps you in play; it also sheds 50 points if someone goes out."),
    "combat_uno.shed": _l("It fits the pile and sheds the most points you can while keeping your options."),
    "sixteen_combos.target_value": _l("The best expected outcome: a pair worth {value}."),
    "sixteen_combos.target_best": _l("The best expected outcome among the pairs you may target."),
    "sixteen_combos.pass": _l("No attack is worth its risk now."),
    "sixteen_combos.announce": _l("The action type with the best expected outcome here."),
}


# Every move a seat can be offered, by its name in the variant's vocabulary, as the coach says it
# when the table has no button, ring or card of its own to name it by (a Pass in a reaction
# window, a catch the table's one Catch button stands for): never the class name. Table actions
# (StartRound, Expire) are never advised. tests/client/test_coach_words.py holds every vocabulary to it.
ACTION_WORDS = {
    # shared
    "Pass": _l("let this chance go (pass)"),
    "DrawFromDeck": _l("draw a card from the deck"),
    "TakeDiscard": _l("take the card on the discard pile"),
    "Match": _l("match the card on the discard pile"),
    # Combat UNO
    "Play": _l("play a card"),
    "Draw": _l("draw a card"),
    "StartDrawing": _l("start drawing the penalty cards"),
    "DrawCard": _l("draw the next penalty card"),
    "CallUno": _l("call UNO"),
    # Kombio and Kabu
    "Peek": _l("look at one of your own cards"),
    "LookOwn": _l("look at one of your own cards"),
    "CallKabu": _l("call Kabu"),
    "CallKombio": _l("call Kombio"),
    "Exchange": _l("put the card you hold into your grid"),
    "PlayDrawn": _l("play the drawn card onto the discard pile"),
    "LookOpponent": _l("look at an opponent's card"),
    "LookAny": _l("look at any card on the table"),
    "LookTwo": _l("look at two cards on the table"),
    "LookPair": _l("look at one of your cards and an opponent's"),
    "BlindSwap": _l("swap two cards without looking"),
    "SwapBoth": _l("swap the two cards you looked at"),
    "SwapLooked": _l("swap the card you looked at"),
    "SkipAbility": _l("leave the ability unused"),
    "Give": _l("give the opponent one of your cards"),
    "DecidePenalty": _l("choose what the wrong claim costs"),
    # Kumbal
    "Discard": _l("discard"),
    "CallKumbal": _l("call Kumbal"),
    "PickUp": _l("pick up the cards you owe"),
    "FreeDiscard": _l("discard the drawn card for free"),
    "Cut": _l("cut the deck"),
    # 16 Combos
    "PlaceValue": _l("place a value card"),
    "ChooseDefense": _l("choose your defense pair"),
    "ChangeStance": _l("make another pair your defense pair"),
    "Target": _l("choose the pair to target"),
    "Announce": _l("announce an action type"),
    "PassTurn": _l("pass the turn"),
    "Consult": _l("decide whether your consultation pair takes it"),
    "Retype": _l("change the target pair's type"),
    "SwapPair": _l("swap the target pair's cards"),
    "FaceType": _l("switch to the face card's type"),
    "Scavenge": _l("choose what the scavenged cards are worth"),
    "Counter": _l("strike back"),
    "Recover": _l("add the action card to one of your pairs"),
    "PickPair": _l("pick a pair"),
    "Throw": _l("make two of the target's pairs change places"),
    "Reveal": _l("turn the card face up"),
    "HireGuard": _l("hire the guard"),
    "Decide": _l("make the choice the table offers"),
}


def action_words(action: Any) -> str:
    """A move in the player's words by its kind alone (the coach's last resort)."""
    words = ACTION_WORDS.get(type(action).__name__)
    return str(words) if words is not None else _("make the move the table offers")


def reason_words(reason: Reason) -> str:
    """A bot's reason in the player's language."""
    values = reason.value_dict()
    if reason.key == "combat_uno.take_stack":
        return ngettext("You cannot pass the {count} card on: take it.",
                        "You cannot pass the {count} cards on: take them.", values["count"]).format(**values)
    return str(REASON_WORDS[reason.key]).format(**values)


def coach_agents(variant: str, seed: int, humans: list[int]) -> dict[int, Any]:
    """The coaches for the driver: one per human seat, if the variant has a hard bot."""
    coaches = {}
    for h in humans:
        agent = coach_agent(variant, bot_seed(seed, 1000 + h))
        if agent is not None:
            coaches[h] = agent
    return coaches


class Coach:
    """The Hint: the advice asked for, its words and its rings."""

    interface = ("coached", "keep_coached", "ask", "advice_stands", "targets", "draw")

    def __init__(self, screen: Any, spec: Any, match: Any, director: Any, input_seat: Any, say: Any):
        self.screen, self.spec, self.match, self.director = screen, spec, match, director
        self.input_seat = input_seat     # the human the pointer acts for
        self.say = say
        self.coached = False                                  # asked at least once this match
        self.advice: tuple[int, int, Advice] | None = None   # (seat, table version, advice)
        self.advice_legal: frozenset = frozenset()           # that seat's legal moves when asked

    def keep_coached(self, coached: bool) -> None:
        """The match was coached before (a continued or rebuilt one): it stays marked."""
        self.coached = self.coached or coached

    def seat(self) -> int | None:
        """The player the coach may answer for: the human whose move it is."""
        seat = self.input_seat()
        if seat is None or self.match.over or self.screen.round_result is not None:
            return None
        return seat

    def ask(self) -> Advice | None:
        seat = self.seat()
        if seat is None or not self.director.ready_for_input():
            self.say(_("The coach helps when it is your move."))
            return None
        advice = self.match.advise(seat)
        if advice is None:
            self.say(_("The coach has no move for you right now."))
            return None
        self.coached = True
        self.advice = (seat, self.match.version, advice)
        self.advice_legal = frozenset(self.match.legal(seat))
        words = self.describe_move(advice.action)
        # (the words go with the rings: "take the card from the deck" stayed up after the draw)
        self.say(_("Coach: {move}.").format(move=words) + (" " + reason_words(advice.reason) if advice.reason else ""), COACH_SECONDS, tone="info",
                 until=self.advice_stands)
        return advice

    def describe_move(self, action: Any) -> str:
        """The advised move in the words of the table's own buttons and cards."""
        words = self.spec.coach_words(action)
        if words is not None:
            return words
        choice = self.spec.label_for(action)
        targets = self.spec.coach_places(action)
        if choice is not None and not targets:
            return f"{choice.text}"
        if not targets:
            return action_words(action)
        if len(targets) == 1:
            place = targets[0]
            if place == DECK:
                return _("take the card from the deck (ringed)")
            if place == DISCARD:
                return _("take the card on the discard pile (ringed)")
            return _("click the ringed card")     # (what a click does there, the prompt says)
        return _("click the ringed cards, in the order they are numbered")

    def advice_stands(self) -> bool:
        """Whether the current advice still speaks of the player's moment."""
        if self.advice is None:
            return False
        seat, version, _advice = self.advice
        # Others moving at the same time (16 Combos' placement) leave the advice standing as long
        # as the player's own choices are the same; any change of theirs retires it.
        return version == self.match.version or frozenset(self.match.legal(seat)) == self.advice_legal

    def targets(self) -> list:
        """The places the current advice names (none once the table has moved on)."""
        if not self.advice_stands():
            return []
        return list(self.spec.coach_places(self.advice[2].action))

    def draw(self, canvas: Canvas) -> None:
        targets = self.targets()
        if not targets:
            return
        surface = canvas.surface
        pulse = self.screen.pulse(5.0)
        colour = (120, 220, 255)
        for n, place in enumerate(targets, 1):
            rect = self.spec.place_rect(place)
            if rect is None:
                continue
            ring = rect.inflate(10 + int(6 * pulse), 10 + int(6 * pulse))
            pygame.draw.rect(surface, colour, ring, 3, border_radius=10)
            if len(targets) > 1:
                badge = pygame.Rect(0, 0, 24, 24)
                badge.center = ring.topleft
                pygame.draw.circle(surface, colour, badge.center, 12)
                T.blit_text(surface, str(n), TH.SMALL, (10, 30, 40), badge.center, "center", bold=True)
