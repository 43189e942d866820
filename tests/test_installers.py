"""The packages around the built program (packaging/): one application id everywhere, the AppStream
releases made from the changelog, the Windows version resource and NSIS script, the windowed
spec, and the check that NOTICES.md covers every library a build bundles. (.ci/run builds the
.deb, validates it, lintians it and runs the unpacked program; this file checks the parts.)"""

from __future__ import annotations

import ast
import configparser
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))

import linux  # noqa: E402
import release  # noqa: E402
import windows  # noqa: E402
from game.about import APP_ID  # noqa: E402


def test_the_application_id_is_reverse_dns_and_names_every_linux_file():
    assert re.fullmatch(r"[a-z]+(\.[a-z0-9_]+)+\.[A-Za-z][A-Za-z0-9_]*", APP_ID)
    assert linux.DESKTOP.name == f"{APP_ID}.desktop" and linux.DESKTOP.is_file()
    assert linux.METAINFO.name == f"{APP_ID}.metainfo.xml" and linux.METAINFO.is_file()
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(linux.DESKTOP, encoding="utf-8")
    assert entry["Desktop Entry"]["Icon"] == APP_ID
    assert entry["Desktop Entry"]["Exec"].split()[0] == "cardhall"
    meta = ET.fromstring(linux.metainfo_text())
    assert meta.findtext("id") == APP_ID
    assert meta.find("launchable").text == f"{APP_ID}.desktop"
    assert "bundle_identifier=APP_ID" in (ROOT / "packaging" / "cardhall.spec").read_text(encoding="utf-8")


def test_appstream_releases_are_the_changelog_s_entries():
    meta = ET.fromstring(linux.metainfo_text())
    releases = [(r.get("version"), r.get("date")) for r in meta.find("releases")]
    assert releases == [(r.version, r.date.isoformat()) for r in release.changelog()]
    assert releases[0][0] == release.VERSION
    first = meta.find("releases")[0]
    items = [li.text for li in first.iter("li")]
    assert items and items == list(release.changelog()[0].items)


def test_appstream_screenshots_are_this_version_s_files_in_docs():
    meta = ET.fromstring(linux.metainfo_text())
    images = [s.findtext("image") for s in meta.find("screenshots")]
    assert len(images) >= 3
    for url in images:
        assert url.startswith("https://") and f"/v{release.VERSION}/docs/screenshots/" in url
        assert (ROOT / "docs" / "screenshots" / url.rsplit("/", 1)[1]).is_file(), url
    assert meta.find("content_rating").get("type") == "oars-1.1"


