"""The table's words: engine refusals reworded for the player, narration in the second person for
the seat named "You", possessives and articles."""

from __future__ import annotations

import math
import re
from typing import Any

from game.client.narration.refusals import refusal_words
from game.core.errors import InvalidTarget, NotYourTurn, WindowClosed, WrongPhase
from game.i18n import N_, _

# The name a human seat is stored under when the player kept the default: it is an id, shown as
# "You" in the player's language (shown_name) and told in the second person (you_seats). Nothing
# compares the words on the screen.
YOU = "You"


def is_you(seat: Any) -> bool:
    """A record's or a setup's seat that is the player under the default name."""
    return getattr(seat, "kind", "human") == "human" and getattr(seat, "name", None) == YOU


def you_seats(seats: list) -> frozenset[int]:
    """The seats told in the second person: the humans under the default name."""
    return frozenset(i for i, s in enumerate(seats) if is_you(s))


def shown_name(seat: Any) -> str:
    """A seat's name as the screen shows it: "You" in the player's language for the default."""
    return _("You") if is_you(seat) else seat.name


def shown_names(seats: list) -> list[str]:
    return [shown_name(s) for s in seats]


def editable_name(stored: str) -> str:
    """A stored player name as a name field shows it: the default in the player's language."""
    return _("You") if stored == YOU else stored


def stored_name(typed: str) -> str:
    """A name field's text as stored: the default in the player's language stays the default (so
    it follows a change of language); any other name is kept as typed."""
    typed = typed.strip()
    return YOU if typed == _("You") else typed


# The rules' reasons for a penalty (English in the engines, for their logs), as the player reads them.
PENALTY_REASONS = {
    "wrong match from own grid": N_("wrong match from own grid"),
    "wrong match on an opponent's card": N_("wrong match on an opponent's card"),
    "wrong claim": N_("wrong claim"),
    "missed the pile": N_("missed the pile"),
    "follow-up mistake": N_("follow-up mistake"),
    "caught without calling UNO": N_("caught without calling UNO"),
}
NO_CARD_LEFT = " (no card left to draw)"


def penalty_words(reason: str) -> str:
    """A penalty's reason in the player's language ("(no card left to draw)" kept after it)."""
    tail = ""
    if reason.endswith(NO_CARD_LEFT):
        reason, tail = reason[:-len(NO_CARD_LEFT)], " " + _("(no card left to draw)")
    return (_(PENALTY_REASONS[reason]) if reason in PENALTY_REASONS else reason) + tail


def friendly(exc: Exception, names: list[str]) -> str:
    """An engine refusal in the player's words: its note (a key and values, set where the rules
    raise it) in the player's language; for a refusal with no note, the engine's message reworded."""
    words = refusal_words(getattr(exc, "note", None), names)
    if words is not None:
        return words
    text = str(exc)
    text = re.sub(r"seat (\d+)", lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), text)
    if isinstance(exc, NotYourTurn):
        return _("It is not your turn.")
    if isinstance(exc, WindowClosed):
        return _("Too late: the matching window has closed.") if "expired" in text else _("You already tried to match this card.")
    if isinstance(exc, WrongPhase):
        # The engine's own words where they are written for people ("discard first, then draw",
        # "there is nothing to pick up"); where they name its internals (an action's type, a
        # phase or a step) a plain refusal.
        if "phase:" in text or " step" in text or re.match(r"\w+ is not (possible|the ability)", text):
            return _("You cannot do that right now.")
        return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
    if isinstance(exc, InvalidTarget):
        return text[:1].upper() + text[1:] + "."
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


_YOU_VERBS = {"draws": "draw", "takes": "take", "plays": "play", "matches": "match", "calls": "call",
              "swaps": "swap", "does": "do", "discards": "discard", "looks": "look", "deals": "deal", "has": "have", "is": "are", "gives": "give",
              "names": "name", "jumps": "jump", "stacks": "stack", "passes": "pass", "must": "must",
              "wins": "win", "catches": "catch", "was": "were", "tries": "try", "gets": "get",
              "holds": "hold", "keeps": "keep", "scores": "score", "goes": "go", "picks": "pick",
              "wrongly": "wrongly", "claims": "claim", "loses": "lose", "empties": "empty",
              # 16 Combos
              "uses": "use", "counters": "counter", "reacts": "react", "places": "place", "attacks": "attack",
              "chooses": "choose", "raises": "raise", "steals": "steal", "defends": "defend", "targets": "target",
              "announces": "announce", "changes": "change", "sits": "sit",
              # Kabu, Kumbal
              "snipes": "snipe", "throws": "throw", "cuts": "cut", "reaches": "reach", "drops": "drop",
              "stops": "stop", "leaves": "leave"}


