"""What a variant's table is: a spec the shared table is built from, not a subclass of it.

A spec says what differs from game to game and nothing else: its zones and layout (data), its
narrator (words and card faces), an explicit map from event type to the animation that shows it
(``handlers``: ``{CardMoved: moved}``; the facts every game has are animated by facts.py, which a
spec's handler may call first), its buttons' words (``action_labels``), prompts and refusals, and
its own controls. Each hook has a default that does what most tables do, so a game overrides the
few it needs (docs/table.md lists them). Families share spec pieces: memory_grid.py (Kombio,
Kabu) and hand_table.py (Combat UNO, Kumbal).

One spec object is made per table (``spec = KombioTable(table)``): it keeps the game's own state
of the screen (a colour being picked, the cards selected) and reaches the table's parts through
``self.t`` and their interfaces only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.client.narration import Narrator
from game.client.narration.wording import friendly
from game.client.table.zone_kinds import DeckZone, FanZone, GridZone, HeldZone, PileZone, Zone
from game.client.ui.widgets import Button
from game.core.actions import Action
from game.core.cards import Card, Place
from game.core.errors import IllegalAction, NotAChoice
from game.core.events import Event, WindowOpened
from game.core.view import SPECTATOR
from game.i18n import _

if TYPE_CHECKING:
    from game.client.table.canvas import Canvas


@dataclass(frozen=True)
class Choice:
    """How a button for a target-less action reads."""

    text: str
    key: int | None = None
    hint: str = ""
    primary: bool = False


Handler = Callable[[Any, Any], None]     # (spec, event)


class TableSpec:
    # -- what the table is (data) ----------------------------------------------------------------
    variant_id = ""
    title = ""
    narrator: type[Narrator] = Narrator
    handlers: dict[type, Handler] = {}       # event type -> the game's animation of it (see facts.py)
    joined: tuple[type, ...] = ()            # events that play together when they follow each other
    zone_kinds: tuple[type[Zone], ...] = (GridZone, FanZone, HeldZone, PileZone, DeckZone)
    uses_hands = False                       # seats hold fanned hands ("hand" zone) rather than grids
    grid_columns = 2                         # cards per row of a face-down grid (Kombio 2, Kabu 3)
    ability_zones = ("held",)                # where a card's ability badge ("caption") shows
    discard_shown = 2                        # how many cards of the discard pile are drawn
    # how the discard pile's cards lie: "stacked" on the pile, "scattered" (each tilted and shifted
    # a little, fixed per card: Combat UNO), "fanned" out to the right, the top card last (Kumbal)
    pile_lay = "stacked"
    deck_cards: tuple = ()                   # the game's deck (its size is shown before the first deal)
    larger_decks: dict[int, tuple] = {}      # from so many seats on, this deck instead (Kumbal's second deck at six)
    suit_order: tuple = ()                   # a hand is kept sorted by suit in this order, then by rank;
    rank_order: tuple = ()                   # (no rank order: a hand keeps the order its cards came in)
    own_chance: type | None = None           # a chance on the seat itself that keeps its hand open after its turn
    target_passed = ""                       # a match to a target score: how the total that ends it is said ("went past")
    hands_follow_actor = False               # hot-seat: whoever acts sits at the bottom, hand open
    input_waits_for_flights = True           # no input while a card flies (hand tables: only events)
    action_labels: dict[type, Choice] = {}   # a target-less action's button
    # place (or "held": the acting seat's own) -> target-less action types a click there takes
    click_actions: dict[Any, tuple[type, ...]] = {}
    table_keys: tuple[int, ...] = (pygame.K_SPACE,)   # go to the table even when a button has focus
    round_kind = "round"                     # what the game calls a round where Continue names it (save_summary.ROUND_WORDS)
    ring_label = ""                          # the reaction ring's label while its window has no deadline
    window_trigger = ""                      # the variant's reaction window (rebuilt for a continued match)

    def __init__(self, table: Any):
        self.t = table      # the TableScene (base.py), which makes its spec: its parts, read by their interfaces

    # -- the game's cards ---------------------------------------------------------------------------
    def deck_size(self) -> int:
        """How many cards the deck holds before a deal (the variant's deck for this many seats)."""
        cards = self.deck_cards
        for seats, deck in sorted(self.larger_decks.items()):
            if self.t.screen.seats >= seats:
                cards = deck
        return len(cards)

    def hand_key(self, card: Card) -> Any:
        """The order a hand is kept in: by ``suit_order``, then ``rank_order``; a card of neither
        (a wild, a joker) after the others (None: the order the cards arrived)."""
        if not self.rank_order:
            return None
        suits, ranks = self.suit_order, self.rank_order
        return (suits.index(card.suit) if card.suit in suits else len(suits),
                ranks.index(card.rank) if card.rank in ranks else len(ranks), card.id)

    # -- a match rebuilt from its record, and each frame --------------------------------------------
    def synced(self) -> None:
        """The sprites were rebuilt from the views (a continued match): whose turn it is and the
        game's reaction window (``window_trigger``), where it has one, as the view has them; a game
        adds its own state."""
        if not self.window_trigger:
            return
        v, screen = self.t.match.view(SPECTATOR), self.t.screen
        screen.turn = v.turn
        w = v.window(self.window_trigger)
        if w is not None:
            screen.window = WindowOpened(self.window_trigger, w.seats, w.opened_at, w.deadline)

    def resumed(self, last_action: Action, round_events: list[Event], last_events: list[Event]) -> None:
        """A continued match was rebuilt: redo what the player must see again."""

    def pre_update(self) -> bool:
        """Before the frame's update (True: the frame ends here, e.g. a curtain went up)."""
        return False

    def post_update(self, dt: float) -> bool:
        """After the frame's update: input kept while cards were landing, cards easing up. True:
        something of the game's own still moves (a raised card easing up), so the app draws on."""
        return False

    def rounds_in_match(self) -> int | None:
        """How many rounds the match plays, where its options fix that (None: it ends on a score)."""
        options = getattr(self.t.match.view(SPECTATOR), "options", None) or {}
        if options.get("length", "rounds") == "rounds" and isinstance(options.get("rounds"), int):
            return options["rounds"]
        return None

    def idle(self) -> bool:
        """Whether the game lets the table clock run (a colour being picked holds it)."""
        return True

    # -- who acts and what a click, a key or a button does ------------------------------------------
    def input_seat(self) -> int | None:
        return self.t.input.acting_human()

    def act(self, action: Action) -> bool:
        """A button's or a click's action (a game may route some: a Pass passes every chance)."""
        return self.t.input.submit(action)

    def acted(self, action: Action) -> None:
        """The rules took a human's action."""

    def intercept(self, event: pygame.event.Event) -> bool:
        """An event the game takes before anything else (Esc dropping its own choice first)."""
        return False

    def table_event(self, event: pygame.event.Event) -> None:
        """A click or key on the table (not a button's): clicks on places, Enter ends a hold."""
        self.t.input.table_event(event)

    def table_key(self, key: int) -> None:
        """A key of the game's own (number keys for slots, claim keys), when input is taken."""

    def buttons(self) -> list[Button]:
        """The acting human's buttons: one per target-less legal action, the game's own, Hint."""
        return self.t.input.legal_buttons()

    def extra_buttons(self) -> list[Button]:
        return []

    def choice_key(self) -> Any:
        """The game's own choice in the making (the buttons are laid out again when it changes)."""
        return ()

    def label_for(self, action: Action) -> Choice | None:
        """The button for a target-less legal action (None: no button)."""
        return self.action_labels.get(type(action))

    def targets(self) -> tuple[set, set]:
        """(places to highlight as legal targets, places picked) for the acting human."""
        return self.t.input.targets()

    def walk_zones(self, speech: Any) -> list:
        """The zones speech's keyboard walk goes through, in order: [(name, [Item])] (speech.py).
        Most games walk the seats' cards, the piles and the buttons; a game adds its own stops."""
        return speech.standard_zones()

    def place_at(self, pos: tuple[int, int]) -> Place | None:
        return self.t.zones.place_at(pos)

    def no_input_seat(self, place: Place) -> None:
        """A click while no human may act (a game words whose turn it is)."""

    def not_a_choice(self, place: Place) -> str:
        """Why a click on a place no legal action names does nothing."""
        return self.prompt() or _("That is not a choice now.")

    def explain(self, exc: IllegalAction, action: Action | None = None) -> str:
        """Why the rules refused an action, in the player's words."""
        if isinstance(exc, NotAChoice):
            return self.prompt() or _("That is not a choice now.")   # no reason beyond "not now"
        return friendly(exc, self.t.screen.names)

    # -- words ------------------------------------------------------------------------------------------
    def prompt(self) -> str:
        return ""

    def key_hints(self) -> list[tuple[str, str]]:
        return [("Esc", _("Pause"))]

    def title_text(self) -> str:
        return self.t.hud.standard_title()

    def seat_tag(self, seat: int, acting: set) -> tuple[str, tuple] | None:
        return self.t.hud.standard_tag(seat)

    def plate_text(self, seat: int, total: int) -> str:
        return f"{self.t.screen.names[seat]}  ·  {total}"

    def plate_at(self, seat: int, slots: int, bounds: tuple[int, int, int, int]) -> tuple[tuple[int, int], str]:
        """Where a seat's name plate goes (and its anchor), beside the seat's cards."""
        return self.t.screen.layout.plate_pos(seat, slots, bounds)

    def score_reasons(self, ev: Any) -> tuple[dict[int, list[str]], list[str]]:
        """The rule that applied to each seat's score: ({seat: [reasons]}, notes for everybody)."""
        return self.t.results.reasons_from_notes(ev)

    def round_winners(self, ev: Any) -> list[int]:
        """Who won the round (for the celebration): the lowest score."""
        best = min(ev.scores) if ev.scores else 0
        return [s for s, v in enumerate(ev.scores) if v == best]

    def match_end_reason(self) -> str:
        """A line under the winner saying why the match ended and how it is won ("" for none)."""
        if not self.target_passed:
            return ""
        options = self.t.match.view(SPECTATOR).options
        return self.t.results.over_target_reason(int(options.get("target", 100)), self.target_passed)

    def chart(self) -> Any:
        """The match chart under the result (a Surface, None for none)."""
        return self.t.results.totals_chart()

    def coach_places(self, action: Action) -> tuple:
        """The table places the coach's advice points at (a pile action: the pile a click would use)."""
        places = tuple(action.targets())
        if not places:
            places = tuple(p for p, kinds in self.click_actions.items()
                           if isinstance(p, Place) and isinstance(action, kinds))
        return places

    def coach_words(self, action: Action) -> str | None:
        """The advised move named by its cards ("play the red 6"); None: the buttons' and rings' words."""
        return None

    # -- hot-seat -----------------------------------------------------------------------------------------
    def wanted_viewer(self) -> int | None:
        return self.t.privacy.standard_viewer()

    def keeps_hand_open(self, seat: int) -> bool:
        """A chance of the seat's own (``own_chance``: an UNO call on itself, a free discard) keeps
        its hand open after its turn."""
        kind = self.own_chance
        return kind is not None and any(isinstance(a, kind) and getattr(a, "target", seat) == seat
                                        for a in self.t.input.legal(seat))

    def forget_choice(self) -> None:
        """Drop what the acting player was choosing (a new turn or round, another viewer)."""

    def look_in_passing(self, ev: Any) -> bool:
        """Whether another seat's look is shown without holding up the table."""
        return False

    # -- drawing (never changes state) --------------------------------------------------------------------
    def fixed_labels(self, canvas: "Canvas") -> None:
        """What the frame's label board holds before any label: the buttons, title, hints, piles."""
        self.t.hud.reserve_fixed(canvas)

    def card_rects(self) -> list[pygame.Rect]:
        """Where the cards lie that are not on the move (labels keep off them)."""
        return self.t.zones.card_rects()

    def seat_area(self, seat: int) -> tuple[int, int, int, int]:
        """Screen rectangle (x, y, w, h) of a seat's cards: its glow, plate and floating texts."""
        return self.t.zones.seat_area(seat)

    def place_rect(self, place: Place) -> pygame.Rect | None:
        """Where a place's card (or pile) is on screen (None: nowhere to point)."""
        return self.t.zones.place_rect(place)

    def guide_avoid(self) -> list[pygame.Rect]:
        """What else the guide's panel should keep off (parts drawn without sprites)."""
        return []

    def draw_seats(self, canvas: "Canvas") -> None:
        self.t.hud.draw_seats(canvas)

    def draw_cards(self, canvas: "Canvas", highlight: set, selected: set) -> None:
        self.t.zones.draw(canvas, highlight, selected)

    def draw_piles(self, canvas: "Canvas", highlight: set, selected: set) -> None:
        self.t.zones.draw_piles(canvas, highlight, selected)

    def ring_shown(self) -> bool:
        """Whether the reaction window's ring shows (its place is kept free of labels)."""
        return self.t.hud.ring_shown()

    def draw_ring(self, canvas: "Canvas") -> None:
        self.t.hud.draw_ring(canvas)

    def draw_texts(self, canvas: "Canvas") -> None:
        self.t.hud.draw_texts(canvas)

    def overlay_rect(self) -> pygame.Rect:
        return self.t.results.standard_rect()

    def draw_overlay(self, canvas: "Canvas") -> None:
        self.t.results.draw(canvas)
