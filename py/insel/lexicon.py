"""Dictionary checks for teachers' word lists: German nouns and English plurals.

The word-list editor marks pairs the dictionary does not know or disagrees with, each with a
one-click fix, and fills in a line holding only a singular (``Maus`` → ``die Maus ; die
Mäuse``).  A mismatch is a warning, never a block: teachers may teach variants.

- German: nouns with gender and plural from the ``german-nouns`` package (German
  Wiktionary, CC BY-SA), made by ``tools/make_lexicon.py`` into ``de-nouns.txt``: one noun
  a line, ``Lemma<TAB>sense|sense…``, a sense being ``genders:plurals`` (genders as letters
  m/f/n, none for a plural-only noun; plurals comma-separated, each as characters to drop
  from the lemma and the ending to add, ``=`` for the lemma unchanged:
  ``Maus<TAB>f:3äuse`` is die Maus, die Mäuse).
- English: plurals from ``inflect`` (modern and classical forms both count).

Both travel in ``lexicon.zip``, which the page fetches only when the editor opens and hands
to :func:`install` (the zip goes on ``sys.path`` for inflect).  Which dictionary applies is
the list's ``check:`` header, or else a guess (:func:`guess`).  A pair the dictionary
disagrees with on purpose is noted in the list, in a comment ``# dictionary: <first side> —
<reason>``: it is then shown as noted, with the reason, not as a mismatch.
"""

from __future__ import annotations

import functools
import re
import sys
import zipfile
from pathlib import Path
from typing import Any, NamedTuple

from insel.refusal import Refusal
from insel.wordlists import WordList, lines, parse, split_pair, tidy

GERMAN_FILE = "de-nouns.txt"
ARTICLES = {"m": "der", "f": "die", "n": "das"}
NOTE = re.compile(r"#\s*dictionary:\s*(.+?)\s+(?:—|--)\s+(\S.*)$", re.IGNORECASE)

_nouns: dict[str, str] = {}  # lemma -> its senses, encoded (see the module docstring)


class Sense(NamedTuple):
    """One dictionary entry of a noun: its genders (letters m/f/n) and plurals."""

    genders: str
    plurals: tuple[str, ...]


def install(source: bytes | Path, folder: Path | None = None) -> None:
    """Take lexicon.zip (its bytes, written into ``folder``, or its path): read the German
    nouns and put the zip on ``sys.path`` for inflect."""
    if isinstance(source, bytes):
        path = (folder or Path.cwd()) / "lexicon.zip"
        path.write_bytes(source)
        source = path
    with zipfile.ZipFile(source) as bundle:
        text = bundle.read(GERMAN_FILE).decode("utf-8")
    _nouns.clear()
    _nouns.update((lemma, entry) for lemma, entry in
                  (line.split("\t", 1) for line in text.splitlines()))
    if str(source) not in sys.path:
        sys.path.append(str(source))  # after site-packages: an installed inflect wins


def available() -> bool:
    """Whether the dictionary has been installed."""
    return bool(_nouns)


def _plural(lemma: str, code: str) -> str:
    if code == "=":
        return lemma
    digits = len(code) - len(code.lstrip("0123456789"))
    drop = int(code[:digits] or 0)
    return lemma[:len(lemma) - drop] + code[digits:]


def senses(noun: str) -> list[Sense]:
    """The dictionary's entries for a German noun (exact spelling), in its order."""
    found = []
    for sense in _nouns.get(noun, "").split("|") if noun in _nouns else ():
        genders, _, plurals = sense.partition(":")
        found.append(Sense(genders, tuple(_plural(noun, p) for p in plurals.split(",") if p)))
    return found


@functools.cache
def _inflect(classical: bool) -> Any:
    import inflect

    engine = inflect.engine()
    if classical:
        engine.classical(all=True)
    return engine


def english_plurals(word: str) -> list[str]:
    """inflect's plurals of an English noun: the modern form first, then the classical."""
    forms = [_inflect(classical).plural_noun(word) for classical in (False, True)]
    return list(dict.fromkeys(forms))


def _german_side(side: str) -> tuple[str | None, str] | None:
    """(article or None, noun) of ``die Maus`` or ``Maus``; None for anything longer."""
    words = side.split()
    if len(words) == 2 and words[0].lower() in ("der", "die", "das"):
        return words[0].lower(), words[1]
    return (None, words[0]) if len(words) == 1 else None


def _known(noun: str) -> str | None:
    """The noun as the dictionary spells it (``maus`` → ``Maus``), or None."""
    for form in (noun, noun[:1].upper() + noun[1:]):
        if form in _nouns:
            return form
    return None


