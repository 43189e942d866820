"""The Linux parts of a release: the desktop entry, the AppStream metainfo, the hicolor icons and
the Debian package around the built one-folder program.

    python packaging/build.py --deb           # dist/cardhall_<version>_<arch>.deb

The package holds the built folder under /opt/cardhall, the command /usr/bin/cardhall (a link
into it), the desktop entry and metainfo named by the application id, icons from 16 to 512 px,
a man page, the copyright (LICENSE and NOTICES.md) and a Debian changelog made from CHANGELOG.md.
Its dependencies are what dpkg-shlibdeps finds the bundled libraries need from the system.
"""

from __future__ import annotations

import datetime
import email.utils
import gzip
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from xml.sax.saxutils import escape

from release import APP_ID, AUTHOR, HOMEPAGE, ROOT, SUMMARY, VERSION, changelog

LINUX = ROOT / "packaging" / "linux"
DESKTOP = LINUX / f"{APP_ID}.desktop"
METAINFO = LINUX / f"{APP_ID}.metainfo.xml"
PACKAGE = "cardhall"
MAINTAINER = f"{AUTHOR['name']} <{AUTHOR['email']}>"


# -- AppStream ------------------------------------------------------------------------------------
def releases_xml() -> str:
    """CHANGELOG.md's entries as AppStream <release> elements, newest first."""
    out = []
    for release in changelog():
        items = "".join(f"<li>{escape(item)}</li>" for item in release.items)
        summary = f"<p>{escape(release.summary)}</p>" if release.summary else ""
        out.append(f'    <release version="{release.version}" date="{release.date.isoformat()}">\n'
                   f"      <description>{summary}{'<ul>' + items + '</ul>' if items else ''}</description>\n"
                   f"    </release>")
    return "\n".join(out)


def metainfo_text() -> str:
    """The metainfo with its releases and this version's screenshot addresses filled in."""
    raw = HOMEPAGE.replace("https://github.com/", "https://raw.githubusercontent.com/")
    text = METAINFO.read_text(encoding="utf-8")
    text = text.replace("@HOMEPAGE@", HOMEPAGE).replace("@SCREENSHOTS@", f"{raw}/v{VERSION}/docs/screenshots")
    return text.replace("@RELEASES@", releases_xml())


# -- man page -------------------------------------------------------------------------------------
def _roff(text: str) -> str:
    text = text.replace("\\", "\\\\").replace("-", "\\-")
    return "\n".join(("\\&" + line) if line.startswith((".", "'")) else line for line in text.splitlines())


def man_page() -> str:
    """cardhall(6), from the command's own argument parser (game/cli_parser.py)."""
    from game.cli_parser import build_parser

    parser = build_parser()
    date = changelog()[0].date.isoformat()
    out = [f'.TH CARDHALL 6 "{date}" "Cardhall {VERSION}" "Games"', ".SH NAME",
           "cardhall \\- " + _roff(SUMMARY.lower()), ".SH SYNOPSIS",
           ".B cardhall\n[\\fIOPTIONS\\fR] [\\fBplay\\fR]",
           ".br\n.B cardhall simulate\n[\\fIOPTIONS\\fR]",
           ".br\n.B cardhall replay\n\\fIRECORD\\fR [\\fIOPTIONS\\fR]",
           ".SH DESCRIPTION",
           _roff("Cardhall puts five fast card games on one desktop table: Kombio, Combat UNO, Kabu, "
                 "Kumbal and 16 Combos. Play against bots that remember, forget and react out of turn "
                 "like people, or pass the computer around the table in hot-seat. Without a command it "
                 "opens the game window; the About screen shows where its files are kept."),
           ".SH OPTIONS"]
    subparsers = None
    for action in parser._actions:
        if action.option_strings:
            out += [".TP", "\\fB" + _roff(", ".join(action.option_strings)) + "\\fR", _roff(action.help or "")]
        elif action.choices and isinstance(action.choices, dict):
            subparsers = action
    if subparsers is not None:
        out.append(".SH COMMANDS")
        helps = {a.dest: a.help for a in subparsers._choices_actions}
        for name, sub in subparsers.choices.items():
            out += [".SS " + name, _roff(helps.get(name) or "")]
            for action in sub._actions:
                if action.help == "==SUPPRESS==" or "-h" in action.option_strings:
                    continue
                names = ", ".join(action.option_strings) or action.dest.upper()
                out += [".TP", "\\fB" + _roff(names) + "\\fR", _roff(action.help or "")]
    out += [".SH FILES",
            _roff("Settings in ~/.config/Cardhall/settings.json; statistics and one unfinished match per "
                  "game under ~/.local/share/Cardhall/ (the XDG folders, if set, decide)."),
            ".SH ENVIRONMENT", ".TP", "\\fBCARDHALL_HOME\\fR",
            _roff("Keep every file under this folder (config/ and data/) instead."),
            ".SH SEE ALSO", _roff(HOMEPAGE)]
    return "\n".join(out) + "\n"


