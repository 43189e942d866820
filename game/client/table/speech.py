"""TableSpeech: the table for a player who cannot see it (docs/speech.md, issue 34).

With speech on (Settings -> Speech, Ctrl+S) the table says, through the app's Voice:

- every line the narrator tells (the news beside the pile), and after it each card face the
  events show to the seat at the screen that the line did not name ("Your card 2: 7"). Only what
  that seat may know: a face is spoken when the event shows it to everybody or to the viewer, and
  nothing while a hot-seat curtain is up;
- the prompt when it becomes the player's turn (or a choice of theirs comes), a reaction window
  opening for them with its time, and a countdown cue for its last seconds; refusals and advice
  (the HUD's message).

And it lets the table be walked: Tab / Shift+Tab between zones (your cards, each opponent, the
deck, the discard pile, the buttons), the arrows within one, each step spoken; Enter on a card or
a pile does what a click does, on a button what pressing it does; F2 says the whole state; Ctrl+R
(the app's) repeats the last line. The walk takes its keys only while speech is on, so the
table's own keys (numbers, letters, Space, a hand's arrows) are as they were when it is off.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Callable

import pygame

from game.core.cards import DECK, DISCARD, Card, Place
from game.core.events import CardMoved, CardRevealed, CardSeen, Event, WindowOpened
from game.i18n import _, ngettext, pgettext

STATE_KEY = pygame.K_F2         # the whole state
WALK_KEYS = (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
COUNTDOWN_FROM = 3              # the window's last seconds are counted aloud
RING_COLOUR = (255, 255, 255)   # the walk's focus ring: white (the targets' outlines are gold)...
RING_DARK = (10, 10, 10)        # ...between dark bands, so it shows on the felt, a card's face and a button
RING_WIDTH, RING_GAP = 4, 7


def card_words(card: Card) -> str:
    """A card's face in words: "7", "queen of hearts", "red Skip"."""
    from game.core.standard_deck import SUIT_NAMES, card_name as standard_name

    if card.suit in SUIT_NAMES or card.rank == "joker":
        return standard_name(card)
    if card.suit is None and isinstance(card.rank, int):
        return str(card.rank)
    from game.variants.combat_uno.cards import card_name

    return card_name(card)


def names(line: str, words: str) -> bool:
    """Whether ``line`` names the card ``words`` as a whole ("a 1" is not in "an 11")."""
    return re.search(rf"(?<![\w-]){re.escape(words)}(?!\w)", line, re.IGNORECASE) is not None


@dataclasses.dataclass
class Item:
    """One stop of the walk: a card place, a pile, a button, or a stop of a game's own (``do``)."""

    place: Place | None
    words: str
    button: Any = None
    ids: frozenset[int] = frozenset()      # the card named (tests: was it one the seat may know)
    do: Callable[[], Any] | None = None    # what Enter does on a game's own stop (a point to cut the deck at)
    rect: pygame.Rect | None = None        # where the stop is on screen, where its place does not say

    def key(self) -> Any:
        """What the item is, whatever it shows: a button by its words, a card by its place."""
        if self.button is not None:
            return ("button", self.button.text)
        return ("do", self.words) if self.do is not None else ("place", self.place)


