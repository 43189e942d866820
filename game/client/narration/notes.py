"""The words for what the rules state as data (game.core.events.Note): the notes on a round's
scores ("Ada called Kabu."), what a 16 Combos combo did ("Ada takes the pair as its defense"),
and the names of the combos and of the reasons the rules give (why a value changed, why an
encounter ended). The rules give a key and its values; the sentence is made here, in the player's
language (gettext), or in English for the text paths (`english_note`).

Every key the engines can give has its sentence here (tests/test_note_words.py holds each game's
keys to German and French entries).
"""

from __future__ import annotations

from typing import Any, Callable

from game.core.events import Note
from game.i18n import N_, _, pgettext

# The notes on a round's scores: a whole sentence each, with {name} the seat the note is about.
NOTE_WORDS: dict[str, str] = {
    "kombio.no-call": N_("Nobody called KOMBIO: everyone scores their hand."),
    "kombio.call-made": N_("{name} called KOMBIO and was strictly lowest: everyone else +{bonus}."),
    "kombio.call-failed": N_("{name} called KOMBIO but was tied or beaten: +{penalty} for the caller."),
    "kombio.two-fourteens": N_("{name} holds both 14s and nothing else: {bonus}."),
    "kombio.fourteen-at-25": N_("{name} holds one 14 in a hand of exactly 25: {bonus}."),
    "kabu.called": N_("{name} called Kabu."),
    "kabu.halved": N_("{name} hit a total of exactly {total}: halved to {halved}."),
    "combat-uno.went-out": N_("{name} went out."),
    "kumbal.call-made": N_("{name} called Kumbal with {hand} and had the fewest: 0 points."),
    "kumbal.call-failed": N_("{name} called Kumbal with {hand}, but another hand had {other}: {hand} + {penalty}."),
    "kumbal.forty-nine": N_("{name} reached {reached}: the 49-rule drops it to {dropped}."),
    "sixteen-combos.won": N_("{name} wins: {why}."),
    # What a 16 Combos combo did (after "Steal: "), {name} the seat it is about.
    "combo.spills-over": N_("{diff} spills over"),
    "combo.no-extra-turn": N_("a counter gives no extra turn"),
    "combo.another-turn": N_("{name} takes another turn against any pair"),
    "combo.pairs-change-places": N_("two pairs change places"),
    "combo.card-turned-up": N_("a card is turned face up"),
    "combo.draws-two": N_("{name} draws two on its next action"),
    "combo.takes-wild-card": N_("{name} takes the wild card"),
    "combo.declines-wild-card": N_("{name} declines the wild card"),
    "combo.steals-as-defense": N_("{name} takes the pair as its defense"),
    "combo.steals-for-next-action": N_("{name} keeps the pair for its next action"),
    "combo.another-pair-hit": N_("another pair is hit instead"),
    "combo.no-card-to-place": N_("no drawn card to place"),
    "combo.raises-until-next-turn": N_("{name} raises a pair until its next turn"),
    "combo.hires-a-type": N_("{name} hires a new type"),
    "combo.extra-action": N_("{name} gets an extra action on {victim}"),
    "combo.no-pair-left": N_("no pair left to go on with"),
    "combo.new-defense-pair": N_("{name} has a new defense pair"),
    "combo.defense-raised": N_("{name}'s defense pair is raised"),
    "combo.consultation-pair": N_("{name} has a consultation pair"),
    "combo.acts-with-defense": N_("{name} must act with its defense pair"),
    # A reaction not taken, as the round replay tells it ({card}, {type}: the narrator's words).
    "missed.reacted": N_("{name} could have reacted"),
    "missed.match-own": N_("{name} could have matched the {card} from their own grid"),
    "missed.match": N_("{name} could have matched the {card} from {owner}'s grid"),
    "missed.jump-in": N_("{name} could have jumped in with the {card}"),
    "missed.call-uno": N_("{name} could have called UNO"),
    "missed.catch-uno": N_("{name} could have caught {victim} without UNO"),
    "missed.free-discard": N_("{name} could have discarded the drawn {card} for free"),
    "missed.retype": N_("{name} could have reacted by changing the pair's type to {type}"),
    "missed.swap-pair": N_("{name} could have reacted by swapping the pair's type and value cards"),
    "missed.counter": N_("{name} could have countered"),
}

# The Combo Table's names (the rules' keys, as the sheet names them), for the player to read.
COMBO_NAMES: dict[str, str] = {
    "Poison": N_("Poison"), "Hire Assassin": N_("Hire Assassin"), "Throw": N_("Throw"), "Insight": N_("Insight"),
    "Scavenge": N_("Scavenge"), "Bribe": N_("Bribe"), "Steal": N_("Steal"), "Snipe": N_("Snipe"),
    "Defend": N_("Defend"), "Hire Guard": N_("Hire Guard"), "Grapple": N_("Grapple"), "Stealth": N_("Stealth"),
    "Adrenaline": N_("Adrenaline"), "Consultation": N_("Consultation"), "Shove": N_("Shove"), "Dodge": N_("Dodge"),
    "Change Stance": N_("Change Stance"),
}

# Why 16 Combos changed a pair's value, took a pair away or ended an encounter (the rules' keys).
REASONS: dict[str, str] = {
    "damaged": N_("damaged"), "worn down": N_("worn down"), "a pass": N_("a pass"), "stacked": N_("stacked"),
    "defeated": N_("defeated"), "sniped": N_("sniped"), "chosen defense": N_("chosen defense"),
    "last character standing": N_("last character standing"),
    "the round limit: the most pairs left": N_("the round limit: the most pairs left"),
}


def combo_name(key: str | None, translate: Callable[[str], str] = _) -> str:
    """A combo's name in the player's language (a name this build does not know, as it is)."""
    if not key:
        return ""
    known = COMBO_NAMES.get(key)
    return translate(known) if known else key


def reason_words(key: str, translate: Callable[[str], str] = _) -> str:
    """Why the rules did something (a reason key, or a combo's name), in the player's language."""
    if key in REASONS:
        return translate(REASONS[key])
    return combo_name(key, translate)


def note_words(note: Note, names: list[str], translate: Callable[[str], str] = _,
               formats: dict[str, Callable[[Any], str]] | None = None) -> str:
    """The sentence for `note`, with seats by their names, in the player's language (`translate`
    str: English); `formats` words the values a game's narrator names (a card, a pair's type)."""
    def name(seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(names):
            return names[seat]
        return pgettext("a seat, by number", "Seat {n}").format(n=seat) if translate is _ else f"Seat {seat}"
    values: dict[str, Any] = {}
    for key, value in note.values:
        if key == "why":
            value = reason_words(value, translate)
        elif key in ("victim", "owner"):
            value = name(value)
        elif formats and key in formats:
            value = formats[key](value)
        elif key == "card":
            value = "?" if value is None else str(value)
        values[key] = value
    return translate(NOTE_WORDS[note.key]).format(name=name(note.seat), **values)


def english_note(note: Note) -> str:
    """The note in English with seats as "Seat N" (the text paths; what the rules once wrote)."""
    return note_words(note, [], str)