# -- Debian ---------------------------------------------------------------------------------------
def debian_changelog() -> str:
    """CHANGELOG.md in Debian's changelog format (a native package: the version has no revision)."""
    out = []
    for release in changelog():
        when = datetime.datetime.combine(release.date, datetime.time(12, 0), datetime.timezone.utc)
        lines = [release.summary] + list(release.items) if release.summary else list(release.items)
        body = "\n".join("  * " + "\n    ".join(_wrap(line, 76)) for line in lines)
        out.append(f"{PACKAGE} ({release.version}) unstable; urgency=medium\n\n{body}\n\n"
                   f" -- {MAINTAINER}  {email.utils.format_datetime(when)}\n")
    return "\n".join(out)


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line] if line else lines


COMMON_LICENCES = {
    "GNU Lesser General Public License 2.1": "LGPL-2.1",
    "GNU General Public License 3": "GPL-3",
    "Apache License 2.0": "Apache-2.0",
}


def copyright_text() -> str:
    """LICENSE, then NOTICES.md with the licences Debian keeps in /usr/share/common-licenses
    referred to there rather than repeated (the full file stays in /opt/cardhall/_internal)."""
    notices = (ROOT / "NOTICES.md").read_text(encoding="utf-8")
    notices, _, texts = notices.partition("\n# Licence texts\n")
    for name, common in COMMON_LICENCES.items():
        if f"## {name}" not in texts:
            raise SystemExit(f"build.py: NOTICES.md's licence texts have no {name!r}")
    refer = "\n".join(f"- {name}: /usr/share/common-licenses/{common}" for name, common in COMMON_LICENCES.items())
    return ("Cardhall\n========\n\n" + (ROOT / "LICENSE").read_text(encoding="utf-8") +
            f"\nSource: {HOMEPAGE}\n\nThe program in /opt/cardhall bundles the third-party software "
            "below, each under its own licence.\n\n" + notices.rstrip() +
            "\n\n# Licence texts\n\nOn Debian systems the complete texts of these licences are in "
            "/usr/share/common-licenses:\n\n" + refer + "\n")


def _drop_foreign_runpaths(opt: Path) -> None:
    """The Python PyInstaller copied in may carry the build machine's library folder as its
    RUNPATH (pyenv's, the CI's tool cache): meaningless on a player's machine, and a folder
    that might hold other libraries there. Libraries are found inside the build."""
    for path in _elf_files(opt):
        out = subprocess.run(["patchelf", "--print-rpath", str(path)], capture_output=True, text=True)
        paths = [p for p in out.stdout.strip().split(":") if p]
        if out.returncode == 0 and paths and not all(p.startswith("$ORIGIN") for p in paths):
            subprocess.run(["patchelf", "--remove-rpath", str(path)], check=True)


def _gzip(data: bytes, path: Path) -> None:
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0, filename="") as out:
        out.write(data)


def _architecture() -> str:
    return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True, check=True).stdout.strip()


def _elf_files(folder: Path) -> list[Path]:
    return [p for p in sorted(folder.rglob("*")) if p.is_file() and not p.is_symlink()
            and p.read_bytes()[:4] == b"\x7fELF"]


def _depends(opt: Path) -> str:
    """The system packages the build's programs and libraries link to, as dpkg-shlibdeps finds
    them (it also names the few PyInstaller copied in from the system, zlib or libffi, which
    every Debian system has anyway)."""
    private = sorted({str(p.parent) for p in _elf_files(opt)})
    with tempfile.TemporaryDirectory(prefix="cardhall-shlibdeps-") as tmp:  # it wants a source tree
        (Path(tmp) / "debian").mkdir()
        (Path(tmp) / "debian" / "control").write_text(
            f"Source: {PACKAGE}\n\nPackage: {PACKAGE}\nArchitecture: any\n", encoding="utf-8")
        cmd = ["dpkg-shlibdeps", "-O", "--ignore-missing-info", *[f"-l{d}" for d in private],
               *[f"-e{p}" for p in _elf_files(opt)]]
        proc = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True)
    if proc.returncode:
        raise SystemExit(f"build.py: dpkg-shlibdeps failed: {proc.stderr.strip()[-2000:]}")
    out = proc.stdout
    match = re.search(r"^shlibs:Depends=(.*)$", out, re.MULTILINE)
    return match.group(1).strip() if match else ""


