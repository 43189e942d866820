"""House-rule balancing: the same seeds played with and without an option, compared.

`cardhall simulate --compare rounds=5 --compare ...` plays the base line-up once and once per
changed option, on the same match seeds, and reports for each change how win rates, match and
round lengths and round scores moved, each with a 95% confidence interval. Matches are paired
by seed, so the interval is that of the mean per-match difference (a normal approximation, good
from a few dozen matches on).
"""

from __future__ import annotations

import math
from typing import Any, Callable

from game.core.errors import BadOptions
from game.core.game import get_variant
from game.simulate import Progress, run_matches

Z95 = 1.959964


def mean_and_ci(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (0 for fewer than two values)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, Z95 * math.sqrt(var / n)


def _per_match(match: dict[str, Any], players: int) -> dict[str, float]:
    """The figures of one finished match that a change is judged by."""
    rounds = match["rounds"]
    out: dict[str, float] = {
        "rounds per match": float(len(rounds)),
        "actions per round": match["actions"] / len(rounds) if rounds else 0.0,
    }
    for seat in range(players):
        out[f"win rate|{seat}"] = 1.0 if seat in match["winners"] else 0.0
    for seat in range(players):
        out[f"round score|{seat}"] = sum(r[seat] for r in rounds) / len(rounds) if rounds else 0.0
    return out


def compare(variant: str, players: int, games: int, seed: int, bots: list[str],
            options: dict[str, Any] | None, changes: list[tuple[str, Any]], workers: int = 1,
            scheduler: str | None = None, progress: Progress | None = None) -> dict[str, Any]:
    cls = get_variant(variant)
    base_options = dict(options or {})
    if not changes:
        raise BadOptions("--compare needs at least one KEY=VALUE")
    lines: list[tuple[str, dict[str, Any]]] = [("base", base_options)]
    for key, value in changes:
        changed = {**base_options, key: value}
        try:
            resolved = cls(players, changed, seed).options   # a bad option fails before the long run
        except BadOptions as exc:
            raise BadOptions(f"--compare {key}={value}: {exc}") from None
        if resolved == cls(players, base_options, seed).options:
            raise BadOptions(f"--compare {key}={value} is already the base setting")
        lines.append((f"{key}={value}", changed))

    total = games * len(lines)
    runs: list[list[dict[str, Any]]] = []
    partial = False
    for i, (_, line_options) in enumerate(lines):
        shown = (None if progress is None else
                 (lambda done, _all, seconds, i=i: progress(i * games + done, total, seconds)))
        matches, cut = run_matches(cls.id, players, games, seed, bots, line_options, workers=workers,
                                   progress=shown, scheduler=scheduler)
        runs.append(matches)
        if cut:
            partial = True
            break

    base = {m["index"]: m for m in runs[0] if "error" not in m}
    names = [f"{kind} (seat {seat + 1})" for seat, kind in enumerate(bots)]
    out: dict[str, Any] = {
        "variant": cls.id, "players": players, "bots": bots, "seed": seed, "games": games,
        "base_options": dict(cls(players, base_options, seed).options), "comparisons": [],
        "errors": sum(1 for run in runs for m in run if "error" in m),
        "illegal_actions": sum(m.get("illegal", 0) for run in runs for m in run),
        "fallbacks": sum(m.get("fallbacks", 0) for run in runs for m in run),
    }
    for (label, _), matches in zip(lines[1:], runs[1:]):
        paired = [(_per_match(base[m["index"]], players), _per_match(m, players))
                  for m in matches if "error" not in m and m["index"] in base]
        figures = []
        for key in paired[0][0] if paired else ():
            before = [b[key] for b, _ in paired]
            after = [a[key] for _, a in paired]
            diff, ci = mean_and_ci([a - b for a, b in zip(after, before)])
            name, _, seat = key.partition("|")
            figures.append({"figure": name, "seat": int(seat) if seat else None,
                            "who": names[int(seat)] if seat else "",
                            "base": round(sum(before) / len(before), 4), "changed": round(sum(after) / len(after), 4),
                            "difference": round(diff, 4), "ci95": round(ci, 4)})
        out["comparisons"].append({"change": label, "matches": len(paired), "figures": figures})
    if partial:
        out["partial"] = True
    return out


def format_table(result: dict[str, Any]) -> str:
    """The comparison as a plain-text table: one block per change."""
    cls = get_variant(result["variant"])
    lines = [f"{cls.title}, {result['players']} players ({', '.join(result['bots'])}), "
             f"{result['games']} matches per line on the same seeds (seed {result['seed']})"]
    for comp in result["comparisons"]:
        lines.append("")
        lines.append(f"{comp['change']}  ({comp['matches']} paired matches)")
        lines.append(f"  {'figure':<34}{'base':>10}{'changed':>10}{'difference':>14}{'95% CI':>12}")
        for fig in comp["figures"]:
            label = fig["figure"] + (f", {fig['who']}" if fig["who"] else "")
            pct = fig["figure"] == "win rate"
            show: Callable[[float], str] = (lambda v: f"{v * 100:.1f}%") if pct else (lambda v: f"{v:.2f}")
            signed = (lambda v: f"{v * 100:+.1f}%") if pct else (lambda v: f"{v:+.2f}")
            lines.append(f"  {label:<34}{show(fig['base']):>10}{show(fig['changed']):>10}"
                         f"{signed(fig['difference']):>14}{'±' + show(fig['ci95']):>12}")
    return "\n".join(lines)
