"""The UI catalogues (assets/i18n/<language>.json): complete in every language, every key the
code asks for present, every key present asked for somewhere.

What counts as asking for a key in the page's code (assets/js, index.html, print.html, and
the lessons' texts in assets/lessons/lessons.json):
``t("key"``, ``hasText("key"``, ``data-text="key"``, ``data-text-label="key"``, or the key
quoted as a string anywhere (keys travel as values, e.g. ``{key: "loadingDone"}``).  A
family asked for by prefix (``t(`game_${id}`)``) needs at least one key of that family,
and its keys count as used.  Engine phrases ("engine.<key>") are asked for by the Python
side and checked with the engine's refusals.

A text that counts something is a plural entry: {"one": …, "other": …}, one text per plural
category of the language (CLDR's cardinal categories, as ``Intl.PluralRules`` picks them in
strings.js), chosen by the parameter ``count``.  A key is a plural entry in every language or
in none; engine texts stay plain strings (tests/test_refusals.py reads their placeholders).
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

# a key asked for: t("key"), hasText("key"), plural("key", textChoice(value, "key") or
# data-text="key"
ASKED = re.compile(r"""(?:\b(?:t|hasText|plural)\(|\btextChoice\([^,()]*,)\s*["']([\w.-]+)["']"""
                   r"""|data-text(?:-label)?="([\w.-]+)\"""")
FAMILY = re.compile(r"""(?:\b(?:t|hasText)\(|\btextChoice\([^,()]*,)\s*`([\w.-]+)\$\{""")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# the cardinal plural categories of each language (CLDR): the forms a plural entry has
PLURAL_FORMS = {"en": {"one", "other"}, "de": {"one", "other"}}


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


def placeholders(entry: str | dict[str, str]) -> set[str]:
    """The placeholders of a text, or of all the forms of a plural entry together."""
    forms = entry.values() if isinstance(entry, dict) else [entry]
    return {name for form in forms for name in PLACEHOLDER.findall(form)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_texts_are_filled_and_keep_their_placeholders(language: str) -> None:
    for key, entry in CATALOGUES[language].items():
        forms = entry.values() if isinstance(entry, dict) else [entry]
        for text in forms:
            assert isinstance(text, str) and text.strip(), f"{language}: {key} is empty"
        assert placeholders(entry) == placeholders(CATALOGUES["en"][key]), (
            f"{language}: {key} has other placeholders than English")


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_entries_have_the_languages_forms(language: str) -> None:
    plurals = {key for key, entry in CATALOGUES[language].items() if isinstance(entry, dict)}
    assert plurals, "no plural entries at all"
    for key in plurals:
        entry = CATALOGUES[language][key]
        assert set(entry) == PLURAL_FORMS[language], f"{language}: {key} has forms {sorted(entry)}"
        assert "count" in PLACEHOLDER.findall(entry["other"]), f"{language}: {key} does not count"
        assert not key.startswith("engine."), f"{key}: engine texts stay plain strings"
        for other in LANGUAGES:
            assert isinstance(CATALOGUES[other][key], dict), f"{key} is plural in {language} only"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_hedges_its_plural(language: str) -> None:
    for key, entry in CATALOGUES[language].items():
        for text in entry.values() if isinstance(entry, dict) else [entry]:
            assert not re.search(r"\w\((?:s|e|n|en|er|es)\)", text), (
                f"{language}: {key} says {text!r}: use a plural entry")


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



GLOSSARY_ROW = re.compile(r"^\| (`[\w.-]+`(?:, `[\w.-]+`)*) \| ([^|]+) \| ([^|]+) \| ([^|]*) \|$")


def glossary() -> list[tuple[list[str], str, str, list[str]]]:
    """The glossary table of docs/access-and-languages.md: (keys, English, German, never)."""
    text = (ROOT / "docs" / "access-and-languages.md").read_text(encoding="utf-8")
    section = text.split("### Glossary", 1)[1].split("\n#", 1)[0]
    rows = []
    for line in section.splitlines():
        match = GLOSSARY_ROW.match(line.strip())
        if match:
            keys = re.findall(r"`([\w.-]+)`", match[1])
            never = [word.strip() for word in match[4].split(",") if word.strip()]
            rows.append((keys, match[2].strip(), match[3].strip(), never))
    return rows


def test_the_glossary_holds_in_both_catalogues() -> None:
    """Undo is "Rückgängig", never "Zurück" (a child leaving the game took back moves)."""
    rows = glossary()
    assert len(rows) >= 8, "the glossary table in docs/access-and-languages.md was not found"
    wrong = []
    for keys, english, german, never in rows:
        for key in keys:
            en, de = CATALOGUES["en"].get(key), CATALOGUES["de"].get(key)
            if not isinstance(en, str) or english.lower() not in en.lower():
                wrong.append(f"{key}: English {en!r} lacks {english!r}")
            if not isinstance(de, str) or german.lower() not in de.lower():
                wrong.append(f"{key}: German {de!r} lacks {german!r}")
            wrong += [f"{key}: German {de!r} says {word!r}" for word in never
                      if isinstance(de, str) and re.search(rf"\b{re.escape(word)}\b", de, re.I)]
    assert wrong == []


def test_the_rules_texts_word_a_tap_by_the_input_in_use() -> None:
    """The rules' "Try it" lines say `{tap}` (strings.js: "Klicke"/"Tippe", "click"/"tap" by
    the pointer in use), never a written-out verb of one input ("with one click" is no
    instruction); no other placeholder."""
    wrong = []
    for path in sorted((ROOT / "assets" / "rules").glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        wrong += [f"{path.name}: {{{name}}}" for name in PLACEHOLDER.findall(text) if name != "tap"]
        wrong += [f"{path.name}: {word!r}" for word in
                  re.findall(r"(?<!one )\b(?:tippe|tap|klicke|click)\b", text.replace("{tap}", ""),
                             re.IGNORECASE)]
    assert wrong == []
