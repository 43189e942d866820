"""Tweens: interpolate attributes (or dict items) of an object over time, with easing, an optional
delay and a finish callback. Time only moves through ``update(dt)``; no clock, no pygame, so
tests step them directly.

    tweens = Tweens(scale=lambda: settings.animation_scale())
    tweens.animate(card, 0.35, x=400, y=120, easing=ease_out_cubic, on_finish=landed)
    tweens.wait(0.5, on_finish=next_step)
    ...
    tweens.update(dt)        # once per frame, from the scene's update
    if not tweens.busy: ...  # input that depends on an animation waits for it

A tween added with ``holds=False`` is a decoration that nothing waits for: it plays on, but
``busy`` does not count it (another seat's glance at its own card while the player is choosing).

``scale`` multiplies every duration and delay when the tween is added (1/speed from the
settings; 0 = "fastest": the tween completes on the next update). Values may be numbers or
tuples of numbers (positions, colours).
"""

from __future__ import annotations

import math
from typing import Any, Callable

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_in_quad(t: float) -> float:
    return t * t


def ease_out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def ease_in_out_quad(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_sine(t: float) -> float:
    return math.sin(t * math.pi / 2)


def _lerp(a: Any, b: Any, k: float) -> Any:
    if isinstance(a, (tuple, list)):
        return type(a)(_lerp(x, y, k) for x, y in zip(a, b))
    return a + (b - a) * k


class Tween:
    """One animation. Created through Tweens.animate/wait, or directly and added with Tweens.add."""

    def __init__(self, target: Any, duration: float, easing: Easing = ease_out_cubic,
                 on_finish: Callable[[], None] | None = None, delay: float = 0.0,
                 on_update: Callable[[float], None] | None = None, holds: bool = True, **props: Any):
        if duration < 0 or delay < 0:
            raise ValueError("durations cannot be negative")
        self.target = target
        self.duration = float(duration)
        self.delay = float(delay)
        self.easing = easing
        self.on_finish = on_finish
        self.on_update = on_update
        self.props = props
        self.holds = holds
        self.elapsed = 0.0
        self.started = False
        self.done = False
        self._start: dict[str, Any] = {}

    def _get(self, key: str) -> Any:
        return self.target[key] if isinstance(self.target, dict) else getattr(self.target, key)

    def _set(self, key: str, value: Any) -> None:
        if isinstance(self.target, dict):
            self.target[key] = value
        else:
            setattr(self.target, key, value)

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.started else 0.0
        return max(0.0, min(1.0, self.elapsed / self.duration))

    def update(self, dt: float) -> float:
        """Advance; returns the time left over after finishing (for chaining), 0 otherwise."""
        if self.done:
            return dt
        if self.delay > 0:
            used = min(self.delay, dt)
            self.delay -= used
            dt -= used
            if self.delay > 0:
                return 0.0
        if not self.started:
            self.started = True
            if self.target is not None:
                self._start = {k: self._get(k) for k in self.props}
        self.elapsed += dt
        k = self.easing(self.progress)
        if self.target is not None:
            for key, end in self.props.items():
                self._set(key, _lerp(self._start[key], end, k) if self.progress < 1 else end)
        if self.on_update:
            self.on_update(self.progress)
        if self.progress >= 1.0:
            self.done = True
            leftover = max(0.0, self.elapsed - self.duration)
            if self.on_finish:
                self.on_finish()
            return leftover
        return 0.0

    def finish(self) -> None:
        """Jump to the end (props set, callback called)."""
        if not self.done:
            self.delay = 0.0
            self.update(max(0.0, self.duration - self.elapsed) + 1e-9)

    def cancel(self) -> None:
        """Stop where it is, without calling on_finish."""
        self.done = True


class Tweens:
    """A group of running tweens, updated together."""

    def __init__(self, scale: Callable[[], float] | float = 1.0):
        self._scale = scale
        self.active: list[Tween] = []

    def scale(self) -> float:
        return float(self._scale() if callable(self._scale) else self._scale)

    def add(self, tween: Tween, scaled: bool = True) -> Tween:
        if scaled:
            s = self.scale()
            tween.duration *= s
            tween.delay *= s
        self.active.append(tween)
        return tween

    def animate(self, target: Any, duration: float, easing: Easing = ease_out_cubic,
                on_finish: Callable[[], None] | None = None, delay: float = 0.0, holds: bool = True,
                **props: Any) -> Tween:
        """Tween ``target``'s attributes (or dict keys) to the given values."""
        return self.add(Tween(target, duration, easing, on_finish, delay, holds=holds, **props))

    def wait(self, duration: float, on_finish: Callable[[], None] | None = None, scaled: bool = True) -> Tween:
        """A pause (e.g. between steps of a sequence) that calls on_finish when it ends."""
        return self.add(Tween(None, duration, linear, on_finish), scaled=scaled)

    def update(self, dt: float) -> None:
        # Callbacks may add tweens; they start on the next update.
        current = self.active
        self.active = []
        for tween in current:
            tween.update(dt)
        self.active = [t for t in current if not t.done] + self.active

    @property
    def busy(self) -> bool:
        return any(t.holds and not t.done for t in self.active)

    def finish_decorations(self, target: Any) -> None:
        """Complete the tweens on `target` that nothing waits for (before a real move takes it)."""
        for tween in self.active:
            if not tween.holds and tween.target is target and not tween.done:
                tween.finish()

    def finish_all(self) -> None:
        """Complete every running tween now (and the ones their callbacks start)."""
        for _ in range(1000):
            if not self.active:
                return
            current, self.active = self.active, []
            for tween in current:
                tween.finish()
            self.active = [t for t in self.active if not t.done]

    def cancel_all(self) -> None:
        for tween in self.active:
            tween.cancel()
        self.active = []
