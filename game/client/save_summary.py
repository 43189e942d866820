"""What Continue says of a saved match ("3 players · round 2 of 5"), worded when it is shown.

A table saves where its match stands as data (`where_it_stands`: the round, the rounds the match
plays, and whether the game calls a round an encounter), so a match saved in English reads in
German once the player has switched. Saves from before kept English words in "summary"; those of
the shape the tables wrote are worded again, anything else is shown as it was saved.
"""

from __future__ import annotations

import re
from typing import Any

from game.i18n import _l, ngettext

# A round's name as each game says it (the table's round_kind): where the match stands, without
# and with the number of rounds it plays.
ROUND_WORDS = {
    "round": (_l("round {n}"), _l("round {n} of {total}")),
    "encounter": (_l("encounter {n}"), _l("encounter {n} of {total}")),
}
# What the tables wrote into "summary" before: "3 players", "3 players · round 2 of 5".
OLD_SUMMARY = re.compile(r"(\d+) players?(?: · (round|encounter) (\d+)(?: of (\d+))?)?")


def where_it_stands(round_now: int, rounds: int | None, kind: str) -> dict[str, Any]:
    """The save's data for Continue: nothing before the first round or in a match of one round
    ("round 1" said nothing there)."""
    if not round_now or rounds == 1:
        return {}
    return {"round": round_now, "round_kind": kind, **({"rounds": rounds} if rounds else {})}


def summary_words(record: Any, meta: dict[str, Any]) -> str:
    """The saved match in the player's language now: "3 Spieler · Runde 2 von 5"."""
    players, round_now = len(record.seats), meta.get("round")
    kind, rounds = meta.get("round_kind"), meta.get("rounds")
    old = meta.get("summary")
    if not isinstance(round_now, int) and isinstance(old, str) and old:
        found = OLD_SUMMARY.fullmatch(old)
        if found is None:
            return old
        players = int(found[1])
        round_now, kind, rounds = int(found[3] or 0), found[2], int(found[4] or 0)
    words = ngettext("{n} player", "{n} players", players).format(n=players)
    if isinstance(round_now, int) and round_now > 0:
        without, with_total = ROUND_WORDS.get(kind, ROUND_WORDS["round"])       # type: ignore[arg-type]
        where = (with_total.format(n=round_now, total=rounds) if isinstance(rounds, int) and rounds > 0
                 else without.format(n=round_now))
        words += " · " + where
    return words
