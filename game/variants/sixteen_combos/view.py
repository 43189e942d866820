"""16 Combos, what a seat sees: its view of the table (every pair as that seat may know it, the
action under way, the step bar), the active optional rules shown before an encounter, and the
prompt line. Nobody cheats: a card is shown to a seat only when it is that seat's, lies face up, or
a counter the table followed shows its value."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.cards import DECK, DISCARD, FACE_DOWN, Card
from game.core.view import SeatView, ZoneView

from .cards import DEAL_DECK, RULESET, WASTE, hand_place, seat_place
from .combos import COMBOS
from .events import Checked
from .state import MATCH_OVER, PLACE, PLAY, READY, ROUND_OVER, Pair

@dataclass(frozen=True, slots=True)
class PairView:
    slot: int
    type_card: Any               # Card or FACE_DOWN
    values: tuple[Any, ...]      # Card or FACE_DOWN, the first dealt first
    value: int | None            # the current value if this seat may know it (owner, a counter)
    counter: bool                # a counter lies on it (its value changed)
    type: str | None             # its type if this seat may know it
    defense: bool


@dataclass(frozen=True, slots=True)
class SixteenCombosView(SeatView):
    ruleset: str
    active_rules: tuple[str, ...]
    step: str                                   # the step bar: "place", "target", "type", "reaction", ...
    active: int | None
    victim: int | None
    target_slot: int | None
    consulting: bool                            # the victim's consultation pair takes this action
    action_type: str | None
    action_value: int | None
    action_cards: tuple[Card, ...]
    combo_cell: tuple[str, str] | None          # (action type, target type) when both are known
    combo: str | None                           # the combo of that cell
    last_check: Checked | None
    pairs: tuple[tuple[PairView | None, ...], ...]
    hand: tuple[Card, ...]                      # this seat's value cards still to place
    hand_counts: tuple[int, ...]
    order_cards: tuple[Card | None, ...]
    play_order: tuple[int, ...]
    wilds: tuple[Card | None, ...]
    consults: tuple[PairView | None, ...]
    aside: tuple[PairView | None, ...]
    reacted: tuple[bool, ...]
    incapacitated: tuple[bool, ...]
    out: tuple[bool, ...]
    statuses: tuple[tuple[str, ...], ...]
    waste: tuple[Card, ...]
    deck_size: int
    deal_size: int
    discard_size: int
    encounter_round: int
    deadline: float | None
    options: dict
    pass_cost: int = 0                          # what passing now costs this seat's defense pair


def active_rule_labels(options: dict[str, Any]) -> tuple[str, ...]:
    """The lettered optional rules that are on, then this program's rule choices that are not
    their defaults (an old saved match, say, plays with free passes)."""
    labels = []
    for key, label in OPTIONAL_RULES:
        if options.get(key):
            labels.append(label)
    cost = options.get("pass_cost", 1)
    if cost != 1:
        labels.append("Free passing" if not cost else f"A pass costs {cost}")
    if options.get("counter_with", "defense pair") != "defense pair":
        labels.append("Counter with the target pair")
    if options.get("ask_reactions", "every attack") != "every attack":
        labels.append("Reactions asked only when there is one")
    return tuple(labels)


OPTIONAL_RULES = (("recovery", "A. Recovery"), ("reuse_values", "B. Reusing Value Cards"),
                  ("drop_lowest", "C. Drop Lowest Dealt"), ("round_robin", "D. Round-robin Order"),
                  ("one_of_each", "E. One of Each Type"), ("multiple_values", "F. Multiple Values Dealt"),
                  ("jokers", "G. Using Jokers"))


class Views:
    """Rule section: what each seat sees (part of SixteenCombos)."""

    def _pair_view(self, pair: Pair, viewer: int, owner: int, slot: int, defense: bool, public: bool) -> PairView:
        mine = viewer == owner or public
        up = pair.up
        tc = pair.type_card if (mine or pair.type_card.id in up) else FACE_DOWN
        values = tuple(c if (mine or c.id in up) else FACE_DOWN for c in pair.values)
        all_up = bool(pair.values) and all(c.id in up for c in pair.values)
        # a counter shows a changed value the table followed; an unchanged one lies face down
        known = mine or all_up or (pair.told and pair.changed)
        counter = bool(pair.values) and pair.changed and known
        type_known = mine or pair.type_card.id in up
        return PairView(slot, tc, values, pair.value if known and pair.values else None, counter,
                        pair.type if type_known else None, defense)

    def observe(self, seat: int) -> SixteenCombosView:
        n = self.seats
        public = self.round_revealed()
        pairs = []
        for s in range(n):
            d = self.defense_slot(s)
            pairs.append(tuple(None if p is None else self._pair_view(p, seat, s, slot, slot == d, public)
                               for slot, p in enumerate(self.rows[s])))
        zones = [ZoneView(seat_place("pairs", s), "pairs", pairs[s], self.pairs_left(s)) for s in range(n)]
        for s in range(n):
            if self.hands[s]:
                cards = tuple(self.hands[s]) if s == seat or self.reveal_all else (FACE_DOWN,) * len(self.hands[s])
                zones.append(ZoneView(hand_place(s), "fan", cards, len(cards)))
        zones += [ZoneView(DECK, "deck", (), len(self.piles.deck)),
                  ZoneView(DEAL_DECK, "deck", (), len(self.deal_deck)),
                  ZoneView(WASTE, "pile", tuple(self.waste), len(self.waste)),
                  ZoneView(DISCARD, "deck", (), len(self.piles.discard))]
        attack = self.attack
        in_play = self.phase == PLAY
        cell = None
        combo = None
        if attack is not None and attack.atype is not None and attack.victim is not None:
            tp = self.target_pair()
            if tp is not None:
                known = seat == attack.victim or tp.type_card.id in tp.up or public
                if known:
                    cell = (attack.atype, tp.type)
                    combo = COMBOS[tp.type][attack.atype]
        statuses = []
        for s in range(n):
            st = []
            if self.out[s]:
                st.append("out")
            if self.incap[s]:
                st.append("incapacitated")
            if self.shoved[s]:
                st.append("shoved")
            if self.scavenging[s]:
                st.append("scavenging")
            if self.stolen[s] is not None:
                st.append("stolen pair")
            if self.grappled[s]:
                st.append("grappled")
            if self.reacted[s]:
                st.append("reaction used")
            statuses.append(tuple(st))
        acting = self.seats_to_act()
        return SixteenCombosView(
            seat=seat, seats=n, round=self.round, phase=self.phase, turn=self.turn if in_play else None,
            dealer=self.dealer, acting=acting,
            out_of_turn=in_play and seat in acting and seat != self.turn,
            direction=1, zones=tuple(zones), windows=(), pending_draw=0, totals=tuple(self.score.totals),
            round_scores=tuple(self.score.rounds), over=self.over, winners=self.winners, prompt=self._prompt_text(),
            ruleset=RULESET, active_rules=active_rule_labels(self.options),
            step=self.step if in_play or self.phase == PLACE else self.phase,
            active=attack.seat if attack else None, victim=attack.victim if attack else None,
            target_slot=attack.slot if attack else None, consulting=bool(attack and attack.consult),
            action_type=attack.atype if attack else None,
            action_value=attack.value if attack and attack.value is not None and self.step not in ("target", "type") else None,
            action_cards=tuple(attack.cards) if attack else (), combo_cell=cell, combo=combo,
            last_check=self.last_check, pairs=tuple(pairs),
            hand=tuple(self.hands[seat]) if 0 <= seat < n else (),
            hand_counts=tuple(len(h) for h in self.hands), order_cards=tuple(self.order_cards),
            play_order=self.play_order, wilds=tuple(self.wilds),
            consults=tuple(None if p is None else self._pair_view(p, seat, s, -1, False, True)
                           for s, p in enumerate(self.consults)),
            aside=tuple(None if p is None else self._pair_view(p, seat, s, -1, False, s == seat or public)
                        for s, p in enumerate(self.stolen)),
            reacted=tuple(self.reacted), incapacitated=tuple(bool(i) for i in self.incap), out=tuple(self.out),
            statuses=tuple(statuses), waste=tuple(self.waste), deck_size=len(self.piles.deck),
            deal_size=len(self.deal_deck), discard_size=len(self.piles.discard), encounter_round=self.enc_round,
            deadline=self.deadline, options=dict(self.options),
            pass_cost=self.pass_cost(seat) if in_play else 0,
        )

    def _prompt_text(self) -> str:
        if self.phase == READY:
            return "the encounter is about to be dealt"
        if self.phase == PLACE:
            return "every character places its value cards"
        if self.phase == ROUND_OVER:
            return f"encounter {self.round} is over"
        if self.phase == MATCH_OVER:
            return "the match is over"
        s = self.prompt_seat
        texts = {"target": f"seat {s} to choose a target or pass", "type": f"seat {s} to choose an action type",
                 "consult": f"seat {s} to use its consultation pair or not",
                 "predict": f"seat {s} to react before the draw", "inform": f"seat {s} to react to the value",
                 "face": f"seat {s} to keep the action type or take the face card's",
                 "scavenge": f"seat {s} to add the two cards or take the waste",
                 "counter": f"seat {s} to counter or not", "combo": f"seat {s} to choose for {self.combo_pending}",
                 "stance": f"seat {s} to change stance or not"}
        return texts.get(self.step, f"seat {self.turn} is acting")
