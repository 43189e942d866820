"""The guided first match of every variant, played through posted input in frames of a fixed time: each
moment's text and rings appear in the guide's order while the table clock stands still, the asked
action completes it, and the match reaches its end. Also: Skip, the once-only offer, and players
who act differently from what the guide asks."""

from __future__ import annotations

import pygame
import pytest

from game.client.scenes.guide_offer import GuideOffer
from game.client.scenes.play import SetupScene, VariantChooser
from game.client.storage import Storage
from game.client.table.base import TableScene
from game.client.table.guide import GUIDE_COLOUR, GuideRunner, start_guided
from game.client.ui import text as T
from game import games
from game.core.game import get_variant
from game.guides import GuideContext, guide_for, guided_variants
from guide_play import DT, guide_button, key, perform, perform_moment, play_unguided
from kombio_driver import Driver, make_app

READ_FRAMES = 80          # 4 s of reading: longer than any reaction window of the guides


def ring_drawn(surface: pygame.Surface, rect: pygame.Rect) -> bool:
    """The guide's colour somewhere in the band round a pointed-at card or button (every pixel of
    the band's outer 16 px: the ring pulses, so it lies nearer or further from the card)."""
    band = rect.inflate(40, 40).clip(surface.get_rect())
    for x in range(band.left, band.right):
        for y in (*range(band.top, band.top + 16), *range(band.bottom - 16, band.bottom)):
            if surface.get_at((x, y))[:3] == GUIDE_COLOUR:
                return True
    for y in range(band.top, band.bottom):
        for x in (*range(band.left, band.left + 16), *range(band.right - 16, band.right)):
            if surface.get_at((x, y))[:3] == GUIDE_COLOUR:
                return True
    return False


def play_guided(app, variant: str, read_frames: int = READ_FRAMES, max_frames: int = 40000,
                instead=None, check=None) -> tuple:
    """Plays the guide as asked (``instead(table, moment)`` may act otherwise; ``check(table,
    moment)`` looks at each moment once it is drawn); returns the table and the moments seen, in
    order."""
    table = start_guided(app, variant)
    shown: list[str] = []
    waited = 0
    clock_at = 0.0
    phase_at = None
    for _ in range(max_frames):
        moment = table.guide.moment()
        if moment is not None:
            if not shown or shown[-1] != moment.key:
                shown.append(moment.key)
                waited, clock_at, phase_at = 0, table.screen.table_time, table.match.view().phase
            waited += 1
            # While a moment shows, the table clock stands still: the bots and the window wait.
            assert table.screen.table_time == clock_at, f"{moment.key}: the clock ran while the guide was showing"
            assert table.match.view().phase == phase_at, f"{moment.key}: the game moved on under the guide"
            if waited == 3:
                words = " ".join(text for text, _ in T.DRAWN)
                assert moment.text.split()[0] in words and moment.text.split()[-1] in words, \
                    f"{moment.key}: its text is not on the screen"
                targets = table.guide.targets(moment)
                assert len(targets) == len(moment.point(table.guide.context())), \
                    f"{moment.key}: something it points at is not on the screen"
                for rect in targets:
                    assert ring_drawn(app.surface, rect), f"{moment.key}: no ring round {rect}"
                if check is not None:
                    check(table, moment)
            if waited > read_frames:
                if instead is None or not instead(table, moment):
                    perform_moment(table, moment)
        else:
            play_unguided(table)
        app.step(DT)
        if not table.guide.runner.active and shown and shown[-1] == "round-end":
            break           # the guide is over (some matches go on past the first round)
    return table, shown


# -- one guided match per game and window size, looked at by several tests ---------------------------
# The tests below that play a guide as it asks differ only in what they look at on each moment's
# frame (and at which window size): each game is played once per size with every look, in order,
# and each test reads its own look's findings. A look that fails an assertion stops there, as its
# own test's match did; a failure of the match itself fails every test that reads it.

LOOKS: dict = {}


def look(name: str):
    def register(f):
        LOOKS[name] = f
        return f
    return register


