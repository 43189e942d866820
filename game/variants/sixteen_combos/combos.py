"""16 Combos, the Combo Table: sixteen combos, one for each cell of target type (the row) x action
type (the column), in the rule sheet's order. A combo's effect happens on a "defeated" result only
(check.py); each entry says what it needs (its cell), its caveats (Surprise, Passive, ...), the
sheet's words, and its effect as a small function.

An effect runs after the check. The target pair is discarded before it, unless the entry keeps it
(`discards_target=False`: the Passive ones, Steal, Grapple, Snipe say what becomes of it). An
effect returns the seat that must now choose (a pair to pick, a card to turn, yes or no), or None
when it is done; `choices` lists that seat's options (with a pass, to let the combo go; a yes-or-no
entry asks Decide instead) and `resolve` carries out the one chosen.

The caveats, as the sheet defines them below its table: Once, no two-turn effect as a second
action; Limited, the Maximum Value rule holds; Passive, the target pair is neither damaged nor
defeated; Save Wild, the value card becomes a wild card; Surprise, no Informed Reaction;
Unlimited, the Maximum Value rule does not hold; Incapacitated, on a defeat or a damage the target
sits out its next action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from game.core.actions import Action
from game.core.cards import DECK, Card, Place
from game.core.events import CardMoved, CardRevealed, CardsSwapped, Event, Note

from .actions import Decide, HireGuard, PickPair, Reveal, Throw, _pass
from .cards import (FIN, JOKER, MAX_VALUE, STR, VIT, WTH, card_value, only, pair_place, row_types, seat_place,
                    type_place, value_place)
from .events import ComboDone, PairMovedTo, StatusChanged
from .state import Attack, Pair

if TYPE_CHECKING:
    from . import SixteenCombos     # (the effects use its rule sections' steps)


@dataclass(frozen=True, slots=True)
class Hit:
    """The defeat that set a combo off: `seat` struck `victim`'s pair at `slot` (or its
    consultation pair) by `diff` points, with `card` the last drawn action card, if any."""

    seat: int
    victim: int
    slot: int
    consult: bool
    diff: int
    card: Card | None
    attack: Attack


@dataclass(slots=True)
class Combo:
    name: str
    target: str                     # what it needs: the target pair's type ...
    action: str                     # ... and the action type
    caveats: tuple[str, ...]
    rule: str                       # the sheet's words
    effect: Callable[[SixteenCombos, Hit, list[Event]], int | None]
    discards_target: bool = True
    yes_or_no: bool = False         # the choice is yes or no (Decide), else one of `choices` or a pass
    choices: Callable[[SixteenCombos, int, int], list[Action]] | None = None
    resolve: Callable[[SixteenCombos, Any, list[Event]], None] | None = None

    def choosing(self, choices: Callable[[SixteenCombos, int, int], list[Action]]) -> Callable:
        """Decorates the function listing the chooser's options: (game, chooser, victim)."""
        self.choices = choices
        return choices

    def resolving(self, resolve: Callable[[SixteenCombos, Any, list[Event]], None]) -> Callable:
        """Decorates the function carrying out the chosen option: (game, action, events)."""
        self.resolve = resolve
        return resolve


COMBO_TABLE: dict[str, Combo] = {}


def combo(target: str, action: str, name: str, caveats: tuple[str, ...], rule: str, *,
          discards_target: bool = True, yes_or_no: bool = False) -> Callable[..., Combo]:
    def enter(effect: Callable[[SixteenCombos, Hit, list[Event]], int | None]) -> Combo:
        entry = Combo(name, target, action, caveats, rule, effect, discards_target, yes_or_no)
        COMBO_TABLE[name] = entry
        return entry
    return enter


def done(g: SixteenCombos, hit: Hit, events: list[Event], detail: Note, victim: int | None = None) -> None:
    events.append(ComboDone(hit.seat, hit.victim if victim is None else victim, g.combo_pending, detail))


# -- ♥ vitality targeted ------------------------------------------------------------------------------------
@combo(VIT, VIT, "Poison", (),
       "Any remaining action value that didn't go toward reducing the target to zero does damage to the next "
       "pair to their left (start from right end if none are left of target).")
