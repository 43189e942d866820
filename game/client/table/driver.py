"""The match driver: the one client object that holds the Game and its Session.

Everything else in the client draws from what the driver hands out: a seat's view
(``view(seat)``, i.e. ``observe(seat)``; seat -1 is the spectator), a seat's legal actions, and
the events of every action, redacted for the people at this screen. It uses only the engine's
public API (see tests/client/test_no_engine_reads.py): the record builds the game, the Session
submits, advances and deals, and ``GameRecord.of`` snapshots the match for saving.

Saving runs off the frame path: after every action the newest record is handed to a MatchSaver
(the new steps are appended to its journal at once; a worker thread fsyncs and compacts it into
a snapshot); round ends, the match end, pause and quit flush it.

Take-back: at a table of one player and bots, a TakeBackLedger follows every step (replayed or
played) for that player; ``last_move()`` says what taking back would undo, and
``record_before_last_move()`` is the record cut just before it, from which the table builds the
match again (the same seed and actions: the same cards, the deck in the same order).
"""

from __future__ import annotations

from typing import Any, Callable

from game.client.storage import MatchSaver
from game.core.actions import Action, Pass, StartRound
from game.core.events import Event
from game.core.record import GameRecord
from game.core.session import Agent, Session
from game.core.takeback import NOT_OFFERED, LastMove, TakeBackLedger, player_of
from game.core.view import SPECTATOR


