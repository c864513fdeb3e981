"""Inselspiel: a territory evaluation and an expectimax over the die, 2–6 seats, teams.

Nothing is hidden in this game; only the die is unknown.  The AI always rolls (a pass
after the throw counts the same as one before it, and the throw may show a useful
number) and then weighs every legal action by the position it leads to.

Why two-seat games between equal players end level: the game ends when every seat has
passed in a row (rule 6), and a capital that counts (rule 8) is lost only by its own
party's move — a capital stone with a friend beside it can never be killed (rule 5), and a
capital outside the enemy reach is walled by stones that each have an empty place inside
the wall (or a friend), which no enemy can ever enter. So the game is a race for the ten
capitals of the default island; once all count, no seat can gain, both pass, and two
players of the same skill split them 5 to 5. What decides the race is tempo (a move spent
on nothing, or a pass while the other side still moves, is a capital given away), stones
left alone on a capital (killed by a stone on each of its two neighbours), and getting to
the open capitals first.

Evaluation of a party (rules 4, 5 and 8 in the "2. Fassung"; "Your turn", "Enclosure" and
"End and scoring" in ``assets/rules/inselspiel.en.txt``):

- every capital that counts for it now (``state.territory()``): ``CAPITAL``;
- a capital it holds that does not count yet (every neighbour in the enemy's reach, see
  ``insel.games.inselspiel.held``): ``HOLD``, plus the chance that one of its stones
  reaches an empty neighbour next throw (a pair of stones side by side can never be
  killed, so that secures the capital for good);
- an empty capital with one of its stones next to it: ``NEAR`` plus the chance of moving
  onto it; else the chance of reaching it or a place next to it;
- every empty capital that does not count yet and that the party could walk to (through
  places free of enemy stones, from a stone or through a port, rule 4) within
  ``HORIZON`` places: ``FAR`` times (1 − distance / ``HORIZON``), so stones further off
  than one throw still head for the open capitals (without it they shuffle on the spot);
- a stone with no friend beside it, hostile stones on all its neighbours but one empty
  place, dies if an enemy reaches that place (rule 5): minus its worth times that chance.

"The chance of reaching" a place is the share of the six throws for which one of the
party's stones (or a landing through a port not held by an enemy) can end there —
computed from road walks alone, without the blocking checks (cheap, and a fair guess).
A seat values a position as its party's evaluation minus the best other party's.

Passing (the game ends when every seat passes in a row, so a pass may end it):

- a seat whose party leads in capitals counting now: with ``tempo`` (hard, expert) it
  passes when the pass ends the game (every other seat has just passed) and otherwise
  whenever no move gains at least ``MIN_GAIN`` (a pass hands the others a free move, but
  a leader that plays on without gaining would keep the game going forever);
  without (easy, medium) it passes unless a move gains at least ``LEAD_MARGIN``;
- any other seat moves when a move gains at least ``MIN_GAIN``; else it still moves
  while it is hopeful (enough capitals are open to catch up and some other throw would
  give a gaining move), and passes only when it is not: then the game may end in its
  loss, but a stuck AI never keeps a game going forever;
- after ``PATIENCE`` plies every seat passes unless a move gains ``LEAD_MARGIN``.

Levels (``LEVELS``; the noise is Gaussian on every move's gain, from the seeded random
source, and the pass is decided by the noiseless gains):

- easy: one ply, noise of deviation 6 (a counting capital is worth ``CAPITAL`` = 10),
  a leader passes unless a move gains ``LEAD_MARGIN``;
- medium: one ply, noise of deviation 1.5, a leader passes like easy;
- hard: one ply, then for its best 6 candidates the next seat's best one-ply answer to
  each of the six throws (expectimax over the die, so it sees a capture the answer
  threatens), within a budget of 5000 units; it keeps the tempo;
- expert: iterative deepening of that expectimax until its clock is out (``outlook``):
  depth 1 is hard's search with pruned answers (the next seat answers each throw),
  depth 2 lets the seat after it answer each of its throws too (in a two-seat game: our
  own next move), and so on, each depth over the best ``EXPERT_WIDTH`` candidates of the
  depth before (8, then 6, then 2); each answer is the answering seat's best one-ply
  action (a best-reply expectimax: only the die branches, the answers do not).  The
  answers are pruned (:class:`Answers`): the first time the search meets a seat after a
  given throw it weighs every action and keeps their ranking; later it weighs only the
  best ``REPLY_KEEP`` of that ranking, the actions that start, land or end on or next to
  a place whose stone changed since, the actions a change opened, and the pass.  That
  makes an answer a fraction of a full one (7–12 actions of 25–110), so depth 2 fits
  the clock.  Within a move each position is weighed once (``Answers.weigh``: a quarter
  to a third come again by another order of the same moves).  An unfinished depth counts
  from its first candidate on (the previous best), as in the reversi search.

The work of the levels below expert is counted in positions weighed times parties
(``Budget``), never in time.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from functools import reduce
from operator import or_
from typing import NamedTuple

from insel.ai.players import Clock, TimeUp
from insel.bits import set_bits
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
FAR = 0.6  # an open capital HORIZON places away or nearer: FAR times (1 - distance / HORIZON)
HORIZON = 16
EXPERT_WIDTH = (8, 6, 2)  # the expert's candidates at each depth (answering seats)
REPLY_KEEP = 4  # of a seat's ranked actions after a throw, the best weighed again (Answers)
LEAD_MARGIN = 2.0
MIN_GAIN = 0.1
PATIENCE = 600


class Level(NamedTuple):
    width: int  # candidates answered by the next seat (0: one ply)
    units: int  # budget (see Budget)
    noise: float  # deviation of the noise on the gains
    tempo: bool  # a leader passes only to end the game (else: whenever no move gains much)


LEVELS = {"easy": Level(0, 5000, 6.0, False), "medium": Level(0, 5000, 1.5, False),
          "hard": Level(6, 5000, 0.0, True),
          "expert": Level(0, 0, 0.0, True)}  # deepened() until the clock is out


_REACH: dict[IslandMap, tuple[tuple[tuple[int, ...], ...], ...]] = {}


def reach_table(island: IslandMap) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per place and throw, the mask of walk ends (blocking ignored); per port and throw,
    the mask of landing ends.  Index ``[place][die - 1]``.  Built once per island."""
    if island not in _REACH:
        for _ in reach_table_built(island):
            pass
    return _REACH[island]