def poison(g: SixteenCombos, hit: Hit, events: list[Event]) -> None:
    victim = hit.victim
    if not g.out[victim] and g.pairs_left(victim):
        left = [s for s in g._own_slots(victim) if hit.consult or s < hit.slot]
        nxt = left[-1] if left else g.defense_slot(victim)
        if nxt is not None:
            g._damage(victim, nxt, hit.diff, "Poison", events)
    done(g, hit, events, Note.of("combo.spills-over", diff=hit.diff))
    return None


@combo(VIT, WTH, "Hire Assassin", ("Surprise",),
       "Get another turn and choose any pair to target (announce an action type and draw a new value card).")
def hire_assassin(g: SixteenCombos, hit: Hit, events: list[Event]) -> None:
    if hit.attack.counter:
        done(g, hit, events, Note.of("combo.no-extra-turn"))
    else:
        g.extra.append(Attack(hit.seat, second=True, free_target=True))
        g.reacted[hit.seat] = True
        done(g, hit, events, Note.of("combo.another-turn", hit.seat))
    return None


@combo(VIT, STR, "Throw", ("Incapacitated",),
       "You get to switch any two defense pairs of the target and if one pair becomes the defense pair, the type "
       "card becomes face up.")
def throw(g: SixteenCombos, hit: Hit, events: list[Event]) -> int | None:
    return hit.seat if not g.out[hit.victim] and g.pairs_left(hit.victim) >= 2 else None


@throw.choosing
def _(g: SixteenCombos, seat: int, victim: int) -> list[Action]:
    slots = g._own_slots(victim)
    return [Throw(seat, pair_place(victim, a), pair_place(victim, b))
            for i, a in enumerate(slots) for b in slots[i + 1:]]


@throw.resolving
def _(g: SixteenCombos, action: Throw, events: list[Event]) -> None:
    victim = action.a.seat
    g._swap_slots(victim, action.a.index, action.b.index, "Throw", events)
    d = g.defense_slot(victim)
    if d in (action.a.index, action.b.index):
        g._show_type(victim, d, events)
    events.append(ComboDone(action.seat, victim, "Throw", Note.of("combo.pairs-change-places")))


@combo(VIT, FIN, "Insight", ("Surprise",), "The target character turns one card you choose face up.")
def insight(g: SixteenCombos, hit: Hit, events: list[Event]) -> int | None:
    return hit.seat if hidden_cards(g, hit.victim) else None


@insight.choosing
def _(g: SixteenCombos, seat: int, victim: int) -> list[Action]:
    return [Reveal(seat, p) for p in hidden_cards(g, victim)]


@insight.resolving
def _(g: SixteenCombos, action: Reveal, events: list[Event]) -> None:
    seat, slot = action.card.seat, action.card.index
    pair = g.rows[seat][slot]
    card = pair.type_card if action.card.zone == "type" else pair.values[-1]
    pair.up.add(card.id)
    events += [CardRevealed(action.card, card), ComboDone(action.seat, seat, "Insight", Note.of("combo.card-turned-up"))]


def hidden_cards(g: SixteenCombos, seat: int) -> list[Place]:
    out = []
    for slot, p in enumerate(g.rows[seat]):
        if p is None:
            continue
        if p.type_card.id not in p.up:
            out.append(type_place(seat, slot))
        if p.values and p.values[-1].id not in p.up:
            out.append(value_place(seat, slot))
    return out


# -- ♦ wealth targeted --------------------------------------------------------------------------------------
@combo(WTH, VIT, "Scavenge", ("Unlimited", "Passive"),
       "Draw two value cards on your next action and either add them together or choose to take the waste value "
       "and then discard the two drawn (the second drawn becomes the new waste card).", discards_target=False)
def scavenge(g: SixteenCombos, hit: Hit, events: list[Event]) -> None:
    g.scavenging[hit.seat] = True
    events.append(StatusChanged(hit.seat, "scavenging"))
    done(g, hit, events, Note.of("combo.draws-two", hit.seat))
    return None


