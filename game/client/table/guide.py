"""The guided first match at the table: one runner for every variant.

The guide itself is data (game/guides/<variant>.py): a fixed deal, the seats, and an ordered list
of moments. ``GuideRunner`` decides which moment shows, from what the table may read (the human
seat's view and legal actions, the events the screen has shown, a held look, a result panel):

- a moment shows the first time its test holds; while it shows, the table clock stands still, so
  the bots wait and a reaction window does not run out while the player reads;
- any action of the player closes it (the asked one completes it; anything else moves the guide
  on, it never insists), and so does its test no longer holding (the moment has passed);
- a moment whose action the player takes before the guide asks is done already: it never shows;
- "Skip guide" (or Esc while a moment shows) ends the guide; the match plays on normally;
- the last moment (the guided round's end) ends it too, whatever moments the player passed by.

``TableGuide`` is the table's part that feeds the runner, rings the places a moment points at (the
coach's rings) and draws its panel. A guided match is never saved and never counted in the
statistics (``GuidedStorage``), so it cannot replace a saved match.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import pygame

from game.client.table.canvas import Canvas, Memo
from game.client.ui import text as T
from game.client.ui import theme as TH
from game.client.ui.widgets import Button
from game.core.actions import Action
from game.core.events import Event
from game.guides import ButtonOf, Face, Guide, GuideContext, Moment, guide_for
from game.client.narration.wording import YOU
from game.i18n import _

GUIDE_COLOUR = (255, 128, 200)   # apart from the gold of legal targets and the coach's blue
# What a spot for the panel pays per pixel of its arrow passing under a label (the arrow is left
# out there, so the words stay whole): a clear arrow is better, but not at the price of covering
# more of the table; a label's worth of arrow (about 50 px) weighs like a sixth of a card.
ARROW_CROSSING_COST = 60
ARROW_LENGTH_COST = 30       # per pixel of an arrow, between spots that cover alike
ARROW_CARD_COST = 2000       # per pixel of an arrow over a card it does not point at
NARROW_PANEL = 260     # the guide panel's narrowest width, beside the results on a small screen
LABEL_COVER_COST = 12   # per pixel of a label the panel covers (a card's: 3): its words are lost


class GuidedStorage:
    """The app's storage for a guided match: settings and everything else as usual, but the match
    is never saved (a saved match stays as it was) and never counted in the statistics."""

    def __init__(self, storage: Any, guide: Guide):
        self._storage = storage
        self.guide = guide

    def __getattr__(self, name: str) -> Any:
        return getattr(self._storage, name)

    def save_match(self, record: Any, meta: Any = None) -> None:
        """A guided match is not saved."""

    def record_finished(self, record: Any, lowest_wins: bool = True, coached: bool = False) -> None:
        """A guided match is not counted."""

    def saved_match(self, variant: str = "") -> None:
        return None


def start_guided(app: Any, variant_id: str) -> Any:
    """Open the variant's guided match (LookupError if it has none)."""
    from game.client import tables

    guide = guide_for(variant_id)
    if guide is None:
        raise LookupError(f"{variant_id!r} has no guided match")
    factory = tables.table_for(guide.variant)
    if factory is None:
        raise LookupError(f"no table is registered for {guide.variant!r}")
    name = app.settings.player_name if isinstance(app.settings.player_name, str) and app.settings.player_name else YOU
    scene = factory(app, guide.record(name), GuidedStorage(app.storage, guide))
    app.open_match(scene)
    return scene


