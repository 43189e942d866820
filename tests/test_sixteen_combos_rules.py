"""16 Combos scenarios: one or more per named rule of game/rules/sixteen-combos.md and one per combo,
each on a deal stacked by StartRound(deck=...) (tests/sixteen_combos_helpers.py)."""

from __future__ import annotations

import pickle

import pytest

from game.core.actions import Pass, StartRound
from game.core.cards import DECK, FACE_DOWN
from game.core.errors import IllegalAction, InvalidTarget, NotAChoice, NotYourTurn, WrongPhase
from game.variants.sixteen_combos import (COMBOS, RULESET, Announce, ChangeStance, ChooseDefense, Consult, Counter,
                                          Decide, FaceType, HireGuard, PassTurn, PickPair, PlaceValue, Recover,
                                          Retype, Reveal, Scavenge, SixteenCombos, SwapPair, Target, Throw,
                                          columns_for, hand_place, pair_place, type_place, value_place)
from tests.sixteen_combos_helpers import attack, encounter, of

SEAT0_TYPES = ["Jh", "Jd", "Jc"]


def battle(a: str, t: str, draws=("10h",), **options) -> SixteenCombos:
    """Seat 0 holds three value cards of action type `a`; seat 1's defense pair is of type `t`, worth 2.
    Seat 0 plays first (order cards K against 2)."""
    values0 = [f"3{a}", f"4{a}", f"5{a}"]
    return encounter([SEAT0_TYPES, ["9h", "9d", f"10{t}"]], [values0, ["6c", "7c", "2c"]], draws, **options)


# -- dealing -----------------------------------------------------------------------------------------------
def test_dealing_order_cards_types_and_placement():
    g = encounter([["2h", "3d", "4c"], ["5h", "6d", "7s"]], [["8h", "9h", "10h"], ["8c", "9c", "10c"]], place=False)
    assert [str(c) for c in g.order_cards] == ["Kc", "2c"]
    assert g.phase == "place" and g.seats_to_act() == (0, 1)
    assert len(g.hands[0]) == 3 and str(g.rows[1][2].type_card) == "7s"
    # the placement step: a card from the hand onto an empty column, nothing shown to the other seat
    assert g.observe(1).zone(hand_place(0)).cards == (FACE_DOWN,) * 3
    g.apply(PlaceValue(0, hand_place(0, 2), pair_place(0, 0)))
    assert g.rows[0][0].value == 10
    with pytest.raises(InvalidTarget):
        g.apply(PlaceValue(0, hand_place(0, 0), pair_place(0, 0)))   # that column is filled
    for s in range(2):
        while g.hands[s]:
            slot = next(i for i, p in enumerate(g.rows[s]) if not p.values)
            g.apply(PlaceValue(s, hand_place(s, 0), pair_place(s, slot)))
    # Show Defense Pair Type: the rightmost type cards turn up, the others stay down for the others
    view = g.observe(1)
    assert view.pairs[0][2].type_card.suit == "c" and view.pairs[0][0].type_card is FACE_DOWN
    assert view.pairs[0][2].value is None and view.pairs[1][2].value == 10
    assert g.phase == "play" and g.turn == 0 and g.step == "target"


def test_columns_default_to_ten_with_two_and_the_deck_limit_with_more():
    base = {k: False for k in ("drop_lowest", "multiple_values", "one_of_each", "jokers")}
    assert columns_for(2, dict(base, columns=0)) == 10
    assert columns_for(3, dict(base, columns=0)) == 8
    assert columns_for(4, dict(base, columns=0)) == 6
    assert columns_for(4, dict(base, columns=12)) == 6     # lowered to what the deck allows
    g = SixteenCombos(4, {}, seed=3)
    g.apply(StartRound(), 0)
    assert all(len(row) == 6 for row in g.rows)


def test_a_stacked_deck_naming_a_card_twice_is_refused_and_changes_nothing():
    g = SixteenCombos(2, {}, seed=1)
    before = pickle.dumps(g.__dict__)
    with pytest.raises(IllegalAction):
        g.apply(StartRound(deck=("5h", "5h")), 0)
    assert pickle.dumps(g.__dict__) == before


# -- Character Order and rounds ----------------------------------------------------------------------------------
def test_character_order_highest_order_card_first():
    g = encounter([["2h"], ["3h"], ["4h"]], [["5h"], ["6h"], ["7h"]], order=("5c", "Kc", "2c"))
    assert g.play_order == (1, 0, 2) and g.turn == 1


def test_round_robin_order_starts_highest_then_goes_by_seat():
    g = encounter([["2h"], ["3h"], ["4h"]], [["5h"], ["6h"], ["7h"]], order=("5c", "Kc", "2c"), round_robin=True)
    assert g.play_order == (1, 2, 0)


def test_a_round_is_every_character_once_then_reactions_come_back():
    g = encounter([SEAT0_TYPES, ["9h", "9d", "10d"]], [["3c", "4c", "9c"], ["6c", "7c", "Ad"]], draws=("2s",))
    attack(g, 0, 1, "c")                  # 2 against 13: a critical failure loses seat 0 its reaction
    assert g.reacted[0] and g.step == "counter"
    g.apply(Pass(1))
    assert g.turn == 1 and g.enc_round == 1
    g.apply(PassTurn(1))
    assert g.enc_round == 2 and g.turn == 0 and not g.reacted[0]