@look("fits")
def _fits(app, table, moment, found: list) -> None:
    """Every moment's panel stays on the screen, holds its text and buttons, and covers none of
    the cards or buttons it points at (nor the results)."""
    screen = pygame.Rect((0, 0), app.size)
    panel = table.drawn.guide_panel
    assert panel is not None and screen.contains(panel), f"{moment.key}: panel {panel} leaves the screen"
    _, lines = table.guide.panel_rect(table.drawn, moment.text, table.guide.targets(moment))
    drawn = [(text, rect) for text, rect in T.DRAWN if text.startswith("Guide · ") or text in lines]
    assert len(drawn) == len(lines) + 1, f"{moment.key}: {len(drawn)} of {len(lines) + 1} lines drawn"
    for text, rect in drawn:
        assert panel.contains(rect), f"{moment.key}: {text!r} {rect} outside the panel {panel}"
    for button, rect in table.guide.buttons_at(moment):
        assert panel.contains(rect), f"{moment.key}: {button.text!r} outside the panel"
    for rect in table.guide.targets(moment):
        assert not panel.colliderect(rect), f"{moment.key}: the panel covers what it points at {rect}"
    if table.screen.round_result is not None or table.screen.match_result is not None:
        # The results make room: the guide covers none of their words or buttons.
        results = table.spec.overlay_rect()
        assert screen.contains(results) and not panel.colliderect(results), \
            f"{moment.key}: the guide {panel} lies on the results {results}"


def texts_below_the_guide(table) -> list[tuple[str, pygame.Rect]]:
    """The texts the table drew this frame before the guide's own layer, but for the floating
    ones (they rise across the table on purpose, and are gone in a moment)."""
    marks = list(table.drawn.layers) + [(len(T.DRAWN), "")]
    out = []
    for (start, name), (end, _) in zip(marks, marks[1:]):
        if name not in ("guide", "floating"):
            out += [(text, rect) for text, rect in T.DRAWN[start:end] if text.strip()]
    return out


@look("arrows over text")
def _arrows_over_text(app, table, moment, found: list) -> None:
    rings = [rect.inflate(22, 22) for rect in table.guide.targets(moment)]
    for start, end in table.drawn.guide_arrows:
        for text, box in texts_below_the_guide(table):
            if box.collidelist(rings) >= 0 or box.colliderect(table.drawn.guide_panel):
                continue   # the label of what it points at, or under the panel
            if box.clipline(start, end):
                found.append(f"{moment.key}: the arrow {tuple(start)} -> {tuple(end)} crosses {text!r} {box}")


@look("own cards under the panel")
def _own_cards_under_the_panel(app, table, moment, found: list) -> None:
    own = [s.rect() for zone in table.zones.zones.values() for place, s in zone.resting()
           if getattr(place, "seat", None) in table.screen.humans]
    hit = [r for r in own if r.colliderect(table.drawn.guide_panel)]
    if hit:
        found.append((moment.key, hit))


@look("arrows over cards")        # last: it draws the table again, and T.DRAWN with it
def _arrows_over_cards(app, table, moment, found: list) -> None:
    import math

    surface = pygame.Surface(app.size)
    T.DRAWN.clear()
    table.draw(surface)
    for start, end in table.drawn.guide_arrows:
        for card in table.spec.card_rects():
            if card.inflate(24, 24).collidepoint(end):
                continue          # the card it points at
            clipped = card.clipline(start, end)
            if clipped:
                found.append((moment.key, card, round(math.dist(*clipped))))
    # An arrow drawn at all reaches what it points at: one whose end lay under a label
    # stopped short and seemed to point there (Kabu's "Call Kabu" ended on Draw, 1000x620).
    # Each arrow is drawn as its visible pieces along one line, then its 18 px head.
    runs: list[list] = []
    for p, q in table.drawn.guide_arrows:
        last = runs[-1][-1] if runs else None
        if last is not None and abs((last[1] - last[0]).normalize().cross(q - last[0])) < 1.5 \
                and abs((last[1] - last[0]).normalize().cross(p - last[0])) < 1.5:
            runs[-1].append((p, q))
        else:
            runs.append([(p, q)])
    for run in runs:
        p, q = run[-1]
        if abs(p.distance_to(q) - 18) > 0.5:
            found.append((moment.key, "an arrow with no head ends at", tuple(q)))


