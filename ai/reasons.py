"""Why a bot chose its move, as data: a key and the numbers the words need.

A bot sets `last_reason` while deciding (the coach shows it to a person). It says no words itself:
the client words each key in the player's language (game/client/table/coach.py), so a German
player's coach speaks German. Every key a bot may give is listed here with the values it carries;
a key not listed is a bug caught where it is made.
"""

from __future__ import annotations

from dataclasses import dataclass

# key: the names of its values (all whole numbers)
KEYS: dict[str, tuple[str, ...]] = {
    # Kombio
    "kombio.no_match": ("rank",),             # a reaction passed: no card of the discard's value known
    "kombio.match_own": ("rank",),
    "kombio.match_opponent": ("rank",),
    "kombio.call": ("total",),                # the hand's estimated worth
    "kombio.take_discard": ("rank", "gain"),
    "kombio.draw_fresh": ("rank",),
    "kombio.draw_no_discard": (),
    "kombio.replace_known": ("rank",),
    "kombio.replace_unknown": (),
    "kombio.play_for_ability": (),
    "kombio.play_no_gain": (),
    # Combat UNO
    "combat_uno.take_stack": ("count",),
    "combat_uno.draw": (),
    "combat_uno.stack": (),
    "combat_uno.slow_next": (),
    "combat_uno.wild": (),
    "combat_uno.shed": (),
    # 16 Combos
    "sixteen_combos.target_value": ("value",),
    "sixteen_combos.target_best": (),
    "sixteen_combos.pass": (),
    "sixteen_combos.announce": (),
}


@dataclass(frozen=True)
class Reason:
    key: str
    values: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        names = KEYS.get(self.key)
        if names is None:
            raise ValueError(f"no such reason key: {self.key!r}")
        if tuple(n for n, _ in self.values) != names:
            raise ValueError(f"reason {self.key!r} takes {names}, not {[n for n, _ in self.values]}")

    def value_dict(self) -> dict[str, int]:
        return dict(self.values)


def reason(key: str, **values: int) -> Reason:
    """A Reason, its values given in the order KEYS lists them."""
    return Reason(key, tuple(values.items()))
