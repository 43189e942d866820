"""Bot levels: what each level is like, and each variant's measured win rates per level (the bot
ladder from the bot benchmark), drawn as a scrollable page like the rules."""

from __future__ import annotations

import re

from game import games
from game.client.scenes.rules import RulesScene
from game.client.ui import richtext as RT
from game.ladder import LADDER_FILE, VariantLadder, load_ladder
from game.i18n import _, _l, pgettext
from game.resources import rules_file

# What each level is like at the table (ai/levels.py is where these come from).
LEVEL_NAMES = {"easy": _l("easy"), "medium": _l("medium"), "hard": _l("hard")}
LEVEL_WORDS = {
    "easy": _l("Easy: forgets what it saw within a few turns, slow to react, often misplays."),
    "medium": _l("Medium: remembers a handful of cards, reacts in about a second, sometimes slips."),
    "hard": _l("Hard: keeps most of the table in mind, reacts fast, plays carefully; never peeks."),
}


# A line-up as the bot benchmark labels it: "hard vs 3 random", "easy vs random, two characters".
_LINE_UP = re.compile(r"(?P<first>easy|medium|hard|random|passes every turn) vs (?:(?P<n>\d+) )?"
                      r"(?P<other>easy|medium|hard|random)(?:, (?P<characters>two|three|four) characters)?")


def line_up_words(label: str) -> str:
    """A ladder line's label in the player's language (a label of another shape is shown as written)."""
    found = _LINE_UP.fullmatch(label)
    if found is None:
        return label
    bots = {"easy": LEVEL_NAMES["easy"], "medium": LEVEL_NAMES["medium"], "hard": LEVEL_NAMES["hard"],
            "random": pgettext("bot level", "random"), "passes every turn": _("passes every turn")}
    first, other = str(bots[found["first"]]), str(bots[found["other"]])
    words = (_("{first} vs {n} {other}").format(first=first, n=found["n"], other=other) if found["n"]
             else _("{first} vs {other}").format(first=first, other=other))
    characters = found["characters"]
    if characters == "two":
        words = _("{line_up}, two characters").format(line_up=words)
    elif characters == "three":
        words = _("{line_up}, three characters").format(line_up=words)
    elif characters == "four":
        words = _("{line_up}, four characters").format(line_up=words)
    return words


def ladder_markdown(ladders: dict[str, VariantLadder], titles: dict[str, str], first: str | None = None,
                    problem: str = "") -> str:
    """The page: the levels in words, then one table per variant (the one being set up first)."""
    out = [
           _("Bots differ in how well they remember, how often they slip and how fast they react. "
             "None of them ever sees a card it could not see at the table."), ""]
    out += [f"- {words}" for words in LEVEL_WORDS.values()]
    out += ["", "## " + _("How they do, measured"),
            _("Each line is the first bot's share of won matches against the others, from many bot-only "
              "matches (`benchmarks/bench_bots.py`); the brackets are 95% intervals."), ""]
    if problem:
        out += ["*" + _("The measured figures are not available: {problem}.").format(problem=problem) + "*", ""]
    order = sorted(ladders, key=lambda v: (v != first, titles.get(v, v)))
    for vid in order:
        ladder = ladders[vid]
        out += [f"### {titles.get(vid, vid)}", "",
                _("{players} players, {games:,} matches per line, measured {when}.").format(
                    players=ladder.seats, games=ladder.games, when=ladder.measured or _("earlier")), "",
                "| " + " | ".join((_("line-up"), _("matches won"), _("95% interval"))) + " |", "| --- | --- | --- |"]
        for line in ladder.lines:
            out.append(f"| {line_up_words(line.label)} | **{line.win_rate:.0%}** | "
                       + _("{low} to {high}").format(low=f"{line.low:.0%}", high=f"{line.high:.0%}") + " |")
        out.append("")
    missing = [titles[v] for v in titles if v not in ladders]
    if missing and not problem:
        out += [_("Not measured yet: {games}.").format(games=", ".join(sorted(missing))), ""]
    return "\n".join(out)


class LadderScene(RulesScene):
    """Opened from the setup screen ("Bot levels", key L): the variant being set up comes first."""

    def __init__(self, app, variant_id: str | None = None):
        self.first = variant_id
        super().__init__(app, "bot-ladder", _("Bot levels"))
        self.title = _("Bot levels")

    def _load(self) -> list[RT.Block]:
        ladders, problem = load_ladder(rules_file(LADDER_FILE))
        titles = {e.id: e.title for e in games.entries()}
        self.problem = problem
        return RT.parse(ladder_markdown(ladders, titles, self.first, problem))