class GuideRunner:
    """Which moment of a guide shows now. Knows nothing of pygame or the engine."""

    def __init__(self, guide: Guide):
        self.guide = guide
        self.moments = list(guide.moments)
        self.done: set[str] = set()
        self.shown: list[str] = []          # moments in the order they showed (tests read it)
        self.current: Moment | None = None
        self.skipped = False
        self.off_plan = False               # the player did something else than a moment asked

    @property
    def active(self) -> bool:
        # Over once skipped, or once its last moment (the guided round's end) is done: a moment
        # the player's own choices passed by cannot come after it, and must not turn up in a
        # later round.
        return not self.skipped and self.moments[-1].key not in self.done

    @property
    def blocking(self) -> bool:
        """A moment is showing: the table clock waits for the player."""
        return self.current is not None

    def look(self, ctx: GuideContext) -> Moment | None:
        """Called whenever the table has caught up with the game: the moment to show now."""
        if not self.active:
            self.current = None
            return None
        if self.current is not None:
            if self.current.when(ctx):
                return self.current
            self.close()                    # the moment has passed without the player
        for m in self.moments:
            if m.key not in self.done and (m.anytime or not self.off_plan) and m.when(ctx):
                self.current = m
                self.shown.append(m.key)
                return m
        return None

    def close(self) -> None:
        if self.current is not None:
            self.done.add(self.current.key)
            self.current = None

    def acted(self, action: Action, before: GuideContext | None = None) -> None:
        """The player acted: the moment showing is over (done, or the player chose otherwise), and
        a moment that had come (its test held just ``before`` the action) which this action
        completes need not show at all: the player knew what to do."""
        showing = self.current
        if showing is not None and showing.done and not showing.completed_by(action):
            self.off_plan = True
        self.close()
        for m in self.moments:
            if m.key not in self.done and m.completed_by(action) and (before is None or m.when(before)):
                self.done.add(m.key)

    def skip(self) -> None:
        self.skipped = True
        self.current = None

    def number(self, moment: Moment) -> int:
        return self.moments.index(moment) + 1


