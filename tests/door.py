"""Talking to the session's JSON door from tests, as the page does."""

import json

from insel.session import Session


def ask(session: Session, op: str, **args) -> dict:
    """Send ``{"op": op, **args}`` as JSON text and decode the answer."""
    return json.loads(session.handle(json.dumps({"op": op, **args})))


def keys_anywhere(value) -> set[str]:
    """Every object key in a decoded JSON value, at any depth."""
    if isinstance(value, dict):
        return set(value).union(*(keys_anywhere(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(keys_anywhere(v) for v in value))
    return set()


def refusal(answer: dict) -> str:
    """The message key of a refused answer (its reason phrase; see insel.refusal)."""
    assert answer["ok"] is False, answer
    return answer["reason"]["key"]
