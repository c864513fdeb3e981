"""Inselspiel: a territory evaluation and an expectimax over the die, 2–6 seats, teams.

Nothing is hidden in this game; only the die is unknown.  The AI always rolls (a pass
after the throw counts the same as one before it, and the throw may show a useful
number) and then weighs every legal action by the position it leads to.

Evaluation of a party (rule 8 decides what counts):

- every capital that counts for it now (``state.territory()``): ``CAPITAL``;
- a capital it holds that does not count yet (no friendly neighbour): ``HOLD``, plus the
  chance that one of its stones reaches an empty neighbour next throw (a pair of stones
  side by side can never be killed, so that secures the capital for good);
- an empty capital with one of its stones next to it: ``NEAR`` plus the chance of moving
  onto it; else the chance of reaching it or a place next to it;
- a stone with no friend beside it, hostile stones on all its neighbours but one empty
  place, dies if an enemy reaches that place (rule 5): minus its worth times that chance.

"The chance of reaching" a place is the share of the six throws for which one of the
party's stones (or a landing through a port not held by an enemy) can end there —
computed from road walks alone, without the blocking checks (cheap, and a fair guess).
A seat values a position as its party's evaluation minus the best other party's.

Passing (the game ends when every seat passes in a row, so a pass may end it):

- a seat whose party leads in capitals counting now passes unless a move gains at
  least ``LEAD_MARGIN`` (the leader wants the game to end);
- any other seat moves when a move gains at least ``MIN_GAIN``; else it still moves
  while it is hopeful (enough capitals are open to catch up and some other throw would
  give a gaining move), and passes only when it is not: then the game may end in its
  loss, but a stuck AI never keeps a game going forever;
- after ``PATIENCE`` plies every seat passes unless a move gains ``LEAD_MARGIN``.

Levels: easy = one ply with noise on the gains (it passes by the noiseless ones);
medium = one ply; hard = one ply, then for the best few candidates the next seat's best
one-ply answer to each of the six throws (expectimax over the die); expert = the same
expectimax over every candidate, best one-ply first, until its clock is out.  The work
of the other levels is counted in positions weighed times parties (``Budget``), never in
time.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from functools import cache

from insel.ai.players import Clock
from insel.games.inselspiel import DIE, InselState
from insel.islandmaps import IslandMap
from insel.state import State

CAPITAL = 10.0
HOLD = 4.0
NEAR = 2.5
SECURE = 3.0  # times the chance to pair a held capital, or to step onto a neighboured one
APPROACH = 1.0  # times the chance to reach an empty capital
APPROACH_NEXT = 0.5  # times the chance to reach a place next to it
STONE = 0.5  # worth of a stone not on a capital (for the danger of losing it)
LEAD_MARGIN = 2.0
MIN_GAIN = 0.1
PATIENCE = 600
# level -> (candidates answered by the next seat, budget (see Budget), noise on the gains)
LEVELS = {"easy": (0, 5000, 4.0), "medium": (0, 5000, 0.0), "hard": (6, 5000, 0.0),
          "expert": (1000, 10**9, 0.0)}  # expert: every candidate, until its clock is out


@cache
def reach_table(island: IslandMap) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per place and throw, the mask of walk ends (blocking ignored); per port and throw,
    the mask of landing ends.  Index ``[place][die - 1]``."""
    moves = tuple(tuple(_ends(island.walks(v, d)) for d in range(1, DIE + 1))
                  for v in range(len(island)))
    lands = tuple(tuple((1 << p) if d == 1 else _ends(island.walks(p, d - 1))
                        for d in range(1, DIE + 1)) for p in range(len(island)))
    return moves, lands


def _ends(walks: tuple[tuple[int, int], ...]) -> int:
    mask = 0
    for end, _ in walks:
        mask |= 1 << end
    return mask


def reach(state: InselState, team: int) -> list[int]:
    """Per throw, the places ``team`` could end a move or landing on (blocking ignored)."""
    moves, lands = reach_table(state.island)
    board, team_of = state.board, state.team_of
    out = [0] * DIE
    for v, seat in enumerate(board):
        if seat >= 0 and team_of[seat] == team:
            row = moves[v]
            for d in range(DIE):
                out[d] |= row[d]
    hostile = sum(state.team_mask) & ~state.team_mask[team]
    for p in state.island.ports:
        if not hostile >> p & 1:
            row = lands[p]
            for d in range(DIE):
                out[d] |= row[d]
    return out


def chance(masks: list[int], places: int) -> float:
    """Share of the throws whose mask meets ``places`` (a bitmask)."""
    return sum(1 for m in masks if m & places) / DIE


def party_values(state: InselState) -> list[float]:
    """The evaluation of every party (see the module docstring)."""
    island, board, team_of, masks = state.island, state.board, state.team_of, state.team_mask
    teams = len(masks)
    counts, owner = state.territory()
    values = [CAPITAL * n for n in counts]
    reaches = [reach(state, t) for t in range(teams)]
    occupied = sum(masks)
    for c in island.capitals:
        if c in owner:
            continue
        nbrs = island.neighbour_mask[c]
        empty_nbrs = nbrs & ~occupied
        if board[c] >= 0:
            t = team_of[board[c]]
            values[t] += HOLD + SECURE * chance(reaches[t], empty_nbrs)
            continue
        for t in range(teams):
            if masks[t] & nbrs:
                values[t] += NEAR + SECURE * chance(reaches[t], 1 << c)
            else:
                values[t] += (APPROACH * chance(reaches[t], 1 << c)
                              + APPROACH_NEXT * chance(reaches[t], empty_nbrs))
    for v, seat in enumerate(board):
        if seat < 0:
            continue
        t = team_of[seat]
        nbrs = island.neighbour_mask[v]
        if nbrs & masks[t]:
            continue
        empty = nbrs & ~occupied
        if empty & (empty - 1) or not empty:
            continue  # two or more ways out, or already enclosed
        danger = max(chance(reaches[o], empty) for o in range(teams) if o != t)
        worth = HOLD if island.kinds[v] == "capital" else STONE
        values[t] -= worth * danger
    return values