class TableSpeech:
    """Speech at the table: what happened, prompts, refusals, the walk (module docstring)."""

    interface = ("on", "saw", "narrated", "handle", "update", "heard", "state_lines", "zone_names", "hints", "draw",
                 # for a game's walk (TableSpec.walk_zones)
                 "standard_zones", "button_zone", "seats_from_own", "seat_name", "marked")

    def __init__(self, screen: Any, spec: Any, match: Any, zones: Any, director: Any, input: Any, hud: Any,
                 results: Any, voice: Any, memory_aid: Callable[[], bool]):
        self.screen, self.spec, self.match, self.zones = screen, spec, match, zones
        self.director, self.input, self.hud, self.results = director, input, hud, results
        self.voice = voice
        self.memory_aid = memory_aid
        # every line spoken: (line, the card ids it names, the seat a private face in it was shown to)
        self.heard: list[tuple[str, frozenset[int], int | None]] = []
        # lines to say: (line, ids, seat) and, for a line of faces alone, its faces (where, words, id)
        self._pending: list[tuple[Any, ...]] = []
        self._faces: list[tuple[str, str, int]] = []         # (where, words, card id) of the event told now
        self._faces_for: int | None = None                   # the seat they were shown to (None: everybody)
        self._zone: int | None = None   # the zone walked (its index, and its name: a game's zone may come first)
        self._zone_name = ""
        self._item = 0
        self._walked: Any = None        # what the walk last said it stands on (Item.key)
        self._prompt = ""
        self._message: Any = None
        self._window: Any = None
        self._counted: int | None = None
        self._result: Any = None
        self._greeted = False
        self._match_result: Any = None
        self.ring: pygame.Rect | None = None     # where the walk's focus ring was last drawn (None: not drawn)

    def on(self) -> bool:
        return bool(self.voice.on)

    # -- what happens -------------------------------------------------------------------------------
    def saw(self, ev: Event) -> None:
        """An event about to be told (the director's watcher): the faces it shows the viewer. A
        public face waits for the next line, which may name it (a card played for its ability is
        told with the event after it); a private one is said at once after its own line."""
        if self._faces_for is not None:
            self._flush_faces()
        if not self.on() or self.screen.curtain is not None:
            return
        viewer = self.own_seat()     # (alone at the screen: also a face dealt while the table shows no hand open)
        card = getattr(ev, "card", None)
        if not isinstance(card, Card) or not isinstance(ev, (CardMoved, CardSeen, CardRevealed)):
            return
        shown_to = getattr(ev, "shown_to", None)
        if shown_to is not None and (viewer is None or viewer not in shown_to):
            return
        place = ev.dst if isinstance(ev, CardMoved) else ev.place
        if shown_to is not None:
            self._flush_faces()
        self._faces.append((self.place_words(place), card_words(card), card.id))
        self._faces_for = viewer if shown_to is not None else None

    def narrated(self, line: str) -> None:
        """The narrator's line for the event just seen (the news)."""
        if not self.on() or self.screen.curtain is not None or not line:
            return
        named = [f for f in self._faces if names(line, f[1])]
        self._faces = [f for f in self._faces if not names(line, f[1])]
        self._pending.append((line, frozenset(f[2] for f in named), self._faces_for if named else None))
        self._flush_faces()

    def _flush_faces(self) -> None:
        told = self._pending or self.heard
        if self._faces and self._faces_for is None and told and all(names(told[-1][0], f[1]) for f in self._faces):
            # a public face the line just told named ("Ada matches with their own 10."): not again
            line, ids, seat, *face_line = told[-1]
            told[-1] = (line, ids | frozenset(f[2] for f in self._faces), seat, *face_line)
            self._faces = []
        if self._faces:
            self._pending.append((self.faces_line(self._faces), frozenset(f[2] for f in self._faces), self._faces_for,
                                  list(self._faces)))
            self._faces = []
        self._faces_for = None

    def faces_left(self, pending: tuple[Any, ...], laid: set[int]) -> tuple[Any, ...] | None:
        """A waiting line of faces without those the round's end says (None: nothing left)."""
        faces = [f for f in pending[3] if f[2] not in laid]
        if not faces:
            return None
        return (self.faces_line(faces), frozenset(f[2] for f in faces), pending[2], faces)

    @staticmethod
    def faces_line(faces: list[tuple[str, str, int]]) -> str:
        """Faces shown, each place once: several cards come to a pile together (Kumbal's set
        discarded) as "The discard pile: 8 of spades on top, 8 of hearts under it"."""
        at: dict[str, list[str]] = {}
        for where, card, _id in faces:
            at.setdefault(where, []).append(card)
        parts = []
        for where, cards in at.items():
            if len(cards) == 1:
                parts.append(_("{where}: {card}").format(where=where, card=cards[0]))
            else:
                parts.append(_("{where}: {card} on top, {under} under it").format(
                    where=where, card=cards[-1], under=", ".join(reversed(cards[:-1]))))
        return "; ".join(parts) + "."

    def update(self) -> None:
        """After the frame's update: say what it brought (news, then prompts, a window, messages)."""
        if not self.on():
            self._pending, self._faces, self._greeted = [], [], False
            self._zone = None           # (the walk ends: no ring)
            return
        if self._faces_for is not None or not self.director.queue:
            self._flush_faces()     # (a public face waits while the events go on: the next line may name it)
        screen = self.screen
        if screen.curtain is not None:
            # The curtain scene speaks; what the table has to say waits behind it, but no face the
            # player leaving was shown is kept for the one coming.
            self._pending = [p for p in self._pending if p[2] is None or p[2] == screen.curtain]
            return
        lines, self._pending = self._pending, []
        ends: list[tuple[str, frozenset[int]]] = []
        if screen.round_result is not None and screen.round_result is not self._result:
            # The round's end says each seat's cards once, grouped by seat: the faces laid open
            # for it are not said before that as well, place by place
            ends = self.result_lines(screen.round_result, told=set().union(*(p[1] for p in lines if len(p) < 4)))
            laid = set().union(*(ids for _line, ids in ends))
            lines = [p if len(p) < 4 else self.faces_left(p, laid) for p in lines]
            lines = [p for p in lines if p is not None]
        if not self._greeted:       # the table's name and its keys, before the deal is told
            self._greeted = True
            self.say(_("{title}. Tab and the arrows walk the table, Enter chooses, F2 says the whole "
                       "state.").format(title=self.spec.title), interrupt=True)
        message = self.hud.message
        if message is not None and message is not self._message:
            lines.append((message[0], frozenset()))
        self._message = message
        lines += ends
        self._result = screen.round_result
        if screen.match_result is not None and screen.match_result is not self._match_result:
            winners = ", ".join(screen.name(s) for s in screen.match_result.winners)
            lines.append((_("The match is over. Winner: {names}.").format(names=winners), frozenset()))
        self._match_result = screen.match_result
        if screen.curtain is None:
            window = screen.window
            if window is not None and window is not self._window and self.viewer_in(window):
                lines.append((self.window_words(window), frozenset()))
                self._counted = None
            self._window = window
            prompt = self.hud.current_prompt() if self.input.input_seat() is not None else ""
            if prompt and prompt != self._prompt:
                lines.append((prompt, frozenset()))
            self._prompt = prompt
            lines += self.countdown()
        for line, ids, *seat in lines:
            self.say(line, ids, seat=seat[0] if seat else None)

    def result_lines(self, result: Any, told: set[int] = frozenset()) -> list[tuple[str, frozenset[int]]]:
        """The round's end: each seat's score and total, then the cards laid face up for all (each
        once: ``told``, the faces said with the lines before it)."""
        screen = self.screen
        scores = "; ".join(_("{name} {score}, total {total}").format(name=screen.name(s), score=result.scores[s],
                                                                       total=result.totals[s])
                           for s in range(min(screen.seats, len(result.scores))))
        lines = [(_("Round {n} is over. Scores: {scores}.").format(n=result.round, scores=scores), frozenset())]
        told = set(told).union(*(ids for _line, ids, _seat in self.heard))
        for seat in range(screen.seats):
            sprites = self.zones.hands.get(seat, []) if self.spec.uses_hands else \
                [s for _i, s in sorted(self.zones.grid.get(seat, {}).items())]
            faces = [s.card for s in sprites if isinstance(s.card, Card) and s.show_to is None]
            if faces:
                lines.append((self.seat_name(seat, _("Your cards"), _("{name}'s cards")) + ": "
                              + ", ".join(card_words(c) for c in faces) + ".", frozenset(c.id for c in faces)))
                told |= {c.id for c in faces}
        # A table drawn from the view (16 Combos' rows): the faces its walk shows now, not yet told
        for _zone, items in self.zones_now():
            new = [i for i in items if i.ids and not i.ids <= told]
            if new:
                lines.append(("; ".join(i.words for i in new) + ".", frozenset().union(*(i.ids for i in new))))
                told |= set().union(*(i.ids for i in new))
        return lines

    def viewer_in(self, window: WindowOpened) -> bool:
        return any(h in window.seats for h in self.screen.humans)

    def window_words(self, window: WindowOpened) -> str:
        if window.deadline is None:
            return _("A reaction window is open until everyone passes. Space passes.")
        seconds = max(0, round(window.deadline - window.opened_at))
        return ngettext("A reaction window is open for {seconds} second. Space passes.",
                        "A reaction window is open for {seconds} seconds. Space passes.", seconds).format(seconds=seconds)

    def countdown(self) -> list[tuple[str, frozenset[int]]]:
        """The last seconds of a timed window the player may react in: "3", "2", "1"."""
        window = self.screen.window
        if window is None or window.deadline is None or not self.viewer_in(window) \
                or not self.director.ready_for_input():
            return []
        left = int(window.deadline - self.screen.table_time + 0.999)
        if 0 < left <= COUNTDOWN_FROM and left != self._counted and (self._counted is None or left < self._counted):
            self._counted = left
            return [(str(left), frozenset())]
        return []

    def say(self, line: str, ids: frozenset[int] = frozenset(), interrupt: bool = False, seat: int | None = None) -> None:
        from game.client.narration.wording import you_form

        line = you_form(line)
        self.heard.append((line, ids, seat))
        self.voice.say(line, interrupt=interrupt)

    # -- words for places ---------------------------------------------------------------------------
    def own_seat(self) -> int | None:
        screen = self.screen
        if screen.curtain is not None:
            return None
        if screen.viewer is not None:
            return screen.viewer
        if not screen.hotseat and screen.humans:
            return screen.humans[0]
        return None

    def place_words(self, place: Place) -> str:
        own = self.own_seat()
        if place == DECK:
            return _("The deck")
        if place == DISCARD:
            return _("The discard pile")
        if place.zone == "held":
            return _("Your drawn card") if place.seat == own else _("{name}'s drawn card").format(name=self.screen.name(place.seat))
        if place.zone == "hand":
            return _("Your hand") if place.seat == own else _("{name}'s hand").format(name=self.screen.name(place.seat))
        if place.zone == "waste":
            return _("The waste")
        if place.zone in ("type", "value") and 0 <= place.seat < self.screen.seats:     # 16 Combos' pairs
            return self.seat_name(place.seat, _("Your pair {n}, type card"), _("{name}'s pair {n}, type card"), n=place.index + 1) \
                if place.zone == "type" else \
                self.seat_name(place.seat, _("Your pair {n}, value card"), _("{name}'s pair {n}, value card"), n=place.index + 1)
        if place.zone in ("order", "action", "wild", "consult") and 0 <= place.seat < self.screen.seats:
            words = {"order": (_("Your order card"), _("{name}'s order card")),
                     "action": (_("Your action card"), _("{name}'s action card")),
                     "wild": (_("Your wild card"), _("{name}'s wild card")),
                     "consult": (_("Your consultation pair"), _("{name}'s consultation pair"))}[place.zone]
            return self.seat_name(place.seat, *words)
        if 0 <= place.seat < self.screen.seats:
            if place.seat == own:
                return _("Your card {n}").format(n=place.index + 1)
            return _("{name}'s card {n}").format(name=self.screen.name(place.seat), n=place.index + 1)
        return _("A card")

    def corner(self, place: Place) -> str:
        """Where a grid card lies in its seat's block, as seen on screen: "top right"."""
        cards = self.zones.grid.get(place.seat, {})
        sprite = cards.get(place.index)
        if sprite is None or len(cards) < 2:
            return ""
        xs = sorted({round(s.x) for s in cards.values()})
        ys = sorted({round(s.y) for s in cards.values()})
        x, y = round(sprite.x), round(sprite.y)
        if len(xs) == 2 and len(ys) == 2:
            return (_("top") if y == ys[0] else _("bottom")) + " " + (_("left") if x == xs[0] else _("right"))
        return _("row {r}, column {c}").format(r=ys.index(y) + 1, c=xs.index(x) + 1)

    def card_item(self, place: Place, sprite: Any) -> Item:
        own, viewer = self.own_seat(), self.screen.viewer
        where = self.place_words(place)
        corner = self.corner(place) if place.zone == "grid" else ""
        if place.zone == "hand":
            where = (_("Your card {n}") if place.seat == own else _("{name}'s card {n}")).format(
                name=self.screen.name(place.seat), n=place.index + 1)
        head = f"{where}, {corner}" if corner else where
        card = sprite.card if sprite is not None else None
        if isinstance(card, Card) and sprite.face_shown(viewer if viewer is not None else own):
            return self.marked(Item(place, _("{where}: {card}, face up").format(where=head, card=card_words(card)),
                                    ids=frozenset({card.id})))
        mem = self.screen.memories.get(own) if own is not None else None
        known = mem.get(place) if mem is not None and place.zone == "grid" else None
        if known is not None and self.memory_aid():
            return self.marked(Item(place, _("{where}: {card}, seen").format(where=head, card=card_words(known)),
                                    ids=frozenset({known.id})))
        if known is not None:
            return self.marked(Item(place, _("{where}: face down, seen").format(where=head)))
        return self.marked(Item(place, _("{where}: face down, not seen").format(where=head)))

    def marked(self, item: Item, whole: Place | None = None) -> Item:
        """A card stop with what the screen marks on it: picked ("selected": a card of a set being
        chosen, the first of two targets) or lit as a choice now ("highlighted", as the prompts
        say: "click a highlighted pair"); ``whole``: the place a choice of it names (its pair)."""
        if item.place is None or not self.director.ready_for_input():
            return item
        lit, picked = self.spec.targets()
        if item.place in picked or whole in picked:
            item.words += ", " + _("selected")
        elif item.place in lit or whole in lit:
            item.words += ", " + _("highlighted")
        return item

    # -- the walk -----------------------------------------------------------------------------------
    def zones_now(self) -> list[tuple[str, list[Item]]]:
        """The zones to walk, in order, as the game has them (TableSpec.walk_zones: most games
        walk ``standard_zones``; 16 Combos its pair columns)."""
        return self.spec.walk_zones(self)

    def seats_from_own(self) -> list[int]:
        """The seats in walking order: the player's own first, then the others round the table."""
        own = self.own_seat()
        seats = list(range(self.screen.seats))
        return seats[own:] + seats[:own] if own is not None else seats

    def seat_name(self, seat: int, own: str, other: str, **more: Any) -> str:
        """A seat's thing by name: ``own`` for the player's ("Your cards"), else ``other`` with
        its {name} ("Ada's cards"), each with ``more`` filled in."""
        return (own if seat == self.own_seat() else other).format(name=self.screen.name(seat), **more)

    def standard_zones(self) -> list[tuple[str, list[Item]]]:
        """Your cards, each opponent's, the deck, the discard pile, the buttons."""
        out: list[tuple[str, list[Item]]] = []
        for seat in self.seats_from_own():
            items = []
            if self.spec.uses_hands:
                for i, sprite in enumerate(self.zones.hands.get(seat, [])):
                    items.append(self.card_item(Place("hand", seat, i), sprite))
            else:
                for i, sprite in sorted(self.zones.grid.get(seat, {}).items()):
                    place = Place("grid", seat, i)
                    items.append(self.card_item(place, sprite))
            held = self.zones.held.get(seat)
            if held is not None:
                place = Place("held", seat, 0)
                items.append(self.card_item(place, held))
            out.append((self.seat_name(seat, _("Your cards"), _("{name}'s cards")), items))
        deck = ngettext("The deck: {n} card", "The deck: {n} cards", self.zones.deck_n).format(n=self.zones.deck_n)
        out.append((_("The deck"), [Item(DECK, deck)]))
        pile = self.zones.discard
        top = pile[-1].card if pile else None
        words = _("The discard pile: {card} on top").format(card=card_words(top)) if isinstance(top, Card) \
            else _("The discard pile: empty")
        out.append((_("The discard pile"), [Item(DISCARD, words, ids=frozenset({top.id}) if isinstance(top, Card) else frozenset())]))
        out.append(self.button_zone())
        return out

    def button_zone(self) -> tuple[str, list[Item]]:
        buttons = [w for w in self.input.form.widgets if getattr(w, "focusable", True) and getattr(w, "enabled", True)]
        return _("Buttons"), [Item(None, _("{text}, button").format(text=b.text), b) for b in buttons]

    def zone_names(self) -> list[str]:
        return [name for name, _items in self.zones_now()]

    def hints(self) -> list[tuple[str, str]]:
        """The walk's keys among the table's key hints, while speech is on."""
        if not self.on():
            return []
        return [("Tab", pgettext("key hint", "walk the table")), ("F2", pgettext("key hint", "whole state")),
                ("Ctrl+R", pgettext("key hint", "say again")), ("Ctrl+S", pgettext("key hint", "speech off"))]

    def walked_item(self) -> Item | None:
        """The stop the walk stands on (None: not walking, or nothing there now)."""
        if not self.on() or self._zone is None or self.screen.curtain is not None:
            return None
        zones = self.zones_now()
        index = self.zone_index(zones)
        if index is None or not zones[index][1]:
            return None
        items = zones[index][1]
        return items[min(self._item, len(items) - 1)]

    def zone_index(self, zones: list[tuple[str, list[Item]]]) -> int | None:
        """Where the walked zone is among ``zones`` now: found by its name (the cut's zone comes
        and goes before the others), else at its place."""
        if self._zone is None:
            return None
        index = next((i for i, (name, _items) in enumerate(zones) if name == self._zone_name), self._zone)
        return index if index < len(zones) else None

    def draw(self, canvas: Any) -> None:
        """The focus ring round the walked card, pile or button, for the keyboard player and for
        anybody watching beside a player who cannot see: a white band between dark ones, clear on
        the felt, on a face, on a button and beside the targets' gold outlines. Only while walking."""
        item = self.walked_item()
        rect = self.item_rect(item) if item is not None else None
        self.ring = None
        if rect is None:
            return
        ring = rect.inflate(2 * RING_GAP, 2 * RING_GAP)
        pygame.draw.rect(canvas.surface, RING_DARK, ring.inflate(6, 6), RING_WIDTH + 6, border_radius=11)
        pygame.draw.rect(canvas.surface, RING_COLOUR, ring, RING_WIDTH, border_radius=8)
        self.ring = ring

    def handle(self, event: pygame.event.Event) -> bool:
        """The walk's keys, the state key and Enter on what the walk stands on (True: taken)."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._zone = None           # the player took the mouse: the walk (and its ring) ends
            return False
        if event.type != pygame.KEYDOWN or not self.on() or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        if self.screen.curtain is not None:
            return False
        if event.key == STATE_KEY:
            for i, (line, ids) in enumerate(self.state()):
                self.say(line, ids, interrupt=i == 0, seat=self.own_seat())
            return True
        if event.key in WALK_KEYS:
            self.walk(event)
            return True
        if event.key in ENTER_KEYS and self.director.hold is None \
                and self.screen.round_result is None and self.screen.match_result is None:
            if self._zone is not None:
                return self.press()
            return self.unwalked_enter()
        return False

    def unwalked_enter(self) -> bool:
        """Enter before the walk stands on anything: a button that says "Enter" (Done, Next round)
        and the table's own Enter (a hand's chosen cards) work as before, but whichever other button
        happens to hold the focus (Draw, History) is not pressed unheard: the prompt is said, and
        how to reach a choice."""
        focused = self.input.form.focused
        if focused is None or getattr(focused, "primary", False) or pygame.K_RETURN in self.spec.table_keys:
            return False
        prompt = self.hud.current_prompt() if self.input.input_seat() is not None else ""
        hint = _("Nothing is chosen yet: Tab and the arrows walk to a choice, Enter chooses it.")
        self.say(f"{prompt} {hint}" if prompt else hint, interrupt=True, seat=self.own_seat())
        return True

    def walk(self, event: pygame.event.Event) -> None:
        zones = self.zones_now()
        if event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            now = self.zone_index(zones)
            start = now if now is not None else -1 if step > 0 else 0
            for k in range(1, len(zones) + 1):      # (an empty zone, no buttons: passed over)
                index = (start + step * k) % len(zones)
                if zones[index][1]:
                    break
            self._zone, self._item = index, 0
            name, items = zones[index]
            self._zone_name = name
            self._walked = items[0].key()
            self.say(ngettext("{zone}, {n} item.", "{zone}, {n} items.", len(items)).format(zone=name, n=len(items)) + " " + items[0].words, items[0].ids,
                     interrupt=True, seat=self.own_seat())
            return
        now = self.zone_index(zones)
        if now is None or not zones[now][1]:
            now = 0 if zones[0][1] else next((i for i, z in enumerate(zones) if z[1]), 0)
            self._item = 0
        self._zone, self._zone_name = now, zones[now][0]
        items = zones[now][1]
        if not items:
            return
        step = -1 if event.key in (pygame.K_LEFT, pygame.K_UP) else 1
        self._item = max(0, min(len(items) - 1, self._item + step))
        self._walked = items[self._item].key()
        self.say(items[self._item].words, items[self._item].ids, interrupt=True, seat=self.own_seat())

    def press(self) -> bool:
        zones = self.zones_now()
        index = self.zone_index(zones)
        if index is None:
            return False
        items = zones[index][1]
        if not items:
            return False
        item = items[min(self._item, len(items) - 1)]
        if item.key() != self._walked:
            # What stands here now is not what was said (the buttons changed with the turn): it is
            # said, and a second Enter chooses it; never a choice the player did not hear.
            self._walked = item.key()
            self.say(item.words, item.ids, interrupt=True, seat=self.own_seat())
            return True
        if item.button is not None:
            if item.button.on_click is not None:
                item.button.on_click()
            return True
        if not self.director.ready_for_input() or self.match.over:
            self.say(_("Wait: the table is still moving."), interrupt=True)
            return True
        if item.do is not None:
            item.do()
            return True
        self.spec.table_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=self.point_on(item)))
        return True

    def item_rect(self, item: Item) -> pygame.Rect | None:
        """Where a walk stop is on screen (None: nowhere to point)."""
        if item.button is not None:
            return pygame.Rect(item.button.rect) if item.button.rect is not None else None
        if item.rect is not None:
            return pygame.Rect(item.rect)
        return self.spec.place_rect(item.place) if item.place is not None else None

    def point_on(self, item: Item) -> tuple[int, int]:
        """Where a click on the stop lands (its visible part: a hand card is overlapped on its right),
        so Enter does exactly what a click there does, in every game."""
        rect = self.item_rect(item)
        if rect is None:
            return (-1, -1)
        place = item.place
        x = rect.centerx
        if place is not None and place.zone == "hand" and self.spec.uses_hands:
            nxt = self.zones.place_rect(Place(place.zone, place.seat, place.index + 1)) \
                if place.index + 1 < len(self.zones.hands.get(place.seat, [])) else None
            if nxt is not None:
                x = (rect.left + min(rect.right, nxt.left)) // 2
            return x, rect.top + rect.h // 4
        return x, rect.centery

    def state_lines(self) -> list[str]:
        """The whole state (F2): whose turn, the scores, the top discard, your cards, the counts."""
        return [line for line, _ids in self.state()]

    def state(self) -> list[tuple[str, frozenset[int]]]:
        screen = self.screen
        own = self.own_seat()
        lines: list[tuple[str, frozenset[int]]] = []
        none: frozenset[int] = frozenset()
        turn = screen.turn
        if screen.match_result is not None:
            lines.append((_("The match is over."), none))
        elif screen.round_result is not None:
            lines.append((_("The round is over."), none))
        elif turn is not None:
            lines.append((_("Your turn.") if turn == own else _("{name}'s turn.").format(name=screen.name(turn)), none))
        scores = ", ".join(f"{screen.name(s)} {self.results.shown_total(s):g}" for s in range(screen.seats))
        lines.append((_("Scores: {scores}.").format(scores=scores), none))
        for name, items in self.zones_now():
            if not items or items[0].button is not None:
                continue
            # Your own cards, a pile, and cards whose faces are shown or known are listed; the
            # others' face-down cards are counted.
            if len(items) == 1 or any(i.ids for i in items) or \
                    any(i.place is not None and i.place.seat == own for i in items):
                lines.append(("; ".join(i.words for i in items) + ".",
                              frozenset().union(*(i.ids for i in items))))
            else:
                lines.append((_("{zone}: {n}.").format(zone=name, n=len(items)), none))
        prompt = self.hud.current_prompt()
        if prompt:
            lines.append((prompt, none))
        return lines
