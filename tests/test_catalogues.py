"""The UI catalogues (assets/i18n/<language>.json): complete in every language, every key the
code asks for present, every key present asked for somewhere.

What counts as asking for a key in the page's code (assets/js, index.html, print.html, and
the lessons' texts in assets/lessons/lessons.json):
``t("key"``, ``hasText("key"``, ``data-text="key"``, ``data-text-label="key"``, or the key
quoted as a string anywhere (keys travel as values, e.g. ``{key: "loadingDone"}``).  A
family asked for by prefix (``t(`game_${id}`)``) needs at least one key of that family,
and its keys count as used.  Engine phrases ("engine.<key>") are asked for by the Python
side and checked with the engine's refusals.
"""

from __future__ import annotations

import json
import re

import pytest

from paths import ROOT

CATALOGUES = {path.stem: json.loads(path.read_text(encoding="utf-8"))
              for path in sorted((ROOT / "assets" / "i18n").glob("*.json"))}
LANGUAGES = sorted(CATALOGUES)
PAGE_CODE = "\n".join(path.read_text(encoding="utf-8") for path in [
    *sorted((ROOT / "assets" / "js").rglob("*.js")), ROOT / "index.html", ROOT / "print.html",
    ROOT / "assets" / "lessons" / "lessons.json"])

# a key asked for: t("key"), hasText("key"), textChoice(value, "key") or data-text="key"
ASKED = re.compile(r"""(?:\b(?:t|hasText)\(|\btextChoice\([^,()]*,)\s*["']([\w.-]+)["']"""
                   r"""|data-text(?:-label)?="([\w.-]+)\"""")
FAMILY = re.compile(r"""(?:\b(?:t|hasText)\(|\btextChoice\([^,()]*,)\s*`([\w.-]+)\$\{""")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def ui_keys(catalogue: dict[str, str]) -> set[str]:
    return {key for key in catalogue if not key.startswith("engine.")}


def test_the_languages_are_english_and_german() -> None:
    assert LANGUAGES == ["de", "en"]
    assert 'LANGUAGES = ["en", "de"]' in PAGE_CODE  # strings.js offers what exists


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalogue_has_the_same_keys(language: str) -> None:
    others = {other: set(CATALOGUES[other]) for other in LANGUAGES if other != language}
    for other, keys in others.items():
        assert set(CATALOGUES[language]) - keys == set(), f"{language} has keys {other} lacks"


@pytest.mark.parametrize("language", LANGUAGES)
def test_texts_are_filled_and_keep_their_placeholders(language: str) -> None:
    for key, text in CATALOGUES[language].items():
        assert isinstance(text, str) and text.strip(), f"{language}: {key} is empty"
        english = CATALOGUES["en"][key]
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(english)), (
            f"{language}: {key} has other placeholders than English")


def test_every_key_asked_for_exists() -> None:
    asked = {a or b for a, b in ASKED.findall(PAGE_CODE)}
    assert asked, "the scan found no keys at all"
    for language in LANGUAGES:
        assert asked - set(CATALOGUES[language]) == set(), f"missing in {language}"
    for family in set(FAMILY.findall(PAGE_CODE)) - {"engine."}:
        assert any(key.startswith(family) for key in CATALOGUES["en"]), f"no {family}… keys"


def test_every_key_is_used() -> None:
    families = tuple(set(FAMILY.findall(PAGE_CODE)) - {"engine."})
    quoted = set(re.findall(r"""["'`]([\w.-]+)["'`]""", PAGE_CODE))
    unused = {key for key in ui_keys(CATALOGUES["en"])
              if key not in quoted and not key.startswith(families)}
    assert unused == set()

