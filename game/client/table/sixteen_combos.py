"""The 16 Combos table: each character's two rows of cards (type cards and the value cards in front
of them) with the defense pair set apart and its type face up, counters on changed values, order
cards, the draw deck (blue backs) beside the deal deck (red backs), the waste and the discard pile;
the combo table with the cell of the current action type x target type lit and the outcome band lit
after each check; a step bar (target, action type, reaction, draw, reaction, check, effect); every
move narrated in plain words.

The rows are drawn straight from the view of whoever looks at the screen (PairColumnZone knows
where each pair and card sits); the shared parts do the rest: the driver, the event queue (each
fact is narrated and paced), hot-seat curtains, buttons from the legal actions (announce a type,
react, decide) and clicks on places (a pair to target, a card to place, a pair a combo picks).

Hot-seat: whoever must answer (the player on turn, or the target of a reaction prompt, or a player
placing values) is asked for behind the curtain and sits at the bottom; between prompts the table
shows only what everybody may see.
"""

from __future__ import annotations

import pygame

from game.client.narration.sixteen_combos import (OUTCOMES, STATUS_LABELS, STATUS_WORDS, SixteenCombosNarrator,
                                                 rule_label_words, ruleset_words, type_word)
from game.client.narration.notes import combo_name, reason_words
from game.client.narration.wording import capital
from game.client.table.base import table_factory
from game.client.table.canvas import Canvas
from game.client.table.director import Hold
from game.client.table.sixteen_combos_board import SYMBOL, Board, EncounterResults
from game.client.table.spec import Choice, TableSpec
from game.client.table.speech import Item, card_words
from game.client.table.zone_kinds import PairColumnZone
from game.core.actions import Action, Pass
from game.core.cards import DECK, Card, Place
from game.core.events import CardMoved, CardRevealed, CardsSwapped, DeckReshuffled, MatchEnded, RoundStarted, TurnStarted
from game.core.view import SPECTATOR
from game.i18n import _, _l, ngettext, pgettext
from game.variants.sixteen_combos import (Announce, CharacterOut, Checked, ComboDone, Consult, Counter,
                                          Decide, EncounterDealt, EncounterWon, FaceType, Fizzled, PassTurn, Reacted,
                                          Retype, Scavenge, StatusChanged, SwapPair, TargetChosen, TurnPassed,
                                          TurnSkipped, card_value)

TYPE_KEYS = {"h": pygame.K_1, "d": pygame.K_2, "c": pygame.K_3, "s": pygame.K_4}


