"""AI opponents for every game: levels, resumable thinking, measured strength.

``thinker(state, level, seed)`` starts a search for the seat to move; ``step(budget_ms)``
on it works in slices until it returns the move.  ``choose`` does all at once.  See
:mod:`insel.ai.players` for the contract (determinism, no hidden information).
"""

from insel.ai.players import LEVELS, Thinker, choose, thinker

__all__ = ["LEVELS", "Thinker", "choose", "thinker"]
