"""Cardhall's message catalogues, with Babel (a development tool: `pip install -e ".[dev]"`).

    python packaging/translations.py update    # extract the template, merge it into every .po,
                                               # make the pseudo-locale, compile every .mo
    python packaging/translations.py check     # what CI runs (tests/test_translations.py too)

The template is game/locale/cardhall.pot; a language's catalogue is
game/locale/<lang>/LC_MESSAGES/cardhall.po, and the compiled cardhall.mo beside it is committed and
ships in the package (the running game needs no Babel). docs/translating.md says how to add a
language.
"""

from __future__ import annotations

import ast
import io
import os
import sys
import tempfile
from pathlib import Path

from babel.messages import frontend, mofile, pofile
from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import i18n  # noqa: E402

LOCALE_DIR = i18n.LOCALE_DIR
TEMPLATE = LOCALE_DIR / f"{i18n.DOMAIN}.pot"
# Babel's own keywords (_, ngettext, pgettext, N_...) and game.i18n's lazy string
EXTRA_KEYWORDS = ["_l"]
# The translated languages (the pseudo-locale is made from the template, not translated).
SHIPPED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


def _run(args: list[str]) -> None:
    frontend.CommandLineInterface().run(["pybabel", "-q", *args])


def extract(out: Path) -> None:
    """The template from the code (game/**.py; babel.cfg lists what is read)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    keywords = [arg for k in EXTRA_KEYWORDS for arg in ("-k", k)]
    here = os.getcwd()
    os.chdir(ROOT)          # the file names in the template are relative to the checkout
    try:
        _run(["extract", "-F", "babel.cfg", *keywords, "--sort-by-file",
              "--project", "Cardhall", "--copyright-holder", "The Cardhall developers",
              "--msgid-bugs-address", "cardhall@users.noreply.github.com", "--no-wrap",
              "-o", str(out), "."])
    finally:
        os.chdir(here)


# -- the variants' options ---------------------------------------------------------------------------
# An OptionSpec's label, help, zero_label and string choices are player-facing words written in the
# variant's module: babel.cfg reads game/**.py with the extractor below, which takes what Babel's own
# Python extractor finds plus those words, so a new option's texts reach the catalogue with nothing
# to remember (the choices under the context the setup translates them with).
OPTION_CLASS = "OptionSpec"
OPTION_ARGS = {"label": 1, "help": 3}              # positional places in OptionSpec(key, label, default, help)
OPTION_VALUE_CONTEXT = "option value"


def option_texts(source: bytes) -> list[tuple[int, str, str | None]]:
    """(line, text, context) for every OptionSpec(...) call in a module's source."""
    found: list[tuple[int, str, str | None]] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
        if name != OPTION_CLASS:
            continue
        given = {kw.arg: kw.value for kw in node.keywords if kw.arg}
        for field, place in OPTION_ARGS.items():
            given.setdefault(field, node.args[place] if len(node.args) > place else None)
        for field in ("label", "help", "zero_label"):
            value = given.get(field)
            if isinstance(value, ast.Constant) and isinstance(value.value, str) and value.value:
                found.append((value.lineno, value.value, None))     # (an N_("...") is Babel's own find)
        choices = given.get("choices")
        if isinstance(choices, (ast.Tuple, ast.List)):
            for value in choices.elts:
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    found.append((value.lineno, value.value, OPTION_VALUE_CONTEXT))
    return found


def extract_python_and_options(fileobj, keywords, comment_tags, options):
    """Babel's Python extractor, plus the texts of every OptionSpec (babel.cfg names this)."""
    from babel.messages.extract import extract_python

    source = fileobj.read()
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, options)
    for line, text, context in option_texts(source):
        if context is None:
            yield line, "_", text, []
        else:
            yield line, "pgettext", (context, text), []


def read(path: Path) -> Catalog:
    with open(path, "rb") as f:
        return pofile.read_po(f)


# -- the pseudo-locale ------------------------------------------------------------------------------
_ACCENTED = dict(zip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                     "àƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"))
_PAD = "~·"


def pseudo(message: str) -> str:
    """Every letter accented, ~40% longer, in brackets (so a cut end shows); {placeholders} and
    %-formats are kept as they are."""
    if not message:
        return message
    out, depth = [], 0
    for ch in message:
        if ch == "{":
            depth += 1
        if depth:
            out.append(ch)
        else:
            out.append(_ACCENTED.get(ch, ch))
        if ch == "}" and depth:
            depth -= 1
    text = "".join(out)
    extra = max(1, round(len(message) * 0.4))
    pad = (_PAD * extra)[:extra]
    # in words of five, so a long string still wraps where English would
    return "[" + text + " " + " ".join(pad[i:i + 5] for i in range(0, len(pad), 5)) + "]"