def reach_table_built(island: IslandMap) -> Generator[None, None, None]:
    """Build :func:`reach_table` for ``island`` a place at a time, yielding after each: the
    whole table takes about 50 ms in CPython and three times that in the page, too long
    for one slice of a search's first move."""
    if island in _REACH:
        return
    moves, lands = [], []
    for v in range(len(island)):
        moves.append(tuple(_ends(island.walks(v, d)) for d in range(1, DIE + 1)))
        lands.append(tuple((1 << v) if d == 1 else _ends(island.walks(v, d - 1))
                           for d in range(1, DIE + 1)))
        yield
    _REACH[island] = tuple(moves), tuple(lands)


def _ends(walks: tuple[tuple[int, int], ...]) -> int:
    mask = 0
    for end, _ in walks:
        mask |= 1 << end
    return mask


def reach(state: InselState, team: int) -> list[int]:
    """Per throw, the places ``team`` could end a move or landing on (blocking ignored)."""
    moves, _ = reach_table(state.island)
    hostile = sum(state.team_mask) & ~state.team_mask[team]
    out = list(landings(state.island, hostile & state.island.port_mask))
    for v in set_bits(state.team_mask[team]):
        out = [a | b for a, b in zip(out, moves[v], strict=True)]
    return out


_LANDS: dict[tuple[IslandMap, int], tuple[int, ...]] = {}


def landings(island: IslandMap, blocked: int) -> tuple[int, ...]:
    """Per throw, the places a landing can end on through a port not in ``blocked`` (a
    bitmask of ports held by an enemy)."""
    key = (island, blocked)
    if key not in _LANDS:
        _, lands = reach_table(island)
        rows = [lands[p] for p in island.ports if not blocked >> p & 1]
        _LANDS[key] = tuple(reduce(or_, throw, 0) for throw in zip(*rows, strict=True)
                            ) if rows else (0,) * DIE
    return _LANDS[key]


def chance(masks: list[int], places: int) -> float:
    """Share of the throws whose mask meets ``places`` (a bitmask)."""
    return (DIE - [m & places for m in masks].count(0)) / DIE


