"""The player's language: every string the player meets goes through ``_`` or ``ngettext`` here
(gettext, the standard library), so a catalogue in game/locale/<lang>/LC_MESSAGES/cardhall.mo
can replace it. The language can change at run time: ``set_language`` swaps the catalogue, and
the next ``_`` call (the next frame's drawing) answers in the new language.

A literal evaluated at import (a class attribute, a module-level table) is wrapped in ``_l``: a
lazy string that is translated each time it is used, so it follows a change of language too.

Making and checking the catalogues is docs/translating.md (Babel, a development tool only: the
compiled .mo files ship in the package).
"""

from __future__ import annotations

import os
from pathlib import Path

TYPE_CHECKING = False   # (typing is not imported for this alone; type checkers read it as typing's)
if TYPE_CHECKING:
    import gettext as _gettext

DOMAIN = "cardhall"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SOURCE_LANGUAGE = "en"
# The test language (not offered in Settings unless chosen on the command line): every string
# accented and about 40% longer, to find strings that were not wrapped and labels with no room.
PSEUDO_LANGUAGE = "en_XA"
# The languages a player can choose, by the name a speaker of each knows it by.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
}
LANGUAGE_NAMES = {**LANGUAGES, PSEUDO_LANGUAGE: "[Ƥšéûðö]"}



class _Source:
    """English, the language the strings are written in: gettext's NullTranslations answers the
    same. gettext (and locale, which it imports) is imported when another language is chosen,
    not before the first frame of a game shown in English (benchmarks/bench_startup.py)."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message


_SOURCE = _Source()
_translation: _Source | _gettext.NullTranslations = _SOURCE
_language = SOURCE_LANGUAGE


def known(code: str) -> bool:
    return code in LANGUAGE_NAMES


def system_language(environ=None) -> str:
    """The shipped language the system asks for, else English: LANGUAGE (a list, as gettext reads
    it), LC_ALL, LC_MESSAGES, LANG, then the locale Python reports (Windows and macOS)."""
    env = os.environ if environ is None else environ
    wanted: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(var):
            wanted += env[var].split(":")
    for code in wanted:
        match = _match(code)
        if match:
            return match
    if environ is None:
        import locale          # (the last to ask: imported only when the variables name no language)

        try:
            code = locale.getlocale()[0]
        except ValueError:
            code = None
        match = _match(code) if code else None
        if match:
            return match
    return SOURCE_LANGUAGE


def _match(code: str) -> str | None:
    """The shipped language for a locale name such as "de_AT.UTF-8", "de-DE" or "German_Germany"."""
    code = code.split(".")[0].split("@")[0].replace("-", "_")
    if code in ("C", "POSIX", ""):
        return None
    if code in LANGUAGE_NAMES:
        return code
    base = code.split("_")[0].lower()
    if base in LANGUAGES:
        return base
    for lang, name in LANGUAGES.items():       # Windows gives "German_Germany": the English name
        if base == _ENGLISH_NAMES.get(lang, "").lower():
            return lang
    return None


_ENGLISH_NAMES = {"en": "English", "de": "German", "fr": "French"}


def set_language(code: str | None) -> str:
    """Use ``code``'s catalogue from now on ("" or None: the system's language). Returns the
    language in use; a language with no catalogue falls back to English."""
    global _translation, _language
    code = code or system_language()
    if not known(code):
        code = SOURCE_LANGUAGE
    if code == SOURCE_LANGUAGE:
        _translation = _SOURCE
    else:
        import gettext

        _translation = gettext.translation(DOMAIN, str(LOCALE_DIR), [code], fallback=True)
        if type(_translation) is gettext.NullTranslations:
            code, _translation = SOURCE_LANGUAGE, _SOURCE      # no compiled catalogue in this build
    _language = code
    return code


def language() -> str:
    """The language strings are translated to now."""
    return _language


def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _translation.pgettext(context, message)


def N_(message: str) -> str:
    """Marks a string for the catalogue without translating it here (a caller translates it later)."""
    return message


class LazyString:
    """A string translated when it is used (str(), formatting, +, comparison), not when made."""

    __slots__ = ("message",)

    def __init__(self, message: str):
        self.message = message

    def __str__(self) -> str:
        return _(self.message)

    def __repr__(self) -> str:
        return f"_l({self.message!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __len__(self) -> int:
        return len(str(self))

    def __bool__(self) -> bool:
        return bool(self.message)

    def __contains__(self, part: str) -> bool:
        return part in str(self)

    def __getitem__(self, index):
        return str(self)[index]

    def __iter__(self):
        return iter(str(self))

    def __add__(self, other) -> str:
        return str(self) + str(other)

    def __radd__(self, other) -> str:
        return str(other) + str(self)

    def __eq__(self, other) -> bool:
        if isinstance(other, LazyString):
            return self.message == other.message
        return str(self) == other

    def __hash__(self) -> int:
        return hash(self.message)

    def __getattr__(self, name):
        # str's methods (upper, split, startswith...) on the translated text
        return getattr(str(self), name)


def _l(message: str) -> LazyString:
    return LazyString(message)