def make_pseudo(template: Catalog) -> Catalog:
    cat = Catalog(locale="en", domain=i18n.DOMAIN, project="Cardhall", fuzzy=False)
    for msg in template:
        if not msg.id:
            continue
        if isinstance(msg.id, tuple):
            cat.add(msg.id, tuple(pseudo(m) for m in msg.id), context=msg.context)
        else:
            cat.add(msg.id, pseudo(msg.id), context=msg.context)
    return cat


def write(cat: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    pofile.write_po(buf, cat, width=0, omit_header=False)
    path.write_bytes(buf.getvalue())


def compile_all() -> None:
    for lang in [*SHIPPED, i18n.PSEUDO_LANGUAGE]:
        po = po_path(lang)
        cat = read(po)
        buf = io.BytesIO()
        mofile.write_mo(buf, cat, use_fuzzy=False)
        po.with_suffix(".mo").write_bytes(buf.getvalue())


def update() -> None:
    extract(TEMPLATE)
    for lang in SHIPPED:
        po = po_path(lang)
        if po.exists():
            _run(["update", "-i", str(TEMPLATE), "-D", i18n.DOMAIN, "-d", str(LOCALE_DIR), "-l", lang,
                  "--no-wrap", "--ignore-obsolete"])
        else:
            _run(["init", "-i", str(TEMPLATE), "-D", i18n.DOMAIN, "-d", str(LOCALE_DIR), "-l", lang, "--no-wrap"])
    write(make_pseudo(read(TEMPLATE)), po_path(i18n.PSEUDO_LANGUAGE))
    compile_all()


# -- the checks -------------------------------------------------------------------------------------
def _key(value):
    """A message id or string as one hashable value (a .mo's plural forms come back as lists)."""
    return tuple(value) if isinstance(value, (list, tuple)) else value


def _ids(cat: Catalog) -> set:
    return {(m.context, _key(m.id)) for m in cat if m.id}


def problems() -> list[str]:
    """What CI fails on: a template behind the code, a shipped catalogue with an untranslated,
    fuzzy or missing entry, a pseudo-locale or a compiled .mo behind its .po."""
    found = []
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / "fresh.pot"
        extract(fresh)
        code_ids, template_ids = _ids(read(fresh)), _ids(read(TEMPLATE))
    for ctx, mid in sorted(code_ids - template_ids, key=str):
        found.append(f"{TEMPLATE.name}: not in the template (run update): {mid!r}")
    for ctx, mid in sorted(template_ids - code_ids, key=str):
        found.append(f"{TEMPLATE.name}: no longer in the code (run update): {mid!r}")
    for lang in [*SHIPPED, i18n.PSEUDO_LANGUAGE]:
        po = po_path(lang)
        if not po.exists():
            found.append(f"{lang}: no catalogue ({po.relative_to(ROOT)})")
            continue
        cat = read(po)
        missing = code_ids - _ids(cat)
        found += [f"{lang}: missing {mid!r}" for _, mid in sorted(missing, key=str)]
        for m in cat:
            if not m.id:
                continue
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            if m.fuzzy:
                found.append(f"{lang}: fuzzy {m.id!r}")
            elif not all(strings):
                found.append(f"{lang}: untranslated {m.id!r}")
        mo = po.with_suffix(".mo")
        if not mo.exists():
            found.append(f"{lang}: not compiled (run update)")
        else:
            with open(mo, "rb") as f:
                compiled = mofile.read_mo(f)
            want = {(m.context, _key(m.id)): _key(m.string) for m in cat if m.id and not m.fuzzy}
            have = {(m.context, _key(m.id)): _key(m.string) for m in compiled if m.id}
            if want != have:
                found.append(f"{lang}: {mo.name} is behind {po.name} (run update)")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        update()
        print(f"updated {TEMPLATE.relative_to(ROOT)} and the catalogues of {', '.join(SHIPPED)} and "
              f"{i18n.PSEUDO_LANGUAGE}; translate what is new in the .po files, then run update again")
        return 0
    if command == "check":
        found = problems()
        for line in found:
            print(line)
        print("catalogues complete and up to date" if not found else f"{len(found)} problems")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
