"""Word lists for Wort-Reversi: the plain-text format, its parser and the game option.

Format (the built-in lists under ``assets/words/`` and teachers' own lists alike):

- one pair a line, the two sides separated by one ``;``: ``das Haus ; die Häuser``;
  any pair works (verb forms, translations, ``7×8 ; 56``); a line without ``;`` may
  separate them by a tab instead (two columns pasted from a spreadsheet; see also
  :func:`from_table` for .csv/.tsv files);
- lines starting with ``#`` are comments, blank lines are ignored;
- optional header lines before the first pair: ``title: Tiere`` and
  ``sides: Singular ; Plural`` (names of the two sides; default Singular / Plural) and
  ``check: de`` / ``en`` / ``none`` (which dictionary the editor checks the pairs against,
  see insel.lexicon; by default it guesses);
- spaces around and inside a side are tidied (runs of spaces become one).

:func:`parse` never loses a good line: it returns every well-formed pair plus a list of
problems with line numbers (missing or extra ``;``, empty side, side too long, a side
repeated from an earlier pair, header after the pairs, too few pairs for a game), each a
:class:`insel.refusal.Refusal` (a message key and parameters, worded in the page).

The game option (see :func:`from_option`) is the list itself,
``{"title": str, "sides": [a, b], "pairs": [[a, b], …]}``, so a game record replays on
any device; a built-in list may also be named (``"de-tiere"``) and is expanded.

A list needs at least ``MIN_PAIRS`` pairs; a shorter one than 36 repeats its pairs on the
36 tiles as evenly as they go (:func:`tiles_per_pair`).

Size limits: a list may hold up to ``MAX_PAIRS`` pairs (a teacher's library) and its text
up to ``MAX_TEXT`` characters; a game keeps only the 36 pairs it uses in its record (see
insel.games.wortreversi), so no answer grows with the library.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from insel.assets import asset_path
from insel.inputs import brief
from insel.refusal import Refusal

TILES = 36  # a Wort-Reversi game uses 36 tiles
MIN_PAIRS = 8  # a shorter list's words repeat on the 36 tiles (see tiles_per_pair)
MAX_SIDE = 60  # characters per side (a tile is small)
MAX_PAIRS = 1000  # pairs in one list: a teacher's library, of which a game uses 36
MAX_TITLE = 100
MAX_TEXT = 100_000  # characters of a list's text (1000 pairs of two long sides fit)
DEFAULT_SIDES = ("Singular", "Plural")
BUILTIN = ("de-tiere", "de-schule", "de-zuhause", "de-essen", "de-kleidung", "de-stadt",
           "en-plurals", "en-everyday")
CHECKS = ("de", "en", "none")  # values of the check: header
HEADERS = ("title", "sides", "check")
DEFAULT = "de-tiere"


@dataclass
class WordList:
    """A parsed list: pairs in file order, side names, title, and the problems found."""

    title: str = ""
    sides: tuple[str, str] = DEFAULT_SIDES
    pairs: list[tuple[str, str]] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)  # the line of each pair
    check: str = ""  # the check: header, "" if none
    problems: list[tuple[int, Refusal]] = field(default_factory=list)
    _seen: tuple[dict, dict] = field(default_factory=lambda: ({}, {}), repr=False)

    def add(self, number: int, a: str, b: str) -> None:
        """Keep the pair ``a ; b`` found on line ``number``, or record why not."""
        pair = _check(a, b)
        if isinstance(pair, Refusal):
            self.problems.append((number, pair))
            return
        for s, side in enumerate(pair):
            first = self._seen[s].get(side.casefold())
            if first is not None:
                self.problems.append((number, Refusal("words_repeats", side=side, line=first)))
                return
        for s, side in enumerate(pair):
            self._seen[s][side.casefold()] = number
        self.pairs.append(pair)
        self.numbers.append(number)

    def check_size(self, minimum: int) -> None:
        """Record a problem if fewer than ``minimum`` or more than MAX_PAIRS pairs were kept."""
        if len(self.pairs) < minimum:
            self.problems.append(
                (0, Refusal("words_too_few", count=len(self.pairs), minimum=minimum)))
        if len(self.pairs) > MAX_PAIRS:
            self.problems.append(
                (0, Refusal("words_too_many", count=len(self.pairs), limit=MAX_PAIRS)))

    def option(self) -> dict:
        """The JSON game option for this list (see :func:`from_option`)."""
        return {"title": self.title, "sides": list(self.sides),
                "pairs": [list(p) for p in self.pairs]}


def tidy(text: str) -> str:
    """Strip and collapse runs of whitespace to one space."""
    return " ".join(text.split())


def _check(a: str, b: str) -> tuple[str, str] | Refusal:
    """The two tidied sides, or the problem."""
    a, b = tidy(a), tidy(b)
    if not a or not b:
        return Refusal("words_side_empty")
    if len(a) > MAX_SIDE or len(b) > MAX_SIDE:
        return Refusal("words_side_too_long", limit=MAX_SIDE)
    return a, b


def split_pair(text: str) -> list[str] | Refusal:
    """The two sides of ``a ; b`` (or of two tab-separated columns), or the problem."""
    if ";" not in text and "\t" in text:
        columns = text.rstrip("\t ").split("\t")  # empty columns after the pair are ignored
        if len(columns) > 2:
            return Refusal("words_columns", count=len(columns))
        return columns
    parts = text.split(";")
    if len(parts) < 2:
        return Refusal("words_no_separator")
    if len(parts) > 2:
        return Refusal("words_two_separators")
    return parts


def lines(text: str) -> Iterator[tuple[int, str, str | None]]:
    """Each line that is not blank or a comment: ``(number, line stripped, header key)``,
    the key being one of HEADERS for a header line, else None (a pair, or a bad line)."""
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line and not line.startswith("#"):
            key, colon, _ = line.partition(":")
            key = key.strip().lower()
            yield number, line, key if colon and key in HEADERS else None


def parse(text: str, minimum: int = MIN_PAIRS) -> WordList:
    """Parse a list in the plain-text format; problems are reported, good lines kept.

    A Refusal for a text longer than MAX_TEXT characters (nothing is parsed then)."""
    if len(text) > MAX_TEXT:
        raise Refusal("words_text_too_long", count=len(text), limit=MAX_TEXT)
    result = WordList()
    for number, line, key in lines(text):
        rest = line.partition(":")[2]
        if key:
            if result.pairs:
                result.problems.append((number, Refusal("words_header_late", header=key)))
            elif key == "title" and len(tidy(rest)) > MAX_TITLE:
                result.problems.append((number, Refusal("words_title_too_long", limit=MAX_TITLE)))
            elif key == "title":
                result.title = tidy(rest)
            elif key == "check":
                if tidy(rest).lower() in CHECKS:
                    result.check = tidy(rest).lower()
                else:
                    result.problems.append(
                        (number, Refusal("words_check_header", choices=", ".join(CHECKS))))
            else:
                split = split_pair(rest)
                sides = split if isinstance(split, Refusal) else _check(*split)
                if isinstance(sides, Refusal):
                    result.problems.append(
                        (number, Refusal("words_sides_header", problem=sides.phrase())))
                else:
                    result.sides = sides
            continue
        pair = split_pair(line)
        if isinstance(pair, Refusal):
            result.problems.append((number, pair))
        else:
            result.add(number, *pair)
    result.check_size(minimum)
    return result


def from_table(text: str) -> str:
    """A spreadsheet's .csv or .tsv export as a list in the plain-text format, line for line
    (so the parser's line numbers are the file's): each row's cells joined by `` ; ``
    (empty cells at the end dropped), a row spanning lines on its first line.  The column
    separator (tab, ``;`` or ``,``) is the one most frequent on the first lines."""
    head = "\n".join(text.splitlines()[:20])
    delimiter = max("\t;,", key=head.count)
    out: list[str] = []
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    start = 1
    for row in reader:
        cells = [" ".join(cell.split()) for cell in row]
        while cells and not cells[-1]:
            cells.pop()
        out.extend([""] * (start - 1 - len(out)))
        out.append(" ; ".join(cells))
        start = reader.line_num + 1
    return "\n".join(out)


def tiles_per_pair(count: int) -> list[int]:
    """How many of the 36 tiles each of ``count`` pairs gets (a game of a list shorter than
    36 pairs): tile ``i`` shows pair ``i % count``, so every pair gets 36 // count tiles and
    the first 36 % count pairs one more; with 36 or more pairs each gets one."""
    if count >= TILES:
        return [1] * count
    return [TILES // count + (i < TILES % count) for i in range(count)]


def builtin(name: str) -> WordList:
    """A built-in list by name (a Refusal for an unknown name)."""
    if name not in BUILTIN:
        raise Refusal("words_unknown_list", name=brief(name), known=", ".join(BUILTIN))
    return parse(asset_path("words", f"{name}.txt").read_text(encoding="utf-8"))


def from_option(value: Any) -> dict:
    """Validate the ``words`` game option and return it in canonical form.

    ``value`` is a built-in list name or ``{"pairs": [[a, b], …], "sides": [a, b]?,
    "title": str?}`` with MIN_PAIRS to MAX_PAIRS pairs.  Raises a Refusal naming the first problem.
    """
    if isinstance(value, str):
        return builtin(value).option()
    if not isinstance(value, dict) or not isinstance(value.get("pairs"), list):
        raise Refusal("words_option", example='{"pairs": [["a", "b"], …]}')
    unknown = sorted(set(value) - {"title", "sides", "pairs"})
    if unknown:
        raise Refusal("words_option_fields", names=brief(", ".join(unknown[:5])))
    title, sides = value.get("title", ""), value.get("sides", list(DEFAULT_SIDES))
    if len(value["pairs"]) > MAX_PAIRS:
        raise Refusal("words_too_many", count=len(value["pairs"]), limit=MAX_PAIRS)
    if not isinstance(title, str) or len(title) > MAX_TITLE:
        raise Refusal("words_option_title", limit=MAX_TITLE)
    if not (isinstance(sides, list) and len(sides) == 2 and all(isinstance(s, str) for s in sides)
            and not isinstance(sides := _check(*sides), Refusal)):
        raise Refusal("words_option_sides", example='["Singular", "Plural"]')
    result = WordList(title=tidy(title), sides=sides)
    for number, pair in enumerate(value["pairs"], start=1):
        if not (isinstance(pair, list) and len(pair) == 2
                and all(isinstance(s, str) for s in pair)):
            raise Refusal("words_option_pair", number=number, value=brief(pair))
        result.add(number, *pair)
    result.check_size(MIN_PAIRS)
    if result.problems:
        number, problem = result.problems[0]
        if number:
            raise Refusal("words_option_pair_problem", number=number, problem=problem.phrase())
        raise problem
    return result.option()
