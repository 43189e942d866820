"""The macOS part of a release: the disk image around Cardhall.app (PyInstaller builds the .app with
its .icns and an Info.plist from pyproject.toml's version; packaging/cardhall.spec).

    python packaging/build.py --dmg           # on macOS: dist/Cardhall-<version>.dmg

The image holds the app and a link to /Applications, so a player drags one onto the other.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from release import NAME, VERSION


def build_dmg(app: Path, out: Path) -> Path:
    if shutil.which("hdiutil") is None:
        raise SystemExit("build.py: --dmg needs macOS's hdiutil")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="cardhall-dmg-") as tmp:
        staging = Path(tmp) / NAME
        staging.mkdir()
        # symlinks=True keeps the frameworks' own links inside the bundle intact
        shutil.copytree(app, staging / app.name, symlinks=True)
        (staging / "Applications").symlink_to("/Applications")
        cmd = ["hdiutil", "create", "-volname", f"{NAME} {VERSION}", "-srcfolder", str(staging),
               "-fs", "HFS+", "-format", "UDZO", "-ov", str(out)]
        for attempt in range(3):     # hdiutil now and then fails with "Resource busy" on CI machines
            if subprocess.run(cmd).returncode == 0:
                break
            time.sleep(5 * (attempt + 1))
        else:
            raise SystemExit(f"build.py: hdiutil could not make {out}")
    return out