# -- Available Actions -------------------------------------------------------------------------------------------
def test_available_actions_sure_once_and_none():
    g = encounter([SEAT0_TYPES, ["9h", "9d", "10d"]], [["3c", "4c", "5s"], ["6c", "7c", "2c"]], draws=("8h",))
    g.apply(Target(0, pair_place(1, 2)))
    types = {a.atype for a in g.legal_actions(0) if isinstance(a, Announce)}
    assert types == {"c", "s"}                         # clubs twice, spades once, no hearts or diamonds
    with pytest.raises(InvalidTarget):
        g.apply(Announce(0, "h"))
    events = g.apply(Announce(0, "s"))                  # held once: the 8 of hearts does not match
    events += g.apply(Pass(1))                          # (the target is asked before the draw)
    assert of(events, "Fizzled") and not of(events, "Checked")
    assert g.turn == 1


def test_a_type_held_once_goes_ahead_when_the_drawn_card_matches():
    g = encounter([SEAT0_TYPES, ["9h", "9d", "10d"]], [["3c", "4c", "5s"], ["6c", "7c", "2c"]], draws=("8s",))
    events = attack(g, 0, 1, "s")
    assert of(events, "Checked")[0].outcome == "defeated"


def test_passing_a_turn():
    g = battle("c", "d")
    events = g.apply(PassTurn(0))
    assert of(events, "TurnPassed") and g.turn == 1


def test_passing_costs_and_its_default():
    assert SixteenCombos(2).options["pass_cost"] == 1
    g = battle("c", "d", pass_cost=1)               # seat 0's defense pair: Jc with a 5
    events = g.apply(PassTurn(0))
    changed = of(events, "ValueChanged")
    assert [(e.seat, e.slot, e.value, e.by, e.why) for e in changed] == [(0, 2, 4, -1, "a pass")]
    assert g.rows[0][2].value == 4 and g.turn == 1
    view = g.observe(1)                             # everybody sees the counter on the pair
    assert view.pairs[0][2].counter and view.pairs[0][2].value == 4
    g.apply(Target(1, pair_place(0, 2)))
    g.apply(PassTurn(1))                            # a pass after announcing the target costs the same
    assert g.rows[1][2].value == 1


def test_a_pass_that_wears_down_the_last_pair_loses_the_encounter():
    g = encounter([["Jh"], ["9h"]], [["3c"], ["6c"]], pass_cost=3)
    events = g.apply(PassTurn(0))
    assert of(events, "PairDefeated")[0].why == "worn down" and of(events, "CharacterOut")
    assert of(events, "EncounterWon")[0].winner == 1 and g.phase != "play"


def test_declining_an_extra_action_costs_nothing():
    g = battle("d", "h", draws=("10h",), pass_cost=2)
    attack(g, 0, 1, "d")                            # Hire Assassin: an extra turn
    assert g.turn == 0 and g.step == "target" and g.pass_cost(0) == 0
    events = g.apply(PassTurn(0))
    assert not of(events, "ValueChanged") and g.rows[0][2].value == 5 and g.turn == 1
    assert g.pass_cost(1) == 2


def test_free_passing_is_the_option_that_keeps_the_old_rule():
    g = battle("c", "d", pass_cost=0)
    events = g.apply(PassTurn(0))
    assert not of(events, "ValueChanged") and g.rows[0][2].value == 5


# -- Check and its outcomes ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("draw, outcome, left", [
    ("9h", "defeated", None),           # 9 - 2 = 7
    ("8h", "defeated", None),           # 6
    ("7h", "damaged", None),            # 5: 2 - 5 below zero: worn down
    ("2h", "missed", 2),                # 0
])
def test_outcomes_against_a_two(draw, outcome, left):
    g = battle("c", "d", draws=(draw,))
    check = of(attack(g, 0, 1, "c"), "Checked")[0]
    assert (check.action_value, check.target_value, check.outcome) == (int(draw[:-1]), 2, outcome)
    assert (g.rows[1][2].value if g.rows[1][2] else None) == left


def test_damaged_lowers_the_value_by_the_difference_and_a_counter_shows_it():
    g = encounter([SEAT0_TYPES, ["9h", "9d", "10d"]], [["3c", "4c", "5c"], ["6c", "7c", "9c"]], draws=("Kh",))
    events = attack(g, 0, 1, "c")
    check = of(events, "Checked")[0]
    assert (check.outcome, check.action_value, check.target_value) == ("damaged", 12, 9)
    assert g.rows[1][2].value == 6 and not of(events, "ComboDone")
    assert g.observe(0).pairs[1][2].value == 6 and g.observe(0).pairs[1][2].counter


def test_worn_down_to_zero_is_discarded_without_a_combo():
    g = battle("c", "d", draws=("7h",))
    events = attack(g, 0, 1, "c")
    assert of(events, "PairDefeated")[0].why == "worn down" and not of(events, "ComboDone")
    assert g.rows[1][2] is None and g.defense_slot(1) == 1


def test_missed_changes_nothing():
    g = battle("c", "d", draws=("2h",))
    attack(g, 0, 1, "c")
    assert g.rows[1][2].value == 2 and g.turn == 1


def test_critical_failure_lost_reaction_and_counter():
    g = encounter([SEAT0_TYPES, ["9h", "9d", "10d"]], [["3c", "4c", "9c"], ["6c", "7c", "Ad"]], draws=("2s",))
    events = attack(g, 0, 1, "c")
    assert of(events, "Checked")[0].outcome == "critical failure"
    assert of(events, "StatusChanged")[0].status == "lost reaction" and g.reacted[0]
    assert g.step == "counter" and g.prompt_seat == 1 and Counter(1) in g.legal_actions(1)
    events = g.apply(Counter(1))
    check = of(events, "Checked")[0]
    # the counter: wealth 13 against seat 0's defense (clubs type Jc, value 9): damaged by 4
    assert (check.counter, check.action_type, check.action_value, check.target_value) == (True, "d", 13, 9)
    assert g.rows[0][2].value == 5 and g.reacted[1]
    assert g.turn == 1    # no counter back: seat 0 has lost its reaction, the turn goes on


