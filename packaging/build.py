"""Build the standalone Cardhall program with PyInstaller.

    python packaging/build.py               # one folder: dist/cardhall/ with dist/cardhall/cardhall[.exe]
                                            # (macOS also dist/Cardhall.app)
    python packaging/build.py --onefile     # one file:   dist/onefile/cardhall[.exe]
    python packaging/build.py --smoke       # ... then run the built program's --smoke-test

Needs the build extra (``pip install ".[build]"``) in the Python that runs it. On Linux the
one-folder build also gets ``cardhall.desktop`` and ``cardhall.png`` next to the program, for a
menu entry (see README, "Packaging").
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "cardhall.spec"
EXE_NAME = "cardhall.exe" if sys.platform == "win32" else "cardhall"


def folder_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def build(onefile: bool = False, clean: bool = False) -> Path:
    """Run PyInstaller on the spec; returns the built program's path."""
    dist = ROOT / "dist" / ("onefile" if onefile else "")
    work = ROOT / "build" / ("pyinstaller-onefile" if onefile else "pyinstaller")
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
           "--distpath", str(dist), "--workpath", str(work)]
    if clean:
        cmd.append("--clean")
    cmd.append(str(SPEC))
    if onefile:
        cmd += ["--", "--onefile"]
    started = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, check=True)
    program = dist / EXE_NAME if onefile else dist / "cardhall" / EXE_NAME
    if not program.exists():
        raise SystemExit(f"build.py: PyInstaller finished but {program} is missing")
    if not onefile and sys.platform.startswith("linux"):
        shutil.copy2(ROOT / "packaging" / "linux" / "cardhall.desktop", program.parent / "cardhall.desktop")
        shutil.copy2(ROOT / "assets" / "icon.png", program.parent / "cardhall.png")
    top = program if onefile else program.parent
    print(f"built {program.relative_to(ROOT)} in {time.perf_counter() - started:.0f} s; "
          f"{folder_size(top) / 2**20:.1f} MiB")
    return program


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="one self-extracting file instead of a folder")
    parser.add_argument("--clean", action="store_true", help="clear PyInstaller's cache first")
    parser.add_argument("--smoke", action="store_true", help="run the built program's --smoke-test afterwards")
    args = parser.parse_args(argv)
    program = build(onefile=args.onefile, clean=args.clean)
    if args.smoke:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        return subprocess.run([str(program), "--smoke-test"], env=env).returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