class GuidedRun:
    """A guide played as asked at one window size, every look taken on each moment's frame."""

    def __init__(self, home, variant: str, size: tuple[int, int]):
        app = make_app(home)
        app.set_window_size(size)
        assert app.size == size
        self.found: dict[str, list] = {name: [] for name in LOOKS}
        self.failed: dict[str, AssertionError] = {}
        self.error: BaseException | None = None
        try:
            table, self.shown = play_guided(app, variant, check=lambda table, moment: self.look(app, table, moment))
        except Exception as exc:
            self.error = exc
            return
        # What the tests ask of the match afterwards (the app itself is let go: a window each).
        self.guide_seen = set(table.guide.seen)
        self.guide_active = table.guide.runner.active
        self.storage = app.storage

    def look(self, app, table, moment) -> None:
        for name, look_at in LOOKS.items():
            if name not in self.failed:
                try:
                    look_at(app, table, moment, self.found[name])
                except AssertionError as exc:
                    self.failed[name] = exc

    def played(self) -> None:
        """Raises what stopped the match, if anything did."""
        if self.error is not None:
            raise self.error

    def findings(self, name: str) -> list:
        """What the look `name` found (raises its failed assertion, or what stopped the match)."""
        self.played()
        if name in self.failed:
            raise self.failed[name]
        return self.found[name]


@pytest.fixture(scope="session")
def guided(tmp_path_factory):
    """guided(variant, size): the shared GuidedRun, played on its first use in this process (under
    pytest-xdist a worker that is handed only some of these tests plays only the runs they read)."""
    runs: dict = {}

    def run(variant: str, size: tuple[int, int] = (1280, 720)) -> GuidedRun:
        if (variant, size) not in runs:
            runs[variant, size] = GuidedRun(tmp_path_factory.mktemp(f"guide-{variant}"), variant, size)
        return runs[variant, size]
    return run


GUIDES = guided_variants()


@pytest.mark.parametrize("variant", GUIDES)
@pytest.mark.slow
def test_guided_match_shows_every_moment_in_order_and_ends(guided, variant):
    run = guided(variant)
    guide = guide_for(variant)
    run.played()
    assert run.shown == [m.key for m in guide.moments]
    assert "RoundScored" in run.guide_seen
    assert not run.guide_active
    # Never saved, never counted.
    assert run.storage.saved_match(variant) is None and run.storage.saved_matches() == []
    assert run.storage.stats.for_variant(variant).played == 0


@pytest.mark.parametrize("variant", GUIDES)
@pytest.mark.slow
def test_the_guide_fits_the_smallest_window(guided, variant):
    """At 960x540 every moment's panel stays on the screen, holds its text and buttons, and covers
    none of the cards or buttons it points at."""
    run = guided(variant, (960, 540))
    run.findings("fits")
    assert run.shown == [m.key for m in guide_for(variant).moments]


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
@pytest.mark.parametrize("variant", GUIDES)
@pytest.mark.slow
def test_the_guides_arrows_cross_no_text(guided, variant, size):
    """An arrow from the panel to what it points at never runs through a line of the table's text
    (the prompt, a plate, the narration, a button): it leaves the panel where a straight line stays
    clear, and the panel sits where one can."""
    run = guided(variant, size)
    crossings = run.findings("arrows over text")
    assert run.shown == [m.key for m in guide_for(variant).moments]
    assert not crossings, "\n".join(crossings)


@pytest.mark.slow
def test_guided_match_plays_with_no_reading_time(tmp_path):
    """A player who does the right thing at once simply continues."""
    app = make_app(tmp_path)
    table, shown = play_guided(app, "kombio", read_frames=0)
    assert shown == [m.key for m in guide_for("kombio").moments]
    assert "RoundScored" in table.guide.seen