def assassin_then_critical_failure(**options) -> SixteenCombos:
    """Seat 0's Hire Assassin turn targets seat 1's left pair (9h with an ace, 13) and draws a 2: a
    critical failure. Seat 1's defense pair is then 9d with a 7; seat 0's defense pair is Jc with a 5."""
    g = encounter([SEAT0_TYPES, ["9h", "9d", "10h"]], [["3d", "4d", "5d"], ["Ac", "7c", "2c"]],
                  draws=("10s", "2s"), **options)
    attack(g, 0, 1, "d")                            # 10 against 2: Hire Assassin
    events = attack(g, 0, 1, "d", slot=0)
    assert of(events, "Checked")[-1].outcome == "critical failure" and g.step == "counter"
    return g


def test_a_counter_uses_the_defense_pairs_type_and_value():
    assert SixteenCombos(2).options["counter_with"] == "defense pair"
    g = assassin_then_critical_failure()
    check = of(g.apply(Counter(1)), "Checked")[0]
    # wealth 7 (the defense pair 9d with a 7), not the attacked ace: 7 against 5, damaged
    assert (check.counter, check.action_type, check.action_value, check.outcome) == (True, "d", 7, "damaged")
    assert g.rows[0][2].value == 3


def test_counter_with_the_target_pair_is_an_option():
    g = assassin_then_critical_failure(counter_with="target pair")
    check = of(g.apply(Counter(1)), "Checked")[0]
    assert (check.action_type, check.action_value, check.outcome, check.combo) == ("h", 13, "defeated", "Defend")


def test_a_consultation_pair_that_critically_fails_an_attack_is_countered_by_the_defense_pair():
    for counter_with, offered in (("defense pair", True), ("target pair", False)):
        g = battle("d", "s", draws=("10h", "Qs", "3h"), counter_with=counter_with)
        attack(g, 0, 1, "d")                        # Consultation: seat 0 holds Qs with the 10
        g.apply(Target(1, pair_place(0, 2)))
        g.apply(Announce(1, "c"))
        g.apply(Consult(0, True))
        while g.step in ("predict", "inform"):
            g.apply(Pass(0))
        assert g.last_check.outcome == "critical failure" and g.consults[0] is None
        assert (Counter(0) in g.legal_actions(0)) is offered
        if offered:
            check = of(g.apply(Counter(0)), "Checked")[0]
            assert (check.action_type, check.action_value) == ("c", 5)    # Jc with the 5


# -- Maximum Value, Face Cards --------------------------------------------------------------------------------------
def test_face_card_as_target_value_retypes_the_pair():
    g = encounter([SEAT0_TYPES, ["9h", "9d", "10d"]], [["3c", "4c", "5c"], ["6c", "7c", "Ah"]], draws=("2h",))
    g.apply(Target(0, pair_place(1, 2)))
    g.apply(Announce(0, "c"))
    assert g.step == "predict" and Retype(1, "s") in g.legal_actions(1)
    events = g.apply(Retype(1, "s"))
    assert g.rows[1][2].type == "s" and g.reacted[1] and of(events, "Reacted")
    # the informed reaction is gone with the one reaction of the round: straight to the check
    assert of(events, "Checked")[0].combo == "Shove"


def test_face_card_swap_reaction():
    g = encounter([SEAT0_TYPES, ["9h", "9d", "Kd"]], [["3c", "4c", "5c"], ["6c", "7c", "5s"]], draws=("9h",))
    g.apply(Target(0, pair_place(1, 2)))
    g.apply(Announce(0, "c"))
    g.apply(SwapPair(1))
    pair = g.rows[1][2]
    assert str(pair.type_card) == "5s" and pair.value == 12 and pair.type == "s" and g.reacted[1]


def test_a_swap_keeps_the_damage():
    g = encounter([SEAT0_TYPES, ["9h", "9d", "Kd"]], [["3c", "4c", "5c"], ["6c", "7c", "9s"]], draws=("Ah", "2h"))
    attack(g, 0, 1, "c")                       # 13 against 9: damaged by 4, now 5
    assert g.rows[1][2].value == 5
    g.apply(PassTurn(1))
    g.apply(Target(0, pair_place(1, 2)))
    g.apply(Announce(0, "c"))
    g.apply(SwapPair(1))
    assert g.rows[1][2].value == 8             # the king's 12 less the 4 it had lost


def test_face_card_as_action_value_changes_the_action_type():
    g = encounter([SEAT0_TYPES, ["9h", "9d", "10h"]], [["3d", "4d", "5c"], ["6c", "7c", "2c"]], draws=("Qh",))
    g.apply(Target(0, pair_place(1, 2)))
    g.apply(Announce(0, "c"))             # clubs held once: a gamble
    g.apply(Pass(1))                      # no reaction before the draw
    assert g.step == "face" and FaceType(0, "d") in g.legal_actions(0)
    events = g.apply(FaceType(0, "d"))
    assert of(events, "Checked")[0].combo == "Hire Assassin"


def test_maximum_value_caps_a_raise_at_14_and_14_behaves_as_a_joker():
    g = battle("h", "s", draws=("10h",))   # Adrenaline: 5 + 10 stops at 14 (Limited)
    attack(g, 0, 1, "h")
    assert g.rows[0][2].value == 14
    g.apply(Target(1, pair_place(0, 2)))
    g.apply(Announce(1, "c"))
    assert g.step == "predict" and {Retype(0, "s"), Retype(0, "h")} <= set(g.legal_actions(0))


