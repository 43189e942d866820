"""Take-back at the table: Ctrl+Z (or the pause menu's "Take back last move") undoes the player's
last move and everything that followed it.

Offered at a table of one player and bots (game.core.takeback.player_of), so never in
hot-seat, where the other players would have to agree, and not in the guided match, which leads
the player through its fixed deal step by step. What the last move is, and whether it may go, the
driver says (game.core.takeback: within the round being played, and not a move that showed the
player a card they had not seen). The table then builds a new table scene from the record cut
before that move, exactly as Continue builds a saved match: the game from its seed and actions
(the same cards, the deck in the same order), the bots, the coach and the memory aid from the
cut record's events only (none of them remembers a move that was taken back), the sprites from
the views. The new scene takes the old one's saver, whose next save, the cut record, rewrites the
snapshot atomically, and its place on the stack.

The first take-back of a match asks first: it makes the match a practice match, which the title
and the match result say (hud.py, results.py) and the statistics do not count.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.client.requests import AskFirst
from game.core.actions import Pass
from game.core.takeback import NOT_OFFERED, NOTHING_YET, ROUND_SCORED, SHOWED_A_CARD
from game.i18n import N_, _

TAKE_BACK_HINT = "Ctrl+Z"
REASONS = {
    NOT_OFFERED: N_("Take back is for a match against bots."),
    NOTHING_YET: N_("Nothing to take back: you have not moved yet this round."),
    ROUND_SCORED: N_("The round is scored: its moves can no longer be taken back."),
    SHOWED_A_CARD: N_("Your last move showed you a card you had not seen: it cannot be taken back."),
}


def is_take_back_key(event: pygame.event.Event) -> bool:
    return (event.type == pygame.KEYDOWN and event.key == pygame.K_z
            and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)))


def taken_back_words(move: Any, undone: list[str]) -> str:
    """What the player is told: their move as the history told it ("Taken back: you draw from the
    deck."), a pass by name (passes are not narrated), or that the move is taken back."""
    you = _("You") + " "
    if undone and undone[0].startswith(you):     # (the history's line for the player's own seat)
        return _("Taken back: {move}").format(move=undone[0][:1].lower() + undone[0][1:])
    if isinstance(move, Pass):
        return _("Taken back: your pass.")
    return _("Your last move is taken back.")


class TakeBack:
    """The Ctrl+Z key and hint, the question, the rebuild."""

    interface = ("offered", "refusal", "handle", "request", "take_back", "hints", "hint_enabled")

    def __init__(self, scene: Any, screen: Any, match: Any, app: Any, store: Any, sound: Any, history: Any,
                 coach: Any, guided: bool, say: Callable[..., None]):
        self.scene = scene          # the table scene a take-back replaces
        self.screen, self.match, self.app, self.store, self.sound = screen, match, app, store, sound
        self.history, self.coach = history, coach
        self.guided = guided
        self.say = say

    def offered(self) -> bool:
        # The driver says: a match of one player and bots offers it; hot-seat does not, nor a
        # network match (its drivers never do: the Ctrl+Z hint stood there greyed for nothing).
        return not self.guided and self.match.take_back_refusal() != NOT_OFFERED

    def refusal(self) -> str:
        """Why Take back does nothing now, in the player's words ("" when it may)."""
        if self.guided:
            return _("The guided match has no take-back.")
        if self.match.over:
            return _(REASONS[ROUND_SCORED])
        reason = REASONS.get(self.match.take_back_refusal())
        return _(reason) if reason else ""

    def handle(self, event: pygame.event.Event) -> bool:
        if not is_take_back_key(event):
            return False
        self.request()
        return True

    def request(self) -> None:
        """Ctrl+Z: refused with its reason, asked about first (the match's first), or done."""
        why = self.refusal()
        if why:
            self.say(why)
            self.sound.play("click", 0.4)
            return
        if self.match.take_backs:
            self.take_back()
            return
        self.app.open(AskFirst(
            _("Take back your last move?"),
            (_("The match goes back to just before it, with the same cards."),
             _("It becomes a practice match: it will not count in your statistics.")),
            _("Take back"), self.take_back, _("Keep playing")))

    def take_back(self) -> Any:
        """Rebuild the match from its record cut before the player's last move; returns the new
        table scene (None if nothing may be taken back)."""
        why = self.refusal()
        if why:
            self.say(why)
            return None
        from game.client import tables

        record = self.match.record_before_last_move()
        _time, move = self.match.record().actions[len(record.actions)]
        table = tables.table_for(record.variant)(self.app, record, self.store)
        table.coach.keep_coached(self.coach.coached)
        if table.history.is_open != self.history.is_open:
            table.history.toggle()
        table.match.adopt_saver(self.match)
        old, new = self.history.lines, table.history.lines
        undone = old[len(new):] if old[:len(new)] == new else []
        scene = self.scene
        while self.app.top is not scene and scene in self.app.scenes:    # (a dialog or menu over the table)
            self.app.pop()
        self.app.replace(table)
        table.saved()            # the save is the cut match at once
        table.hud.say(taken_back_words(move, [line for _, line in undone]), 4.0, tone="info")
        return table

    # -- what the table shows -------------------------------------------------------------------------
    def hints(self) -> list[tuple[str, str]]:
        """The key hint the table adds after the game's own."""
        return [(TAKE_BACK_HINT, _("take back"))] if self.offered() else []

    def hint_enabled(self, key: str) -> bool:
        if key == TAKE_BACK_HINT:
            return not self.refusal()
        return True
