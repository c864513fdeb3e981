"""Running the AI's searches (generators that yield between units of work) in tests."""

from collections.abc import Generator
from typing import TypeVar

Result = TypeVar("Result")


def finished(search: Generator[None, None, Result]) -> Result:
    """Run a search generator to its end; what it returns."""
    try:
        while True:
            next(search)
    except StopIteration as done:
        return done.value
