"""The review of a finished game, as lichess's analysis board gives it: a graph of the
standing over the whole game and a mark for every choice of the seats judged.

- **The standing** of a position is the chance that the *viewer* (the first seat judged)
  wins it, 0 to 1, as the computer's own evaluation sees it (:func:`insel.ai.advice.appraise`
  and the AI modules' evaluations): Othello and Wort-Reversi from the alpha-beta player's
  searched value (discs, corners, mobility; exact at the end), Ponte from its projected
  score, Kahuna from its island majorities and points, Inselspiel from the capitals held
  and within reach.  Each game's value becomes a chance by a logistic curve over
  ``SCALES`` (Kahuna's evaluation is one already); a finished game is 1, ½ or 0.
- **A mark** (``good``, ``inaccuracy``, ``mistake``, ``blunder``) for each choice of a
  judged seat: by how much the move played lowered that seat's chance against the best
  move (``MARKS``, as lichess's thresholds on win chances).  For the marks worse than an
  inaccuracy: the better move and a reason that teaches, a phrase ``{key, params}`` worded
  by the page under ``engine.review_*`` (or the hint's reason for the better move).  The
  reasons read the game's own ideas off the positions and the moves that followed:
  a corner given up, an island the opponent closed next, an island's majority left open,
  a capital left in reach.  ``reason_of`` says which move the reason speaks of: the one
  ``played`` ("gives up the corner f6") or the ``better`` ("takes the corner a1", or the
  hint's reason).  Place and seat parameters are codes (``place``: an Inselspiel
  place id, ``seat``: a seat number) that the page words itself.

Position by position in a generator (``progress``: ``done`` of ``of``), run in slices.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import Any

from insel.ai.advice import appraise, choices, move_key, reason
from insel.refusal import Phrase, phrase
from insel.state import State

# losses of the mover's chance from which a move is an inaccuracy, a mistake, a blunder
MARKS = (("blunder", 0.3), ("mistake", 0.15), ("inaccuracy", 0.07))
TAUGHT = ("blunder", "mistake")  # the marks that get a better move and a reason
# the reasons that speak of the move played (the others: of the better move)
OF_PLAYED = frozenset(f"engine.review_{key}" for key in (
    "gives_corner", "mobility", "ponte_lets_close", "kahuna_open", "insel_reachable",
    "insel_captured"))
SCALES = {"othello": 40.0, "wortreversi": 40.0, "ponte": 12.0, "inselspiel": 8.0}
KAHUNA_SHARPEN = 4.0  # Kahuna's evaluation is a gentle chance (a stone: half a point of
# lead); a review weighs one action's stone or bridge more, as a player feels it


def chance(game_id: str, value: float) -> float:
    """An evaluation (in the game's units, for one seat) as that seat's chance to win."""
    if game_id == "kahuna":
        value = min(1 - 1e-9, max(1e-9, value))
        return 1 / (1 + math.exp(-KAHUNA_SHARPEN * math.log(value / (1 - value))))
    return 1 / (1 + math.exp(max(-60.0, min(60.0, -value / SCALES[game_id]))))


def mark(loss: float) -> str:
    """The mark for a move that lowered its seat's chance by ``loss``."""
    return next((name for name, limit in MARKS if loss >= limit), "good")


def final(state: State, seat: int) -> float:
    """``seat``'s result of a finished game: 1 won (alone or with its team), ½ shared with
    another side, 0 lost."""
    winners = state.winners()
    if seat not in winners:
        return 0.0
    return 1.0 if all(same_side(state, seat, other) for other in winners) else 0.5


def same_side(state: State, a: int, b: int) -> bool:
    """Whether seats ``a`` and ``b`` play for the same side (Inselspiel's teams)."""
    team_of = getattr(state, "team_of", None)
    return a == b if team_of is None else team_of[a] == team_of[b]


def standing(state: State, seat: int) -> float:
    """``seat``'s chance as the static evaluation sees ``state`` (no search): for the
    positions no choice was judged at (a pass, a throw, the computer's turns)."""
    if state.is_over():
        return final(state, seat)
    return chance(state.game_id, _STATIC[state.game_id](state, seat))


def _reversi_static(state: Any, seat: int) -> float:
    from insel.ai.alphabeta import Searcher

    return Searcher(state.board, 1).evaluate(state.discs[seat], state.discs[1 - seat])


def _ponte_static(state: Any, seat: int) -> float:
    from insel.ai.ponte import value

    return value(state, seat)


def _kahuna_static(state: Any, seat: int) -> float:
    from insel.ai.kahuna import evaluate

    return evaluate(state)[seat]


def _inselspiel_static(state: Any, seat: int) -> float:
    from insel.ai.inselspiel import margin, party_values

    return margin(party_values(state), state.team_of[seat])


_STATIC = {"othello": _reversi_static, "wortreversi": _reversi_static,
           "ponte": _ponte_static, "kahuna": _kahuna_static, "inselspiel": _inselspiel_static}


def absolute(state: Any, seat: int, values: dict[str, float]) -> dict[str, float]:
    """The appraisal's values as absolute ones (Inselspiel's are gains over a pass)."""
    if state.game_id != "inselspiel":
        return values
    from insel.ai.inselspiel import margin, party_values

    base = margin(party_values(state.play("pass")), state.team_of[seat])
    return {move: base + gain for move, gain in values.items()}


def review(states: list[State], seats: list[int], progress: dict
           ) -> Generator[None, None, dict]:
    """The review of the game along ``states`` for ``seats`` (the first is the viewer):
    ``{viewer, points, moves}``: ``points[ply]`` the viewer's chance in the position after
    ``ply`` moves (every position, the start and the end too), ``moves`` every judged
    choice ``{ply, seat, move, mark, loss}`` (``loss``: of the mover's chance, 0 to 1;
    ``move`` as :func:`move_key` gives it), with ``better`` and ``reason`` for the marks
    in ``TAUGHT`` (and ``reason_of``: ``played`` or ``better``, the move the reason speaks
    of)."""
    viewer = seats[0]
    plies = sorted({ply for seat in dict.fromkeys(seats) for ply in choices(states, seat)})
    moves = states[-1].moves
    progress.update(done=0, of=len(plies) + 1)
    points: list[float | None] = [None] * len(states)
    judged = []
    for ply in plies:
        state, played = states[ply], moves[ply]
        seat = state.current_player()
        values = absolute(state, seat, (yield from appraise(state, seat, played)))
        key = move_key(state, played)
        best = max(values, key=lambda move: values[move])
        top = chance(state.game_id, values[best])
        mine = chance(state.game_id, values[key]) if key in values else top
        ours = same_side(state, seat, viewer)
        points[ply] = top if ours else 1 - top
        if ply + 1 < len(states) and not states[ply + 1].is_over() and points[ply + 1] is None:
            points[ply + 1] = mine if ours else 1 - mine
        entry: dict[str, Any] = {"ply": ply, "seat": seat, "loss": round(max(0.0, top - mine), 3),
                                 "move": move_key(state, state.public_move(played, seat))}
        entry["mark"] = mark(entry["loss"]) if best != key else "good"
        if entry["mark"] in TAUGHT:
            entry["better"] = best
            entry["reason"] = teach(states, ply, best) or reason(state, best)
            played_of = entry["reason"] is not None and entry["reason"]["key"] in OF_PLAYED
            entry["reason_of"] = "played" if played_of else "better"
        judged.append(entry)
        progress["done"] += 1
        yield
    for ply, state in enumerate(states):
        if points[ply] is None:
            points[ply] = standing(state, viewer)
            yield
    progress["done"] += 1
    return {"viewer": viewer, "points": [round(p or 0.0, 3) for p in points], "moves": judged}


# --- reasons that teach --------------------------------------------------------------
def teach(states: list[State], ply: int, better: str) -> Phrase | None:
    """Why the move at ``ply`` was worse than ``better``, from the game's own ideas, or
    None when the game's reader finds nothing to say."""
    explain = _TEACHERS[states[ply].game_id]
    return explain(states, ply, better)


def _answers(states: list[State], ply: int) -> list[int]:
    """The plies after ``ply`` until its mover is to move again (the others' answers)."""
    seat = states[ply].current_player()
    out = []
    for later in range(ply + 1, len(states) - 1):
        if states[later].current_player() == seat:
            break
        out.append(later)
    return out


def _reversi_teach(states: list[State], ply: int, better: str) -> Phrase | None:
    from insel.ai.alphabeta import Searcher

    state: Any = states[ply]
    board, seat = state.board, state.turn
    own, opp = state.discs[seat], state.discs[1 - seat]
    n = board.size - 1
    corners = {board.names[r * (n + 1) + c] for r in (0, n) for c in (0, n)}
    if better in corners:
        return phrase("review_take_corner", square=better)
    after: Any = states[ply + 1]
    searcher = Searcher(board, 1)

    def replies(mine: int, theirs: int) -> set[str]:
        return {board.names[sq] for sq in range(board.size ** 2)
                if board.moves(theirs, mine) >> sq & 1}

    given = sorted(replies(after.discs[seat], after.discs[1 - seat]) & corners
                   - replies(own, opp))
    if given:
        return phrase("review_gives_corner", square=given[0])
    [(_sq, better_own, better_opp)] = searcher.children(own, opp, 1 << board.index[better])
    left = len(replies(after.discs[seat], after.discs[1 - seat]))
    fewer = len(replies(better_own, better_opp))
    if left > fewer + 1:
        return phrase("review_mobility", count=left, fewer=fewer)
    return None


def _ponte_teach(states: list[State], ply: int, better: str) -> Phrase | None:
    for later in _answers(states, ply):
        before, after = states[later], states[later + 1]
        colour = before.turn  # type: ignore[attr-defined]
        if after.result()[colour]["islands"] > before.result()[colour]["islands"]:  # type: ignore[attr-defined]
            square = after.moves[-1].replace("-", ",").split(",")[0]
            return phrase("review_ponte_lets_close", seat=before.current_player(),
                          square=square)
    return None


def _kahuna_teach(states: list[State], ply: int, better: str) -> Phrase | None:
    from insel.games.kahuna_board import ISLANDS

    seat = states[ply].current_player()
    mover_next = _answers(states, ply)
    start: Any = states[ply + 1]
    end: Any = states[mover_next[-1] + 1] if mover_next else start
    lost = [ISLANDS[i] for i, (a, b) in enumerate(zip(start.stones, end.stones, strict=True))
            if b not in (-1, seat) and a != b]
    if lost:
        return phrase("review_kahuna_open", island=lost[0])
    return None


def _inselspiel_teach(states: list[State], ply: int, better: str) -> Phrase | None:
    state: Any = states[ply]
    seat = state.current_player()
    island = state.island
    for later in _answers(states, ply):
        before: Any = states[later]
        move = states[-1].moves[later]
        mover = before.current_player()
        if mover < 0 or same_side(state, mover, seat) or ">" not in move:
            continue
        start, end = move.removeprefix("land:").split(">")
        after: Any = states[later + 1]
        if any(same_side(state, owner, seat) for _place, owner in after.captured):
            return phrase("review_insel_captured", place=end, start=start)
        if island.kinds[island.index[end]] == "capital":
            return phrase("review_insel_reachable", place=end, start=start)
    if ">" in better:
        end = better.split(">")[1]
        if island.kinds[island.index[end]] == "capital":
            return phrase("review_insel_capital", place=end)
    return None


_TEACHERS = {"othello": _reversi_teach, "wortreversi": _reversi_teach,
             "ponte": _ponte_teach, "kahuna": _kahuna_teach, "inselspiel": _inselspiel_teach}
