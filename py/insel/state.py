"""The common State contract every game engine implements (see the package docstring)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Self

from insel.inputs import brief
from insel.refusal import Refusal

CHANCE = -1
TERMINAL = -2
MAX_SEED = 2**53 - 1  # seeds are whole numbers the page can hold exactly
MAX_MOVE = 4000  # characters; a Wort-Reversi move with many long answers stays well below


class IllegalMove(Refusal):
    """A move the rules forbid; its key names the rule (see insel.refusal)."""


class State(ABC):
    """An immutable game position plus the moves that led to it.

    Subclasses implement the abstract methods; ``play`` clones, applies and records.
    Equality compares the game-specific ``_key()`` (not the move history), so two move
    orders reaching the same position are equal.
    """

    game_id: ClassVar[str] = ""

    def __init__(self, seed: int, options: dict[str, Any]) -> None:
        self.seed = seed
        self.options = dict(options)
        self.moves: tuple[str, ...] = ()

    # --- to implement -------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """Seat to move, CHANCE, or TERMINAL."""

    @abstractmethod
    def legal_moves(self) -> list[str]:
        """Canonical moves (or chance outcomes) in a deterministic order."""

    @abstractmethod
    def _apply(self, move: str) -> str:
        """Apply ``move`` to this fresh clone; return its canonical form or raise IllegalMove."""

    @abstractmethod
    def _clone(self) -> Self:
        """An independent copy of this state (moves included)."""

    @abstractmethod
    def _key(self) -> tuple:
        """A hashable summary of everything that matters for the rules from here on."""

    @abstractmethod
    def scores(self) -> list:
        """Current score of each seat."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Winning seats once the game is over (several on a draw); [] before that."""

    @abstractmethod
    def view(self, seat: int | None = None) -> dict:
        """JSON-serialisable picture for ``seat``; ``None`` is a spectator."""

    # --- shared behaviour ---------------------------------------------------------
    @property
    def num_players(self) -> int:
        return int(self.options.get("players", 2))

    def is_over(self) -> bool:
        return self.current_player() == TERMINAL

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """(outcome, probability) pairs at a chance node; uniform unless overridden."""
        moves = self.legal_moves() if self.current_player() == CHANCE else []
        return [(m, 1 / len(moves)) for m in moves]

    def play(self, move: str) -> Self:
        if not isinstance(move, str):
            raise IllegalMove("move_not_text", type=type(move).__name__)
        if len(move) > MAX_MOVE:
            raise IllegalMove("move_too_long", limit=MAX_MOVE, move=brief(move))
        if self.is_over():
            raise IllegalMove("game_over")
        child = self._clone()
        canonical = child._apply(move.strip())
        child.moves = (*self.moves, canonical)
        return child

    def sample_chance(self) -> str:
        """The chance outcome the seed draws here: from the seed and every move so far, so
        a record replays to the same outcome and another move order draws anew.  Replay
        refuses a record whose chance moves differ from these draws (unless
        ``chance_by_hand``)."""
        rng = random.Random("\n".join((self.game_id, str(self.seed), *self.moves)))
        outcomes = self.chance_outcomes()
        return rng.choices([m for m, _ in outcomes], weights=[p for _, p in outcomes])[0]

    def chance_by_hand(self) -> bool:
        """True when the players decide chance outcomes themselves (e.g. real dice, an
        option marked in the record): then ``play`` takes any outcome at a chance point."""
        return False

    # --- what a seat may know (the session sends only this to the page) -------------
    def public_options(self) -> dict:
        """The options as every seat may see them; games with secret options override."""
        return dict(self.options)

    def public_move(self, move: str, seat: int | None) -> str:
        """``move``, just played from this state, as ``seat`` may know it (None: a
        spectator); games with secret moves override (e.g. a card discarded face down)."""
        return move

    def said(self) -> dict | None:
        """What the move that led here did, in more words than its notation, for the move
        list (op ``history``): None unless a game says more (Wort-Reversi: the tile placed,
        each answer with the right form).  Only what every seat has already been shown."""
        return None

    def public_legal_moves(self) -> list[str]:
        """The legal moves as the page may see them; games whose canonical moves carry
        secrets (e.g. correct answers) list them without."""
        return self.legal_moves()

    def record(self) -> dict:
        """The full game record, secrets included (see insel.games.public_record)."""
        return {
            "game": self.game_id,
            "options": dict(self.options),
            "seed": self.seed,
            "moves": list(self.moves),
        }

    def base_view(self) -> dict:
        """Fields every view carries; games extend this dict in ``view``."""
        return {
            "game": self.game_id,
            "options": self.public_options(),
            "current": self.current_player(),
            "over": self.is_over(),
            "scores": self.scores(),
            "winners": self.winners(),
            "ply": len(self.moves),
            "last": self.moves[-1] if self.moves else None,
        }

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"<{type(self).__name__} ply={len(self.moves)} to_move={self.current_player()}>"


class Game(ABC):
    """A registered game: its id, names, seat range, option defaults and its kind.

    The kind, as OpenSpiel's ``GameType`` declares it, so the page learns it from the engine
    rather than from a flag of its own: ``information`` is ``"perfect"`` when every seat may
    see the whole position (what is hidden, such as Wort-Reversi's answers, is hidden from
    every seat alike) or ``"imperfect"`` when a seat holds what another may not see (Kahuna's
    hands: the page shows a curtain between people at one device); ``chance`` is
    ``"deterministic"`` (no chance at all), ``"sampled"`` (drawn from the seed inside the
    game, as a shuffled deal) or ``"explicit"`` (chance moves in the record, as a die).
    """

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    defaults: ClassVar[dict[str, Any]] = {}
    information: ClassVar[str] = "perfect"
    chance: ClassVar[str] = "deterministic"

    def options(self, **given: Any) -> dict[str, Any]:
        """Defaults merged with ``given``; unknown option names are refused."""
        self._check_names(given)
        return {**self.defaults, **given}

    def _check_names(self, given: dict[str, Any]) -> None:
        """Refuse option names this game does not have; ``seed`` with its own reason (it
        stands beside the options in a request or record, never among them)."""
        if "seed" in given:
            raise Refusal("options_seed", game=self.id)
        unknown = sorted(set(given) - set(self.defaults))
        if unknown:
            names = brief(", ".join(str(name) for name in unknown[:5]))
            raise Refusal("options_unknown", game=self.id, names=names)

    def start(self, seed: int, options: dict[str, Any]) -> State:
        """The start position for ``seed`` and ``options`` as they arrive from outside (a
        request, a record): their names are checked before they become keyword arguments,
        so a name such as ``seed`` or ``self`` is refused with its reason."""
        self._check_names(options)
        return self.new(seed, **options)

    @abstractmethod
    def new(self, seed: int = 0, **options: Any) -> State:
        """The start position for ``seed`` and ``options`` (validated; ValueError if bad)."""
