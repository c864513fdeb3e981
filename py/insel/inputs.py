"""Guards for input from outside Python: depth-limited JSON and short echoes of bad values.

Everything the page sends (requests, records, move strings) may be hostile or broken, so:

- :func:`loads` parses JSON only up to ``MAX_DEPTH`` levels of nesting (``json.loads``
  itself recurses and would end in a RecursionError, or in the browser a stack overflow);
- :func:`brief` is how an error message quotes a value it refuses: at most ``ECHO``
  characters, cut with "…", so a 1 MB input never makes a 1 MB answer, and in the page's own
  quotation marks („z9“, “z9”), never Python's ``'z9'``;
- :func:`whole` checks a whole number in a range (``true`` is no number here, although
  Python's ``bool`` is an ``int``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from insel.refusal import Param, Phrase, Refusal, phrase

MAX_DEPTH = 20  # our deepest request (a load with Inselspiel teams) nests 5 levels
ECHO = 60
# a JSON string (escapes included; an unclosed one runs to the end) or one bracket: the
# depth scan skips strings whole, in one linear pass (possessive, so no backtracking)
_TOKENS = re.compile(r'"(?:[^"\\]++|\\.?)*+"?|[\[\]{}]', re.DOTALL)


def echo(value: Any, limit: int = ECHO) -> str:
    """``value`` as short plain text, cut to ``limit`` characters with "…": a string as it is,
    anything else as its JSON (true, false, null, [1, 2])."""
    if isinstance(value, str):
        text = value[:limit + 1]
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, default=str)[:limit + 1]
        except (ValueError, RecursionError):  # a circular or too deep container
            text = type(value).__name__
    return text if len(text) <= limit else text[:limit - 1] + "…"


def brief(value: Any, limit: int = ECHO) -> Param:
    """``value`` as a refusal parameter: a whole number as itself (the page writes it its
    language's way); anything else (1.0 too, no whole number here) as :func:`echo`'s text in
    the phrase ``engine.quoted``, which the page puts in its language's quotation marks."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return phrase("quoted", text=echo(value, limit))


def whole(value: Any, what: Phrase, low: int, high: int) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (not a bool), else a
    Refusal naming ``what`` (a phrase, e.g. ``phrase("what_seed")``)."""
    if type(value) is not int or not low <= value <= high:
        raise Refusal("not_whole_number", what=what, low=low, high=high, value=brief(value))
    return value


def nesting(text: str) -> int:
    """The deepest bracket nesting of JSON ``text`` (brackets inside strings not counted)."""
    depth = deepest = 0
    for token in _TOKENS.finditer(text):
        bracket = token.group()
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif bracket in "]}":
            depth -= 1
    return deepest


def loads(text: str, what: Phrase | None = None, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON ``text``; a Refusal naming ``what`` (a phrase; default: the request) if it
    is invalid or nests too deeply."""
    what = what or phrase("what_request")
    if nesting(text) > max_depth:
        raise Refusal("json_too_deep", what=what, depth=max_depth)
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise Refusal("json_invalid", what=what, detail=err.msg) from None
    except ValueError as err:  # e.g. an integer with more digits than Python allows
        raise Refusal("json_unusable", what=what, detail=brief(str(err))) from None