@combo(WTH, WTH, "Bribe", ("Save Wild",),
       "The target character decides whether to accept your value card as a wild card but still loses the "
       "target pair.", yes_or_no=True)
def bribe(g: SixteenCombos, hit: Hit, events: list[Event]) -> int | None:
    return hit.victim if hit.card is not None and not g.out[hit.victim] else None


@bribe.resolving
def _(g: SixteenCombos, action: Decide, events: list[Event]) -> None:
    attack = g.attack
    if action.yes:
        card = attack.cards.pop()
        old = g.wilds[action.seat]
        if old is not None:
            g._discard([], [old], events, {old.id: seat_place("wild", action.seat)}, {})
        g.wilds[action.seat] = card
        events.append(CardMoved(card, seat_place("action", attack.seat), seat_place("wild", action.seat)))
        events.append(StatusChanged(action.seat, "wild card"))
    events.append(ComboDone(attack.seat, action.seat, "Bribe",
                            Note.of("combo.takes-wild-card" if action.yes else "combo.declines-wild-card", action.seat)))


@combo(WTH, STR, "Steal", ("Surprise",),
       "You get the defense pair & add it to the right of your defense pair as your new defense pair or use its "
       "type and value as your next action.", discards_target=False, yes_or_no=True)
def steal(g: SixteenCombos, hit: Hit, events: list[Event]) -> int:
    g.combo_data["pair"] = g._take_pair(hit.victim, hit.slot, hit.consult)
    events.append(PairMovedTo(hit.victim, -1 if hit.consult else hit.slot, "aside", hit.seat, -1))
    g._after_loss(hit.victim, events)
    return hit.seat


@steal.resolving
def _(g: SixteenCombos, action: Decide, events: list[Event]) -> None:
    attack = g.attack
    pair: Pair = g.combo_data["pair"]
    seat = action.seat
    if action.yes:
        slot = len(g.rows[seat])
        g.rows[seat].append(pair)
        events.append(PairMovedTo(attack.victim, -1, "row", seat, slot))
        g._show_type(seat, slot, events)
        events.append(ComboDone(seat, attack.victim, "Steal", Note.of("combo.steals-as-defense", seat)))
    else:
        old = g.stolen[seat]
        if old is not None:
            g._discard_pair(old, seat, seat_place("aside", seat), events)
        g.stolen[seat] = pair
        pair.up.update(card.id for card in pair.cards())
        events.append(PairMovedTo(attack.victim, -1, "aside", seat, -1))
        events.append(StatusChanged(seat, "stolen pair"))
        events.append(ComboDone(seat, attack.victim, "Steal", Note.of("combo.steals-for-next-action", seat)))


@combo(WTH, FIN, "Snipe", ("Surprise",),
       "Change the damaged or defeated target to any of the opponent's pairs but only affect that pair (& ignore "
       "the type).", discards_target=False)
def snipe(g: SixteenCombos, hit: Hit, events: list[Event]) -> int | None:
    if g._own_slots(hit.victim):
        return hit.seat
    g._remove_pair(hit.victim, hit.slot, "defeated", events, consult=hit.consult)
    return None


@snipe.choosing
def _(g: SixteenCombos, seat: int, victim: int) -> list[Action]:
    return [PickPair(seat, pair_place(victim, s)) for s in g._own_slots(victim)]


@snipe.resolving
def _(g: SixteenCombos, action: PickPair, events: list[Event]) -> None:
    g._remove_pair(action.pair.seat, action.pair.index, "sniped", events)
    events.append(ComboDone(action.seat, g.attack.victim, "Snipe", Note.of("combo.another-pair-hit")))


# -- ♣ strength targeted ------------------------------------------------------------------------------------
@combo(STR, VIT, "Defend", ("Unlimited", "Passive"),
       "Place the drawn card on top of any card in your value row to increase the pair's value for one round.",
       discards_target=False)