def _german(a: str, b: str | None) -> dict | None:
    """A German pair's mark (None: it matches); ``b`` None asks for a fill-in."""
    first = _german_side(a)
    second = _german_side(b) if b is not None else (None, "")
    if first is None or second is None:
        return {"status": "unknown", "word": a if first is None else b}
    article, noun = first
    lemma = _known(noun)
    if lemma is None:
        return {"status": "unknown", "word": noun}
    entries = [s for s in senses(lemma) if s.genders and s.plurals]
    if not entries:
        return {"status": "noplural", "word": lemma}
    plural_article, plural = second
    if b is not None and lemma == noun and plural_article in (None, "die") and any(
            (article is None or article in (ARTICLES[g] for g in s.genders)) and plural in s.plurals
            for s in entries):
        return None
    fits = [s for s in entries if any(ARTICLES[g] == article for g in s.genders)] or entries
    sense = next((s for s in fits if plural in s.plurals), fits[0])
    gender = next((g for g in sense.genders if ARTICLES[g] == article), sense.genders[0])
    plural = plural if plural in sense.plurals else sense.plurals[0]
    if b is None or article or plural_article:
        fix = f"{ARTICLES[gender]} {lemma} ; die {plural}"
    else:
        fix = f"{lemma} ; {plural}"
    return {"status": "fill" if b is None else "mismatch", "word": lemma, "fix": fix}


def _english(a: str, b: str | None) -> dict | None:
    forms = english_plurals(a)
    if b is not None and b.casefold() in (f.casefold() for f in forms):
        return None
    return {"status": "fill" if b is None else "mismatch", "word": a, "fix": f"{a} ; {forms[0]}"}


CHECKERS = {"de": _german, "en": _english}


def guess(words: WordList, text: str) -> str:
    """Which dictionary a list is for: its ``check:`` header, else ``de`` if most lines start
    with a German noun the dictionary knows (with or without der/die/das), else ``en`` if
    inflect agrees with most pairs, else ``none``."""
    if words.check:
        return words.check
    firsts = []
    for _, line, key in lines(text):
        if key is None:
            pair = split_pair(line)
            firsts.append(tidy(pair[0] if isinstance(pair, list) else line))
    german = sum(1 for side in firsts if (s := _german_side(side)) and s[1][:1].isupper()
                 and s[1] in _nouns)
    if firsts and 2 * german >= len(firsts):
        return "de"
    if words.pairs and 2 * sum(_english(a, b) is None for a, b in words.pairs) >= len(words.pairs):
        return "en"
    return "none"


def notes(text: str) -> dict[str, str]:
    """The list's ``# dictionary: <first side> — <reason>`` comments: first side → reason."""
    found = {}
    for raw in text.splitlines():
        match = NOTE.match(raw.strip())
        if match:
            found[tidy(match[1]).casefold()] = match[2].strip()
    return found


def check(text: str) -> dict:
    """Check a list against its dictionary (see :func:`guess`) and fill in lone singulars.

    Answers ``{available, kind, text, marks}``: ``text`` is the list with every lone
    singular the dictionary knows replaced by its pair; ``marks`` one per line the
    dictionary has something to say about: ``{line, status, word, fix?, reason?}``, the
    status ``unknown`` (not in the dictionary), ``noplural`` (no plural listed),
    ``mismatch`` (``fix`` is the dictionary's pair), ``noted`` (a mismatch the list notes,
    with its ``reason``) or ``filled`` (the line was filled in)."""
    if not available():
        return {"available": False, "kind": "none", "text": text, "marks": []}
    words = parse(text, minimum=0)
    kind = guess(words, text)
    if kind == "none":
        return {"available": True, "kind": kind, "text": text, "marks": []}
    checker, noted = CHECKERS[kind], notes(text)
    out = text.splitlines()
    marks = []
    for number, line, key in lines(text):
        pair = split_pair(line) if key is None else None
        if isinstance(pair, Refusal) and len(line.split()) <= 2:
            mark = checker(tidy(line), None)  # a lone singular: fill it in
            if mark and mark["status"] == "fill":
                out[number - 1] = mark["fix"]
                marks.append({"line": number, "status": "filled", "word": mark["word"],
                              "fix": mark["fix"]})
            elif mark:
                marks.append({"line": number, **mark})
    for number, (a, b) in zip(words.numbers, words.pairs, strict=True):
        mark = checker(a, b)
        if mark and a.casefold() in noted:
            mark = {"status": "noted", "word": mark["word"], "reason": noted[a.casefold()]}
        if mark:
            marks.append({"line": number, **mark})
    marks.sort(key=lambda mark: mark["line"])
    filled = "\n".join(out) + ("\n" if text.endswith("\n") else "")
    return {"available": True, "kind": kind, "text": filled, "marks": marks}
