"""What the bot tests share: a recorder around an agent (everything it is given, everything it
answers, answers outside the legal list), replaying those inputs into a fresh bot, and a check that
a bot holds no reference to the game or the session (it must play from its observations only)."""

from __future__ import annotations

from game.core.game import Game
from game.core.session import Intent, Session


class Recorder:
    """Wraps an agent: records what it is given and what it answers, and counts answers outside legal.
    Every view it decides on must be a ``view_type``."""

    def __init__(self, agent, view_type: type):
        self.agent = agent
        self.view_type = view_type
        self.inputs: list[tuple] = []
        self.outputs: list[Intent] = []
        self.outside_legal = 0

    def begin(self, seat, game_type, seats, options):
        self.inputs.append(("begin", seat, game_type, seats, dict(options)))
        self.agent.begin(seat, game_type, seats, options)

    def observe(self, events):
        self.inputs.append(("observe", list(events)))
        self.agent.observe(events)

    @property
    def notice(self):
        """The agent's `notice`, recorded (None when it has none, as the Session expects)."""
        inner = getattr(self.agent, "notice", None)
        if inner is None:
            return None

        def notice(view, legal, now):
            self.inputs.append(("notice", view, list(legal), now))
            inner(view, legal, now)
        return notice

    @property
    def clock(self):
        """The agent's `clock`, recorded (None when it has none, as the Session expects)."""
        inner = getattr(self.agent, "clock", None)
        if inner is None:
            return None

        def clock(now):
            self.inputs.append(("clock", now))
            inner(now)
        return clock

    def decide(self, view, legal, now):
        assert isinstance(view, self.view_type)
        self.inputs.append(("decide", view, list(legal), now))
        intent = self.agent.decide(view, legal, now)
        self.outside_legal += intent.action not in legal
        self.outputs.append(intent)
        return intent


def replay_inputs(recorder: Recorder, fresh) -> list[Intent]:
    """What ``fresh`` (a new bot with the same seed) decides when given exactly what ``recorder``'s bot was."""
    replayed = []
    for item in recorder.inputs:
        if item[0] == "begin":
            fresh.begin(*item[1:])
        elif item[0] == "observe":
            fresh.observe(item[1])
        elif item[0] == "notice":
            fresh.notice(*item[1:])
        elif item[0] == "clock":
            fresh.clock(*item[1:])
        else:
            replayed.append(fresh.decide(*item[1:]))
    return replayed


def holds_game(obj, depth=0, seen=None) -> bool:
    """``obj`` reaches a Game or a Session within a few references."""
    seen = seen if seen is not None else set()
    if id(obj) in seen or depth > 4:
        return False
    seen.add(id(obj))
    if isinstance(obj, (Game, Session)):
        return True
    if isinstance(obj, dict):
        return any(holds_game(v, depth + 1, seen) for v in obj.values())
    if isinstance(obj, (list, tuple, set)):
        return any(holds_game(v, depth + 1, seen) for v in obj)
    if hasattr(obj, "__dict__"):
        return any(holds_game(v, depth + 1, seen) for v in vars(obj).values())
    return False