def margin(values: list[float], team: int) -> float:
    """``team``'s evaluation minus the best other party's."""
    return values[team] - max(v for t, v in enumerate(values) if t != team)


def pass_bonus(state: InselState, team: int) -> float:
    """The gain a move must beat for ``team`` to prefer it to a pass."""
    counts, _ = state.territory()
    best_other = max(n for t, n in enumerate(counts) if t != team)
    return LEAD_MARGIN if counts[team] > best_other or len(state.moves) >= PATIENCE else MIN_GAIN


class Budget:
    """Positions left to weigh, each costing one unit per party (the evaluation's cost
    grows with the number of parties)."""

    def __init__(self, units: int, parties: int) -> None:
        self.left = units
        self.cost = parties

    def spend(self, positions: int) -> bool:
        """Take ``positions`` from the budget; False (and nothing taken) if too few."""
        if positions * self.cost > self.left:
            return False
        self.left -= positions * self.cost
        return True


def gains(state: InselState, team: int) -> Generator[None, None, list[tuple[float, str]]]:
    """(gain over passing, move) for every move but the pass, in the engine's order."""
    base = margin(party_values(state.play("pass")), team)
    out = []
    for move in state.legal_moves():
        if move == "pass":
            continue
        out.append((margin(party_values(state.play(move)), team) - base, move))
        yield
    return out


def hopeful(state: InselState, team: int, budget: Budget) -> Generator[None, None, bool]:
    """Whether a trailing (or level) ``team`` can still turn the game: capitals are open,
    enough of them, and some other throw would give it a move that gains (assumed so
    when the budget runs out before that is known)."""
    counts, _ = state.territory()
    best_other = max(n for t, n in enumerate(counts) if t != team)
    open_capitals = len(state.island.capitals) - sum(counts)
    if not open_capitals or counts[team] + open_capitals < best_other:
        return False
    for die in range(1, DIE + 1):
        if die != state.die:
            other = with_throw(state, die)
            if not budget.spend(len(other.legal_moves())):
                return True
            if any(g >= MIN_GAIN for g, _ in (yield from gains(other, team))):
                return True
    return False


def with_throw(state: InselState, die: int) -> InselState:
    """``state`` as if the die had shown ``die`` (for weighing the other throws)."""
    twin = state._clone()
    twin.die, twin._legal = die, None
    return twin


def search(state: State, seat: int, level: str, rng: random.Random,
           knowledge: float = 1.0, clock: Clock | None = None) -> Generator[None, None, str]:
    """The action for ``seat``: roll, then the best-valued move (see the levels above)."""
    assert isinstance(state, InselState)
    legal = state.legal_moves()
    yield
    if "roll" in legal:
        return "roll"
    if len(legal) == 1:
        return legal[0]
    width, units, noise = LEVELS[level]
    team = state.team_of[seat]
    budget = Budget(units, len(state.team_mask))
    scored = [(g + rng.gauss(0, noise), g, m) for g, m in (yield from gains(state, team))]
    budget.spend(len(scored))
    scored.sort(key=lambda t: -t[0])
    bonus = pass_bonus(state, team)
    if scored[0][1] < bonus and (
            bonus == LEAD_MARGIN or not (yield from hopeful(state, team, budget))):
        return "pass"
    if not width:
        return scored[0][2]
    return (yield from answered(state, [m for *_, m in scored], team, width, budget, clock))


def answered(state: InselState, ranked: list[str], team: int, width: int,
             budget: Budget, clock: Clock | None = None) -> Generator[None, None, str]:
    """The best of the first ``width`` candidates once the next seat answers each throw
    with its best one-ply move; stops when the budget cannot pay for the next throw or
    the ``clock`` is out."""
    best, best_value = ranked[0], None
    for move in ranked[:width]:
        child = state.play(move)
        if child.team_of[child.current_player()] == team:
            total = margin(party_values(child), team) * DIE
        else:
            total = 0.0
            rolled = child.play("roll")
            for d in range(1, DIE + 1):
                after = rolled.play(f"roll:{d}")
                if not budget.spend(len(after.legal_moves())) or (clock and clock.out()):
                    return best
                total += yield from reply_value(after, team)
        if best_value is None or total > best_value:
            best, best_value = move, total
    return best


def reply_value(state: InselState, team: int) -> Generator[None, None, float]:
    """``team``'s value after the seat to move picks its best one-ply action."""
    mover = state.team_of[state.current_player()]
    bonus = pass_bonus(state, mover)
    best, mine = None, 0.0
    for move in state.legal_moves():
        values = party_values(state.play(move))
        theirs = margin(values, mover) + (bonus if move == "pass" else 0.0)
        if best is None or theirs > best:
            best, mine = theirs, margin(values, team)
        yield
    return mine