def defend(g: SixteenCombos, hit: Hit, events: list[Event]) -> int | None:
    if (hit.card is None and not hit.attack.noted) or not g._own_slots(hit.seat):
        done(g, hit, events, Note.of("combo.no-card-to-place"))
        return None
    return hit.seat


@defend.choosing
def _(g: SixteenCombos, seat: int, victim: int) -> list[Action]:
    return [PickPair(seat, pair_place(seat, s)) for s in g._own_slots(seat)]


@defend.resolving
def _(g: SixteenCombos, action: PickPair, events: list[Event]) -> None:
    attack, seat, slot = g.attack, action.seat, action.pair.index
    if attack.cards:
        card = attack.cards[-1]
        g._raise(seat, slot, card, card_value(card), None, "Defend", events)
        g.boosts[seat].append((slot, card_value(card), card))
    else:   # B: the noted value is the raise, on a counter
        amount = g._raise_by_counter(seat, slot, attack.value, None, "Defend", events)
        g.boosts[seat].append((slot, amount, None))
    events.append(ComboDone(seat, attack.victim, "Defend", Note.of("combo.raises-until-next-turn", seat)))


@combo(STR, WTH, "Hire Guard", (),
       "Replace any of your target type cards with either card you are using (If you use the drawn card, discard "
       "the replaced card, otherwise swap the replaced card and used card).")
def hire_guard(g: SixteenCombos, hit: Hit, events: list[Event]) -> int | None:
    return hit.seat if hire_guard_moves(g, hit.seat) else None


@hire_guard.choosing
def hire_guard_moves(g: SixteenCombos, seat: int, victim: int | None = None) -> list[Action]:
    """The drawn card onto any of your type cards, or a wealth value card of yours swapped with it."""
    attack = g.attack
    card = attack.cards[-1] if attack.cards else None
    out: list[Action] = []
    slots = g._own_slots(seat)
    wealth = [s for s in slots if WTH in row_types(g.rows[seat][s].values[-1])
              and g.rows[seat][s].values[-1].rank != JOKER and len(g.rows[seat][s].values) == 1]
    for slot in slots:
        if card is not None and card.rank != JOKER:
            out.append(HireGuard(seat, type_place(seat, slot), DECK))
        for w in wealth:
            out.append(HireGuard(seat, type_place(seat, slot), value_place(seat, w)))
    return out


@hire_guard.resolving
def _(g: SixteenCombos, action: HireGuard, events: list[Event]) -> None:
    attack = g.attack
    seat, slot = action.seat, action.type_card.index
    pair = g.rows[seat][slot]
    old = pair.type_card
    was_up = old.id in pair.up
    if action.using == DECK:
        card = attack.cards.pop()
        pair.type_card = card
        pair.retyped = None
        pair.up.discard(old.id)
        events.append(CardMoved(card, seat_place("action", seat), type_place(seat, slot)))
        g._discard([old], [], events, {old.id: type_place(seat, slot)}, {old.id: None if was_up else only(seat)})
        pair.up.add(card.id)   # everybody saw it drawn
    else:
        w = action.using.index
        other = g.rows[seat][w]
        value_card = other.values[0]
        pair.type_card, other.values = value_card, [old]
        pair.retyped = None
        other.value = card_value(old)
        pair.up.discard(old.id)
        if value_card.id in other.up:
            other.up.discard(value_card.id)
            pair.up.add(value_card.id)
        events.append(CardsSwapped(type_place(seat, slot), value_place(seat, w), seat))
        # the old type card's value is the table's only if it lay face up
        events.append(g._value_changed(seat, w, other, 0, "Hire Guard", was_up))
        if slot == g.defense_slot(seat) and value_card.id not in pair.up:
            pair.up.add(value_card.id)
            events.append(CardRevealed(type_place(seat, slot), value_card))
    events.append(ComboDone(seat, attack.victim, "Hire Guard", Note.of("combo.hires-a-type", seat)))


@combo(STR, STR, "Grapple", ("Once", "Incapacitated"),
       "You get an extra turn & use an action on the target character's next pair (next to their defense pair) "
       "but their current target pair returns to play at the start of their next turn. Unless there is a "
       "critical failure, the target pair both become face up.", discards_target=False)
