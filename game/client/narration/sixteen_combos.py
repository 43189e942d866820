"""16 Combos' words and faces: the encounter dealt and its order of play, the rounds, each step
of an action (the target, the type announced, the value drawn, reactions, the check and its
outcome, the combo), changed values, lost pairs, statuses, characters out and the encounter's
winner. Jokers are printed red (odd ids) and black."""

from __future__ import annotations

import re
from typing import Any

from game.client.narration import Narrator
from game.client.narration.notes import combo_name, note_words, reason_words
from game.core.cards import Card
from game.core.events import CardsSwapped, DeckReshuffled, Event, RoundStarted
from game.core.standard_deck import SUIT_NAMES
from game.i18n import N_, _, pgettext
from game.variants.sixteen_combos import (RULESET, TYPE_NAMES, CharacterOut, Checked, ComboDone, EncounterDealt, EncounterWon,
                                          Fizzled, PairDefeated, PairsMoved, PairsReady, Reacted, RoundBegan,
                                          StatusChanged, TurnPassed, TurnSkipped, TypeAnnounced, ValueChanged, ValueSet)

_SEAT = re.compile(r"\bseat (\d+)", re.IGNORECASE)
# What a status the rules give a character says of it, as narration ("Ada is shoved.").
STATUS_WORDS = {"incapacitated": (N_("You are incapacitated."), N_("{name} is incapacitated.")),
                "shoved": (N_("You are shoved."), N_("{name} is shoved.")),
                "lost reaction": (N_("You lose the reaction for the rest of the round."),
                                  N_("{name} loses the reaction for the rest of the round.")),
                "wild card": (N_("You hold a wild card."), N_("{name} holds a wild card."))}
STATUS_LABELS = {"incapacitated": N_("incapacitated"), "shoved": N_("shoved"), "lost reaction": N_("lost reaction"),
                 "wild card": N_("wild card"), "out": N_("out"), "scavenging": N_("scavenging"),
                 "stolen pair": N_("stolen pair"), "grappled": N_("grappled")}
# Who is to do what, by the view's step (the table's prompt when no person at the screen acts, and
# the round replay's "Then: ..."); {name} is the seat that acts.
STEP_PROMPTS = {"target": N_("{name} to choose a target or pass"), "type": N_("{name} to choose an action type"),
                "consult": N_("{name} to use the consultation pair or not"),
                "predict": N_("{name} to react before the draw"), "inform": N_("{name} to react to the value"),
                "face": N_("{name} to keep the action type or take the face card's"),
                "scavenge": N_("{name} to add the two cards or take the waste"),
                "counter": N_("{name} to counter or not"), "combo": N_("{name} to choose for {combo}"),
                "stance": N_("{name} to change stance or not")}
OUTCOMES = {"defeated": N_("defeated"), "damaged": N_("damaged"), "missed": N_("missed"),
            "critical failure": N_("critical failure")}


# The rule set the engine plays (the view's `ruleset` key): its name in full and short.
RULESETS = {RULESET: (N_("Poikilos 1.0 RC1, digital interpretation"), N_("Poikilos 1.0 RC1"))}


# The rules' labels for this program's rule choices that are not their defaults (the view's
# active_rules after the lettered optional rules, whose labels are the options' own words).
RULE_LABELS = {"Free passing": N_("Free passing"), "Counter with the target pair": N_("Counter with the target pair"),
               "Reactions asked only when there is one": N_("Reactions asked only when there is one")}
_PASS_COST = re.compile(r"A pass costs (\d+)$")


def rule_label_words(label: str, short: bool = False) -> str:
    """An active rule's label in the player's language; `short`: a lettered optional rule by its letter."""
    letter, dot, _rest = label.partition(". ")
    if dot and len(letter) == 1:
        return letter if short else _(label)
    cost = _PASS_COST.match(label)
    if cost:
        return _("A pass costs {n}").format(n=cost.group(1))
    return _(RULE_LABELS[label]) if label in RULE_LABELS else label


def ruleset_words(key: str, short: bool = False) -> str:
    """The rule set's name in the player's language (a set this build does not know, as it is)."""
    names = RULESETS.get(key)
    return _(names[1 if short else 0]) if names else key