def distances(state: InselState, team: int, targets: int) -> dict[int, int]:
    """Places of ``targets`` (a bitmask) within ``HORIZON`` and how many places ``team``
    must walk to end there: from its stones, or landing through a port not held by an
    enemy (the port is place one), through places free of enemy stones (rule 4)."""
    island = state.island
    hostile = sum(state.team_mask) & ~state.team_mask[team]
    free = ~hostile
    ports = island.port_mask & free
    seen = frontier = state.team_mask[team]
    out: dict[int, int] = {}
    for d in range(1, HORIZON):
        grown = island.around(frontier)
        if d == 1:
            grown |= ports
        frontier = grown & free & ~seen
        seen |= frontier
        for c in set_bits(frontier & targets):
            out[c] = d
        if not frontier or not targets & ~seen:
            break  # nothing more to walk to, or every target found
    return out


def party_values(state: InselState) -> list[float]:
    """The evaluation of every party (see the module docstring)."""
    island, board, team_of, masks = state.island, state.board, state.team_of, state.team_mask
    teams = len(masks)
    counts, owner = state.territory()
    values = [CAPITAL * n for n in counts]
    reaches = [reach(state, t) for t in range(teams)]
    occupied = sum(masks)
    open_capitals = sum(1 << c for c in island.capitals if c not in owner and board[c] < 0)
    for t in range(teams):
        for d in distances(state, t, open_capitals).values():
            values[t] += FAR * (1 - d / HORIZON)
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
    for v in set_bits(occupied):
        t = team_of[board[v]]
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


def leads(state: InselState, team: int) -> bool:
    """Whether ``team`` has more capitals counting now than every other party."""
    counts, _ = state.territory()
    return counts[team] > max(n for t, n in enumerate(counts) if t != team)


def pass_bonus(state: InselState, team: int, tempo: bool) -> float:
    """The gain a move must beat for ``team`` to prefer it to a pass: a leader with
    ``tempo`` passes when the pass ends the game (every other seat has just passed),
    else it plays on like the others (a pass would hand the next seat a free move);
    without ``tempo`` it wants ``LEAD_MARGIN``."""
    if len(state.moves) >= PATIENCE:
        return LEAD_MARGIN
    if leads(state, team):
        if not tempo:
            return LEAD_MARGIN
        if state.passes == state.num_players - 1:
            return float("inf")
    return MIN_GAIN


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
    yield from reach_table_built(state.island)
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
    width, units, noise, tempo = LEVELS[level]
    team = state.team_of[seat]
    budget = Budget(units, len(state.team_mask))
    scored = [(g + rng.gauss(0, noise), g, m) for g, m in (yield from gains(state, team))]
    budget.spend(len(scored))
    scored.sort(key=lambda t: -t[0])
    bonus = pass_bonus(state, team, tempo)
    if max(g for _, g, _ in scored) < bonus and (
            bonus > MIN_GAIN or leads(state, team)
            or not (yield from hopeful(state, team, budget))):
        return "pass"
    ranked = [m for *_, m in scored]
    if clock:
        return (yield from deepened(state, ranked, team, clock))
    if not width:
        return ranked[0]
    return (yield from answered(state, ranked, team, width, budget))


def answered(state: InselState, ranked: list[str], team: int, width: int,
             budget: Budget) -> Generator[None, None, str]:
    """The best of the first ``width`` candidates once the next seat answers each throw
    with its best one-ply move; stops when the budget cannot pay for the next throw."""
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
                if not budget.spend(len(after.legal_moves())):
                    return best
                _, values = yield from best_reply(after)
                total += margin(values, team)
        if best_value is None or total > best_value:
            best, best_value = move, total
    return best


def deepened(state: InselState, ranked: list[str], team: int, clock: Clock
             ) -> Generator[None, None, str]:
    """The expert's move: :func:`outlook` of the best candidates, one answering seat
    deeper per round, each round over the best ``EXPERT_WIDTH[depth - 1]`` of the round
    before, until the ``clock`` is out (see the module docstring)."""
    order, best = ranked, ranked[0]
    answers = Answers(state.island)
    try:
        for depth, width in enumerate(EXPERT_WIDTH, start=1):
            scored: list[tuple[float, str]] = []
            for move in order[:width]:
                value = yield from outlook(state.play(move), team, depth, clock, answers)
                if not scored or value > max(v for v, _ in scored):
                    best = move
                scored.append((value, move))
            scored.sort(key=lambda t: -t[0])
            order = [m for _, m in scored]
    except TimeUp:
        pass
    return best