class SixteenCombosTable(TableSpec):
    variant_id = "sixteen-combos"
    title = "16 Combos"
    round_kind = "encounter"
    hands_follow_actor = True
    zone_kinds = TableSpec.zone_kinds + (PairColumnZone,)
    table_keys = (pygame.K_SPACE,)
    narrator = SixteenCombosNarrator
    action_labels = {Announce: Choice(_l("Announce")), FaceType: Choice(_l("Face card")), Retype: Choice(_l("Retype")),
                     SwapPair: Choice(_l("Swap the pair's cards"), pygame.K_s),
                     Counter: Choice(_l("Counter"), pygame.K_c, primary=True),
                     Consult: Choice(_l("Consult")), Decide: Choice(_l("Decide")), Scavenge: Choice(_l("Scavenge")),
                     PassTurn: Choice(_l("Pass the turn"), pygame.K_p), Pass: Choice(_l("No"), hint="Space")}

    def __init__(self, table):
        super().__init__(table)
        self.lit_outcome: str | None = None
        self.last_encounter: EncounterWon | None = None   # its reason goes under the match's winner
        self.board = Board(self)
        self.results_panel = EncounterResults(self)

    # -- the view on screen ---------------------------------------------------------------------------------
    def looking(self) -> int:
        if self.t.screen.curtain is not None or self.t.screen.viewer is None:
            return SPECTATOR
        return self.t.screen.viewer

    def screen_view(self):
        return self.t.match.view(self.looking())

    def wanted_viewer(self) -> int | None:
        if self.t.screen.claimer is not None:
            return self.t.screen.claimer
        view = self.t.match.view(SPECTATOR)
        if self.t.screen.round_result is not None or self.t.screen.match_result is not None:
            return None
        return next((s for s in view.acting if s in self.t.screen.humans), None)

    def rounds_in_match(self) -> int | None:
        encounters = self.t.match.view(SPECTATOR).options.get("encounters", 1)
        return encounters if isinstance(encounters, int) else None

    def name(self, seat: int | None) -> str:
        return self.t.narrator.name(seat)

    # -- the board: its layout and its drawing (sixteen_combos_board.py) -----------------------------------------
    def post_update(self, dt: float) -> None:
        self.board.lay_out(self.screen_view())     # (laid out as the table updates: drawing only reads it)

    def card_rects(self) -> list[pygame.Rect]:
        return self.board.card_rects()

    def guide_avoid(self) -> list[pygame.Rect]:
        return self.board.guide_avoid()

    def seat_area(self, seat: int) -> tuple[int, int, int, int]:
        return self.board.seat_area(seat)

    def place_rect(self, place: Place) -> pygame.Rect | None:
        return self.board.place_rect(place)

    def title_text(self) -> str:
        return self.board.title_text()

    def fixed_labels(self, canvas: Canvas) -> None:
        self.board.reserve(canvas)

    def draw_seats(self, canvas: Canvas) -> None:
        pass         # (each character's plate is drawn with its rows)

    def draw_ring(self, canvas: Canvas) -> None:
        pass         # (the reaction clock, if any, is in the prompt)

    def draw_cards(self, canvas: Canvas, highlight: set, selected: set) -> None:
        self.board.draw(canvas, highlight, selected)

    def draw_texts(self, canvas: Canvas) -> None:
        self.board.draw_texts(canvas)

    def overlay_rect(self) -> pygame.Rect:
        return self.results_panel.rect()

    def draw_overlay(self, canvas: Canvas) -> None:
        self.results_panel.draw(canvas)

    # -- input -----------------------------------------------------------------------------------------------
    def place_at(self, pos: tuple[int, int]) -> Place | None:
        view = self.screen_view()
        board = self.board
        g = board.lay_out(view)
        seat = self.input_seat()
        zones: tuple[str, ...] = ("pair",)
        if seat is not None:
            wanted = {p.zone for p in self.t.input.place_choices(seat)}
            if wanted & {"type", "value"}:
                zones = ("type", "value")
        if view.hand:
            for i, r in enumerate(board.hand_rects(len(view.hand))):
                if r.collidepoint(pos):
                    return Place("hand", view.seat, i)
        piles = board.pile_rects(g)
        if piles["draw"].collidepoint(pos) or piles["action"].collidepoint(pos):
            return DECK
        return board.zone.hit(pos, zones)

    def walk_zones(self, speech) -> list:
        """The keyboard walk (speech): the value cards to place, each character's pairs (its type
        card and its value cards, each a stop: a click on either picks the pair, or that card
        where a choice wants a card) and its order card, the piles, the buttons."""
        view = self.screen_view()
        board = self.board
        board.lay_out(view)
        out: list = []

        def face(card) -> tuple[str, frozenset]:
            return (card_words(card), frozenset({card.id})) if isinstance(card, Card) else (_("face down"), frozenset())

        if view.hand:
            items = []
            for i, card in enumerate(view.hand):
                words, ids = face(card)
                items.append(speech.marked(Item(Place("hand", view.seat, i),
                                                _("Value card {n}: {card}").format(n=i + 1, card=words), ids=ids)))
            out.append((_("Your value cards to place"), items))
        for seat in speech.seats_from_own():
            items = []
            for pv in view.pairs[seat]:
                if pv is not None:
                    items += self.pair_stops(speech, seat, pv)
            order = view.order_cards[seat]
            if isinstance(order, Card):
                items.append(Item(Place("order", seat, 0), speech.seat_name(seat, _("Your order card: {card}"), _("{name}'s order card: {card}"),
                                                                       card=card_words(order)), ids=frozenset({order.id})))
            out.append((speech.seat_name(seat, _("Your pairs"), _("{name}'s pairs")), items))
        piles = board.pile_rects()
        deck = view.zone(DECK)
        stops = [Item(DECK, ngettext("The draw deck: {n} card", "The draw deck: {n} cards", deck.count if deck else 0).format(
                     n=deck.count if deck else 0), rect=piles["draw"]),
                 Item(Place("deal"), ngettext("The deal deck: {n} card", "The deal deck: {n} cards", view.deal_size).format(
                     n=view.deal_size), rect=piles["deal"]),
                 Item(Place("waste"), _("The waste: {card} on top").format(card=card_words(view.waste[-1])) if view.waste
                      else _("The waste: empty"), ids=frozenset({view.waste[-1].id}) if view.waste else frozenset(),
                      rect=piles["waste"]),
                 Item(Place("discard"), ngettext("The discard pile: {n} card", "The discard pile: {n} cards", view.discard_size).format(
                     n=view.discard_size), rect=piles["discard"])]
        if view.action_cards:
            words = ", ".join(card_words(c) for c in view.action_cards)
            value = view.action_value
            stops.append(Item(Place("action"), (_("The action cards: {cards}, value {n}") if value is not None
                                                else _("The action cards: {cards}")).format(cards=words, n=value),
                              ids=frozenset(c.id for c in view.action_cards), rect=piles["action"]))
        out.append((_("The piles"), [speech.marked(stop) for stop in stops]))
        out.append(speech.button_zone())
        return out

    def pair_stops(self, speech, seat: int, pv) -> list:
        """A pair's two stops: its type card ("Ada's pair 2, defense, type card: 7 of clubs,
        strength") and its value cards ("..., value: 9 of hearts, value 9")."""
        head = speech.seat_name(seat, _("Your pair {n}"), _("{name}'s pair {n}"), n=pv.slot + 1)
        if pv.defense:
            head = _("{pair}, defense").format(pair=head)
        if isinstance(pv.type_card, Card):
            typed = _("{pair}, type card: {card}, {type}").format(pair=head, card=card_words(pv.type_card), type=type_word(pv.type))
            type_ids = frozenset({pv.type_card.id})
        else:
            typed, type_ids = _("{pair}, type card: face down").format(pair=head), frozenset()
        faces = [card_words(c) if isinstance(c, Card) else _("face down") for c in pv.values] or [_("none")]
        valued = _("{pair}, value: {cards}").format(pair=head, cards=", ".join(faces))
        if pv.value is not None:
            valued += ", " + (_("changed to {n}") if pv.counter else _("value {n}")).format(n=pv.value)
        value_ids = frozenset(c.id for c in pv.values if isinstance(c, Card))
        pair = Place("pair", seat, pv.slot)         # (a choice of the whole pair lights both stops)
        return [speech.marked(Item(Place("type", seat, pv.slot), typed, ids=type_ids), pair),
                speech.marked(Item(Place("value", seat, pv.slot), valued, ids=value_ids), pair)]

    def label_for(self, action: Action) -> Choice | None:
        view = self.t.match.view(SPECTATOR)
        if isinstance(action, Announce):
            word = capital(type_word(action.atype))
            if action.wild:
                return Choice(_("Wild card: {type}").format(type=word))
            return Choice(f"{word} {SYMBOL[action.atype]}", TYPE_KEYS[action.atype])
        if isinstance(action, FaceType):
            return Choice(_("Use {type}").format(type=type_word(action.to)), TYPE_KEYS[action.to])
        if isinstance(action, Retype):
            return Choice(_("Make it {type}").format(type=type_word(action.to)), TYPE_KEYS[action.to])
        if isinstance(action, Consult):
            return Choice(_("Consultation pair takes it") if action.use else _("Defense pair takes it"),
                          pygame.K_y if action.use else pygame.K_n)
        if isinstance(action, Scavenge):
            mine = self.t.match.view(action.seat)
            total = sum(card_value(c) for c in mine.action_cards)
            waste = card_value(mine.waste[-1]) if mine.waste else 0
            return Choice(_("Take the waste ({n})").format(n=waste) if action.waste else _("Add them ({n})").format(n=total),
                          pygame.K_w if action.waste else pygame.K_a)
        if isinstance(action, Decide):
            if view.active == action.seat:   # Steal
                return Choice(_("Keep it as defense") if action.yes else _("Use it next turn"),
                              pygame.K_y if action.yes else pygame.K_n)
            return Choice(_("Take the wild card") if action.yes else _("Decline"), pygame.K_y if action.yes else pygame.K_n)
        if isinstance(action, PassTurn):
            cost = self.t.match.view(action.seat).pass_cost    # the Pass cost option, on its own turn
            return Choice(_("Pass the turn (-{n})").format(n=cost) if cost else _("Pass the turn"), pygame.K_p)
        if isinstance(action, Pass):
            words = {"predict": _("No reaction"), "inform": _("No reaction"), "face": _("Keep the type"),
                     "counter": _("No counter"), "combo": pgettext("button", "Skip"), "stance": _("Keep the stance")}
            return Choice(words.get(view.step, _("No")), pygame.K_SPACE, hint="Space")
        return super().label_for(action)

    def table_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and self.t.director.ready_for_input():
            seat = self.input_seat()
            if seat is not None:
                for action in self.t.input.legal(seat):
                    if isinstance(action, (Pass, PassTurn)):
                        self.act(action)
                        return
        super().table_event(event)

    def prompt(self, pass_cost: bool = True) -> str:
        """What the player is asked now; ``pass_cost=False`` leaves out what a pass costs (the Pass
        button says it too: "Pass the turn (-1)"), for a board with no clear room for the whole."""
        view = self.t.match.view(SPECTATOR)
        if view.phase == "place":
            return _("Place your value cards: click a card, then a column (the rightmost pair defends).") \
                if self.input_seat() is not None else _("Everybody places their value cards.")
        seat = self.input_seat()
        if seat is None:
            return capital(self.t.narrator.prompt_words(view)) + "."
        step = view.step
        texts = {"target": _("Choose a target: click a highlighted pair, or pass the turn."),
                 "type": _("Choose an action type."), "consult": _("Which pair takes this action?"),
                 "predict": _("React before the draw, or not."),
                 "inform": _("The value is {value}: react, or not.").format(value=view.action_value),
                 "face": _("A face card: keep the action type or take its type."),
                 "scavenge": _("Scavenge: add the two cards, or take the waste."),
                 "counter": _("A critical failure against you: counter, or not."),
                 "stance": _("Change stance: click a pair to make it your defense, or keep it.")}
        if step == "combo":
            return _("{combo}: make your choice (the highlighted places), or skip.").format(
                combo=combo_name(view.combo) or _("Combo"))
        text = texts.get(step) or capital(self.t.narrator.prompt_words(view)) + "."
        if step in ("predict", "inform") and all(isinstance(a, Pass) for a in self.t.input.legal(seat)):
            # asked all the same, so that the wait tells nobody what the pair holds
            text = _("You have no reaction to make now: No reaction (Space) goes on.")
        cost = self.t.match.view(seat).pass_cost if step in ("target", "type") and pass_cost else 0
        if cost:
            text += " " + _("A pass costs your defense pair {n}.").format(n=cost)
        if view.deadline is not None:   # the optional reaction clock
            text += f" ({max(0.0, view.deadline - self.t.screen.table_time):.0f} s)"
        return text

    def key_hints(self) -> list[tuple[str, str]]:
        return [("Esc", _("Pause")), ("Space", _("No / decline")), ("P", _("Pass the turn")), ("1-4", _("Types"))]

    # -- events ----------------------------------------------------------------------------------------------
    def round_started(self, ev: RoundStarted) -> None:
        self.t.screen.round_result = None
        self.t.screen.turn = None
        self.lit_outcome = None
        self.t.privacy.end_private()
        self.t.sound.play("deal")

    def encounter_dealt(self, ev: EncounterDealt) -> None:
        order = ", ".join(self.name(s) for s in ev.order)
        view = self.t.match.view(SPECTATOR)
        rules = ", ".join(rule_label_words(label) for label in view.active_rules) or _("none")
        if self.t.screen.humans:
            self.t.director.start_hold(Hold("ruleset", None, _("{ruleset}. Optional rules: {rules}. Turn order: {order}.").format(
                ruleset=ruleset_words(view.ruleset), rules=rules, order=order)))

    def turn_started(self, ev: TurnStarted) -> None:
        self.t.screen.turn = ev.seat

    def card_moved(self, ev: CardMoved) -> None:
        if ev.src == DECK and ev.dst.zone == "action":
            self.t.sound.play("draw")
            self.t.director.pause_for(0.25)
        elif ev.dst.zone in ("value", "waste", "discard"):
            self.t.sound.play("swap", 0.4)

    def cards_swapped(self, ev: CardsSwapped) -> None:
        self.t.sound.play("swap", 0.5)

    def card_revealed(self, ev: CardRevealed) -> None:
        self.t.sound.play("flip", 0.5)

    def deck_reshuffled(self, ev: DeckReshuffled) -> None:
        pass     # (the piles are drawn from the view)

    def target_chosen(self, ev: TargetChosen) -> None:
        self.lit_outcome = None

    def turn_passed(self, ev: TurnPassed) -> None:
        self.t.director.pause_for(0.2)

    def fizzled(self, ev: Fizzled) -> None:
        self.t.director.pause_for(0.4)

    def reacted(self, ev: Reacted) -> None:
        self.t.hud.float_text(ev.seat, _("Reaction"), self.t.palette.info)
        self.t.director.pause_for(0.3)

    def checked(self, ev: Checked) -> None:
        self.lit_outcome = ev.outcome
        colour = {"defeated": self.t.palette.good, "damaged": self.t.palette.accent,
                  "critical failure": self.t.palette.bad}.get(ev.outcome, self.t.palette.text_dim)
        self.t.hud.float_text(ev.victim, capital(_(OUTCOMES[ev.outcome]) if ev.outcome in OUTCOMES else ev.outcome), colour)
        self.t.sound.play("penalty" if ev.outcome == "critical failure" else "flip")
        self.t.director.pause_for(0.8)

    def combo_done(self, ev: ComboDone) -> None:
        self.t.director.pause_for(0.4)

    def status_changed(self, ev: StatusChanged) -> None:
        if ev.on and ev.status in STATUS_WORDS:
            self.t.hud.float_text(ev.seat, capital(_(STATUS_LABELS[ev.status])), self.t.palette.bad)

    def turn_skipped(self, ev: TurnSkipped) -> None:
        self.t.director.pause_for(0.3)

    def character_out(self, ev: CharacterOut) -> None:
        self.t.hud.float_text(ev.seat, _("Out"), self.t.palette.bad)

    def encounter_won(self, ev: EncounterWon) -> None:
        self.last_encounter = ev

    def match_end_reason(self) -> str:
        """Why the last encounter ended, under the winner ("Won as the last character standing.")."""
        ev = self.last_encounter
        if ev is None:
            return ""
        encounters = int(self.t.match.view(SPECTATOR).options.get("encounters", 1))
        if ev.why == "last character standing":
            return (_("Won as the last character standing.") if encounters == 1 else
                    _("Won as the last character standing; the most encounters won takes the match."))
        return (_("The last encounter ended at {why}.") if encounters == 1 else
                _("The last encounter ended at {why}; the most encounters won takes the match.")).format(why=reason_words(ev.why))

    def match_ended(self, ev: MatchEnded) -> None:
        self.t.screen.match_result = ev

    handlers = {RoundStarted: round_started, EncounterDealt: encounter_dealt, TurnStarted: turn_started,
                CardMoved: card_moved, CardsSwapped: cards_swapped, CardRevealed: card_revealed,
                DeckReshuffled: deck_reshuffled, TargetChosen: target_chosen, TurnPassed: turn_passed, Fizzled: fizzled,
                Reacted: reacted, Checked: checked, ComboDone: combo_done, StatusChanged: status_changed,
                TurnSkipped: turn_skipped, CharacterOut: character_out, EncounterWon: encounter_won,
                MatchEnded: match_ended}


make_sixteen_combos_table = table_factory(SixteenCombosTable)