class MatchDriver:
    def __init__(self, record: GameRecord, agents: dict[int, Agent], humans: list[int],
                 on_replay: Callable[[list[Event]], None] | None = None,
                 coaches: dict[int, Agent] | None = None):
        self.seat_infos = list(record.seats)
        self.humans = list(humans)
        self.take_backs = record.take_backs
        player = player_of(self.humans, len(self.seat_infos))     # (who may take moves back)
        self.ledger = TakeBackLedger(player) if player is not None else None
        self.game = record.new_game()
        self._listener: Callable[[list[Event]], None] | None = None    # none while the record replays
        # A coach per human seat follows that seat's events from the first deal (through the
        # replay too), so its advice rests on what that player has seen, never more.
        self.coaches = dict(coaches or {})
        self.session = Session(self.game, agents, auto_start_rounds=False, listener=self._deliver,
                               watchers=self.coaches)
        self._ledger_at = self.session.version     # the version the ledger has followed the match to
        self.last_events: list[Event] = []          # of the last action replayed
        self.round_events: list[Event] = []         # of the last deal replayed
        for t, action in record.actions:
            events = self.session.submit(action, t)
            self.last_events = [self.for_table(e) for e in events]
            if isinstance(action, StartRound):
                self.round_events = list(self.last_events)
            if on_replay is not None:
                on_replay(events)
        self.last_action: Action | None = record.actions[-1][1] if record.actions else None
        self.saver: MatchSaver | None = None

    # -- what the table reads (the session caches views and legal actions per version) ----------
    @property
    def version(self) -> int:
        return self.session.version

    @property
    def now(self) -> float:
        return self.session.now

    @property
    def over(self) -> bool:
        return self.view().over

    @property
    def seats(self) -> int:
        return self.view().seats

    def round_over(self) -> bool:
        """Between rounds: the next deal waits for the players."""
        return self.view().phase == "round_over"

    def view(self, seat: int = SPECTATOR) -> Any:
        """``observe(seat)``, the same object until the next action."""
        return self.session.view(seat)

    def legal(self, seat: int) -> list[Action]:
        return self.session.legal(seat)

    def for_table(self, event: Event) -> Event:
        """The copy of an event this screen may hold: its faces stay only if a human at the table
        may see them (the sprites then show each face only to its own player; a hot-seat curtain
        guards the moment); everything else is the spectator's copy."""
        shown_to = getattr(event, "shown_to", None)
        if shown_to is not None and any(h in shown_to for h in self.humans):
            return event
        return self.spectators_copy(event)

    @staticmethod
    def spectators_copy(event: Event) -> Event:
        """The event as nobody at the screen may see its faces (a public one as it is)."""
        return event if getattr(event, "shown_to", None) is None else event.for_seat(SPECTATOR)

    # -- acting ----------------------------------------------------------------------------------
    def listen(self, listener: Callable[[list[Event]], None]) -> None:
        """Every action's events from now on, redacted for this screen (``for_table``)."""
        self._listener = listener

    def _deliver(self, events: list[Event]) -> None:
        ledger = self.ledger
        if ledger is not None and self.session.version != self._ledger_at:   # (a step, not a refusal's facts)
            self._ledger_at = self.session.version
            ledger.follow(*self.session.last_step, events)
        if self._listener is not None:
            self._listener([self.for_table(e) for e in events])

    def submit(self, action: Action, t: float) -> None:
        """Raises IllegalAction (nothing changes) if the rules refuse."""
        self.session.submit(action, max(t, self.session.now))

    def start_round(self, t: float, deck: tuple[str, ...] | None = None) -> None:
        """Deal the next round; `deck` stacks it (a guided match's fixed deal)."""
        self.session.start_round(max(t, self.session.now), deck=deck)

    def advance(self, t: float) -> int:
        return self.session.advance(t)

    def next_due(self) -> float | None:
        """When the clock's next action is due (a bot's move, a window's end), or None."""
        return self.session.next_due()

    def hurry_passes(self, t: float) -> int:
        """The bots that were only going to pass the open window pass at `t` (see Session.hurry)."""
        return self.session.hurry(Pass, max(t, self.session.now))

    def has_coach(self, seat: int) -> bool:
        return seat in self.coaches

    def advise(self, seat: int) -> Any:
        """The coach's choice for `seat` now (an ai.coach.Advice), from that seat's view and legal
        actions only; None when the seat has no coach or nothing to do."""
        coach = self.coaches.get(seat)
        legal = self.session.legal(seat) if coach is not None else []
        if not legal:
            return None
        from ai.coach import advise

        return advise(coach, self.session.view(seat), legal, self.session.now)

    @property
    def illegal(self) -> int:
        """Bots' refused intents so far (the session counts them)."""
        return self.session.illegal

    # -- taking back -----------------------------------------------------------------------------
    def last_move(self) -> LastMove | None:
        """The player's last move this round, with why it may not be taken back if it may not;
        None when there is none (``take_back_refusal`` says why)."""
        return self.ledger.last_move() if self.ledger is not None else None

    def take_back_refusal(self) -> str:
        """Why nothing may be taken back now (a game.core.takeback reason), "" if it may."""
        return self.ledger.reason() if self.ledger is not None else NOT_OFFERED

    def record_before_last_move(self) -> GameRecord:
        """The record cut just before the player's last move, one more take-back counted (the
        table builds the match from it as for a continued match). Raises ValueError if that
        move may not be taken back."""
        move = self.last_move()
        if move is None or not move.allowed:
            raise ValueError(f"nothing may be taken back ({self.take_back_refusal()})")
        return self.record().taken_back_to(move.start)

    def adopt_saver(self, other: "MatchDriver") -> None:
        """Go on saving through `other`'s saver (the match it saved, rebuilt after a take-back):
        its next save, a record that does not continue the saved steps, rewrites the snapshot
        atomically and starts a new journal."""
        self.close_saver()
        self.saver, other.saver = other.saver, None

    # -- saving ----------------------------------------------------------------------------------
    def record(self) -> GameRecord:
        return GameRecord.of(self.game, self.seat_infos, take_backs=self.take_backs)

    def winners_lowest(self) -> bool:
        """Does the game's own result crown the lowest totals? (What the statistics call
        "lowest wins"; the winners themselves come from the record's result.)"""
        view = self.view()
        if not view.winners or not view.totals:
            return True
        return all(view.totals[w] == min(view.totals) for w in view.winners)

    def save(self, store: Any, meta: dict[str, Any]) -> None:
        """After an action: the finished match is counted at once; an unfinished one with a human
        seated is handed to the background saver. Raises OSError if writing failed."""
        if self.over:
            self.close_saver()
            store.record_finished(self.record(), lowest_wins=self.winners_lowest(), coached=bool(meta.get("coached")))
            return
        if not self.humans:
            return
        if self.saver is None:
            self.saver = MatchSaver(store)
        self.saver.save(self.record(), meta)
        if self.saver.error is not None:
            error, self.saver.error = self.saver.error, None
            raise error

    def flush(self) -> None:
        if self.saver is not None:
            self.saver.flush()
            if self.saver.error is not None:
                error, self.saver.error = self.saver.error, None
                raise error

    def close_saver(self) -> None:
        if self.saver is not None:
            saver, self.saver = self.saver, None
            saver.close()