def grapple(g: SixteenCombos, hit: Hit, events: list[Event]) -> None:
    seat, victim = hit.seat, hit.victim
    if hit.attack.second or g.out[victim]:
        # Once: as a second action it is a plain defeat
        g._remove_pair(victim, hit.slot, "defeated", events, consult=hit.consult)
        return None
    pair = g._take_pair(victim, hit.slot, hit.consult)
    if hit.consult:
        g._discard_pair(pair, victim, seat_place("consult", victim), events)
    else:
        g.grappled[victim].append(pair)
        events.append(PairMovedTo(victim, hit.slot, "aside", victim, -1))
        nxt = g.defense_slot(victim)
        if nxt is not None:
            g._show_type(victim, nxt, events)
    g._after_loss(victim, events)
    if g.pairs_left(victim):
        g.extra.append(Attack(seat, second=True, locked_victim=victim, grapple=True))
        g.reacted[seat] = True
        done(g, hit, events, Note.of("combo.extra-action", seat, victim=victim))
    else:
        done(g, hit, events, Note.of("combo.no-pair-left"))
    return None


@combo(STR, FIN, "Stealth", ("Surprise",),
       "Switch any pair in your defense with another pair but keep both new defense cards face down.")
def stealth(g: SixteenCombos, hit: Hit, events: list[Event]) -> int | None:
    return hit.seat if g.pairs_left(hit.seat) >= 2 else None


def _other_pairs(g: SixteenCombos, seat: int, victim: int) -> list[Action]:
    d = g.defense_slot(seat)
    return [PickPair(seat, pair_place(seat, s)) for s in g._own_slots(seat) if s != d]


def _new_defense(g: SixteenCombos, action: PickPair, events: list[Event]) -> int:
    seat, d = action.seat, g.defense_slot(action.seat)
    g._swap_slots(seat, action.pair.index, d, g.combo_pending, events)
    return d


stealth.choosing(_other_pairs)


@stealth.resolving
def _(g: SixteenCombos, action: PickPair, events: list[Event]) -> None:
    d = _new_defense(g, action, events)
    pair = g.rows[action.seat][d]
    pair.up.difference_update(card.id for card in pair.cards())
    events.append(StatusChanged(action.seat, "defense hidden"))
    events.append(ComboDone(action.seat, g.attack.victim, "Stealth", Note.of("combo.new-defense-pair", action.seat)))


# -- ♠ finesse targeted -------------------------------------------------------------------------------------
@combo(FIN, VIT, "Adrenaline", ("Limited", "Surprise"),
       "Place the value card from the drawn pair on top of your defense pair's target value card to increase its "
       "value.")
def adrenaline(g: SixteenCombos, hit: Hit, events: list[Event]) -> None:
    dslot = g.defense_slot(hit.seat)
    if dslot is None:
        return None
    if hit.card is not None:
        g._raise(hit.seat, dslot, hit.card, card_value(hit.card), MAX_VALUE, "Adrenaline", events)
    elif hit.attack.noted:   # B: the noted value raises it as a counter
        g._raise_by_counter(hit.seat, dslot, hit.attack.value, MAX_VALUE, "Adrenaline", events)
    else:
        return None
    done(g, hit, events, Note.of("combo.defense-raised", hit.seat))
    return None


@combo(FIN, WTH, "Consultation", (),
       "Draw a second card as a type, face up. Place the drawn pair above your defense pair. The next time your "
       "character is targeted, choose to have the action affect your consultation pair instead of defense pair "
       "(then discard the other pair).")
def consultation(g: SixteenCombos, hit: Hit, events: list[Event]) -> None:
    seat, card = hit.seat, hit.card
    if card is None:
        return None
    type_card = g._draw(events)
    if type_card is None:
        return None
    old = g.consults[seat]
    if old is not None:
        g.consults[seat] = None
        g._discard_pair(old, seat, seat_place("consult", seat), events)
    hit.attack.cards.remove(card)
    pair = Pair(type_card, [card], min(MAX_VALUE, card_value(card)))
    pair.up = {type_card.id, card.id}
    if type_card.rank == JOKER:
        pair.retyped = FIN
    g.consults[seat] = pair
    events.append(CardMoved(type_card, DECK, seat_place("consult", seat)))
    events.append(CardMoved(card, seat_place("action", seat), seat_place("consult", seat)))
    done(g, hit, events, Note.of("combo.consultation-pair", seat))
    return None


