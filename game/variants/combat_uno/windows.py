"""Combat UNO, out of turn: the jump-in window on the top card (an identical card, or a stacked
draw card, may be played by anyone while the seat on turn thinks) and the UNO window on a seat
down to one card (the first call wins: on itself it is safe, on an opponent the opponent draws
two). Passing on a window, a window's deadline (the table's Expire), and a claim that arrives
after another covered its card (a lost race, refused in front of everybody)."""

from __future__ import annotations

from game.core.actions import TABLE, Expire, Pass
from game.core.cards import Card
from game.core.events import Note
from game.core.errors import NotYourTurn, WindowClosed, WrongPhase
from game.core.events import Event, PenaltyGiven, WindowOpened, passed, window_closed
from game.core.reaction import ReactionWindow

from .actions import CallUno, LostRace, StillDrawing
from .cards import UNO_PENALTY, card_name
from .events import PLAY, ClaimLost, UnoCalled, UnoWindowClosed, UnoWindowOpened


class OutOfTurn:
    """The jump-in and UNO windows, calls and passes (part of CombatUno; the windows are its
    WindowSet, `self.windows`). A class CombatUno builds on, not an object it holds: a pass on a
    window is the most frequent action of the game and reads the window dicts directly."""

    # The open windows by the names the table and the tests use.
    @property
    def jump(self) -> ReactionWindow | None:
        return self._jumps.get(None)

    @jump.setter
    def jump(self, window: ReactionWindow | None) -> None:
        self._jumps.clear()
        if window is not None:
            self._jumps[None] = window

    @property
    def uno(self) -> dict[int, ReactionWindow]:
        return self._unos  # type: ignore[return-value]

    @uno.setter
    def uno(self, windows: dict[int, ReactionWindow]) -> None:
        self._unos.clear()
        self._unos.update(windows)

    def _jump_open_to(self, seat: int) -> bool:
        if not self._jumps:
            return False
        w = self._jumps[None]
        return seat != self.turn and seat in w.offered and seat not in w.done

    def _windows_open_to(self, seat: int) -> bool:
        if self._jump_open_to(seat):
            return True
        for w in self._unos.values():
            if seat not in w.done:
                return True
        return False

    # -- opening and closing -------------------------------------------------------------------
    def _open_jump(self, offered: tuple[int, ...], t: float, events: list[Event]) -> None:
        if self._jumps:
            events.append(window_closed("covered"))
        options = self.options
        rank = self.piles.discard[-1].rank
        if not (options["jump_in"] or (self.pending and self._stack_allowed(rank))):
            self.windows.close("jump-in")
            return
        w = self.windows.open("jump-in", offered, t, float(options["reaction_seconds"]))   # replaces the covered one
        events.append(WindowOpened("jump-in", offered, t, w.deadline))

    def _maybe_close_jump(self, reason: str, events: list[Event]) -> None:
        if not self._jumps:
            return
        w = self._jumps[None]
        # Every offered seat has passed, or is now on turn (a seat only passes on a window
        # offered to it, so `done` is a part of `offered`).
        done, offered, turn = w.done, w.offered, self.turn
        if len(done) + (turn in offered and turn not in done) == len(offered):
            self.windows.close("jump-in")
            events.append(window_closed(reason))

    def _open_uno(self, target: int, t: float, events: list[Event]) -> None:
        self.uno_serial += 1
        w = self.windows.open("uno", self._everyone, t, float(self.options["reaction_seconds"]), about=target)
        events.append(UnoWindowOpened(target, self._everyone, t, w.deadline))

    def _close_uno(self, target: int, reason: str, events: list[Event]) -> None:
        self.windows.close("uno", target)
        self.uno_serial += 1
        events.append(UnoWindowClosed(target, reason))

    def _on_Expire(self, action: Expire, t: float) -> list[Event]:
        if action.seat != TABLE:
            raise NotYourTurn("only the table closes a window on time")
        if self.phase != PLAY:
            raise WrongPhase("no reaction window is open")
        self.windows.check_expire(t)
        events: list[Event] = []
        for kind, target in self.windows.due(t):
            if kind == "jump-in":
                self.windows.close(kind)
                events.append(window_closed("time"))
            else:
                self._close_uno(target, "time: nobody called", events)  # type: ignore[arg-type]
        return events

    # -- claims: a jump-in's lost race, UNO calls, passes --------------------------------------
    def _check_lost_race(self, seat: int, card: Card, t: float) -> None:
        """Two claims on one card: the one that landed first counts; the other, identical to the
        card now covered, is refused in front of everybody."""
        if self.covered is None:
            return
        old, window, turn_then, claimable = self.covered
        if (claimable and card.rank == old.rank and card.suit == old.suit and seat != turn_then
                and window.is_open_to(seat) and (window.deadline is None or t < window.deadline)):
            raise LostRace(f"{card_name(old)} was covered first: the {card_name(card)} goes back to the hand",
                           (ClaimLost(seat, card),), note=Note.of("refusal.covered-first", card=card, top=old))

    def _on_CallUno(self, action: CallUno, t: float) -> list[Event]:
        seat, target = action.seat, action.target
        if self.phase != PLAY:
            raise WrongPhase("there is nobody to call UNO on now", note=Note.of("refusal.no-uno-to-call"))
        w = self._unos.get(target)
        if w is None:
            raise WindowClosed(f"seat {target} has no open UNO window", note=Note.of("refusal.uno-chance-gone"))
        w.check_claim(seat, t)
        if self.owed[seat]:
            raise StillDrawing(f"seat {seat} must finish drawing first",
                               note=Note.of("refusal.finish-drawing", n=self.owed[seat]))
        events: list[Event] = [UnoCalled(seat, target)]
        if seat == target:
            self.uno_called[seat] = self.hand_serial[seat]
            self._close_uno(target, "called in time", events)
        else:
            self._close_uno(target, "caught", events)
            given = self._give(target, UNO_PENALTY, events)
            events.append(PenaltyGiven(target, "caught without calling UNO", given))
        return events

    def _on_Pass(self, action: Pass, t: float) -> list[Event]:
        # The most frequent action (every seat offered a jump-in passes on it): the window is
        # looked up once, the checks in the order _windows_open_to and check_claim make them.
        seat = action.seat
        if self.phase != PLAY:
            raise WrongPhase("there is no window to pass on", note=Note.of("refusal.no-window-to-pass"))
        jump = self._jumps.get(None)
        if jump is not None and (seat == self.turn or seat not in jump.offered or seat in jump.done):
            jump = None   # not open to this seat
        unos = self._unos
        if not 0 <= seat < self.seats or (jump is None and not self._windows_open_to(seat)):
            raise WindowClosed(f"seat {seat} has no open window to pass on", note=Note.of("refusal.no-window-to-pass"))
        if self.owed[seat]:
            raise StillDrawing(f"seat {seat} must finish drawing first",
                               note=Note.of("refusal.finish-drawing", n=self.owed[seat]))
        if jump is not None and jump.deadline is not None and t >= jump.deadline:
            jump.check_claim(seat, t)   # (open to the seat, checked above: it raises for the deadline)
        if unos:
            for w in unos.values():
                if seat not in w.done:
                    w.check_claim(seat, t)
        events: list[Event] = [passed(seat)]
        if jump is not None:
            jump.done.add(seat)
            self._maybe_close_jump("every other seat has passed", events)
        if unos:
            for target in list(unos):
                w = unos[target]
                if seat not in w.done:
                    w.mark_done(seat)
                    if w.everyone_done:
                        self._close_uno(target, "everyone passed: nobody called", events)
        return events