# -- Discard Pile and Waste, Static Type ---------------------------------------------------------------------------------
def test_discard_pile_and_waste():
    g = encounter([SEAT0_TYPES, ["9h", "9d", "10d"]], [["3c", "4c", "9c"], ["6c", "7c", "9s"]], draws=("5h", "4h"))
    attack(g, 0, 1, "c")                              # missed: the 5 is the waste
    assert [str(c) for c in g.waste] == ["5h"] and not g.discard
    g.apply(PassTurn(1))
    attack(g, 0, 1, "c")                              # the next discard pushes it face down
    assert [str(c) for c in g.waste] == ["4h"] and [str(c) for c in g.discard] == ["5h"]


def test_a_defeat_discards_the_type_face_down_and_values_to_the_waste():
    g = battle("d", "h", draws=("10s",))   # Hire Assassin: nothing to choose, one step
    attack(g, 0, 1, "d")
    assert [str(c) for c in g.discard] == ["10h"] and [str(c) for c in g.waste] == ["2c", "10s"]


def test_static_type_a_raise_does_not_change_the_type():
    g = battle("h", "c", draws=("10s",))   # Defend with a spade
    attack(g, 0, 1, "h")
    g.apply(PickPair(0, pair_place(0, 0)))
    assert g.rows[0][0].type == "h" and g.rows[0][0].value == 13


# -- the caveats ---------------------------------------------------------------------------------------------------
def test_surprise_allows_the_predictive_reaction_only():
    g = encounter([SEAT0_TYPES, ["9h", "9d", "10d"]], [["3c", "4c", "5c"], ["6c", "7c", "Ah"]], draws=("2h",))
    g.apply(Target(0, pair_place(1, 2)))
    g.apply(Announce(0, "c"))              # strength on wealth: Steal, a surprise
    assert g.step == "predict"
    events = g.apply(Pass(1))
    assert of(events, "Checked") and g.step != "inform"


def test_not_a_surprise_offers_the_informed_reaction():
    g = encounter([SEAT0_TYPES, ["9h", "9d", "10c"]], [["3c", "4c", "5c"], ["6c", "7c", "Ah"]], draws=("2h",))
    g.apply(Target(0, pair_place(1, 2)))
    g.apply(Announce(0, "c"))              # Grapple: not a surprise
    g.apply(Pass(1))
    assert g.step == "inform" and Retype(1, "s") in g.legal_actions(1)


def test_passive_damage_does_nothing():
    g = encounter([SEAT0_TYPES, ["9h", "9d", "10d"]], [["3h", "4h", "5h"], ["6c", "7c", "8c"]], draws=("10s",))
    events = attack(g, 0, 1, "h")          # Scavenge cell, damaged by 2
    assert of(events, "Checked")[0].outcome == "damaged" and g.rows[1][2].value == 8


def test_incapacitated_skips_the_turn_still_to_come():
    g = encounter([SEAT0_TYPES, ["9h", "9d", "10h"]], [["3c", "4c", "5c"], ["6c", "7c", "9c"]], draws=("Kh",))
    events = attack(g, 0, 1, "c")          # Throw cell, damaged by 3: incapacitated anyway
    assert of(events, "Checked")[0].outcome == "damaged"
    assert of(events, "TurnSkipped")[0].seat == 1 and g.turn == 0 and g.enc_round == 2
    assert not g.incapacitated(1) or g.incap[1] == 1


def test_once_grapple_as_a_second_action_gives_no_extra_turn():
    # Hire Assassin's extra turn is a second action: a Grapple there is a plain defeat
    g = encounter([["Jh", "Jd", "Jc", "Qh"], ["9h", "9c", "9d", "10h"]],
                  [["3d", "4d", "5c", "6c"], ["6h", "2s", "7h", "2h"]], draws=("10d", "Ks"))
    attack(g, 0, 1, "d")                                   # Hire Assassin: 10 against 2
    assert g.step == "target" and g.turn == 0
    g.apply(Target(0, pair_place(1, 1)))                   # any pair: the strength one worth 2
    g.apply(Announce(0, "c"))
    while g.step in ("predict", "inform", "face"):
        g.apply(Pass(1 if g.step != "face" else 0))
    assert g.last_check.combo == "Grapple" and g.last_check.outcome == "defeated"
    assert g.rows[1][1] is None and not g.grappled[1]
    assert g.enc_round == 2 and g.turn == 0     # no extra action; seat 1 (incapacitated) sat out


def test_once_grapple_from_a_turn_gives_the_extra_action():
    g = battle("c", "c", draws=("10h", "9h"))
    attack(g, 0, 1, "c")
    assert g.grappled[1] and g.turn == 0 and g.step == "target"
    assert [a.pair for a in g.legal_actions(0) if isinstance(a, Target)] == [pair_place(1, 1)]
    events = attack(g, 0, 1, "c")                          # 9 against 7: damaged; both cards turn up
    assert of(events, "Checked")[0].outcome == "damaged" and of(events, "CardRevealed")
    assert {c.id for c in g.rows[1][1].cards()} <= g.rows[1][1].up
    # seat 1 is incapacitated (skipped this round) but its grappled pair came back at its turn
    assert of(events, "TurnSkipped") and g.rows[1][3] is not None and g.defense_slot(1) == 3