@pytest.mark.slow
def test_skip_ends_the_guide_and_the_match_plays_on(tmp_path):
    app = make_app(tmp_path)
    table = start_guided(app, "kombio")
    for _ in range(200):
        app.step(DT)
        if table.guide.moment() is not None:
            break
    assert table.guide.moment() is not None
    # The visible button...
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=guide_button(table, table.guide.moment(), "Skip guide").center))
    app.step(DT)
    assert table.guide.runner.skipped and table.guide.moment() is None
    assert app.top is table            # not the pause menu
    driver = Driver(app, table, seed=4, claim_rate=0.0, call_after=1)
    driver.run(max_frames=30000)
    assert table.match.over
    assert table.guide.moment() is None and len(table.guide.runner.shown) == 1


def test_esc_skips_the_guide_while_a_moment_shows(tmp_path):
    app = make_app(tmp_path)
    table = start_guided(app, "kombio")
    while table.guide.moment() is None:
        app.step(DT)
    key(pygame.K_ESCAPE)
    app.step(DT)
    assert table.guide.runner.skipped and app.top is table
    key(pygame.K_ESCAPE)          # with no moment showing, Esc pauses as ever
    app.step(DT)
    assert app.top is not table


@pytest.mark.slow
def test_a_player_who_does_something_else_is_not_stuck(tmp_path):
    """Asked to play the drawn 7 for its ability, the player swaps it in instead: the guide moves
    on (the look and the match it had planned never come) and the match still ends."""
    from game.variants.kombio import Exchange

    def swap_instead(table, moment):
        if moment.key != "ability":
            return False
        perform(table, Exchange(0, 3))
        return True
    app = make_app(tmp_path)
    table, shown = play_guided(app, "kombio", instead=swap_instead)
    assert "RoundScored" in table.guide.seen
    assert "look" not in shown and "match" not in shown
    # off the planned line, "Your three cards add up to 3" would not be true: the call never comes
    assert "call" not in shown and table.guide.runner.off_plan
    assert shown[:3] == ["peek", "draw", "ability"] and shown[-1] == "round-end"
    assert not table.guide.runner.active      # the round's end ends it: the passed-by moments never come


@pytest.mark.parametrize("deviation", ["draw", "play"])
@pytest.mark.slow
def test_a_moment_naming_cards_comes_only_when_those_cards_are_on_the_table(tmp_path, deviation):
    """Combat UNO's jump-in moment says Ada's red 6 and yours, the stack moment Bruno's Draw Two:
    a player who draws at the first turn (or plays something else) meets other cards, and those
    moments never come with words the table contradicts (seen: "Click your red 6" over Bruno's
    green 6)."""
    from game.variants.combat_uno import Draw, Play

    shown_with: list[tuple[str, str, object]] = []

    def otherwise(table, moment):
        if moment.key != "turn":
            return False
        seat = table.guide.seat
        legal = table.input.legal(seat)
        if deviation == "draw":
            perform(table, next(a for a in legal if isinstance(a, Draw)))
        else:
            others = [a for a in legal if isinstance(a, Play) and (a.rank, a.colour) != (6, "yellow")]
            perform(table, (others or [a for a in legal if isinstance(a, Draw)])[0])
        return True

    def record(table, moment):
        v = table.guide.context().view
        shown_with.append((moment.key, str(v.top), v.top_by))

    app = make_app(tmp_path)
    table, shown = play_guided(app, "combat-uno", instead=otherwise, check=record)
    assert shown[0] == "turn" and shown[-1] == "round-end" and not table.guide.runner.active
    for key_, top, by in shown_with:
        if key_ == "jump-in":
            assert (top, by) == ("6red", 1), f"the jump-in moment over {top} by seat {by}"
        if key_ == "stack":
            assert (top, by) == ("draw2red", 2), f"the stack moment over {top} by seat {by}"