def type_word(t: str | None) -> str:
    """A pair's type ("strength"), or "hidden", in the player's language."""
    words = {"vitality": pgettext("pair type", "vitality"), "wealth": pgettext("pair type", "wealth"),
             "strength": pgettext("pair type", "strength"), "finesse": pgettext("pair type", "finesse")}
    name = TYPE_NAMES.get(t or "", "hidden")
    return words.get(name, pgettext("pair type", "hidden"))


class SixteenCombosNarrator(Narrator):
    def face_of(self, card: Card) -> dict:
        if card.rank == "joker":
            return {"rank": "JOKER", "suit": "joker", "colour": "red" if card.id % 2 else "black"}
        return {"rank": str(card.rank), "suit": SUIT_NAMES[card.suit]}  # type: ignore[index]

    def words(self, text: str) -> str:
        """The rules' "seat 2" with that character's name."""
        return _SEAT.sub(lambda m: self.name(int(m.group(1))), text)

    def note_formats(self):
        return {**super().note_formats(), "type": type_word}

    def prompt_words(self, view: Any) -> str:
        """Who is to do what now, from the view (the rules' step and the seat that acts)."""
        step = view.step
        if step == "ready":
            return _("the encounter is about to be dealt")
        if step == "place":
            return _("every character places its value cards")
        if step == "round_over":
            return _("encounter {n} is over").format(n=view.round)
        if step == "match_over" or view.over:
            return _("the match is over")
        seat = view.acting[0] if view.acting else view.turn
        words = STEP_PROMPTS.get(step)
        if words is None:
            return _("{name} is acting").format(name=self.name(seat))
        return _(words).format(name=self.name(seat), combo=combo_name(view.combo))

    def round_started(self, ev: RoundStarted, nxt: Event | None) -> str | None:
        return _("Encounter {n} is dealt.").format(n=ev.round)

    def deck_reshuffled(self, ev: DeckReshuffled, nxt: Event | None) -> str | None:
        return _("The discard pile is shuffled into a new draw deck.")

    def encounter_dealt(self, ev: EncounterDealt, nxt: Event | None) -> str | None:
        order = ", ".join(self.name(s) for s in ev.order)
        return _("Order of play: {order}. {n} columns.").format(order=order, n=ev.columns)

    def pairs_ready(self, ev: PairsReady, nxt: Event | None) -> str | None:
        return _("The pairs are placed; the defense pairs show their types.")

    def round_began(self, ev: RoundBegan, nxt: Event | None) -> str | None:
        return _("Round {n}.").format(n=ev.number)

    def type_announced(self, ev: TypeAnnounced, nxt: Event | None) -> str | None:
        how = {"shove": _(" (shoved: its defense pair acts)"), "steal": _(" (with the stolen pair)"),
               "counter": _(" (a counter)")}.get(ev.fixed or "", _(" with the wild card") if ev.wild else "")
        return self.said(ev.seat, _("You announce {type}{how}."), _("{name} announces {type}{how}."),
                         type=type_word(ev.type), how=how)

    def value_set(self, ev: ValueSet, nxt: Event | None) -> str | None:
        if ev.how != "drawn":
            return None
        return self.said(ev.seat, _("You draw {value}."), _("{name} draws {value}."), value=ev.value)

    def turn_passed(self, ev: TurnPassed, nxt: Event | None) -> str | None:
        return self.said(ev.seat, _("You pass."), _("{name} passes."))

    def fizzled(self, ev: Fizzled, nxt: Event | None) -> str | None:
        return self.said(ev.seat, _("Your {type} does not match the drawn card: nothing happens."),
                         _("{name}'s {type} does not match the drawn card: nothing happens."), type=type_word(ev.type))

    def reacted(self, ev: Reacted, nxt: Event | None) -> str | None:
        words = {"retype": (_("You react: you turn the pair to {type}."), _("{name} reacts: turns the pair to {type}.")),
                 "swap": (_("You react: you swap the pair's cards."), _("{name} reacts: swaps the pair's cards.")),
                 "counter": (_("You react: you counter."), _("{name} reacts: counters.")),
                 "recover": (_("You react: you take the card onto a pair (Recovery)."),
                             _("{name} reacts: takes the card onto a pair (Recovery)."))}
        you, they = words.get(ev.kind, (_("You react: {kind}."), _("{name} reacts: {kind}.")))
        return self.said(ev.seat, you, they, type=type_word(ev.type), kind=ev.kind)

    def checked(self, ev: Checked, nxt: Event | None) -> str | None:
        pair = _("consultation") if ev.consultation else type_word(ev.target_type)
        outcome = _(OUTCOMES[ev.outcome]) if ev.outcome in OUTCOMES else ev.outcome
        words = dict(action=type_word(ev.action_type), pair=pair, owner=self.name(ev.victim),
                     value=ev.action_value, against=ev.target_value, outcome=outcome)
        if ev.victim in self.you:
            target = (_("{name} counters with {action} on your {pair} pair: {value} against {against}, {outcome}")
                      if ev.counter else
                      _("{name} uses {action} on your {pair} pair: {value} against {against}, {outcome}"))
            text = target.format(name=self.name(ev.seat), **words)
        elif ev.counter:
            text = self.said(ev.seat, _("You counter with {action} on {owner}'s {pair} pair: {value} against {against}, {outcome}"),
                             _("{name} counters with {action} on {owner}'s {pair} pair: {value} against {against}, {outcome}"),
                             **words)
        else:
            text = self.said(ev.seat, _("You use {action} on {owner}'s {pair} pair: {value} against {against}, {outcome}"),
                             _("{name} uses {action} on {owner}'s {pair} pair: {value} against {against}, {outcome}"),
                             **words)
        return text + (f": {combo_name(ev.combo)}." if ev.outcome == "defeated" else ".")

    def value_changed(self, ev: ValueChanged, nxt: Event | None) -> str | None:
        if ev.why in ("damaged", "stacked"):
            return None
        if ev.value is None:     # a change this seat could not follow (its events are redacted)
            return _("{name}'s pair changes value ({why}); only they know what it is worth.").format(
                name=self.name(ev.seat), why=reason_words(ev.why))
        return self.said(ev.seat, _("Your pair is now worth {value} ({why})."), _("{name}'s pair is now worth {value} ({why})."),
                         value=ev.value, why=reason_words(ev.why))

    def pair_defeated(self, ev: PairDefeated, nxt: Event | None) -> str | None:
        if ev.why == "defeated":
            return None
        return self.said(ev.seat, _("You lose a pair ({why})."), _("{name} loses a pair ({why})."), why=reason_words(ev.why))

    def combo_done(self, ev: ComboDone, nxt: Event | None) -> str | None:
        return _("{combo}: {what}.").format(combo=combo_name(ev.combo), what=note_words(ev.detail, self.names))

    def pairs_moved(self, ev: PairsMoved, nxt: Event | None) -> str | None:
        if ev.why != "Change Stance":
            return None
        return self.said(ev.seat, _("You change stance."), _("{name} changes stance."))

    def status_changed(self, ev: StatusChanged, nxt: Event | None) -> str | None:
        if ev.on and ev.status in STATUS_WORDS:
            you, they = STATUS_WORDS[ev.status]
            return self.said(ev.seat, _(you), _(they))
        return None

    def turn_skipped(self, ev: TurnSkipped, nxt: Event | None) -> str | None:
        if ev.why == "incapacitated":
            return self.said(ev.seat, _("You are incapacitated and sit this turn out."),
                             _("{name} is incapacitated and sits this turn out."))
        return self.said(ev.seat, _("You are {why} and sit this turn out."), _("{name} is {why} and sits this turn out."),
                         why=ev.why)

    def character_out(self, ev: CharacterOut, nxt: Event | None) -> str | None:
        return self.said(ev.seat, _("You have no pair left and are out."), _("{name} has no pair left and is out."))

    def encounter_won(self, ev: EncounterWon, nxt: Event | None) -> str | None:
        return self.said(ev.winner, _("You win the encounter ({why})."), _("{name} wins the encounter ({why})."),
                         why=reason_words(ev.why))

    # (a swap of a pair's cards is told by the reaction or the combo that made it)
    tellers = {**{kind: teller for kind, teller in Narrator.tellers.items() if kind is not CardsSwapped},
               RoundStarted: round_started, DeckReshuffled: deck_reshuffled, EncounterDealt: encounter_dealt,
               PairsReady: pairs_ready, RoundBegan: round_began, TypeAnnounced: type_announced, ValueSet: value_set,
               TurnPassed: turn_passed, Fizzled: fizzled, Reacted: reacted, Checked: checked,
               ValueChanged: value_changed, PairDefeated: pair_defeated, ComboDone: combo_done,
               PairsMoved: pairs_moved, StatusChanged: status_changed, TurnSkipped: turn_skipped,
               CharacterOut: character_out, EncounterWon: encounter_won}