class TableGuide:
    """The guide runner fed from the table, its rings and its panel."""

    interface = ("guided", "round_over", "runner", "seat", "seen", "moment", "blocking", "saw", "update", "before", "acted",
                 "handle", "first_deck", "strip", "context", "targets", "buttons_at", "panel_rect", "draw")

    def __init__(self, screen: Any, spec: Any, match: Any, store: Any, zones: Any, director: Any, say: Any,
                 picking: Callable[[], bool], button_rect: Callable[[str], pygame.Rect | None],
                 invalidate_buttons: Callable[[], None]):
        self.screen, self.spec, self.match, self.zones, self.director = screen, spec, match, zones, director
        self.say = say
        self.picking = picking                        # places are being picked for an action
        self.button_rect = button_rect                # where the button with these words is
        self.invalidate_buttons = invalidate_buttons  # the buttons change with the moment shown
        guide = getattr(store, "guide", None)
        self.runner: GuideRunner | None = GuideRunner(guide) if isinstance(guide, Guide) else None
        self.seat = guide.human if isinstance(guide, Guide) else None
        self.deck = tuple(guide.deck) if isinstance(guide, Guide) else None
        self.seen: set[str] = set()
        self.skip_button = Button(_("Skip guide"), self.skip, hint="Esc", size=TH.SMALL)
        self.ok_button = Button("OK", self.read, hint="", size=TH.SMALL, primary=True)
        self._memo = Memo()

    @property
    def guided(self) -> bool:
        return self.runner is not None

    def round_over(self) -> bool:
        """A guided match is one round (what every guide's offer promises): its round's scores end
        it, whether or not the game's own options would play on (Kumbal's went into a whole match)."""
        return self.runner is not None and self.screen.round_result is not None

    def first_deck(self) -> tuple[str, ...] | None:
        """The guided round's fixed deal (None: a shuffled one)."""
        return self.deck

    def saw(self, event: Event) -> None:
        if self.runner is not None:
            self.seen.add(type(event).__name__)

    def moment(self) -> Moment | None:
        return self.runner.current if self.runner is not None and self.runner.active else None

    def blocking(self) -> bool:
        return self.runner is not None and self.runner.blocking

    def strip(self) -> int | None:
        """The guide panel's narrowest width while a moment shows (the results panel leaves it room)."""
        return self.narrow_panel() if self.moment() is not None else None

    def context(self, settled: bool = True) -> GuideContext:
        seat, screen, hold = self.seat, self.screen, self.director.hold
        results = "match" if screen.showing_match_result() else "round" if screen.round_result is not None else None
        # Behind a held look (or while the screen catches up) the player cannot act yet.
        legal = tuple(self.match.legal(seat)) if settled and hold is None else ()
        return GuideContext(seat=seat, view=self.match.view(seat), legal=legal,
                            seen=frozenset(self.seen), hold=hold.kind if hold is not None else None,
                            results=results)

    def update(self) -> None:
        """Each frame: let the runner look once the screen shows the game as it is (or holds a look)."""
        runner = self.runner
        if runner is None or not runner.active:
            return
        director = self.director
        if director.hold is None and (director.queue or not director.ready_for_input()):
            return      # the screen is still catching up (the moment comes when the player could act)
        settled = not director.queue
        if runner.current is not None and not settled:
            return
        before = runner.current
        now = runner.look(self.context(settled))
        if now is not before:
            self.invalidate_buttons()

    def before(self) -> GuideContext | None:
        """The context just before the player's action (what the guide judges the action by)."""
        return self.context() if self.runner is not None and self.runner.active else None

    def acted(self, action: Action, before: GuideContext | None) -> None:
        if self.runner is not None and self.runner.active:
            self.runner.acted(action, before)
            self.invalidate_buttons()

    def read(self) -> None:
        """OK on a moment that asks for nothing but reading."""
        if self.runner is not None:
            self.runner.close()

    def skip(self) -> None:
        if self.runner is not None and self.runner.active:
            self.runner.skip()
            self.say(_("Guide skipped: the match plays on."), tone="info")

    def handle(self, event: pygame.event.Event) -> bool:
        """The guide's keys and buttons come first while a moment shows (True: taken)."""
        moment = self.moment()
        if moment is None:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.picking() \
                and self.screen.claimer is None:
            self.skip()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button, rect in self.buttons_at(moment):
                if rect.collidepoint(event.pos):
                    button.activate()
                    return True
        return False

    def buttons(self, moment: Moment) -> list[Button]:
        return [self.skip_button] + ([self.ok_button] if not moment.done and self.director.hold is None else [])

    def buttons_at(self, moment: Moment) -> list[tuple[Button, pygame.Rect]]:
        """The panel's buttons where the panel last drawn puts them (none before it was drawn)."""
        spot = self._memo.get("panel", self.spot_key())
        if spot is None:
            return []
        panel = spot[0]
        out = []
        x = panel.right - 16
        for button in self.buttons(moment):
            bw = self.guide_button_width(button)
            rect = pygame.Rect(0, 0, bw, 34)
            rect.bottomright = (x, panel.bottom - 10)
            x -= bw + 10
            out.append((button, rect))
        return out

    # -- drawing ---------------------------------------------------------------------------------------
    def targets(self, moment: Moment) -> list[pygame.Rect]:
        ctx = self.context()
        rects = []
        for target in moment.point(ctx):
            if isinstance(target, ButtonOf):
                rect = self.button_rect_for(target.action, ctx)
            elif isinstance(target, Face):
                rect = self.face_rect(target.face, target.mine)
            else:
                rect = self.spec.place_rect(target)
            if rect is not None:
                rects.append(rect)
        return rects

    def face_rect(self, face: str, mine: bool = True) -> pygame.Rect | None:
        """The card showing this face: the player's own (the first one, left to right), or any."""
        for place, sprite in self.zones.resting():
            if (not mine or place.seat == self.seat) and sprite.card is not None and str(sprite.card) == face:
                return sprite.rect()
        return None

    def button_rect_for(self, action_name: str, ctx: GuideContext) -> pygame.Rect | None:
        action = next((a for a in ctx.legal if type(a).__name__ == action_name), None)
        choice = self.spec.label_for(action) if action is not None else None
        if choice is None:
            return None
        return self.button_rect(choice.text)

    def guide_widths(self) -> tuple[int, ...]:
        top = min(560, self.screen.layout.size[0] // 2 - 40)
        widths = (top, min(top, 460), min(top, 380))
        if self.screen.round_result is not None or self.screen.match_result is not None:
            widths += (self.narrow_panel(),)   # (beside the results, where a small window has a strip to spare)
        return widths

    @staticmethod
    def guide_button_width(button: Button) -> int:
        return max(120, T.text(button.text, TH.SMALL, (0, 0, 0), True).get_width() + 60)

    def narrow_panel(self) -> int:
        """The guide panel's narrowest width: NARROW_PANEL, or what its two buttons need."""
        buttons = (self.ok_button, self.skip_button)
        return max(NARROW_PANEL, sum(map(self.guide_button_width, buttons)) + 10 * (len(buttons) - 1) + 32)

    def spot_key(self) -> Any:
        runner, screen = self.runner, self.screen
        return (runner.current.key if runner and runner.current else None, self.match.version,
                screen.layout.size, screen.round_result is not None, screen.match_result is not None)

    def panel_rect(self, canvas: Canvas, text: str, targets: list[pygame.Rect]) -> tuple[pygame.Rect, list[str]]:
        """The spot for the panel that covers the least of the table (cards, plates, labels,
        buttons, the results), never a card it points at; worked out once per moment and table
        version (cards rising or pulsing do not move it)."""
        key = self.spot_key()
        kept = self._memo.get("panel", key)
        if kept is not None:
            return kept
        w, h = self.screen.layout.size
        screen = self.screen
        # What it covers, with what each pixel costs: a label's words weigh more than a card's back.
        busy = [(pygame.Rect(r), LABEL_COVER_COST) for r in canvas.board.taken]
        cards = self.spec.card_rects()
        busy += [(rect, 3) for rect in cards]
        # The player's own cards weigh as words: the guide speaks of them ("Your three cards add up
        # to 3" lay over those three cards); an opponent's back is only a back.
        busy += [(rect, LABEL_COVER_COST - 3) for rect in self.zones.own_card_rects()]
        busy += [(r, 3) for r in self.spec.guide_avoid()]
        if screen.round_result is not None or screen.match_result is not None:
            # (the results are what the player reads now: at 960x540 Kabu's last words lay on them)
            busy.append((self.spec.overlay_rect(), LABEL_COVER_COST))
            busy += [(rect, LABEL_COVER_COST) for rect in canvas.layer_texts("results")]
        rects = [b for b, _ in busy]
        weights = [weight for _, weight in busy]
        rings = [t.inflate(24, 24) for t in targets]
        aims = self.arrow_aims(targets)
        best, best_cost = None, None
        for pw in self.guide_widths():
            lines = T.wrap(text, TH.BODY, pw - 40)
            ph = 56 + len(lines) * T.line_height(TH.BODY) + 50
            # (the far edges too: a panel pushed right into the corner can clear a button)
            for y in sorted({*range(48, max(49, h - ph - 8), 16), max(48, h - ph - 8)}):
                for x in sorted({*range(12, max(13, w - pw - 12), 24), max(12, w - pw - 12)}):
                    r = pygame.Rect(x, y, pw, ph)
                    cost = 0
                    for i in r.collidelistall(rects):
                        c = r.clip(rects[i])
                        cost += weights[i] * c.w * c.h
                    for i in r.collidelistall(rings):
                        c = r.clip(rings[i])
                        cost += 20 * c.w * c.h
                    # Between equals: wide, and near the top centre, where the eye looks first.
                    cost += abs(r.centerx - w // 2) * 2 + abs(r.y - 48) + (560 - pw) * 4
                    if best_cost is not None and cost >= best_cost:
                        continue
                    # A spot whose arrows must pass under labels pays for every pixel they do
                    # (worked out only for a spot that could still win: it costs the most).
                    for t, grouped in aims:
                        path = self.arrow_path(canvas, r, t, grouped)
                        if path is not None:
                            # and for its length and the cards it runs over: one from the far side
                            # crossed the player's cards to a button
                            start, end = path[0], path[1]
                            over = sum(math.dist(*c) for card in cards if not card.collidepoint(t.center)
                                       and (c := card.clipline(start, end)))
                            cost += (ARROW_CROSSING_COST * path[2] + ARROW_LENGTH_COST * (end - start).length()
                                     + ARROW_CARD_COST * over)
                    if best_cost is None or cost < best_cost:
                        best, best_cost = (r, lines), cost
        return self._memo.put("panel", key, best)

    def draw(self, canvas: Canvas) -> None:
        moment = self.moment()
        if moment is None:
            return
        surface, pal = canvas.surface, canvas.pal
        pulse = self.screen.pulse(4.0)
        targets = self.targets(moment)
        for rect in targets:
            ring = rect.inflate(12 + int(8 * pulse), 12 + int(8 * pulse))
            pygame.draw.rect(surface, GUIDE_COLOUR, ring, 4, border_radius=12)
        panel, lines = self.panel_rect(canvas, moment.text, targets)
        canvas.guide_panel = panel
        TH.draw_panel(surface, panel, pal, fill=(12, 40, 30, 240))
        pygame.draw.rect(surface, GUIDE_COLOUR, panel, 2, border_radius=TH.RADIUS)
        n = self.runner.number(moment)
        T.blit_text(surface, _("Guide · {n} of {count}").format(n=n, count=len(self.runner.moments)), TH.SMALL, GUIDE_COLOUR,
                    (panel.x + 20, panel.y + 12), bold=True)
        y = panel.y + 44
        for line in lines:
            T.blit_text(surface, line, TH.BODY, pal.text, (panel.x + 20, y))
            y += T.line_height(TH.BODY)
        for button, rect in self.buttons_at(moment):
            button.draw_at(surface, pal, rect, False)
        for rect, grouped in self.arrow_aims(targets):
            self.guide_arrow(canvas, panel, rect, grouped)

    @staticmethod
    def arrow_aims(targets: list[pygame.Rect]) -> list[tuple[pygame.Rect, bool]]:
        """What the arrows point at, and whether it is a group: the targets, those that touch (a
        run of cards in a fanned hand) taken together, so one arrow reaches the group (Kumbal's run had
        four long arrows, the first ending between two cards)."""
        groups: list[list] = []
        for rect in sorted(targets, key=lambda r: (r.x, r.y)):
            # (a fan: cards overlapping or within a twelfth of a card of each other)
            reach = max(4, rect.w // 12)
            near = next((g for g in groups if g[0].inflate(2 * reach, 0).colliderect(rect)), None)
            if near is not None:
                near[0], near[1] = near[0].union(rect), True
            else:
                groups.append([pygame.Rect(rect), False])
        return [(rect, grouped) for rect, grouped in groups]

    def arrow_path(self, canvas: Canvas, panel: pygame.Rect, target: pygame.Rect,
                   middle: bool = False) -> tuple[pygame.Vector2, pygame.Vector2, float, list] | None:
        """The arrow from the panel to the ring round `target`: of the straight lines from points
        along the panel's sides that face the target, the one crossing the least of the table's
        labels (texts, plates, buttons), the shortest among those. Returns its start, its end, how
        many pixels of it lie on labels, and the stretches under a label (fractions of its length,
        where the drawn line leaves a gap); None when the panel touches the ring."""
        ring = target.inflate(22, 22)
        if panel.colliderect(ring):
            return None
        starts: list[tuple[float, float]] = []
        xs = [panel.left + 24 + (panel.w - 48) * i / 8 for i in range(9)]
        ys = [panel.top + 16 + (panel.h - 32) * i / 6 for i in range(7)]
        if ring.top >= panel.bottom:
            starts += [(x, panel.bottom) for x in xs]
        if ring.bottom <= panel.top:
            starts += [(x, panel.top) for x in xs]
        if ring.left >= panel.right:
            starts += [(panel.right, y) for y in ys]
        if ring.right <= panel.left:
            starts += [(panel.left, y) for y in ys]
        # A label on what it points at (the button itself, the pile's place) is where it ends;
        # only labels within reach of a line from the panel to the ring (or of its gaps' margin)
        # can be crossed.
        taken = canvas.board.taken
        labels = [taken[i] for i in panel.union(ring).inflate(8, 8).collidelistall(taken)
                  if not taken[i].collidepoint(target.center)]
        best = None
        # (an arrow to a group ends on the middle half of its ring's side, over its cards: at its
        # corner it ended between the first of them and the card beside it)
        mid_x = (ring.left + ring.w // 4, ring.right - ring.w // 4) if middle else (ring.left, ring.right)
        mid_y = (ring.top + ring.h // 4, ring.bottom - ring.h // 4) if middle else (ring.top, ring.bottom)
        for sx, sy in starts:
            if sy <= ring.top or sy >= ring.bottom:
                ex, ey = max(mid_x[0], min(sx, mid_x[1])), (ring.top if sy <= ring.top else ring.bottom)
            else:
                ex, ey = (ring.left if sx <= ring.left else ring.right), max(mid_y[0], min(sy, mid_y[1]))
            crossed = 0.0
            for r in labels:
                clipped = r.clipline(sx, sy, ex, ey)
                if clipped:
                    (ax, ay), (bx, by) = clipped
                    crossed += math.hypot(bx - ax, by - ay) + 1
            length = math.hypot(ex - sx, ey - sy)
            if best is None or (crossed, length) < best[0]:
                best = ((crossed, length), (sx, sy), (ex, ey))
        if best is None:
            return None
        (crossed, _), start, end = best
        start, end = pygame.Vector2(start), pygame.Vector2(end)
        gaps = []
        length = (end - start).length()
        if crossed and length:
            direction = (end - start) / length
            for r in labels:
                clipped = r.inflate(8, 8).clipline(start, end)
                if clipped:
                    ts = sorted((pygame.Vector2(p) - start).dot(direction) / length for p in clipped)
                    gaps.append((ts[0], ts[-1]))
        return start, end, crossed, gaps

    def guide_arrow(self, canvas: Canvas, panel: pygame.Rect, target: pygame.Rect, middle: bool = False) -> None:
        """An arrow from the panel's edge to a card it points at, kept off the table's texts where
        a straight line can be; where none can (a small window), it passes under them: the line is
        left out where it would cross a label, so every word stays readable."""
        path = self.arrow_path(canvas, panel, target, middle)
        if path is None:
            return
        surface = canvas.surface
        start, end, _, gaps = path
        span = end - start
        length = span.length()
        if length < 12:
            return
        direction = span / length
        head = 18 / length
        at, pieces = 0.0, []
        for a, b in sorted(gaps) + [(1.0, 1.0)]:
            if a > at:
                pieces.append((at, a))
            at = max(at, b)
        if not pieces or pieces[-1][1] < 1.0 or (1.0 - pieces[-1][0]) < head:
            # Its end lies under a label: a line stopping short seems to point there (at 1000x620
            # Kabu's "Call Kabu" arrow ended on the Draw button above it). The ring says enough.
            return
        for a, b in pieces:
            shaft_to = min(b, 1 - 8 / length)   # the head's tip is sharper than the line
            if (shaft_to - a) * length >= 2:
                piece = (start + span * a, start + span * shaft_to)
                pygame.draw.line(surface, GUIDE_COLOUR, piece[0], piece[1], 4)
                canvas.guide_arrows.append(piece)
        side = pygame.Vector2(-direction.y, direction.x)
        pygame.draw.polygon(surface, GUIDE_COLOUR, [end, end - direction * 18 + side * 10, end - direction * 18 - side * 10])
        canvas.guide_arrows.append((end - direction * 18, end))
