"""Inselspiele rule engines: pure Python, no browser imports.

Every game is a module in ``insel.games`` that registers one :class:`insel.state.Game`.
The whole contract a game fulfils (and that views, the AI and the tests rely on):

``get_game(id).new(seed=0, **options) -> State``
    Deterministic for a seed and options; options are validated (``ValueError``).
    ``get_game(id).start(seed, options)`` does the same for options from outside (a
    request, a record): their names are checked first (``seed`` is no option).
``state.current_player() -> int``
    Seat ``0..n-1``; :data:`CHANCE` when a random event is due, :data:`TERMINAL` when over.
``state.legal_moves() -> list[str]``
    Canonical move strings in a deterministic order.  At a chance node these are the
    outcomes (``state.chance_outcomes()`` gives their probabilities).
``state.play(move) -> State``
    A new state; the old one is unchanged.  Raises :class:`IllegalMove` naming the rule.
``state.is_over()``, ``state.scores()``, ``state.winners()``
``state.record() -> dict``
    ``{"game", "options", "seed", "moves"}``; ``insel.games.replay(record)`` rebuilds it.
``state.view(seat | None) -> dict``
    A JSON-serialisable picture for that seat, hidden information removed.

Randomness comes only from the seed (shuffles) or from chance moves kept in the record,
so a record always replays to the same state.
"""

from insel.state import CHANCE, TERMINAL, Game, IllegalMove, State

__all__ = ["CHANCE", "TERMINAL", "Game", "IllegalMove", "State"]
