"""Runs a game with agents on a clock the caller passes in.

The same driver serves the headless simulator (a simulated clock that jumps to the next due
moment) and the client (the real clock, advanced every frame). Bots are asked for an intent when
they may act; the intent fires after the bot's delay, unless the situation it was decided in has
changed by then, in which case it is dropped and the bot is asked again. Humans submit actions
directly. The table's own actions (a window expiring, the next round) fall due on the same clock.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Protocol

from game.core.actions import Action, Pass, StartRound
from game.core.errors import IllegalAction, ShownRefusal
from game.core.events import Event
from game.core.frozen import quick_init
from game.core.game import Game


@quick_init   # made for every ask of a bot (game.core.frozen)
@dataclass(frozen=True, slots=True)
class Intent:
    action: Action
    delay: float  # seconds from the moment the agent was asked


class Agent(Protocol):
    """A bot may also count `fallbacks`: decisions its model had no answer for, when it played a
    default legal action instead. Session.fallbacks sums them. Two optional class flags save the
    Session work for a bot that needs less: `reads_view = False` (it is given a Glance, not its
    view) and `hears_events = False` (its observe is never called: it learns nothing from events).

    A bot whose only legal action is Pass is not asked while the table will move on by itself (a
    window's deadline is due): like a person with nothing to play, it lets the window run out. It
    is asked again as soon as its situation changes. A bot that keeps time of what it sees (when a
    card reached its hand, since when an action was open) may define `notice(view, legal, now)`:
    it is told so at each such moment instead of being asked (a wrapper passes on its inner bot's
    `notice`, or None, so a bot without one costs no view).

    A bot whose memory fades with time may define `clock(now)`: it is told the time of each batch
    of events just before it observes them. What it remembers then depends on its events and their
    times alone, never on when it was asked, so a match rebuilt from its record (continued, or
    replayed round by round) rebuilds the bot's memory exactly (a wrapper passes it on like `notice`)."""

    def begin(self, seat: int, game_type: type[Game], seats: int, options: dict[str, Any]) -> None: ...

    def observe(self, events: list[Event]) -> None: ...

    def decide(self, view: Any, legal: list[Action], now: float) -> Intent: ...


@dataclass(frozen=True, slots=True)
class Glance:
    """All a bot that declares `reads_view = False` is given instead of its view (the random
    baseline): building a whole view it never reads was half of a simulation's time."""
    seat: int
    out_of_turn: bool


@dataclass(slots=True)
class _Pending:
    due: float
    order: float   # settles equal due times (a fair draw)
    action: Action
    situation: Hashable


@dataclass(slots=True)
class _Claim:
    due: float     # the moment it counts at (network play: the claimant's reaction, see claim())
    order: float   # settles equal due times, like an intent's
    action: Action
    tag: Any       # the caller's, handed back to on_claim


class Session:
    def __init__(self, game: Game, agents: dict[int, Agent], *, auto_start_rounds: bool = True,
                 listener: Callable[[list[Event]], None] | None = None,
                 watchers: dict[int, Agent] | None = None):
        self.game = game
        self.agents = agents
        # Agents that follow a seat's events like its bot would, but never act: the coach beside a
        # human player learns exactly what that player has seen.
        self.watchers = dict(watchers or {})
        self.auto_start_rounds = auto_start_rounds
        self.listener = listener
        self.pending: dict[int, _Pending] = {}
        # Equal due times are settled by a draw, not by seat order: fair, and the same every time
        # the match is played from the same seed (its own stream, so the game's deal is untouched).
        self._ties = random.Random(f"session ties {game.seed}")
        self.dropped = 0
        self.illegal = 0
        # Claims that compete with the bots' intents at a time of their own (network play, see
        # claim()); told to on_claim(action, tag, events or None, refusal or None) once settled.
        self.claims: list[_Claim] = []
        self.on_claim: Callable[[Action, Any, list[Event] | None, IllegalAction | None], None] | None = None
        self.refused_claims = 0
        # What the table looked like at one version: the game changes only through apply(), which
        # bumps `version`, so everything asked of it in between is asked once (views and legal
        # actions per seat, when a bot is asked; who may act and the table's own action always).
        self._seen_version = -1
        self._acting: tuple[int, ...] = ()
        self._table: tuple[Action, float | None] | None = None
        self._situations: dict[int, Hashable] = {}
        self._views: dict[int, Any] = {}
        self._legal: dict[int, list[Action]] = {}
        self._scheduled_at = -1   # the version whose bots have all been asked (nothing to redo until it changes)
        # Bots left to let a window run out (see Agent): the situation they were left in, and their
        # place among equal due times, drawn then as for an ask (used if they are hurried to pass).
        self._waiting: dict[int, tuple[Hashable, float]] = {}
        self._know_agents()
        for seat, agent in self._followers:
            agent.begin(seat, type(game), game.seats, dict(game.options))

    def _know_agents(self) -> None:
        """Work out once who is told events, who is given a glance, who notices and who keeps time."""
        agents = self.agents
        self._followers = list(agents.items()) + list(self.watchers.items())   # who is told every event
        # Of those, the ones that learn from events at all (the random baseline declares
        # `hears_events = False`: redacting every event for an agent that drops it was a tenth of a
        # simulation's time). Nobody is told more than before, only some are told nothing.
        self._listeners = [(seat, agent) for seat, agent in self._followers
                           if getattr(agent, "hears_events", True)]
        # The seats whose bot is given a Glance, and the glances (immutable, so made once).
        self._glancers = {seat for seat, agent in agents.items() if not getattr(agent, "reads_view", True)}
        self._glances = {(seat, out): Glance(seat, out) for seat in self._glancers for out in (False, True)}
        self._noticers = {seat: notice for seat, agent in agents.items()
                          if (notice := getattr(agent, "notice", None)) is not None}
        self._clocks = [clock for _, agent in self._listeners if (clock := getattr(agent, "clock", None)) is not None]

    def seat_agent(self, seat: int, agent: Agent | None) -> None:
        """A bot takes `seat` from now on (None: nobody, a person plays it again). Network play: a
        player who dropped is replaced, and gets the seat back on rejoining. The caller tells a new
        bot what it should know first (its `begin` is called here); nothing that seat had pending
        stays."""
        self.pending.pop(seat, None)
        self._waiting.pop(seat, None)
        if agent is None:
            self.agents.pop(seat, None)
        else:
            self.agents[seat] = agent
            agent.begin(seat, type(self.game), self.game.seats, dict(self.game.options))
        self._know_agents()
        self._scheduled_at = -1

    @property
    def fallbacks(self) -> int:
        """Default choices the bots fell back on so far: a gap in a bot, counted like `illegal`."""
        return sum(getattr(agent, "fallbacks", 0) for agent in self.agents.values())

    # -- applying -----------------------------------------------------------------------------
    def apply(self, action: Action, t: float) -> list[Event]:
        t = max(t, self.game.now)
        try:
            events = self.game.apply(action, t)
        except ShownRefusal as refusal:
            # Refused, but in front of everybody (a claim that lost a race): pass the facts on.
            self._publish(list(refusal.events), t)
            raise
        self._publish(events, t)
        return events

    def _publish(self, events: list[Event], t: float) -> None:
        for clock in self._clocks:
            clock(t)
        # Most events are public: one list serves every seat. Only an event with hidden faces is
        # redacted, and the blanked copy is made once for all the seats that may not see them; a
        # seat the faces are shown to gets the event itself.
        followers = self._listeners
        if followers:
            hides = [e.hides_cards() for e in events]
            if not any(hides):
                for _, agent in followers:
                    agent.observe(list(events))
            else:
                blanked: dict[int, Event] = {}
                for seat, agent in followers:
                    out = []
                    for e, hidden in zip(events, hides):
                        if hidden and seat not in e.shown_to:  # type: ignore[attr-defined]
                            copy = blanked.get(id(e))
                            if copy is None:
                                copy = blanked[id(e)] = e.for_seat(seat)
                            e = copy
                        out.append(e)
                    agent.observe(out)
        if self.listener is not None:
            self.listener(events)

    def submit(self, action: Action, t: float) -> list[Event]:
        """A human's action. Raises IllegalAction (and changes nothing) if it is not allowed; a
        ShownRefusal's events are passed on to every seat first."""
        return self.apply(action, t)

    def claim(self, action: Action, t: float, tag: Any = None) -> None:
        """An action that counts at time `t` and competes there with the bots' pending intents:
        advance() applies it in time order with them (equal times settled by a draw), once `t` is
        within the horizon it is given. Network play: a remote player's claim reaches the host
        after its moment, and a person at the host is held beside it (docs/network.md). Nothing
        is raised here: a refusal (a race lost, a situation gone) is counted in `refused_claims`
        and told to `on_claim`, with the applied events otherwise."""
        self.claims.append(_Claim(t, self._ties.random(), action, tag))

    def start_round(self, t: float, deck: tuple[str, ...] | None = None) -> list[Event]:
        return self.apply(StartRound(deck=tuple(deck) if deck is not None else None), t)

    # -- scheduling ---------------------------------------------------------------------------
    def _refresh(self) -> None:
        """Forget what was asked of the table if it has changed since."""
        game = self.game
        if game.version != self._seen_version:
            self._seen_version = game.version
            self._acting = game.seats_to_act()
            self._table = game.table_action()
            self._situations.clear()
            self._views.clear()
            self._legal.clear()

    @property
    def version(self) -> int:
        """Goes up with every applied action: what a caller caches by."""
        return self.game.version

    @property
    def now(self) -> float:
        return self.game.now

    @property
    def last_step(self) -> tuple[float, Action] | None:
        """The step applied last, (t, action): what a listener's events came from (a refused
        claim's facts come from no step, and leave `version` as it was)."""
        history = self.game.history
        return history[-1] if history else None

    def view(self, seat: int) -> Any:
        """`observe(seat)`, computed once per change of the table (bots and the client share it)."""
        self._refresh()
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.game.observe(seat)
        return view

    def legal(self, seat: int) -> list[Action]:
        """`legal_actions(seat)`, computed once per change of the table."""
        self._refresh()
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = self.game.legal_actions(seat)
        return legal

    def _schedule(self) -> None:
        # Bots are asked at the moment the situation arose, so their delays count from then.
        game = self.game
        version = game.version
        if self._scheduled_at == version:
            return
        if version != self._seen_version:
            self._refresh()
        now = game.now
        acting = self._acting
        pending = self.pending
        situations = self._situations
        situation_for = game.situation_for
        if pending:
            for seat in list(pending):
                if seat not in acting:
                    del pending[seat]
                    self.dropped += 1
                    continue
                situation = situations.get(seat, self)
                if situation is self:
                    situation = situations[seat] = situation_for(seat)
                if pending[seat].situation != situation:
                    del pending[seat]
                    self.dropped += 1
        waiting = self._waiting
        if waiting:
            for seat in list(waiting):
                if seat not in acting:
                    del waiting[seat]
        # The table moves on by itself (a deadline is due): a seat that could only pass waits.
        table = self._table
        deadline_due = table is not None and table[1] is not None
        agents = self.agents
        glancers = self._glancers
        known_legal = self._legal
        ties = self._ties.random
        for seat in acting:
            if seat in pending:
                continue
            agent = agents.get(seat)
            if agent is None:
                continue
            situation = situations.get(seat, self)
            if situation is self:
                situation = situations[seat] = situation_for(seat)
            left = waiting.get(seat)
            if left is not None and left[0] == situation:
                continue
            legal = known_legal.get(seat)
            if legal is None:
                legal = known_legal[seat] = game.legal_actions(seat)
            if not legal:
                continue
            if deadline_due and len(legal) == 1 and type(legal[0]) is Pass:
                waiting[seat] = (situation, ties())
                notice = self._noticers.get(seat)
                if notice is not None:
                    notice(self.view(seat), legal, now)
                continue
            view = self._glances[seat, game.acts_out_of_turn(seat)] if seat in glancers else self.view(seat)
            intent = agent.decide(view, legal, now)
            delay = intent.delay
            pending[seat] = _Pending(now + (delay if delay > 0.0 else 0.0), ties(), intent.action, situation)
        self._scheduled_at = version

    def _table_due(self, now: float) -> tuple[Action, float] | None:
        self._refresh()
        pending = self._table
        if pending is None:
            return None
        action, due = pending
        if due is None:
            if not (self.auto_start_rounds and isinstance(action, StartRound)):
                return None
            due = now
        return action, due

    def hurry(self, kind: type[Action], now: float) -> int:
        """Bring the bots' pending intents of this kind forward to `now` (never later than they
        were due); returns how many. The table uses it for passes: once every person at the screen
        has passed a reaction window, the bots that were only going to pass do so at once, so the
        window closes when the people pass (a bot that is going to claim keeps its own pace). Only
        the timing of a decision already made changes: no bot is asked anything new. A bot left
        waiting with nothing but Pass (see Agent) passes now too, when `kind` is Pass."""
        self._schedule()
        hurried = 0
        at = max(now, self.game.now)
        for p in self.pending.values():
            if isinstance(p.action, kind) and p.due > now:
                p.due = at
                hurried += 1
        if issubclass(Pass, kind):
            for seat, (situation, order) in self._waiting.items():
                self.pending[seat] = _Pending(at, order, Pass(seat), situation)
                hurried += 1
            self._waiting.clear()
        return hurried

    def next_due(self, now: float | None = None) -> float | None:
        """The next moment something will happen on its own (for a simulated clock)."""
        now = self.game.now if now is None else now
        if self.game.over:
            return None
        self._schedule()
        times = [p.due for p in self.pending.values()] + [c.due for c in self.claims]
        table = self._table_due(now)
        if table is not None:
            times.append(table[1])
        return min(times) if times else None

    def advance(self, now: float, limit: int = 10_000, horizon: Callable[[], float] | None = None) -> int:
        """Fire everything due by `now`, in order. Returns how many actions were applied. Refused
        actions count toward `limit` too, so an agent that keeps offering an illegal action (or a
        saved time far in the future) cannot hold the caller in this loop.

        `horizon` (network play) holds back what is due after the time it returns, asked again
        after every action: a remote player's claim for an earlier moment may still be on its
        way (game.net.race)."""
        applied = attempts = 0
        claims = self.claims
        while attempts < limit and not self.game.over:
            attempts += 1
            self._schedule()
            until = now if horizon is None else min(now, horizon())
            best: tuple[float, float, Action, int | None] | None = None
            for seat, p in self.pending.items():
                if p.due <= until and (best is None or (p.due, p.order) < best[:2]):
                    best = (p.due, p.order, p.action, seat)
            claimed: _Claim | None = None
            for c in claims:
                if c.due <= until and (best is None or (c.due, c.order) < best[:2]):
                    best, claimed = (c.due, c.order, c.action, None), c
            table = self._table_due(now)
            if table is not None and table[1] <= until and (best is None or table[1] < best[0]):
                best, claimed = (table[1], -1, table[0], None), None
            if best is None:
                break
            due, _, action, seat = best
            if seat is not None:
                del self.pending[seat]
                self._scheduled_at = -1   # if it is refused, that seat is asked again
            if claimed is not None:
                claims.remove(claimed)
                applied += self._settle(claimed, due)
                continue
            try:
                self.apply(action, due)
            except IllegalAction:
                self.illegal += 1
                continue
            applied += 1
        return applied

    def _settle(self, claim: _Claim, due: float) -> bool:
        """Apply a claim whose moment has come and tell on_claim how it went; True if applied."""
        try:
            events = self.apply(claim.action, due)
        except IllegalAction as refusal:
            self.refused_claims += 1
            if self.on_claim is not None:
                self.on_claim(claim.action, claim.tag, None, refusal)
            return False
        if self.on_claim is not None:
            self.on_claim(claim.action, claim.tag, events, None)
        return True

    def run_to_end(self, max_actions: int = 1_000_000) -> float:
        """Play on a simulated clock until the match ends; returns the final time. The same order
        as calling `advance(next_due())` until the end (the earliest intent fires, equal times
        settled by the draw, the table's action first only when strictly earlier), without
        scheduling three times per action. Refused actions count toward `max_actions` too."""
        game = self.game
        pending = self.pending
        attempts = 0
        while not game.over:
            attempts += 1
            if attempts > max_actions:
                raise RuntimeError("the match did not end within the action limit")
            self._schedule()   # (also brings _table up to this version)
            best = None
            best_seat = -1
            for seat, p in pending.items():
                if best is None or p.due < best.due or (p.due == best.due and p.order < best.order):
                    best, best_seat = p, seat
            table = self._table
            if table is not None and table[1] is None:   # the next round: at once, if rounds start on their own
                table = (table[0], game.now) if self.auto_start_rounds and isinstance(table[0], StartRound) else None
            if table is not None and (best is None or table[1] < best.due):  # type: ignore[operator]
                action, due = table
            elif best is not None:
                action, due = best.action, best.due
                del pending[best_seat]
                self._scheduled_at = -1   # if it is refused, that seat is asked again
            else:
                raise RuntimeError(f"the game is stuck in phase {getattr(game, 'phase', '?')}: nobody can act")
            try:
                self.apply(action, due)
            except IllegalAction:
                self.illegal += 1
        return game.now


def run_to_end(session: Session, max_actions: int = 1_000_000) -> float:
    """Play a session on a simulated clock until the match ends; returns the final time."""
    return session.run_to_end(max_actions)
