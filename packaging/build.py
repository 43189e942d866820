"""Build the standalone Cardhall program with PyInstaller, and the packages around it.

    python packaging/build.py               # one folder: dist/cardhall/ with dist/cardhall/cardhall[.exe]
                                            # (macOS also dist/Cardhall.app)
    python packaging/build.py --onefile     # one file:   dist/onefile/cardhall[.exe]
    python packaging/build.py --smoke       # ... then run the built program's --smoke-test
    python packaging/build.py --deb         # Linux: dist/cardhall_<version>_<arch>.deb
    python packaging/build.py --installer   # Windows: dist/cardhall-<version>-setup.exe (NSIS);
                                            #   elsewhere the Linux folder stands in as the payload,
                                            #   to prove the script: build/nsis-check/...
    python packaging/build.py --dmg         # macOS: dist/Cardhall-<version>.dmg
    python packaging/build.py --deb --no-build   # package the folder already in dist/cardhall

Needs the build extra (``pip install ".[build]"``) in the Python that runs it. Every build is
checked against NOTICES.md: a shared library or font the build bundles that no notice covers
stops it. On Linux the one-folder build also gets the desktop entry and the 256 px icon next to
the program, for a menu entry without the package (see docs/packaging.md).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from release import APP_ID, ROOT, VERSION, unnoticed_files  # noqa: E402

SPEC = ROOT / "packaging" / "cardhall.spec"
EXE_NAME = "cardhall.exe" if sys.platform == "win32" else "cardhall"
FOLDER = ROOT / "dist" / "cardhall"


def folder_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def check_notices(folder: Path) -> None:
    missing = unnoticed_files(folder)
    if missing:
        raise SystemExit("build.py: the build bundles files NOTICES.md does not cover (add a section "
                         "with their licence, or their names to a section's Files line):\n  " + "\n  ".join(missing))


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
    if not onefile:
        check_notices(program.parent)
    if not onefile and sys.platform.startswith("linux"):
        from linux import DESKTOP

        shutil.copy2(DESKTOP, program.parent / DESKTOP.name)
        shutil.copy2(ROOT / "assets" / "icon.png", program.parent / f"{APP_ID}.png")
    top = program if onefile else program.parent
    print(f"built {program.relative_to(ROOT)} (Cardhall {VERSION}) in {time.perf_counter() - started:.0f} s; "
          f"{folder_size(top) / 2**20:.1f} MiB")
    return program


def icons() -> dict[str, Path]:
    from make_icons import make_icons

    return make_icons(ROOT / "build" / "icons")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="one self-extracting file instead of a folder")
    parser.add_argument("--clean", action="store_true", help="clear PyInstaller's cache first")
    parser.add_argument("--smoke", action="store_true", help="run the built program's --smoke-test afterwards")
    parser.add_argument("--deb", action="store_true", help="Linux: the Debian package in dist/")
    parser.add_argument("--installer", action="store_true",
                        help="the NSIS installer (Windows; elsewhere a check of the script with the local build)")
    parser.add_argument("--dmg", action="store_true", help="macOS: the disk image with Cardhall.app in dist/")
    parser.add_argument("--no-build", action="store_true", help="package the folder already built in dist/cardhall")
    args = parser.parse_args(argv)
    if args.onefile and (args.deb or args.installer or args.dmg):
        parser.error("--deb, --installer and --dmg package the one-folder build, not --onefile")
    if args.no_build:
        program = FOLDER / EXE_NAME
        if not program.exists():
            parser.error(f"--no-build: {program} is missing; build it first")
        check_notices(FOLDER)
    else:
        program = build(onefile=args.onefile, clean=args.clean)
    if args.smoke:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        code = subprocess.run([str(program), "--smoke-test"], env=env).returncode
        if code:
            return code
    if args.deb:
        from linux import build_deb

        print(f"wrote {build_deb(FOLDER, icons(), ROOT / 'dist').relative_to(ROOT)}")
    if args.installer:
        from windows import build_installer

        if sys.platform == "win32":
            out = ROOT / "dist" / f"cardhall-{VERSION}-setup.exe"
        else:   # the script compiled around this system's build: proof of the script, not a Windows installer
            out = ROOT / "build" / "nsis-check" / f"cardhall-{VERSION}-setup-standin.exe"
        print(f"wrote {build_installer(FOLDER, out, icons()['ico']).relative_to(ROOT)}")
    if args.dmg:
        from macos import build_dmg

        app = ROOT / "dist" / "Cardhall.app"
        print(f"wrote {build_dmg(app, ROOT / 'dist' / f'Cardhall-{VERSION}.dmg').relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
