"""The Windows parts of a release: the version resource PyInstaller writes into cardhall.exe, and
the NSIS installer (packaging/windows/cardhall.nsi) around the built folder.

    python packaging/build.py --installer     # on Windows: dist/cardhall-<version>-setup.exe

Debian's makensis compiles the same script on Linux; there the build's Linux folder stands in as
the payload, only to prove the script (.ci/run does this), and the result goes under build/.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from release import APP_ID, AUTHOR, COPYRIGHT, HOMEPAGE, NAME, ROOT, VERSION, version_tuple

NSIS_SCRIPT = ROOT / "packaging" / "windows" / "cardhall.nsi"


def version_file_text(version: str = VERSION) -> str:
    """A PyInstaller version file (VSVersionInfo) for cardhall.exe."""
    four = version_tuple(version)
    strings = {
        "CompanyName": AUTHOR["name"],
        "FileDescription": NAME,
        "FileVersion": version,
        "InternalName": "cardhall",
        "LegalCopyright": COPYRIGHT,
        "OriginalFilename": "cardhall.exe",
        "ProductName": NAME,
        "ProductVersion": version,
    }
    table = ",\n          ".join(f"StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return f"""# Made by packaging/windows.py from pyproject.toml's version; do not edit.
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={four},
    prodvers={four},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [{table}])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def write_version_file(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(version_file_text(), encoding="utf-8")
    return path


def makensis() -> str | None:
    found = shutil.which("makensis")
    if found is None and sys.platform == "win32":
        for base in (Path("C:/Program Files (x86)/NSIS"), Path("C:/Program Files/NSIS")):
            if (base / "makensis.exe").is_file():
                return str(base / "makensis.exe")
    return found


def build_installer(folder: Path, out: Path, icon: Path) -> Path:
    """Compile the NSIS script around ``folder`` (the built one-folder program) into ``out``."""
    tool = makensis()
    if tool is None:
        raise SystemExit("build.py: makensis (NSIS) is not installed: apt-get install nsis, or choco install nsis")
    out.parent.mkdir(parents=True, exist_ok=True)
    four = ".".join(str(n) for n in version_tuple())
    defines = {
        "VERSION": VERSION, "VERSION4": four, "APP_ID": APP_ID, "PUBLISHER": AUTHOR["name"],
        "HOMEPAGE": HOMEPAGE, "COPYRIGHT": COPYRIGHT, "SOURCE": str(folder.resolve()),
        "OUTFILE": str(out.resolve()), "ICON": str(icon.resolve()), "LICENSE_FILE": str((ROOT / "LICENSE").resolve()),
    }
    cmd = [tool, "-V2", "-WX", "-INPUTCHARSET", "UTF8"] + [f"-D{k}={v}" for k, v in defines.items()] + [str(NSIS_SCRIPT)]
    subprocess.run(cmd, check=True)
    if not out.is_file():
        raise SystemExit(f"build.py: makensis finished but {out} is missing")
    return out