def test_the_last_moment_ends_the_guide_whatever_was_passed_by():
    runner = GuideRunner(guide_for("kombio"))
    runner.done = {m.key for m in runner.guide.moments[:-1] if m.key not in ("look", "match")}
    assert runner.active
    runner.done.add(runner.guide.moments[-1].key)
    assert not runner.active
    assert runner.look(None) is None   # nothing shows again (the context is not even read)


def test_an_action_taken_before_the_guide_asks_is_never_asked_for():
    guide = guide_for("kombio")
    runner = GuideRunner(guide)
    from game.variants.kombio import DrawFromDeck

    game = guide.record().new_game()
    from game.core.actions import StartRound

    game.apply(StartRound(deck=guide.deck))
    ctx = GuideContext(seat=0, view=game.observe(0), legal=tuple(game.legal_actions(0)))
    runner.acted(DrawFromDeck(0), ctx)       # the player drew before the guide looked
    assert "draw" in runner.done and runner.shown == []
    game.apply(DrawFromDeck(0))
    after = GuideContext(seat=0, view=game.observe(0), legal=tuple(game.legal_actions(0)))
    assert runner.look(after).key == "ability"      # what had not come yet still comes


def test_the_offer_comes_on_a_variants_first_start_only(tmp_path):
    app = make_app(tmp_path)
    kombio = games.find("kombio")        # the chooser lists the registry's entries
    chooser = VariantChooser(app)
    app.push(chooser)
    chooser.choose(kombio)
    assert isinstance(app.top, GuideOffer)
    key(pygame.K_ESCAPE)                 # not now
    app.step(DT)
    assert isinstance(app.top, SetupScene)
    app.pop()
    chooser.choose(kombio)
    assert isinstance(app.top, SetupScene)       # the second start: no offer
    # Remembered in the settings file, for the next run of the game.
    assert "kombio" in Storage(tmp_path).settings.guides_offered
    # The guided match is still on the setup screen.
    app.top.guided()
    assert isinstance(app.top, TableScene) and app.top.guide.guided


def test_accepting_the_offer_starts_the_guided_match(tmp_path):
    app = make_app(tmp_path)
    chooser = VariantChooser(app)
    app.push(chooser)
    chooser.choose(games.find("kombio"))
    key(pygame.K_RETURN)
    app.step(DT)
    assert isinstance(app.top, TableScene) and app.top.guide.guided and app.top.spec.variant_id == "kombio"


def test_a_click_ahead_in_the_peek_does_not_skip_the_guides_steps(tmp_path):
    """Outside the guide a card clicked while the first peek is shown is peeked at next; the guided
    match takes the player through each step, so there the click does nothing and the look stays."""
    from game.core.cards import grid_place

    app = make_app(tmp_path)
    table = start_guided(app, "kabu")
    for _ in range(2000):
        app.step(DT)
        if table.director.hold is not None and table.director.hold.kind == "peek" and table.director.hold.seat == 0:
            break
        moment = table.guide.moment()
        if moment is not None:
            perform_moment(table, moment)
    else:
        raise AssertionError("the guided peek never showed")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                         pos=table.zones.sprite_at(grid_place(0, 2)).rect().center))
    app.step(DT)
    assert table.director.hold is not None and table.input.click_ahead is None


