"""The Inselspiel expert's search: the territory flood it counts by, and its pruned replies."""

from __future__ import annotations

import random
from functools import reduce
from operator import or_

from insel.ai import inselspiel as player
from insel.ai.players import Clock
from insel.games import get_game
from insel.games.inselspiel import InselState, held
from insel.state import CHANCE


def random_positions(seed: int, plies: int, **options: object) -> list[InselState]:
    """Every position of a random game (a pass only when nothing else is legal)."""
    rng, state = random.Random(seed), get_game("inselspiel").new(seed=seed, **options)
    out = []
    while not state.is_over() and len(state.moves) < plies:
        moves = [m for m in state.legal_moves() if m != "pass"] or ["pass"]
        state = state.play(state.sample_chance() if state.current_player() == CHANCE
                           else rng.choice(moves))
        assert isinstance(state, InselState)
        out.append(state)
    return out


def plain_territory(state: InselState) -> tuple[list[int], dict[int, int]]:
    """Rule 8 walked place by place: each party's enemy reach grown one neighbour list at
    a time, and the capitals it holds (the engine floods a byte of places at a time)."""
    island, masks = state.island, state.team_mask
    owner: dict[int, int] = {}
    for team, own in enumerate(masks):
        reach = plain_flood(state, sum(masks) | island.port_mask, own)
        for c in island.capitals:
            if held(state, c, team, reach):
                owner[c] = team
    return [list(owner.values()).count(t) for t in range(len(masks))], owner


def plain_flood(state: InselState, seeds: int, own: int) -> int:
    """The places reached from ``seeds`` through places not in ``own`` (both bitmasks),
    grown one neighbour list at a time."""
    island = state.island
    reach = frontier = seeds & ~own
    while frontier:
        grown = 0
        for v in range(len(island)):
            if frontier >> v & 1:
                grown |= island.neighbour_mask[v]
        frontier = grown & ~own & ~reach
        reach |= frontier
    return reach


def test_the_territory_flood_agrees_with_the_plain_walk():
    """Two seats, three, and two teams of two: the same capitals for the same parties."""
    games = [random_positions(seed, 300, **options) for seed, options in (
        (1, {}), (2, {"players": 3}), (3, {"players": 4, "teams": [[0, 2], [1, 3]]}))]
    counted = 0
    for state in (s for game in games for s in game[::3]):
        engine = state._clone()
        engine._territory = None
        ours = engine.territory()
        assert ours == plain_territory(state)
        counted += sum(ours[0])
    assert counted > 50  # the positions had capitals to count


def thrown_position() -> InselState:
    """Seat 0 to act after a throw, well into a random game, with many actions."""
    state = next(s for s in random_positions(5, 400)[60:]
                 if s.current_player() == 0 and len(s.legal_moves()) > 30)
    return state


def run(search):  # type: ignore[no-untyped-def]
    """The value a search generator returns."""
    try:
        while True:
            next(search)
    except StopIteration as stop:
        return stop.value


def changed_beside(state: InselState, moves: list[str]) -> tuple[InselState, str, int]:
    """``state`` with a stone of seat 1 on an empty place next to the end of one of
    ``moves`` that stays legal; that move and the place."""
    island = state.island
    for move in moves:
        end = island.index[move.split(">")[-1]] if ">" in move else -1
        for place in (v for v in range(len(island)) if end >= 0
                      and island.neighbour_mask[end] >> v & 1 and state.board[v] < 0):
            other = state._clone()
            other.board[place] = 1
            other.team_mask[state.team_of[1]] |= 1 << place
            other._legal = other._territory = None
            if move in other.legal_moves():
                return other, move, place
    raise AssertionError("no such move")


def test_pruned_replies_weigh_the_best_few_and_the_actions_near_a_change():
    state = thrown_position()
    answers = player.Answers(state.island)
    legal = state.legal_moves()
    assert answers.moves(state) == legal  # first meeting: every action
    after, _ = run(answers.best(state, Clock(60_000)))
    _, ranking, _ = answers.first[(state.to_move, state.die)]
    assert sorted(ranking) == sorted(legal)
    # the same seat and throw with a stone of the other seat set next to where one of
    # the poorer actions ends (the action still legal)
    other, poor, place = changed_beside(state, ranking[player.REPLY_KEEP:])
    weighed = answers.moves(other)
    assert poor in weighed
    zone = (1 << place) | state.island.around(1 << place)
    now_legal = other.legal_moves()
    best_kept = [m for m in ranking if m in now_legal][:player.REPLY_KEEP]
    near = [m for m in now_legal if answers.touches(m) & zone or m not in ranking]
    assert set(weighed) == {*best_kept, *near, "pass"}
    assert len(weighed) < len(now_legal) / 2  # far and poor actions are left out
    assert after.moves[-1] == ranking[0]


def test_with_nothing_pruned_the_expert_search_weighs_like_the_plain_one(monkeypatch):
    """With every ranked action kept, the pruned replies are the full best replies, so
    :func:`outlook` gives the same values at depth one and two."""
    monkeypatch.setattr(player, "REPLY_KEEP", 10_000)
    state = thrown_position()
    team = state.team_of[state.current_player()]
    answers = player.Answers(state.island)
    for move in [m for m in state.legal_moves() if m != "pass"][:2]:
        child = state.play(move)
        for depth in (1, 2):
            pruned = run(player.outlook(child, team, depth, Clock(60_000), answers))
            plain = run(player.outlook(child, team, depth, Clock(60_000)))
            assert pruned == plain


def test_the_expert_weighs_each_position_once_a_move(monkeypatch):
    """Within a move the expert's search meets positions again by another order of the
    same moves; :meth:`Answers.weigh` weighs each once and gives the same values."""
    state = thrown_position()
    team = state.team_of[state.current_player()]
    boards: list[tuple[int, ...]] = []
    plain = player.party_values

    def counted(position: InselState) -> list[float]:
        boards.append(tuple(position.board))
        return plain(position)

    monkeypatch.setattr(player, "party_values", counted)
    answers = player.Answers(state.island)
    for move in [m for m in state.legal_moves() if m != "pass"][:3]:
        run(player.outlook(state.play(move), team, 2, Clock(60_000), answers))
    assert len(boards) == len(set(boards)) > 100
    for board, values in answers.values.items():
        position = state._clone()
        position.board = list(board)
        position.team_mask = [sum(1 << v for v, s in enumerate(board)
                                  if s >= 0 and state.team_of[s] == t)
                              for t in range(len(state.team_mask))]
        position._legal = position._territory = None
        assert values == plain(position)


def test_the_map_without_a_party_falls_into_parts_as_the_plain_walk_finds():
    """``IslandMap.parts`` (the engine's enemy reach is the union of the parts holding an
    enemy stone or a free port): disjoint, covering every place left, each connected and
    closed, on the map with each party's stones taken out."""
    for state in random_positions(4, 300)[::10]:
        island = state.island
        for own in state.team_mask:
            parts = island.parts(own)
            assert island.parts(own) is parts  # kept
            assert sum(parts) == ((1 << len(island)) - 1) & ~own
            assert reduce(or_, parts) == sum(parts)  # disjoint
            for part in parts:
                assert plain_flood(state, part & -part, own) == part
