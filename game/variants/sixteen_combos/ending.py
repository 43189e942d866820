"""16 Combos, the end of a turn and of an encounter: Change Stance (optional rule E), an extra turn
waiting (Hire Assassin, Grapple), the last character standing, or the round limit (the most pairs
left wins)."""

from __future__ import annotations

from game.core.events import Event, Note, TurnStarted

from .actions import ChangeStance
from .cards import card_value
from .events import EncounterWon
from .state import PLAY


class Ending:
    """Rule section: the end of a turn and of an encounter (part of SixteenCombos)."""

    # -- the end of a turn ---------------------------------------------------------------------
    def _end_turn(self, events: list[Event]) -> None:
        if self.phase != PLAY:
            return
        attack = self.attack
        seat = self.turn
        self.prompt_seat = None
        self.deadline = None
        critical = self.last_check is not None and self.last_check.seat == seat \
            and self.last_check.outcome == "critical failure" and attack is not None and not attack.counter
        if (self.options["one_of_each"] and not self.out[seat] and not self.incapacitated(seat)
                and not critical and self.pairs_left(seat) >= 2 and self.step != "stance"):
            self.step = "stance"
            self.prompt_seat = seat
            return
        self._turn_over(events)

    def _on_ChangeStance(self, action: ChangeStance, t: float) -> list[Event]:
        self._require_legal(action)
        seat = action.seat
        events: list[Event] = []
        d = self.defense_slot(seat)
        assert d is not None
        self._swap_slots(seat, action.pair.index, d, "Change Stance", events)
        self._show_type(seat, d, events)
        self._turn_over(events)
        return events

    def _turn_over(self, events: list[Event]) -> None:
        seat = self.turn
        self.attack = None
        self.step = "turn"
        self.prompt_seat = None
        if self._encounter_over(events):
            return
        if self.extra and not self.out[seat] and not self.incapacitated(seat):
            attack = self.extra.pop(0)
            events.append(TurnStarted(seat))
            self._begin_action(attack, events)
            return
        self.extra = []
        self._next_turn(events)

    # -- the end of an encounter ---------------------------------------------------------------
    def _encounter_over(self, events: list[Event]) -> bool:
        if self.phase != PLAY:
            return True
        out, rows, grappled = self.out, self.rows, self.grappled
        for s in range(self.seats):
            if not out[s] and not grappled[s] and not any(rows[s]):   # (a row of empty slots: no pair left)
                self._knock_out(s, events)
        left = self.standing()
        if len(left) > 1:
            return False
        winner = left[0] if left else (self.attack.seat if self.attack else 0)
        self._finish(winner, "last character standing", events)
        return True

    def _end_by_limit(self, events: list[Event]) -> None:
        def strength(s: int) -> tuple:
            total = sum(p.value for p in self.rows[s] if p is not None)
            return (self.pairs_left(s), total, card_value(self.order_cards[s]), -s)  # type: ignore[arg-type]
        winner = max(self.standing(), key=strength)
        self._finish(winner, "the round limit: the most pairs left", events)

    def _finish(self, winner: int, why: str, events: list[Event]) -> None:
        self.attack = None
        self.step = "over"
        self.prompt_seat = None
        self.deadline = None
        events.append(EncounterWon(winner, why))
        hands = tuple(self.pairs_left(s) for s in range(self.seats))
        scores = tuple(1 if s == winner else 0 for s in range(self.seats))
        self.score_round(hands, scores, (Note.of("sixteen-combos.won", winner, why=why),), events)