@pytest.mark.parametrize("size", [(1280, 720), (960, 540), (1000, 620), (1600, 900)])
@pytest.mark.parametrize("variant", GUIDES)
@pytest.mark.slow
def test_the_guides_arrows_run_over_no_card_they_do_not_point_at(guided, variant, size):
    """The guide sits near what it points at: Kabu's "Call Kabu" arrow ran from the far side of the
    table over the player's cards at 1280x720 (and its first peek's, and a Kombio one, over a card
    too), and again at 1000x620 (seen in a real window)."""
    crossings = guided(variant, size).findings("arrows over cards")
    assert not crossings, crossings


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
@pytest.mark.parametrize("variant", GUIDES)
@pytest.mark.slow
def test_the_guide_panel_leaves_the_players_own_cards_in_view(guided, variant, size):
    """Kombio's "Your three cards add up to 3" lay over two of those three cards at 1280x720: the
    player's own cards weigh as words when the panel is placed, an opponent's back as a back."""
    covered = guided(variant, size).findings("own cards under the panel")
    assert not covered, covered


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["kombio", "combat-uno", "kabu", "kumbal", "sixteen-combos"])
def test_every_guided_match_is_the_one_round_its_offer_promises(tmp_path, variant):
    """Every offer promises one short round: Kumbal's guided match went on into a whole match and
    Kabu's ended only because of a hidden limit of 20 ("A total above the limit ends the match").
    The guided round's scores end every guided match, with no hidden limit in its options."""
    from game.client.scenes.play import SetupScene

    guide = guide_for(variant)
    assert guide.about.startswith("One short ")
    assert "limit" not in guide.moments[-1].text
    spec_defaults = {s.key: s.default for s in get_variant(variant).option_specs}
    assert guide.options.get("target", spec_defaults.get("target")) == spec_defaults.get("target")
    app = make_app(tmp_path)
    table, shown = play_guided(app, variant, read_frames=3)
    for _ in range(40):
        app.step(DT)
    assert table.screen.round_result is not None and app.top is table
    texts = [w.text for w in table.input.form.widgets]
    assert texts[:2] == ["Set up a match", "Replay round"], texts
    title = "The guided round: scores" if variant != "sixteen-combos" else "You win the guided encounter!"
    assert title in [t for t, _ in T.DRAWN]
    key(pygame.K_RETURN)             # Enter: a real match's setup, not a next round or a match result
    app.step(DT)
    assert isinstance(app.top, SetupScene) and app.top.variant.id == variant
    assert table not in app.scenes
    assert table.match.view().round == 1


def test_the_pause_menu_of_a_guided_match_offers_what_it_does(tmp_path):
    """It offered "Save and quit to menu" and saved nothing: no Continue afterwards."""
    from game.client.scenes.pause import PauseMenu

    app = make_app(tmp_path)
    table = start_guided(app, "kombio")
    while table.guide.moment() is None:
        app.step(DT)
    key(pygame.K_ESCAPE)           # skips the guide
    app.step(DT)
    key(pygame.K_ESCAPE)           # pauses
    app.step(DT)
    menu = app.top
    assert isinstance(menu, PauseMenu)
    texts = [w.text for w in menu.form.widgets]
    assert "Quit guided match" in texts and not any("Save" in t for t in texts)
    assert "Kombio · guided match, not saved" in [t for t, _ in T.DRAWN]
    key(pygame.K_q)
    app.step(DT)
    assert table not in app.scenes and app.storage.saved_matches() == []


@pytest.mark.slow
def test_a_moment_pointing_at_a_run_of_cards_draws_one_arrow_onto_them(tmp_path):
    """Kumbal's "Select your four hearts in a row" drew four long arrows, one ending between the
    2♠ and the 3♥ (seen in a real window): one arrow reaches the run, ending over one of its cards."""
    app = make_app(tmp_path)
    seen = []

    def check(table, moment):
        if moment.key != "run":
            return
        targets = table.guide.targets(moment)
        heads = [(p, q) for p, q in table.drawn.guide_arrows if abs(p.distance_to(q) - 18) < 0.5]
        assert len(targets) == 4 and len(heads) == 1, (targets, table.drawn.guide_arrows)
        tip = heads[0][1]
        hand = table.zones.hands[table.guide.seat]
        # the card whose visible part the tip is over (the fan's next card covers a card's right)
        over = [s for k, s in enumerate(hand) if s.rect().left <= tip.x < (hand[k + 1].rect().left if k + 1 < len(hand)
                                                                             else s.rect().right)]
        assert over and over[0].rect() in targets and over[0].rect().top - 14 <= tip.y <= over[0].rect().top, (tip, over)
        seen.append(tip)
    play_guided(app, "kumbal", check=check)
    assert seen