def _installed_size_kib(root: Path) -> int:
    return sum((p.lstat().st_size + 1023) // 1024 for p in root.rglob("*") if p.is_file() or p.is_symlink())


LINTIAN_OVERRIDES = """\
# Cardhall is one self-contained program built by PyInstaller: the interpreter, pygame-ce and the
# libraries pygame-ce's wheel was built and tested with, unchanged (their notices are in
# /usr/share/doc/cardhall/copyright), installed whole under /opt, the place the FHS gives add-on
# application packages that do not come from the distribution.
cardhall: dir-or-file-in-opt [opt/cardhall/*]
cardhall: embedded-library * [opt/cardhall/_internal/*]
cardhall: duplicate-font-file also in * [opt/cardhall/_internal/*]
# Python extension modules take the interpreter's symbols from the process that loads them.
cardhall: library-not-linked-against-libc [opt/cardhall/_internal/*.cpython-*.so]
cardhall: shared-library-lacks-prerequisites [opt/cardhall/_internal/*.cpython-*.so]
# PyInstaller's prebuilt launcher.
cardhall: hardening-no-pie [opt/cardhall/cardhall]
# The command is /usr/bin/cardhall, on every user's PATH on every distribution (the desktop entry
# runs it), rather than /usr/games.
cardhall: package-section-games-but-contains-no-game
"""


def build_deb(folder: Path, icons: dict[str, Path], out_dir: Path) -> Path:
    """The .deb around ``folder`` (the built program), written into ``out_dir``."""
    arch = _architecture()
    out = out_dir / f"{PACKAGE}_{VERSION}_{arch}.deb"
    with tempfile.TemporaryDirectory(prefix="cardhall-deb-") as tmp:
        root = Path(tmp) / "root"
        opt = root / "opt" / PACKAGE
        shutil.copytree(folder, opt, symlinks=True,
                        ignore=shutil.ignore_patterns(f"{APP_ID}.desktop", f"{APP_ID}.png"))
        if shutil.which("patchelf") is None:
            raise SystemExit("build.py: --deb needs patchelf (apt-get install patchelf)")
        _drop_foreign_runpaths(opt)
        usr = root / "usr"
        (usr / "bin").mkdir(parents=True)
        (usr / "bin" / PACKAGE).symlink_to(f"/opt/{PACKAGE}/{PACKAGE}")
        share = usr / "share"
        (share / "applications").mkdir(parents=True)
        shutil.copy2(DESKTOP, share / "applications" / DESKTOP.name)
        (share / "metainfo").mkdir()
        (share / "metainfo" / METAINFO.name).write_text(metainfo_text(), encoding="utf-8")
        for key, path in icons.items():
            if key.startswith("hicolor-"):
                size = key.split("-")[1]
                target = share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
                target.parent.mkdir(parents=True)
                shutil.copy2(path, target)
        doc = share / "doc" / PACKAGE
        doc.mkdir(parents=True)
        (doc / "copyright").write_text(copyright_text(), encoding="utf-8")
        _gzip(debian_changelog().encode("utf-8"), doc / "changelog.gz")
        (share / "man" / "man6").mkdir(parents=True)
        _gzip(man_page().encode("utf-8"), share / "man" / "man6" / f"{PACKAGE}.6.gz")
        (share / "lintian" / "overrides").mkdir(parents=True)
        (share / "lintian" / "overrides" / PACKAGE).write_text(LINTIAN_OVERRIDES, encoding="utf-8")
        # Ownership comes from dpkg-deb --root-owner-group; modes are set here: programs 755,
        # everything else (shared libraries too) 644, folders 755.
        program = opt / PACKAGE
        for path in root.rglob("*"):
            if path.is_symlink():
                continue
            path.chmod(0o755 if path.is_dir() or path == program else 0o644)
        root.chmod(0o755)
        control = root / "DEBIAN"
        control.mkdir(mode=0o755)
        md5sums = [f"{hashlib.md5(p.read_bytes()).hexdigest()}  {p.relative_to(root)}"
                   for p in sorted(root.rglob("*")) if p.is_file() and not p.is_symlink() and control not in p.parents]
        (control / "md5sums").write_text("\n".join(md5sums) + "\n", encoding="utf-8")
        depends = _depends(opt)
        description = "\n".join(
            " " + (line or ".") for line in _wrap(
                "Cardhall puts five fast card games on one desktop table: Kombio, Combat UNO, Kabu, Kumbal "
                "and 16 Combos. Play against bots that remember, forget and react out of turn like people, "
                "or pass the computer around the table in hot-seat. Each game has its full rules, a guided "
                "first match, a coach and round replays.", 72))
        fields = {
            "Package": PACKAGE, "Version": VERSION, "Architecture": arch, "Maintainer": MAINTAINER,
            "Installed-Size": str(_installed_size_kib(root)), "Depends": depends, "Section": "games",
            "Priority": "optional", "Homepage": HOMEPAGE,
            "Description": SUMMARY[0].lower() + SUMMARY[1:] + "\n" + description,
        }
        (control / "control").write_text("".join(f"{k}: {v}\n" for k, v in fields.items() if v), encoding="utf-8")
        for path in control.iterdir():
            path.chmod(0o644)
        out_dir.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ, SOURCE_DATE_EPOCH=str(int(datetime.datetime.combine(
            changelog()[0].date, datetime.time(12, 0), datetime.timezone.utc).timestamp())))
        subprocess.run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root), str(out)],
                       check=True, env=env, stdout=subprocess.DEVNULL)
    return out