def test_save_wild_bribe_and_the_wild_card():
    g = battle("d", "d", draws=("10h",))
    attack(g, 0, 1, "d")
    assert g.step == "combo" and g.prompt_seat == 1
    g.apply(Decide(1, True))
    assert str(g.wilds[1]) == "10h"
    g.apply(Target(1, pair_place(0, 2)))
    assert Announce(1, "c", True) in g.legal_actions(1)
    events = g.apply(Announce(1, "c", True))
    while g.step in ("predict", "inform"):
        events += g.apply(Pass(0))
    assert of(events, "ValueSet")[0].value == 10 and g.wilds[1] is None


def test_unlimited_scavenge_sums_past_14():
    g = battle("h", "d", draws=("10h", "9s", "8s"))
    events = attack(g, 0, 1, "h")
    assert of(events, "ComboDone")[0].combo == "Scavenge" and g.rows[1][2].value == 2   # Passive
    g.apply(PassTurn(1))
    g.apply(Target(0, pair_place(1, 2)))
    g.apply(Announce(0, "h"))
    g.apply(Pass(1))
    assert g.step == "scavenge"
    events = g.apply(Scavenge(0, False))
    assert of(events, "ValueSet")[0].value == 17


def test_scavenge_can_take_the_waste_value():
    g = battle("h", "d", draws=("10h", "9s", "8s"))
    attack(g, 0, 1, "h")
    g.apply(PassTurn(1))
    g.apply(Target(0, pair_place(1, 2)))
    g.apply(Announce(0, "h"))
    g.apply(Pass(1))
    events = g.apply(Scavenge(0, True))       # the waste is the 10 of hearts from last turn
    assert of(events, "ValueSet")[0].value == 10 and str(g.waste[-1]) == "8s"


# -- the sixteen combos ------------------------------------------------------------------------------------------------
def test_combo_table_cells():
    assert COMBOS["d"]["c"] == "Steal" and COMBOS["h"]["h"] == "Poison" and COMBOS["s"]["d"] == "Consultation"
    assert len({name for row in COMBOS.values() for name in row.values()}) == 16


def test_poison_spills_to_the_next_pair_left():
    g = battle("h", "h", draws=("10h",))      # 10 - 2 = 8 spills onto the 7
    events = attack(g, 0, 1, "h")
    assert of(events, "ComboDone")[0].combo == "Poison"
    assert g.rows[1][2] is None and g.rows[1][1] is None and g.rows[1][0].value == 6


def test_hire_assassin_gives_another_turn_against_any_pair():
    g = battle("d", "h", draws=("10h",))
    attack(g, 0, 1, "d")
    assert g.turn == 0 and g.step == "target" and g.reacted[0]
    targets = {a.pair for a in g.legal_actions(0) if isinstance(a, Target)}
    assert targets == {pair_place(1, 0), pair_place(1, 1)}


def test_throw_swaps_two_of_the_targets_pairs():
    g = battle("c", "h", draws=("10h",))
    attack(g, 0, 1, "c")
    assert Throw(0, pair_place(1, 0), pair_place(1, 1)) in g.legal_actions(0)
    events = g.apply(Throw(0, pair_place(1, 0), pair_place(1, 1)))
    assert str(g.rows[1][1].type_card) == "9h" and g.rows[1][1].type_up
    assert of(events, "TurnSkipped")       # Incapacitated


def test_insight_turns_a_chosen_card_up():
    g = battle("s", "h", draws=("10h",))
    attack(g, 0, 1, "s")
    events = g.apply(Reveal(0, value_place(1, 0)))
    assert str(of(events, "CardRevealed")[0].card) == "6c"
    assert g.observe(0).pairs[1][0].values[0].rank == 6 and g.observe(0).pairs[1][0].value == 6


def test_scavenge_leaves_the_pair_and_draws_two_next_time():
    g = battle("h", "d", draws=("10h",))
    attack(g, 0, 1, "h")
    assert g.scavenging[0] and g.rows[1][2] is not None


def test_bribe_declined_discards_the_card():
    g = battle("d", "d", draws=("10h",))
    attack(g, 0, 1, "d")
    g.apply(Decide(1, False))
    assert g.wilds[1] is None and str(g.waste[-1]) == "10h" and g.rows[1][2] is None


def test_steal_as_a_new_defense_pair():
    g = battle("c", "d", draws=("10h",))
    attack(g, 0, 1, "c")
    g.apply(Decide(0, True))
    assert str(g.rows[0][3].type_card) == "10d" and g.defense_slot(0) == 3 and g.rows[1][2] is None


def test_steal_used_as_the_next_action():
    g = battle("c", "d", draws=("10h",))
    attack(g, 0, 1, "c")
    g.apply(Decide(0, False))
    g.apply(PassTurn(1))
    assert g.attack.fixed == "steal"
    events = g.apply(Target(0, pair_place(1, 1)))
    while g.step in ("predict", "inform"):
        events += g.apply(Pass(1))
    check = of(events, "Checked")[0]
    assert (check.action_type, check.action_value) == ("d", 2) and g.stolen[0] is None


def test_snipe_hits_another_pair_instead():
    g = battle("s", "d", draws=("10h",))
    attack(g, 0, 1, "s")
    g.apply(PickPair(0, pair_place(1, 0)))
    assert g.rows[1][0] is None and g.rows[1][2] is not None


def test_defend_raises_for_one_round_past_14():
    g = battle("h", "c", draws=("10h",))
    attack(g, 0, 1, "h")
    g.apply(PickPair(0, pair_place(0, 2)))
    assert g.rows[0][2].value == 15 and g.rows[1][2] is not None      # Unlimited, Passive
    events = g.apply(PassTurn(1))
    assert g.rows[0][2].value == 5 and of(events, "ValueChanged")[0].why == "Defend ends"