@combo(FIN, STR, "Shove", ("Incapacitated",),
       "The target character must use their defense pair and value as their action type and value on their next "
       "turn (The character ignores the \"Available Actions\" rule & doesn't draw a value card).")
def shove(g: SixteenCombos, hit: Hit, events: list[Event]) -> None:
    if not g.out[hit.victim]:
        g.shoved[hit.victim] = True
        events.append(StatusChanged(hit.victim, "shoved"))
        done(g, hit, events, Note.of("combo.acts-with-defense", hit.victim))
    return None


@combo(FIN, FIN, "Dodge", (),
       "Switch any pair in your defense with another pair (The new type card becomes face up & each card in the "
       "old pair remains up only if it was).")
def dodge(g: SixteenCombos, hit: Hit, events: list[Event]) -> int | None:
    return hit.seat if g.pairs_left(hit.seat) >= 2 else None


dodge.choosing(_other_pairs)


@dodge.resolving
def _(g: SixteenCombos, action: PickPair, events: list[Event]) -> None:
    d = _new_defense(g, action, events)
    g._show_type(action.seat, d, events)
    events.append(ComboDone(action.seat, g.attack.victim, "Dodge", Note.of("combo.new-defense-pair", action.seat)))


# -- the table as the other rule sections read it --------------------------------------------------------------
assert len(COMBO_TABLE) == 16 and len({(c.target, c.action) for c in COMBO_TABLE.values()}) == 16
# COMBOS[target type][action type]: the combo's name
COMBOS: dict[str, dict[str, str]] = {}
for _entry in COMBO_TABLE.values():
    COMBOS.setdefault(_entry.target, {})[_entry.action] = _entry.name
CAVEATS: dict[str, tuple[str, ...]] = {c.name: c.caveats for c in COMBO_TABLE.values()}
del _entry


class ComboSteps:
    """Rule section: a combo set off by a defeat, and the choice it waits for (part of SixteenCombos)."""

    def _combo(self, name: str, diff: int, events: list[Event], t: float) -> None:
        attack = self.attack
        assert attack is not None and attack.victim is not None
        entry = COMBO_TABLE[name]
        self.combo_pending, self.combo_chooser, self.combo_data = name, attack.seat, {}
        hit = Hit(attack.seat, attack.victim, attack.slot, bool(attack.consult), diff,  # type: ignore[arg-type]
                  attack.cards[-1] if attack.cards else None, attack)
        if entry.discards_target:
            self._remove_pair(hit.victim, hit.slot, "defeated", events, consult=hit.consult)
        chooser = entry.effect(self, hit, events)
        if chooser is None:
            self._combo_done(events, t)
        else:
            self.step = "combo"
            self.prompt_seat = self.combo_chooser = chooser

    def _combo_legal(self, seat: int) -> list[Action]:
        entry = COMBO_TABLE[self.combo_pending]
        if entry.yes_or_no:
            return [Decide(seat, True), Decide(seat, False)]
        return entry.choices(self, seat, self.attack.victim) + [_pass(seat)]

    def _on_PickPair(self, action: Action, t: float) -> list[Event]:
        self._require_legal(action)
        events: list[Event] = []
        COMBO_TABLE[self.combo_pending].resolve(self, action, events)
        self._combo_done(events, t)
        return events

    # (each choice a combo waits for is carried out by the combo's own entry)
    _on_Throw = _on_Reveal = _on_HireGuard = _on_Decide = _on_PickPair

    def _combo_done(self, events: list[Event], t: float) -> None:
        self.combo_pending = None
        self.combo_chooser = None
        self.combo_data = {}
        self._action_over(events, t)
