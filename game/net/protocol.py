"""The messages between a host and its clients: JSON text, one object per WebSocket message.

Everything a client sends is untrusted. `parse_client` checks a message against its schema
before the host looks at it: the exact keys of its type, exact types (1.0 is not 1, true is not
1), bounded numbers and short printable strings, and the size of the text itself. A message that
fails is refused with a ProtocolError whose text is one line (the host logs it and goes on).
Nothing in a message names a file or a module; actions are decoded against the variant's own
vocabulary (game.core.actions.action_from_json), views and events by game.net.codec.

Client to host:
    hello    {protocol, code, name, token}      join (token null) or rejoin a seat (its token); name
                                                "" when the player chose none
    pong     {n, t2, t3}                        answers ping n: when it arrived, when this left
    shown    {version, at, hash}                the client's screen shows this version now (its
                                                clock), and its view of it hashes to `hash`
    act      {n, version, action, reaction, at} an action decided on `version`, `reaction`
                                                seconds after the screen showed it
    next     {round}                            ready for the next round (after round `round`)
    rematch  {}                                 would like a rematch
    bye      {}                                 leaving

Host to client (built by the host, checked by the client too: a host can be anyone; the keys
of each are game.net.client.HOST_TYPES):
    welcome {protocol, seat, token, table, host, n}    the seat, its token, the table, the seat's
                                                       last action number (a rejoin goes on from it)
    lobby {seats, started}
    step {version, t, events, view, legal, hash, closes, round, between}
                                                       one applied action: its events redacted for
                                                       the seat, the seat's view, legal actions
    state {... as step, plus last_action, last_events, round_events, table, seats, paused}
                                                       everything at once (a start or a rejoin)
    facts {events}  refused {n, error, reason}  ping {n, t1}  seat {seat, status, wait}
    paused {paused, seats}  said {key, values}  end {record}  error {reason, key}

Versions: a hello names the client's PROTOCOL; a host speaking another refuses it with an error
of the one shape every version reads, {reason} (English: the client does not know the host's
words), and closes. Within a version, what a player reads is data, never the host's sentences:
a lobby line is `said` {key, values} (game.net.host.LINES), an error's `key` (host.ERRORS) is
worded by the client (its `reason` is the English, for logs and an unknown key), `paused` names
the seats waited for, and a seat whose player chose no name is "" in the lobby's rows (each screen
says "Player n" in its own language; a record's seats carry the host's words for it).
Version 2: said, paused's seats, error's key, unnamed seats (version 1 sent English lines).
"""

from __future__ import annotations

import json
import math
from typing import Any

from game.core import schema
from game.core.errors import CardhallError
from game.core.files import UnreadableFile, parse_json

PROTOCOL = 2
MAX_CLIENT_MESSAGE = 8 * 1024          # bytes: the longest thing a client sends is an action
MAX_HOST_MESSAGE = 8 * 1024 * 1024     # the match's record at its end is the longest
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"   # no 0/O, 1/I/L: read aloud or typed, never mistaken
CODE_LENGTH = 6
NAME_MAX = 16                          # as the setup screen's names
TOKEN_MAX = 64
MAX_VERSION = 10 ** 9
MAX_SECONDS = 10 ** 9                  # a client's monotonic clock reading

CLIENT_TYPES = {
    "hello": ("protocol", "code", "name", "token"),
    "pong": ("n", "t2", "t3"),
    "shown": ("version", "at", "hash"),
    "act": ("n", "version", "action", "reaction", "at"),
    "next": ("round",),
    "rematch": (),
    "bye": (),
}


class ProtocolError(CardhallError):
    """A message that is not one the protocol has: refused, and said in one line."""


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def loads(text: Any, limit: int) -> dict[str, Any]:
    """A message's JSON object, strictly parsed; ProtocolError if it is not one."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        raise ProtocolError("binary messages are not part of the protocol")
    if not isinstance(text, str):
        raise ProtocolError("a message must be text")
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        raise ProtocolError(f"a message of more than {limit} bytes")
    try:
        data = parse_json(text)
    except UnreadableFile as exc:
        raise ProtocolError(f"not a message: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("a message must be an object with a type")
    return data


def parse_client(text: Any) -> dict[str, Any]:
    """A client's message, checked: its type's exact keys, types and bounds."""
    data = loads(text, MAX_CLIENT_MESSAGE)
    kind = data["type"]
    keys = CLIENT_TYPES.get(kind)
    if keys is None:
        raise ProtocolError(f"unknown message type {kind[:20]!r}")
    if set(data) != {"type", *keys}:
        missing = sorted(set(keys) - set(data))
        extra = sorted(set(data) - {"type", *keys})
        raise ProtocolError(f"{kind}: " + (f"missing {', '.join(missing)}" if missing else
                                           f"unexpected {', '.join(map(repr, extra))[:80]}"))
    try:
        _CHECKS[kind](data)
    except schema.SchemaError as exc:
        raise ProtocolError(f"{kind}: {exc}") from None
    return data


def _seconds(value: Any, where: str, lo: float = 0.0, hi: float = MAX_SECONDS) -> float:
    return float(schema.number(value, where, lo, hi))


def _hello(m: dict) -> None:
    schema.integer(m["protocol"], "protocol", 0, 10_000)
    code = schema.text(m["code"], "code", 12)
    if any(c not in CODE_ALPHABET for c in code.upper()):
        raise schema.SchemaError("code: not a table code")
    schema.text(m["name"], "name", NAME_MAX, empty=True)     # ("": the player chose no name)
    if m["token"] is not None:
        token = schema.text(m["token"], "token", TOKEN_MAX)
        if not all(c.isalnum() or c in "-_" for c in token):
            raise schema.SchemaError("token: not a seat token")


def _pong(m: dict) -> None:
    schema.integer(m["n"], "n", 0, MAX_VERSION)
    _seconds(m["t2"], "t2")
    _seconds(m["t3"], "t3")


def _shown(m: dict) -> None:
    schema.integer(m["version"], "version", 0, MAX_VERSION)
    _seconds(m["at"], "at")
    digest = schema.text(m["hash"], "hash", 40)
    if any(c not in "0123456789abcdef" for c in digest):
        raise schema.SchemaError("hash: not a hash")


def _act(m: dict) -> None:
    schema.integer(m["n"], "n", 0, MAX_VERSION)
    schema.integer(m["version"], "version", 0, MAX_VERSION)
    schema.obj(m["action"], "action")
    _seconds(m["reaction"], "reaction", 0.0, 86_400.0)
    _seconds(m["at"], "at")


def _next(m: dict) -> None:
    schema.integer(m["round"], "round", 0, 100_000)


def _nothing(m: dict) -> None:
    pass


_CHECKS = {"hello": _hello, "pong": _pong, "shown": _shown, "act": _act, "next": _next,
           "rematch": _nothing, "bye": _nothing}


def new_code(rng: Any) -> str:
    """A table code: six characters a person reads out or types without mistaking one for another
    (about 10^9 codes: guessing one over the network takes longer than any match lasts, and the
    host drops a connection after a wrong one)."""
    return "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def finite(value: float) -> float:
    return value if math.isfinite(value) else 0.0