def test_hire_guard_with_the_drawn_card():
    g = battle("d", "c", draws=("10s",))
    attack(g, 0, 1, "d")
    g.apply(HireGuard(0, type_place(0, 0), DECK))
    assert str(g.rows[0][0].type_card) == "10s" and g.rows[0][0].type == "s"
    assert "Jh" in [str(c) for c in g.discard]


def test_hire_guard_swapping_with_a_wealth_value():
    g = battle("d", "c", draws=("10s",))
    attack(g, 0, 1, "d")
    g.apply(HireGuard(0, type_place(0, 0), value_place(0, 1)))
    assert str(g.rows[0][0].type_card) == "4d" and str(g.rows[0][1].values[0]) == "Jh"
    assert g.rows[0][1].value == 11


def test_grapple_sets_the_pair_aside():
    g = battle("c", "c", draws=("10h",))
    attack(g, 0, 1, "c")
    assert g.rows[1][2] is None and g.grappled[1] and g.incap[1]


def test_stealth_hides_the_new_defense_pair():
    g = battle("s", "c", draws=("10h",))
    attack(g, 0, 1, "s")
    g.apply(PickPair(0, pair_place(0, 0)))
    assert str(g.rows[0][2].type_card) == "Jh"
    assert g.observe(1).pairs[0][2].type_card is FACE_DOWN and g.observe(1).pairs[0][2].type is None


def test_adrenaline_raises_the_defense_pair():
    g = battle("h", "s", draws=("8h",))
    attack(g, 0, 1, "h")
    assert g.rows[0][2].value == 13 and str(g.rows[0][2].values[-1]) == "8h"


def test_consultation_pair_and_its_use():
    g = battle("d", "s", draws=("10h", "Qs", "9h"))
    attack(g, 0, 1, "d")
    assert str(g.consults[0].type_card) == "Qs" and g.consults[0].value == 10
    g.apply(Target(1, pair_place(0, 2)))
    g.apply(Announce(1, "c"))
    assert g.step == "consult" and g.prompt_seat == 0
    events = g.apply(Consult(0, True))
    while g.step in ("predict", "inform"):
        events += g.apply(Pass(0))
    check = of(events, "Checked")[0]
    assert check.consultation and check.target_value == 10 and g.consults[0] is None


def test_shove_forces_the_next_action():
    g = battle("c", "s", draws=("10h",))
    events = attack(g, 0, 1, "c")
    assert g.shoved[1] and of(events, "TurnSkipped")      # Incapacitated too
    g.apply(PassTurn(0))
    assert g.turn == 1 and PassTurn(1) not in g.legal_actions(1)
    events = g.apply(Target(1, pair_place(0, 2)))
    while g.step in ("predict", "inform"):
        events += g.apply(Pass(0))
    assert of(events, "TypeAnnounced")[0].fixed == "shove" and of(events, "ValueSet")[0].value == 7


def test_dodge_shows_the_new_defense_type():
    g = battle("s", "s", draws=("10h",))
    attack(g, 0, 1, "s")
    events = g.apply(PickPair(0, pair_place(0, 0)))
    assert str(g.rows[0][2].type_card) == "Jh" and g.observe(1).pairs[0][2].type == "h"
    assert of(events, "CardRevealed")


# -- optional rules -----------------------------------------------------------------------------------------------------
def test_a_recovery_takes_the_action_card():
    g = encounter([SEAT0_TYPES, ["9h", "9d", "10d"]], [["3c", "4c", "9c"], ["6c", "7c", "Ad"]], draws=("2s",),
                  recovery=True)
    attack(g, 0, 1, "c")
    assert Recover(1, pair_place(1, 0)) in g.legal_actions(1)
    g.apply(Recover(1, pair_place(1, 0)))
    assert g.rows[1][0].value == 8 and g.reacted[1] and g.turn == 1


def test_b_reusing_value_cards_discards_the_card_at_once():
    g = battle("c", "d", draws=("5h",), reuse_values=True)
    events = attack(g, 0, 1, "c")
    names = [type(e).__name__ for e in events]
    assert names.index("CardMoved", names.index("ValueSet")) < names.index("Checked")


def test_b_defend_and_adrenaline_raise_by_a_counter():
    g = battle("h", "c", draws=("10s",), reuse_values=True)      # Defend
    attack(g, 0, 1, "h")
    assert str(g.waste[-1]) == "10s"
    g.apply(PickPair(0, pair_place(0, 2)))
    assert g.rows[0][2].value == 15 and len(g.rows[0][2].values) == 1
    g.apply(PassTurn(1))
    assert g.rows[0][2].value == 5
    g = battle("h", "s", draws=("8h",), reuse_values=True)       # Adrenaline
    attack(g, 0, 1, "h")
    assert g.rows[0][2].value == 13 and g.rows[0][2].changed and len(g.rows[0][2].values) == 1


def test_c_drop_lowest_dealt_discards_the_card_not_placed():
    g = encounter([["2h", "3h"], ["4h", "5h"]], [["6h", "7h", "8h"], ["6c", "7c", "8c"]], drop_lowest=True)
    assert [str(c) for c in g.waste] == ["8c"] and str(g.discard[0]) == "8h"