def subject_and(name: str, words: str) -> str:
    """A seat's name and what the rules say of it: "Bruno takes the card" where the words start with
    a verb, else "Bruno: caught without calling UNO" (you_form turns either round for You)."""
    return f"{name} {words}" if words.split(" ", 1)[0] in _YOU_VERBS else f"{name}: {words}"


def you_form(text: str) -> str:
    """Narration is written in the third person; a seat named "You" reads in the second, also after
    a lead-in such as "Round 2: " or a mark such as "✓ ". Elsewhere in a sentence "You" is "you"
    ("Ada catches you", "Caught by you"). Every message with a seat as subject goes through here."""
    # "You's" (a name made possessive by a caller that did not ask whose()) is "Your" / "your".
    text = re.sub(r"\bYou's\b", lambda m: "Your" if m.start() == 0 or text[max(0, m.start() - 2):m.start()]
                  in (": ", ". ", "! ") else "your", text)
    text = _YOU_OBJECT.sub("you", text)
    mark = re.match(r"^([^\w\s]+ )You ", text)
    if mark:
        return mark.group(1) + you_form(text[len(mark.group(1)):])
    said = re.match(r"^You: (\w+)( .*)?$", text)
    if said and said.group(1) in _YOU_VERBS:      # "You: takes the card" (a reason after a name)
        return f"You {_YOU_VERBS[said.group(1)]}{said.group(2) or ''}"
    lead, sep, clause = text.rpartition(": ")
    if sep and clause.startswith("You "):
        return lead + sep + you_form(clause)
    if text.startswith("You "):
        head, _, rest = text[4:].partition(" ")
        verb = head.rstrip(".!,:;")
        if verb in _YOU_VERBS:
            # a second verb joined by "and" follows the subject too ("You play a Wild and name red")
            for third, second in _YOU_VERBS.items():
                rest = rest.replace(f" and {third} ", f" and {second} ")
            return f"You {_YOU_VERBS[verb]}{head[len(verb):]} {rest}".rstrip()
    return text


# "You" inside a sentence (not at its start, not after ": " or "! " / ". " that start a clause).
_YOU_OBJECT = re.compile(r"(?<=[\w,] )You\b(?!')")


def turn_words(screen: Any, seat: int) -> str:
    """"Your turn" / "Ada's turn" (the screen's `you` seats read in the second person)."""
    if seat in screen.you:
        return _("Your turn")
    return _("{name}'s turn").format(name=screen.names[seat])


def its_turn(screen: Any, seat: int) -> str:
    """"It is Ada's turn." (a refusal out of turn) / "It is your turn." """
    if seat in screen.you:
        return _("It is your turn.")
    return _("It is {name}'s turn.").format(name=screen.names[seat])


def possessive_own(name: str) -> str:
    """"their own" / "your own": whose cards a seat moved among its own (no guessed gender)."""
    return "your own" if name == "You" else "their own"


def whose(name: str, start: bool = False) -> str:
    """"Ann's", or "your" ("Your" at the start of a sentence) for the seat named You."""
    if name == "You":
        return "Your" if start else "your"
    return f"{name}'s"


def article(rank: Any) -> str:
    """'a 5', 'an 8', 'an 11'."""
    return f"an {rank}" if str(rank) in ("8", "11", "18") else f"a {rank}"


def a_rank(rank: Any) -> str:
    """'a 5', 'an 8': a card named by its rank, with its article, in the player's language."""
    if str(rank) in ("8", "11", "18"):
        return _("an {rank}").format(rank=rank)
    return _("a {rank}").format(rank=rank)


def reword(note: str, names: list[str]) -> str:
    """A rules note naming "Seat 2" with that player's name instead."""
    return re.sub(r"Seat (\d+)", lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), note)


def a_or_an(name: str) -> str:
    """'a red 7', 'an 8 of hearts', 'an ace of spades': a card's name with its article."""
    return ("an " if name[:1].lower() in "aeiou8" else "a ") + name


def sentence(text: str) -> str:
    """Words to show as a sentence: a capital first letter and a closing stop (a bot's reason
    such as "the action type with the best expected outcome here" read as a lower-case fragment)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def capital(text: str) -> str:
    """A word with a capital first letter ("red" as a label: "Red")."""
    return text[:1].upper() + text[1:]


def one_of(choices: list[str]) -> str:
    """"a", "a or b", "a, b or c": the choices a prompt offers."""
    if len(choices) == 1:
        return choices[0]
    return _("{first} or {last}").format(first=", ".join(choices[:-1]), last=choices[-1])


def seconds_left(left: float) -> str:
    """A countdown's time left, to the tenth and rounded up: an open window never reads "0.0s"
    (it did while the table played out the events of its last moments)."""
    return f"{math.ceil(max(0.0, left) * 10 - 1e-9) / 10:0.1f}s"


SUIT_SIGNS = {"h": "♥", "d": "♦", "c": "♣", "s": "♠"}