def outlook(state: InselState, team: int, depth: int, clock: Clock,
            answers: Answers | None = None) -> Generator[None, None, float]:
    """``team``'s expected margin once the next ``depth`` seats have each thrown the die
    and played their best one-ply action (the average over the six throws at each);
    with ``answers``, each answer is weighed among the pruned replies only."""
    if state.is_over():
        return margin(party_values(state), team)
    total = 0.0
    rolled = state.play("roll")
    for d in range(1, DIE + 1):
        thrown = rolled.play(f"roll:{d}")
        after, values = yield from (answers.best(thrown, clock) if answers
                                    else best_reply(thrown, clock))
        if depth > 1 and not after.is_over():
            total += yield from outlook(after, team, depth - 1, clock, answers)
        else:
            total += margin(values, team)
    return total / DIE


class Answers:
    """The expert's pruned replies.  The first time the search meets a seat to move
    after a given throw, every action is weighed and their ranking kept (with the
    stones as they stood); later, with that seat and throw again, only the best
    ``REPLY_KEEP`` of that ranking still legal, every action that starts, lands or ends
    next to (or on) a place whose stone changed since, every action not legal then (a
    road opened), and the pass are weighed: an action far from every change keeps about
    its value, and the few best of them stay in the running."""

    def __init__(self, island: IslandMap) -> None:
        self.island = island
        self.first: dict[tuple[int, int], tuple[list[int], list[str], set[str]]] = {}
        self._touched: dict[str, int] = {}
        self.values: dict[tuple[int, ...], list[float]] = {}

    def weigh(self, state: InselState) -> list[float]:
        """:func:`party_values` of ``state``, each position weighed once a move (they
        depend on the stones alone; a quarter to a third of the positions a search meets
        came before, by another order of the same moves)."""
        key = tuple(state.board)
        values = self.values.get(key)
        if values is None:
            values = self.values[key] = party_values(state)
        return values

    def touches(self, move: str) -> int:
        """The places ``move`` starts from, lands through or ends on (a bitmask)."""
        mask = self._touched.get(move)
        if mask is None:
            index = self.island.index
            names = move.split(":", 1)[-1].split(">")
            mask = self._touched[move] = sum(1 << index[n] for n in names if n in index)
        return mask

    def moves(self, state: InselState) -> list[str]:
        """The actions to weigh in ``state`` (every one on the first meeting)."""
        legal = state.legal_moves()
        ref = self.first.get((state.to_move, state.die))
        if ref is None:
            return legal
        masks, ranking, ranked = ref
        changed = reduce(or_, (a ^ b for a, b in zip(masks, state.team_mask, strict=True)))
        zone = changed | self.island.around(changed)
        allowed = set(legal)
        kept = set([m for m in ranking if m in allowed][:REPLY_KEEP])
        return [m for m in legal  # in the engine's order, so ties fall as in best_reply
                if m in kept or m not in ranked or m == "pass" or self.touches(m) & zone]

    def best(self, state: InselState, clock: Clock
             ) -> Generator[None, None, tuple[InselState, list[float]]]:
        """:func:`best_reply` among :meth:`moves`; ranks every action on a first
        meeting."""
        key = (state.to_move, state.die)
        mover = state.team_of[state.current_player()]
        bonus = pass_bonus(state, mover, True)
        weighed: list[tuple[float, str, InselState, list[float]]] = []
        for move in self.moves(state):
            clock.check()
            child = state.play(move)
            values = self.weigh(child)
            weighed.append((margin(values, mover) + (bonus if move == "pass" else 0.0),
                            move, child, values))
            yield
        best = max(weighed, key=lambda w: w[0])
        if key not in self.first:
            weighed.sort(key=lambda w: -w[0])
            ranking = [w[1] for w in weighed]
            self.first[key] = list(state.team_mask), ranking, set(ranking)
        return best[2], best[3]


def best_reply(state: InselState, clock: Clock | None = None
               ) -> Generator[None, None, tuple[InselState, list[float]]]:
    """The position after the seat to move plays its best one-ply action (a pass as the
    tempo levels weigh it), and the party values there; raises :class:`TimeUp` when the
    ``clock`` is out."""
    mover = state.team_of[state.current_player()]
    bonus = pass_bonus(state, mover, True)
    best: tuple[float, InselState, list[float]] | None = None
    for move in state.legal_moves():
        if clock:
            clock.check()
        child = state.play(move)
        values = party_values(child)
        theirs = margin(values, mover) + (bonus if move == "pass" else 0.0)
        if best is None or theirs > best[0]:
            best = theirs, child, values
        yield
    assert best is not None  # a seat that has thrown can always pass
    return best[1], best[2]