def test_e_one_of_each_type_and_change_stance():
    g = SixteenCombos(2, {"one_of_each": True}, seed=4)
    g.apply(StartRound(), 0)
    assert sorted(p.type_card.suit for p in g.rows[0]) == ["c", "d", "h", "s"] and len(g.hands[0]) == 5
    for s in range(2):
        while g.hands[s]:
            g.apply(g.legal_actions(s)[0])
        assert g.placing[s] == "defense"
        g.apply(ChooseDefense(s, pair_place(s, 0)))
    assert g.phase == "play" and g.defense_slot(0) == 3 and g.rows[0][3].type_card.suit == "h"
    g.apply(PassTurn(g.turn))
    assert g.step == "stance"
    first = g.turn
    g.apply(ChangeStance(first, pair_place(first, 1)))
    assert g.rows[first][3].type_card.suit == "d" and g.turn != first


def test_f_multiple_values_stacks_the_extra_card_to_14_at_most():
    g = encounter([["2h", "3h"], ["4h", "5h"]], [["9h", "7h", "8h"], ["6c", "7c", "8c"]], place=False,
                  multiple_values=True)
    for s in range(2):
        for slot in range(2):
            g.apply(PlaceValue(s, hand_place(s, 0), pair_place(s, slot)))
    assert g.placing[0] == "stack"
    g.apply(PlaceValue(0, hand_place(0, 0), pair_place(0, 0)))
    assert g.rows[0][0].value == 14 and len(g.rows[0][0].values) == 2


def test_g_jokers_are_values_never_types():
    g = SixteenCombos(2, {"jokers": True, "columns": 2}, seed=1)
    g.apply(StartRound(deck=("joker", "5h", "6h", "7h", "8h")), 0)
    assert all(p.type_card.rank != "joker" for row in g.rows for p in row)
    assert str(g.rows[0][0].type_card) == "5h" and g.deal_deck[0].rank == "joker"


# -- refusals ------------------------------------------------------------------------------------------------------
def test_illegal_actions_are_refused_and_change_nothing():
    g = battle("c", "d")
    before = pickle.dumps(g.__dict__)
    for action, error in ((Target(1, pair_place(0, 2)), NotYourTurn), (Announce(0, "c"), WrongPhase),
                          (Target(0, pair_place(1, 0)), InvalidTarget), (Pass(1), NotYourTurn)):
        with pytest.raises(error):
            g.apply(action)
        assert pickle.dumps(g.__dict__) == before
    # Why a pair is no target, in the rules' words; a place no rule speaks of is simply not a
    # choice (a table then repeats what it waits for).
    with pytest.raises(InvalidTarget, match="only a character's defense pair"):
        g.apply(Target(0, pair_place(1, 0)))
    with pytest.raises(InvalidTarget, match="not your own"):
        g.apply(Target(0, pair_place(0, 0)))
    with pytest.raises(NotAChoice):
        g.apply(Target(0, pair_place(1, 99)))
    assert pickle.dumps(g.__dict__) == before


def test_ruleset_and_active_rules_are_in_the_view():
    g = battle("c", "d", recovery=True, jokers=True, pass_cost=1)
    view = g.observe(0)
    assert view.ruleset == RULESET == "Poikilos 1.0 RC1, digital interpretation"
    assert view.active_rules == ("A. Recovery", "G. Using Jokers")
    # the rule choices show where they are not the defaults (an old saved match, a house rule)
    g = battle("c", "d", pass_cost=0, counter_with="target pair")
    assert g.observe(0).active_rules == ("Free passing", "Counter with the target pair")
    assert battle("c", "d", pass_cost=2).observe(0).active_rules == ("A pass costs 2",)


def test_two_grapples_before_the_victims_turn_hold_both_pairs_and_both_come_back():
    """From a soak match: seat 2 is grappled by seat 1 while a pair grappled earlier is still held.
    Both pairs are held aside (no card lost), and both come back at seat 2's next turn."""
    from pathlib import Path

    from game.core.record import GameRecord
    from tests.invariants import misplaced_cards

    record = GameRecord.load(Path(__file__).parent / "records" / "cases" / "sixteen-combos-double-grapple.json")
    g = record.new_game()
    held_two = came_back = False
    for t, action in record.actions:
        events = g.apply(action, t)
        assert misplaced_cards(g) is None
        held_two |= len(g.grappled[2]) == 2
        if held_two and [e for e in events if type(e).__name__ == "PairMovedTo" and e.to == "row"]:
            came_back = len(of(events, "PairMovedTo")) >= 2 and not g.grappled[2]
    assert held_two and came_back


def test_a_match_recorded_before_the_pass_cost_and_counter_options_keeps_its_rules():
    """A saved match or record that does not name these options was played with free passes and
    counters with the target pair: continued or replayed, it keeps those rules. A new match (no
    record) gets today's defaults."""
    import json
    from pathlib import Path

    from game.core.errors import RecordError
    from game.core.record import GameRecord

    data = json.loads((Path(__file__).parent / "records" / "cases" / "sixteen-combos-recorded-before-rule-options.json")
                      .read_text())
    assert "pass_cost" not in data["options"] and "counter_with" not in data["options"]
    record = GameRecord.from_json(data)
    old_rules = {"pass_cost": 0, "counter_with": "target pair"}
    assert {k: record.options[k] for k in old_rules} == old_rules
    assert {k: record.new_game().options[k] for k in old_rules} == old_rules
    record.check()                                   # every step's events as they were recorded
    again = GameRecord.from_json(record.to_json())   # saved again, it names the old rules
    assert {k: again.to_json()["options"][k] for k in old_rules} == old_rules
    today = dict(data, options=dict(data["options"], pass_cost=1, counter_with="defense pair"))
    with pytest.raises(RecordError, match="produced different events"):
        GameRecord.from_json(today).check()          # under today's rules the same steps differ
    new = GameRecord("sixteen-combos", {}, record.seats, 1).new_game().options
    assert (new["pass_cost"], new["counter_with"]) == (1, "defense pair")


