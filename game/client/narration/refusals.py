"""The words for the rules' refusals (an IllegalAction's `note`: a key such as
"refusal.not-your-turn" and its values), in the player's language. The engines keep their English
message for logs, errors and the command line; a table shows and speaks these words instead.

Every key an engine can give has its sentence here (tests/test_refusal_words.py holds each raise
site that a table can meet to a key with German and French entries).
"""

from __future__ import annotations

from typing import Any

from game.i18n import N_, _, ngettext

# One sentence per refusal; {name} is the seat the note is about, {call} the game's call (KOMBIO,
# Kabu), {card} and {top} cards.
REFUSAL_WORDS: dict[str, str] = {
    # every game
    "refusal.not-your-turn": N_("It is {name}'s turn, not yours."),
    "refusal.cannot-act-now": N_("It is not your turn."),
    "refusal.not-now": N_("You cannot do that right now."),
    "refusal.match-over": N_("The match is over."),
    "refusal.already-tried": N_("You already tried to match this card."),
    "refusal.window-expired": N_("Too late: the matching window has closed."),
    "refusal.no-window-to-pass": N_("There is nothing to pass on now."),
    "refusal.deck-empty": N_("The deck is empty and nothing is left to reshuffle."),
    "refusal.not-a-choice": N_("That is not a choice now."),
    # Kombio and Kabu (cards in grids)
    "refusal.choose-grid-card": N_("Choose a card in a grid."),
    "refusal.no-card-there": N_("There is no card there."),
    "refusal.grid-locked": N_("{name} called {call}: that grid is locked."),
    "refusal.own-card-only": N_("Choose one of your own cards."),
    "refusal.opponent-card-only": N_("Choose an opponent's card."),
    "refusal.already-called": N_("{name} has already called {call}."),
    "refusal.call-after-first-turn": N_("The first turn of a round draws from the deck; {call} can be called from the next turn."),
    "refusal.discard-empty": N_("The discard pile is empty: the first turn draws from the deck."),
    "refusal.no-card-to-exchange": N_("You have no card to exchange the discard with."),
    "refusal.no-card-in-slot": N_("You have no card in that place."),
    "refusal.swap-two-different": N_("Choose two different cards to swap."),
    "refusal.no-card-to-give": N_("You have no card in that place to give."),
    "refusal.not-the-ability": N_("That is not what this card's ability does."),
    "refusal.swap-looked-with-other": N_("Swap the card you looked at with a different card."),
    "refusal.look-two-different": N_("Choose two different cards to look at."),
    "refusal.nothing-to-match": N_("There is no discard to match right now."),
    "refusal.already-looked": N_("You have already looked at that card."),
    "refusal.beaten-to-card": N_("Beaten to that card: {name} touched it first (no penalty)."),
    "refusal.nothing-to-claim": N_("There is no discard to claim on right now."),
    "refusal.sniping-off": N_("Sniping is turned off: claim only your own cards."),
    # Kumbal
    "refusal.discard-then-draw": N_("Discard first, then draw."),
    "refusal.now-draw": N_("You have discarded: now draw."),
    "refusal.no-cut-now": N_("The deck is cut only between rounds, with cutting on."),
    "refusal.someone-cuts": N_("{name} cuts the deck."),
    "refusal.cut-range": N_("Cut between {lo} and {hi} cards from the top."),
    "refusal.not-held": N_("You do not hold those cards."),
    "refusal.not-a-combination": N_("Not a discard: {why}."),
    "refusal.owed-pass-or-pick-up": N_("{n} cards are coming to you: pass them on with a lone 2 or joker, or pick them up (P)."),
    "refusal.joker-never-taken": N_("You cannot take that card: a joker is never taken. Draw from the deck (D)."),
    "refusal.action-card-never-taken": N_("You cannot take that card: a card played as an action is never taken. Draw from the deck (D)."),
    "refusal.nothing-to-take": N_("There is no card to take. Draw from the deck (D)."),
    "refusal.nothing-to-pick-up": N_("There is nothing to pick up."),
    "refusal.call-while-owed": N_("{n} cards are coming to you: pick them up or pass them on before calling Kumbal."),
    "refusal.call-above-limit": N_("Kumbal needs {goal} points or fewer in hand, not {points}."),
    "refusal.no-free-discard": N_("Too late: the next player has moved."),
    "refusal.drawn-does-not-match": N_("The card you drew does not have the value of the top card."),
    # Combat UNO
    "refusal.finish-drawing": N_("Finish drawing your penalty first: {n} more (D)."),
    "refusal.not-held-card": N_("You do not hold that card."),
    "refusal.name-a-colour": N_("Name the colour for the {card}."),
    "refusal.only-wild-names-colour": N_("Only a wild card names a colour."),
    "refusal.draw-or-stack": N_("{n} cards are coming to you: stack on the {card} or draw them (D)."),
    "refusal.stacking-off": N_("Stacking on the {card} is turned off."),
    "refusal.does-not-match": N_("The {card} does not follow the {top}."),
    "refusal.not-out-of-turn": N_("You cannot play out of turn now."),
    "refusal.not-identical": N_("Out of turn only a card identical to the {top} can jump in."),
    "refusal.jump-in-off": N_("Jumping in is turned off."),
    "refusal.penalty-pending": N_("A penalty of {n} is coming to you: start drawing it (D) or stack."),
    "refusal.no-penalty-to-draw": N_("There is no penalty to draw; draw one card with D."),
    "refusal.covered-first": N_("The {top} was covered first: your {card} goes back to your hand."),
    "refusal.no-uno-to-call": N_("There is nobody to call UNO on now."),
    "refusal.uno-chance-gone": N_("Too late: that UNO chance has gone."),
    # 16 Combos
    "refusal.attack-own-pair": N_("You attack another character's pair, not your own."),
    "refusal.already-defeated": N_("{name} is already defeated."),
    "refusal.attack-locked": N_("This extra turn attacks {name} again."),
    "refusal.defense-pair-only": N_("Only a character's defense pair (the rightmost) can be targeted."),
}

# Why a choice of cards is not a Kumbal discard (game.variants.kumbal.NOT_A_COMBINATION).
NOT_A_COMBINATION: dict[str, str] = {
    "no-card": N_("choose at least one card"),
    "pair": N_("two cards must be of the same value (a pair)"),
    "suit-or-value": N_("a run must be all one suit, and a set all one value"),
    "twice": N_("a run cannot hold the same card twice"),
    "too-long": N_("a run has at most 13 cards"),
}


def refusal_words(note: Any, names: list[str]) -> str | None:
    """The refusal in the player's language, or None for a note without words (an English message
    then stands in, as for an older engine)."""
    msgid = REFUSAL_WORDS.get(getattr(note, "key", None))   # type: ignore[arg-type]
    if msgid is None:
        return None
    values: dict[str, Any] = dict(note.values)
    seat = note.seat
    values["name"] = names[seat] if seat is not None and 0 <= seat < len(names) else ""
    for key in ("card", "top"):
        if key in values:
            from game.client.narration.combat_uno import name_of
            values[key] = name_of(values[key])
    if note.key == "refusal.not-a-combination":
        why = values.get("why")
        values["why"] = (_(NOT_A_COMBINATION[why]) if why in NOT_A_COMBINATION else
                         ngettext("the run has {n} gap that no joker fills", "the run has {n} gaps that no joker fills",
                                  values.get("gaps", 1)).format(n=values.get("gaps", 1)))
    return _(msgid).format(**values)