def _spec_exe_option(name: str, platform: str):
    tree = ast.parse((ROOT / "packaging" / "cardhall.spec").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "dict":
            for kw in node.keywords:
                if kw.arg == name:
                    expr = ast.Expression(kw.value)
                    return eval(compile(expr, "spec", "eval"), {"sys": SimpleNamespace(platform=platform)})
    raise AssertionError(f"the spec's exe_options has no {name}")


def test_the_windows_and_macos_programs_are_windowed_and_linux_keeps_its_console():
    assert _spec_exe_option("console", "win32") is False
    assert _spec_exe_option("console", "darwin") is False
    assert _spec_exe_option("console", "linux") is True


def test_the_windows_version_resource_carries_the_version():
    text = windows.version_file_text()
    tree = ast.parse(text)
    call = tree.body[0].value
    assert call.func.id == "VSVersionInfo"
    ffi = call.keywords[0].value
    fields = {kw.arg: ast.literal_eval(kw.value) for kw in ffi.keywords}
    assert fields["filevers"] == fields["prodvers"] == release.version_tuple()
    strings = dict(re.findall(r"StringStruct\('(\w+)', '([^']*)'\)", text))
    assert strings["ProductVersion"] == strings["FileVersion"] == release.VERSION
    assert strings["OriginalFilename"] == "cardhall.exe"
    assert release.version_tuple("1.2.3") == (1, 2, 3, 0) and release.version_tuple("2.0.1rc1") == (2, 0, 1, 1)


def test_the_nsis_script_gets_every_value_it_uses():
    script = windows.NSIS_SCRIPT.read_text(encoding="utf-8")
    defined = set(re.findall(r"^!define\s+(\w+)", script, re.MULTILINE))
    used = set(re.findall(r"\$\{(\w+)\}", script)) - defined
    used -= {"LANG_ENGLISH", "SecProgram", "UnSecProgram", "UnSecPlayerFiles"}
    passed = set(re.findall(r'"(\w+)": ', Path(windows.__file__).read_text(encoding="utf-8")))
    assert used <= passed, f"the script uses {sorted(used - passed)}, which build_installer does not pass"
    assert "RequestExecutionLevel user" in script
    assert re.search(r'^Section /o "un\.', script, re.MULTILINE), "removing the player's files must be opt-in"


@pytest.mark.skipif(shutil.which("makensis") is None, reason="needs Debian's nsis (makensis)")
def test_the_nsis_script_compiles(tmp_path):
    payload = tmp_path / "cardhall"
    (payload / "_internal").mkdir(parents=True)
    (payload / "cardhall.exe").write_bytes(b"stand-in")
    (payload / "_internal" / "NOTICES.md").write_text("stand-in", encoding="utf-8")
    from make_icons import make_icons

    icon = make_icons(tmp_path / "icons")["ico"]
    out = windows.build_installer(payload, tmp_path / f"cardhall-{release.VERSION}-setup.exe", icon)
    assert out.read_bytes()[:2] == b"MZ"


def test_a_bundled_library_without_a_notice_is_found(tmp_path):
    (tmp_path / "_internal" / "pygame_ce.libs").mkdir(parents=True)
    for name in ("libSDL2-2-50d19f93.0.so.0.3200.10", "libz.so.1", "base.cpython-311-x86_64-linux-gnu.so",
                 "SDL2.dll", "libffi-8.dll"):
        (tmp_path / "_internal" / "pygame_ce.libs" / name).write_bytes(b"")
    (tmp_path / "_internal" / "DejaVuSans.ttf").write_bytes(b"")
    assert release.unnoticed_files(tmp_path) == []
    (tmp_path / "_internal" / "libsecret-1.so.0").write_bytes(b"")
    (tmp_path / "_internal" / "Mystery.ttf").write_bytes(b"")
    assert sorted(release.unnoticed_files(tmp_path)) == ["_internal/Mystery.ttf", "_internal/libsecret-1.so.0"]


def test_the_debian_copyright_refers_to_common_licences_and_keeps_every_notice():
    text = linux.copyright_text()
    assert text.startswith("Cardhall") and "MIT License" in text
    assert "/usr/share/common-licenses/LGPL-2.1" in text
    assert "TERMS AND CONDITIONS FOR COPYING, DISTRIBUTION AND MODIFICATION" not in text
    from game.about import parse_notices

    _, notices = parse_notices((ROOT / "NOTICES.md").read_text(encoding="utf-8"))
    for notice in notices:
        if notice.licence:
            assert f"## {notice.name}" in text


def test_the_debian_changelog_and_man_page_are_made_from_the_project():
    log = linux.debian_changelog()
    assert log.startswith(f"cardhall ({release.VERSION}) unstable; urgency=medium\n")
    assert re.search(r"^ -- .+ <.+@.+>  \w{3}, \d{2} \w{3} \d{4} ", log, re.MULTILINE)
    page = linux.man_page()
    assert page.startswith(".TH CARDHALL 6 ") and "\\-\\-smoke\\-test" in page and ".SS simulate" in page


def test_the_icons_cover_every_hicolor_size_from_16_to_512(tmp_path):
    import pygame

    from make_icons import HICOLOR_SIZES, make_icons

    paths = make_icons(tmp_path)
    assert min(HICOLOR_SIZES) == 16 and max(HICOLOR_SIZES) == 512
    for size in HICOLOR_SIZES:
        assert pygame.image.load(str(paths[f"hicolor-{size}"])).get_size() == (size, size)


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="needs desktop-file-utils")
def test_the_desktop_entry_validates():
    proc = subprocess.run(["desktop-file-validate", str(linux.DESKTOP)], capture_output=True, text=True)
    assert proc.returncode == 0 and not proc.stdout.strip(), proc.stdout + proc.stderr


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="needs appstream")
def test_the_metainfo_validates(tmp_path):
    path = tmp_path / linux.METAINFO.name
    path.write_text(linux.metainfo_text(), encoding="utf-8")
    proc = subprocess.run(["appstreamcli", "validate", "--no-net", str(path)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