# -- what the other seats learn (face-down cards stay the owner's) ------------------------------------------------
@pytest.mark.parametrize("value", ["Ah", "9s"])
def test_the_target_is_asked_for_its_reactions_whatever_its_face_down_value_card(value):
    """Whether the turn waits for the target may not depend on its face-down value card: with an
    ace (a reaction to make) or a 9 (none) it is asked before the draw and after it alike."""
    g = encounter([SEAT0_TYPES, ["9h", "9d", "10c"]], [["3c", "4c", "5c"], ["6c", "7c", value]], draws=("2h",))
    g.apply(Target(0, pair_place(1, 2)))
    g.apply(Announce(0, "c"))                   # Grapple: not a surprise
    assert g.step == "predict" and g.seats_to_act() == (1,)
    assert (Retype(1, "s") in g.legal_actions(1)) == (value == "Ah") and Pass(1) in g.legal_actions(1)
    g.apply(Pass(1))
    assert g.step == "inform" and g.seats_to_act() == (1,)
    assert of(g.apply(Pass(1)), "Checked")


def test_a_surprise_against_a_face_down_type_asks_the_target_who_may_only_pass():
    """Hire Assassin's turn may hit a pair whose type card lies face down: whether the cell is a
    Surprise is then the target's to know, so it is asked after the draw either way and, surprised,
    may only pass."""
    g = battle("d", "h", draws=("10s", "2h"))
    attack(g, 0, 1, "d")                        # Hire Assassin: another turn, any pair
    assert g.turn == 0 and Target(0, pair_place(1, 0)) in g.legal_actions(0)
    g.apply(Target(0, pair_place(1, 0)))        # 9h, face down
    g.apply(Announce(0, "d"))                   # wealth on vitality: Hire Assassin again, a surprise
    assert g.step == "predict"
    g.apply(Pass(1))
    assert g.step == "inform" and g.legal_actions(1) == [Pass(1)] and g.reactions(1) == []


def test_a_value_card_stacked_at_the_deal_is_the_owners_to_know():
    g = encounter([["2h", "3h"], ["4h", "5h"]], [["9h", "7h", "8h"], ["6c", "7c", "8c"]], place=False,
                  multiple_values=True)
    for s in range(2):
        for slot in range(2):
            g.apply(PlaceValue(s, hand_place(s, 0), pair_place(s, slot)))
    events = g.apply(PlaceValue(0, hand_place(0, 0), pair_place(0, 0)))
    stacked = of(events, "ValueChanged")[0]
    assert (stacked.for_seat(0).value, stacked.for_seat(0).by) == (14, 8)
    assert (stacked.for_seat(1).value, stacked.for_seat(1).by) == (None, None)
    assert g.observe(0).pairs[0][0].value == 14
    assert g.observe(1).pairs[0][0].value is None and not g.observe(1).pairs[0][0].counter


def test_hire_guard_tells_the_value_of_a_type_card_swapped_in_only_if_it_lay_face_up():
    g = battle("d", "c", draws=("10s",))
    attack(g, 0, 1, "d")
    events = g.apply(HireGuard(0, type_place(0, 0), value_place(0, 1)))   # Jh lay face down
    told = of(events, "ValueChanged")[0]
    assert told.for_seat(0).value == 11 and told.for_seat(1).value is None
    assert g.observe(0).pairs[0][1].value == 11 and g.observe(1).pairs[0][1].value is None
    g = battle("d", "c", draws=("10s",))
    attack(g, 0, 1, "d")
    events = g.apply(HireGuard(0, type_place(0, 2), value_place(0, 1)))   # the defense type, face up
    assert of(events, "ValueChanged")[0].for_seat(1).value == 11   # (the view: a face-down card, no counter)


def test_a_raise_on_a_face_down_value_tells_the_table_the_card_not_the_sum():
    """Defend puts the drawn card face up on a value the table does not know: everybody sees the
    card, only the owner knows the sum (and its end)."""
    g = battle("h", "c", draws=("10s",))
    attack(g, 0, 1, "h")
    events = g.apply(PickPair(0, pair_place(0, 0)))
    raised = of(events, "ValueChanged")[0]
    assert raised.for_seat(0).value == 13 and raised.for_seat(1).value is None
    assert g.observe(1).pairs[0][0].value is None and g.observe(1).pairs[0][0].values[-1] != FACE_DOWN
    ended = of(g.apply(PassTurn(1)), "ValueChanged")[0]
    assert ended.why == "Defend ends" and ended.for_seat(1).value is None and ended.for_seat(0).value == 3


def test_asking_only_when_the_target_has_a_reaction_is_the_house_rule_old_records_keep():
    """The Ask for reactions option: "only when it has one" is faster and tells the table that the
    target holds a face card; a record written before the option plays on with it."""
    from game.core.options import legacy_options

    g = encounter([SEAT0_TYPES, ["9h", "9d", "10c"]], [["3c", "4c", "5c"], ["6c", "7c", "9s"]], draws=("2h",),
                  ask_reactions="only when it has one")
    g.apply(Target(0, pair_place(1, 2)))
    assert of(g.apply(Announce(0, "c")), "Checked")      # no face card: straight through to the check
    assert "Reactions asked only when there is one" in g.observe(0).active_rules
    assert legacy_options(SixteenCombos.option_specs, {})["ask_reactions"] == "only when it has one"
    assert SixteenCombos(2, {}, seed=1).options["ask_reactions"] == "every attack"
