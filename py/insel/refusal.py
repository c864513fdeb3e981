"""Refusals: why an engine says no, as a message key and parameters, worded in the page.

Python holds no UI prose: a refusal is ``Refusal("ponte_rule1_two_squares", square="c3")``,
the session sends it as the phrase ``{"key": …, "params": …}`` and the page words it from
its catalogue (assets/i18n/<language>.json) under ``"engine.<key>"``.  A parameter is a
string (a name, or a value the person sent, quoted with ``insel.inputs.brief``), a number,
or a nested phrase made by :func:`phrase` (worded in turn).  The first argument of every
``Refusal``/``IllegalMove``/``phrase`` call is a string literal, so tests/test_refusals.py
finds every key by reading the source.  ``str(refusal)`` is a short language-neutral form
(``key {json params}``) for logs and the command line.

This module imports nothing of insel (the bottom floor): every other module may use it.
"""

from __future__ import annotations

import json

MAX_PARAM = 120  # characters of one string parameter in an answer

Phrase = dict  # {"key": "engine.<key>", "params": {name: Param}}
Param = str | int | float | Phrase


def phrase(key: str, **params: Param) -> Phrase:
    """A phrase to nest as a parameter: its key is the full catalogue key ``engine.<key>``."""
    return {"key": f"engine.{key}", "params": _capped(params)}


def _capped(params: dict) -> dict:
    """``params`` with every string cut to MAX_PARAM characters (nested phrases too)."""
    out: dict = {}
    for name, value in params.items():
        if isinstance(value, str) and len(value) > MAX_PARAM:
            value = value[:MAX_PARAM - 1] + "…"
        elif isinstance(value, dict):
            value = {**value, "params": _capped(value.get("params", {}))}
        out[name] = value
    return out


class Refusal(ValueError):
    """A request or move refused for a reason a person may read: ``key`` names the message
    (``engine.<key>`` in the catalogues), ``params`` fill its ``{placeholders}``."""

    def __init__(self, key: str, **params: Param) -> None:
        super().__init__(key)
        self.key = key
        self.params: dict[str, Param] = _capped(params)

    def __str__(self) -> str:
        if not self.params:
            return self.key
        return f"{self.key} {json.dumps(self.params, ensure_ascii=False, sort_keys=True)}"

    def reason(self) -> dict:
        """The phrase the session answers with: ``{"key": key, "params": params}``."""
        return {"key": self.key, "params": self.params}

    def phrase(self) -> Phrase:
        """This refusal as a parameter of another (its key prefixed with ``engine.``)."""
        return {"key": f"engine.{self.key}", "params": self.params}
