"""Synthesise Cardhall's sound effects into assets/sounds/*.wav (standard library only).

Run from anywhere: ``python assets/make_sounds.py``. Deterministic (seeded noise), so running it
again reproduces the committed files byte for byte.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent / "sounds"


def _env(i: int, n: int, attack: float = 0.005, decay: float = 8.0) -> float:
    t = i / RATE
    a = min(1.0, t / attack) if attack > 0 else 1.0
    return a * math.exp(-decay * t) * (1.0 - i / n) ** 0.5


def noise_swish(seconds: float, seed: int, decay: float, smooth: float, pitch_up: float = 0.0) -> list[float]:
    rng = random.Random(seed)
    n = int(RATE * seconds)
    out, lp = [], 0.0
    for i in range(n):
        k = smooth + pitch_up * (i / n)
        lp += (rng.uniform(-1, 1) - lp) * max(0.02, min(1.0, k))
        out.append(lp * _env(i, n, 0.004, decay))
    return out


def tone(freq: float, seconds: float, decay: float = 6.0, harmonics=(1.0, 0.3, 0.1), glide: float = 0.0) -> list[float]:
    n = int(RATE * seconds)
    out, phase = [], 0.0
    for i in range(n):
        f = freq * (1.0 + glide * i / n)
        phase += 2 * math.pi * f / RATE
        s = sum(a * math.sin(phase * (h + 1)) for h, a in enumerate(harmonics))
        out.append(s * _env(i, n, 0.006, decay))
    return out


def mix(*parts: tuple[float, list[float]]) -> list[float]:
    """Mix (start_seconds, samples) parts."""
    length = max(int(start * RATE) + len(p) for start, p in parts)
    out = [0.0] * length
    for start, p in parts:
        o = int(start * RATE)
        for i, v in enumerate(p):
            out[o + i] += v
    return out


def write(name: str, samples: list[float], gain: float = 0.8) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = gain * 32767 / peak
    OUT.mkdir(parents=True, exist_ok=True)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(max(-32767, min(32767, s * scale)))) for s in samples))


def main() -> None:
    write("deal", noise_swish(0.09, 1, decay=45, smooth=0.55), 0.55)
    write("draw", noise_swish(0.20, 2, decay=18, smooth=0.18, pitch_up=0.25), 0.5)
    write("flip", mix((0.0, noise_swish(0.05, 3, 70, 0.7)), (0.045, noise_swish(0.06, 4, 60, 0.9))), 0.55)
    write("swap", mix((0.0, noise_swish(0.14, 5, 22, 0.3)), (0.11, noise_swish(0.14, 6, 22, 0.45))), 0.5)
    write("match", mix((0.0, tone(659.3, 0.35, 9)), (0.09, tone(987.8, 0.45, 7))), 0.6)
    write("penalty", mix((0.0, tone(220.0, 0.32, 7, (1.0, 0.5, 0.33, 0.25), glide=-0.3)),
                         (0.14, tone(164.8, 0.36, 7, (1.0, 0.5, 0.33, 0.25), glide=-0.25))), 0.55)
    write("call", mix((0.0, tone(523.3, 0.25, 8)), (0.10, tone(659.3, 0.25, 8)),
                      (0.20, tone(784.0, 0.5, 5)), (0.20, tone(1046.5, 0.5, 6, (0.5,)))), 0.65)
    write("click", tone(1400.0, 0.035, 90, (1.0,)), 0.3)


if __name__ == "__main__":
    main()
