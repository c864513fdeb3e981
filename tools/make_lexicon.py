"""Build the word-list editor's dictionary asset, ``lexicon.zip`` (run by build.py).

The zip is fetched by the page only when the word-list editor opens, and holds:

- ``de-nouns.txt``: German nouns from the ``german-nouns`` package (German Wiktionary,
  CC BY-SA), one noun a line, ``Lemma<TAB>sense|sense…``, each sense ``genders:plurals``
  (read by insel.lexicon, which documents the format);
- the ``inflect`` package and the pure-Python packages it imports, for English plurals.

Proper names, abbreviations, affixes and multi-word entries are left out; every common
noun stays (about 89,000 in some 430 kB of deflate), so no frequency cut is needed.
"""

from __future__ import annotations

import csv
import importlib
import zipfile
from collections import defaultdict
from importlib import metadata
from pathlib import Path

LEXICON = "lexicon.zip"
GERMAN = "de-nouns.txt"
# Packages put into the zip for English plurals: inflect and what it imports at run time.
ENGLISH_PACKAGES = ("inflect", "typeguard", "more_itertools", "jaraco.functools",
                    "typing_extensions")
NOT_NOUNS = {"Toponym", "Vorname", "Nachname", "Eigenname", "Abkürzung", "Buchstabe", "Symbol",
             "Straßenname", "Affix", "Suffix", "Gebundenes Lexem", "Redewendung",
             "Wortverbindung", "Geflügeltes Wort", "Grußformel"}
GENDER_COLUMNS = ("genus", "genus 1", "genus 2", "genus 3", "genus 4")
PLURAL_COLUMNS = ("nominativ plural", "nominativ plural*",
                  *(f"nominativ plural {i}" for i in range(1, 5)))
# Nouns declined like adjectives (der/die Angestellte): the plural after "die".
WEAK_PLURAL = "nominativ plural schwach"


def encode_plural(lemma: str, plural: str) -> str:
    """A plural as its difference from the lemma: characters to drop, then the ending
    (``Maus``/``Mäuse`` → ``3äuse``, ``Hund``/``Hunde`` → ``e``); ``=`` when unchanged."""
    same = 0
    while same < min(len(lemma), len(plural)) and lemma[same] == plural[same]:
        same += 1
    drop = len(lemma) - same
    return f"{drop or ''}{plural[same:]}" or "="


def german_nouns(rows: list[dict[str, str]]) -> dict[str, list[tuple[str, tuple[str, ...]]]]:
    """Lemma → its distinct senses (genders as letters m/f/n, plurals), from the CSV rows."""
    senses: dict[str, list[tuple[str, tuple[str, ...]]]] = defaultdict(list)
    for row in rows:
        lemma = row["lemma"]
        if (set(row["pos"].split(",")) & NOT_NOUNS or " " in lemma or not lemma[:1].isupper()):
            continue
        genders = "".join(sorted({row[c] for c in GENDER_COLUMNS if row.get(c) in ("m", "f", "n")}))
        columns = (WEAK_PLURAL,) if row.get(WEAK_PLURAL) else PLURAL_COLUMNS
        plurals: list[str] = []
        for column in columns:
            form = row.get(column, "").strip()
            if form and " " not in form and form not in plurals and form != "—":
                plurals.append(form)
        sense = (genders, tuple(plurals))
        if sense != ("", ()) and sense not in senses[lemma]:
            senses[lemma].append(sense)
    return senses


def german_text(senses: dict[str, list[tuple[str, tuple[str, ...]]]]) -> str:
    """The lookup file's text (see insel.lexicon for the format)."""
    return "".join(
        lemma + "\t" + "|".join(f"{g}:{','.join(encode_plural(lemma, p) for p in plurals)}"
                                for g, plurals in senses[lemma]) + "\n"
        for lemma in sorted(senses))


def write_lexicon(target: Path) -> dict[str, int]:
    """Write lexicon.zip; returns the compressed size of its German and English parts."""
    from german_nouns.config import CSV_FILE_PATH

    with open(CSV_FILE_PATH, encoding="utf-8", newline="") as source:
        text = german_text(german_nouns(list(csv.DictReader(source))))
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bundle:
        bundle.writestr(GERMAN, text)
        for name in ENGLISH_PACKAGES:
            for path, inside in package_files(name):
                bundle.write(path, inside)
    with zipfile.ZipFile(target) as bundle:
        infos = bundle.infolist()
    german = sum(i.compress_size for i in infos if i.filename == GERMAN)
    return {"german": german, "english": sum(i.compress_size for i in infos) - german,
            "total": target.stat().st_size}


def package_files(name: str) -> list[tuple[Path, str]]:
    """An installed pure-Python package's source files and licence, with their paths in the
    zip (``jaraco.functools`` → ``jaraco/functools/__init__.py``)."""
    module = importlib.import_module(name)
    source = Path(module.__file__)
    if source.name == "__init__.py":
        base = source.parent.parents[name.count(".")]
        files = sorted(p for p in source.parent.rglob("*.py") if "__pycache__" not in p.parts)
    else:
        base, files = source.parent, [source]
    found = [(path, path.relative_to(base).as_posix()) for path in files]
    for entry in metadata.files(name) or ():
        if "LICEN" in entry.name.upper():
            found.append((Path(entry.locate()), f"licenses/{name}/{entry.name}"))
    return found
