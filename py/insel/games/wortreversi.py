"""Wort-Reversi: Reversi on 6×6 with word tiles; naming the back of a tile turns it.

Rules (German rule text; board rules as in insel.games.reversi):

- §Material: 36 tiles from a word list (a list of 8 to 35 pairs repeats its pairs: tile
  ``i`` shows pair ``i % n``, so each pair is on 36 // n or one more tiles, see
  insel.wordlists.tiles_per_pair), one form of a pair on each colour side (by default
  singular on light, plural on dark; option ``swap_sides``).  The seed shuffles them: 4 go
  to the centre (diagonal start), 16 to each player.  Seat 0 plays dark and starts.
- §Zug: a placement must bracket opponent tiles.  The placed tile is the player's next
  tile in shuffled order (option ``hand``: any tile of the hand, named in the move); it
  shows the placer's colour side.
- §Umdrehen: before each bracketed tile turns, the player names the word on its back (the
  form on the placer's colour side).  A wrong answer leaves that tile as it is.
- §Passen / §Ende: a player without a bracketing placement passes; the game ends when
  neither can place (this includes "all 32 tiles placed": the board is then full).  Most
  tiles of one's colour wins; equal counts are a draw (both seats win).

Decisions where the rule text is silent:

- Move syntax: ``c4:["die Hunde","Katzen"]`` — square, ``:``, then a JSON array with one
  answer per bracketed tile, in ascending square order (a1, b1, …, row by row; see
  ``flips(square)`` and ``view()["quiz"]``).  With ``hand`` the tile id is named too:
  ``c4#17:[…]`` (id = tile number 0–35; with 36 pairs the index of the pair in the
  ``words`` option, with fewer the pair ``id % n``).  The record keeps the
  answers exactly as given; the engine grades them.  ``pass`` when no placement brackets.
  The answers must be a flat JSON array of texts (at most 100 characters each).
- Grading: case-insensitive, surrounding and repeated spaces ignored.  With
  ``articles_optional`` (default on) a leading article (der die das den dem des ein eine
  einen einem einer eines the a an) may be left out; if one is given it must be the right
  one.  Option ``ascii_spelling`` also accepts ae/oe/ue/ss for ä/ö/ü/ß.
- A placement whose answers are all wrong still places the tile (the bracket existed);
  nothing turns.
- A player out of tiles while the game goes on is given the opponent's next tile (the
  first of the opponent's remaining tiles in shuffled order).
- legal_moves() lists, per legal square (and, with ``hand``, per tile), the move with all
  answers correct: the AI and the tests use it inside Python.  The page never sees it: it
  gets ``public_legal_moves()``, the same placements without answers (``c4``, ``c4#17``,
  ``pass``), and appends the typed answers itself.
- ``multiple_choice``: the view offers the seat to move three options per tile it could
  turn (the right form, the tile's visible form if it differs, another form of the same
  side), in an order shuffled from the seed (which the page never sees) and fixed per tile
  and seat, so asking again tells nothing new.  Which option is right is not marked.
- ``words``: the list itself (see insel.wordlists.from_option) or a built-in list name.
  With more than 36 pairs the seed picks 36; the game's options (so its record, saves and
  links) keep only those 36, in list order, and the deal shuffles them with the seed, so
  the shortened record deals the same game.  The pairs are the answers: the public options
  (views, the session's public record) keep only the list's title and side names.
"""

from __future__ import annotations

import json
import random
from typing import Any, Self

from insel.games.reversi import DARK, LIGHT, ReversiState, squares
from insel.inputs import brief, loads
from insel.refusal import Refusal
from insel.state import Game, IllegalMove
from insel.wordlists import DEFAULT, TILES, builtin, from_option

SIZE = 6
MAX_ANSWER = 100
ARTICLES = frozenset({"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem",
                      "einer", "eines", "the", "a", "an"})
ASCII = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
FLAGS = ("hand", "swap_sides", "articles_optional", "ascii_spelling", "multiple_choice")


def grade(answer: str, correct: str, articles_optional: bool = True,
          ascii_spelling: bool = False) -> bool:
    """Whether ``answer`` names ``correct`` (§Umdrehen; the grading decision in the module
    docstring).  The one grading of the game: placements and the practice round use it."""
    opts = (articles_optional, ascii_spelling)
    article, rest = _normal(answer, *opts)
    right_article, right_rest = _normal(correct, *opts)
    return rest == right_rest and article in ("", right_article)


def _normal(text: str, articles_optional: bool, ascii_spelling: bool) -> tuple[str, str]:
    """(article or "", rest) of an answer, lower-cased with spaces tidied."""
    words = text.lower().split()
    if ascii_spelling:
        words = [w.translate(ASCII) for w in words]
    if articles_optional and len(words) > 1 and words[0] in ARTICLES:
        return words[0], " ".join(words[1:])
    return "", " ".join(words)


def _json(answers: list[str]) -> str:
    return json.dumps(answers, ensure_ascii=False, separators=(",", ":"))


class WortReversiState(ReversiState):
    """Adds tiles to the Reversi position.

    ``faces[id]`` = (dark form, light form) of pair ``id`` (shared, never mutated);
    ``tiles`` = tile id per square or -1; ``hands`` = each seat's remaining tile ids in
    shuffled order; ``log`` = per placement (seat, square, tile, ((square, tile, answer,
    right), …), move number) — the move record, decoded, for the view's feedback and the
    learning report (so a replay of the record rebuilds both).
    """

    game_id = "wortreversi"

    def __init__(self, seed: int, options: dict[str, Any]) -> None:
        super().__init__(seed, options, SIZE)
        words = options["words"]
        swap = options["swap_sides"]
        pairs = words["pairs"]  # 8 to 36: Game.new keeps only the pairs it uses
        self.faces = tuple((a, b) if swap else (b, a)
                           for a, b in (pairs[i % len(pairs)] for i in range(TILES)))
        self.pair_of = tuple(i % len(pairs) for i in range(TILES))
        chosen = list(range(TILES))
        random.Random(f"wortreversi:{seed}:deal").shuffle(chosen)
        self.chosen = tuple(chosen)
        tiles = [-1] * SIZE * SIZE
        for square, tile in zip(squares(self.discs[DARK] | self.discs[LIGHT]), chosen,
                                strict=False):
            tiles[square] = tile
        self.tiles = tuple(tiles)
        half = (TILES - 4) // 2
        self.hands = (tuple(chosen[4:4 + half]), tuple(chosen[4 + half:]))
        self.log: tuple = ()

    # --- rules ----------------------------------------------------------------------
    def available(self) -> tuple[int, ...]:
        """Tiles the seat to move may place: its next one (or whole hand with ``hand``);
        a seat out of tiles is given the opponent's next tile."""
        own = self.hands[self.turn] or self.hands[1 - self.turn][:1]
        return own if self.options["hand"] else own[:1]

    def correct(self, tile: int) -> str:
        """The back of ``tile`` for the seat to move: its face on the mover's colour."""
        return self.faces[tile][self.turn]

    def grading(self) -> dict[str, bool]:
        """The options that grading depends on (for ``grade``)."""
        return {"articles_optional": self.options["articles_optional"],
                "ascii_spelling": self.options["ascii_spelling"]}

    def is_right(self, answer: str, correct: str) -> bool:
        """Grade ``answer`` against ``correct`` with this game's options (``grade``)."""
        return grade(answer, correct, **self.grading())

    def public_legal_moves(self) -> list[str]:
        """The legal placements without their answers (``c4``, ``c4#17``) and ``pass``."""
        return [move.partition(":")[0] for move in self.legal_moves()]

    def public_options(self) -> dict:
        """The options without the pairs (they are the answers): title and side names."""
        words = self.options["words"]
        return {**self.options, "words": {"title": words["title"], "sides": words["sides"]}}

    def placement_moves(self, indices: list[int]) -> list[str]:
        names, hand = self.board.names, self.options["hand"]
        moves = []
        for index in indices:
            answers = _json([self.correct(self.tiles[s])
                             for s in squares(self.flip_mask(index))])
            for tile in self.available():
                moves.append(f"{names[index]}{f'#{tile}' if hand else ''}:{answers}")
        return moves

    def apply_move(self, move: str) -> str:
        head, colon, text = move.partition(":")
        name, hashmark, tile_text = head.partition("#")
        index = self.parse_square(name.strip())
        tile = self._tile(bool(hashmark), tile_text.strip())
        order = squares(self.flip_mask(index))
        answers = self._answers(colon, text, len(order), index)
        graded = tuple((s, self.tiles[s], a, self.is_right(a, self.correct(self.tiles[s])))
                       for s, a in zip(order, answers, strict=True))
        t = self.turn
        hands = list(self.hands)
        owner = t if tile in hands[t] else 1 - t
        hands[owner] = tuple(x for x in hands[owner] if x != tile)
        self.hands = (hands[0], hands[1])
        tiles = list(self.tiles)
        tiles[index] = tile
        self.tiles = tuple(tiles)
        self.log = (*self.log, (t, index, tile, graded, len(self.moves) + 1))
        self.apply_placement(index, sum(1 << s for s, _, _, right in graded if right))
        hand = f"#{tile}" if self.options["hand"] else ""
        return f"{self.board.names[index]}{hand}:{_json(answers)}"

    def _tile(self, named: bool, text: str) -> int:
        """The tile a placement uses; with ``hand`` the move names it after ``#``."""
        available = self.available()
        if not self.options["hand"]:
            if named:
                raise IllegalMove("wr_no_tile_named")
            return available[0]
        if not named:
            raise IllegalMove("wr_choose_tile", example="c4#12:[…]")
        if not text.isdigit() or int(text) not in available:
            raise IllegalMove("wr_tile_not_available", tile=brief(text))
        return int(text)

    def _answers(self, colon: str, text: str, count: int, index: int) -> list[str]:
        """Decode the JSON array of answers, one per bracketed tile."""
        example = f'{self.board.names[index]}:["…"]'
        if not colon:
            raise IllegalMove("wr_name_backs", example=example)
        try:
            answers = loads(text, max_depth=1)
        except ValueError:
            raise IllegalMove("wr_answers_json", example=example) from None
        if not isinstance(answers, list) or not all(isinstance(a, str) for a in answers):
            raise IllegalMove("wr_answers_json", example=example)
        if len(answers) != count:
            raise IllegalMove("wr_answer_count", count=count)
        if any(len(a) > MAX_ANSWER for a in answers):
            raise IllegalMove("wr_answer_too_long", limit=MAX_ANSWER)
        return answers

    def _clone(self) -> Self:
        other = self.copy_into(type(self).__new__(type(self)))
        other.faces, other.pair_of, other.chosen, other.tiles, other.hands, other.log = (
            self.faces, self.pair_of, self.chosen, self.tiles, self.hands, self.log)
        return other

    def _key(self) -> tuple:
        return (self.discs, self.turn, self.tiles, self.hands)

    # --- view -----------------------------------------------------------------------
    def choices(self, tile: int) -> list[str]:
        """Three options for naming the back of ``tile`` (seat to move), fixed by the seed:
        the right form, the tile's visible form unless it would also count as right, and
        forms of the same side from the other tiles of this game, shuffled."""
        t = self.turn
        right = self.faces[tile][t]
        rng = random.Random(f"wortreversi:{self.seed}:choices:{tile}:{t}")
        others = list(dict.fromkeys(self.faces[x][t] for x in self.chosen
                                    if self.pair_of[x] != self.pair_of[tile]))
        first = self.faces[tile][1 - t]
        if self.is_right(first, right):
            picked = rng.sample([w for w in others if not self.is_right(w, right)], 2)
        else:
            picked = [first, rng.choice([w for w in others
                                         if not self.is_right(w, right) and w != first])]
        options = [right, *picked]
        rng.shuffle(options)
        return options

    def view(self, seat: int | None = None) -> dict:
        view = self.board_view()
        names, faces, t = self.board.names, self.faces, self.turn
        words = self.options["words"]
        sides = words["sides"]
        side_names = [sides[0], sides[1]] if self.options["swap_sides"] else [sides[1], sides[0]]
        shown = [None if tile < 0 else faces[tile][colour]
                 for tile, colour in zip(self.tiles, view["cells"], strict=True)]
        running = not self.is_over()
        candidates = squares(self.placements()) if running else []
        view.update({
            "title": words["title"],
            "list_size": len(words["pairs"]),  # under 36: the tiles repeat the words
            "side_names": side_names,
            "words": shown,
            "tiles_left": [len(self.hands[0]), len(self.hands[1])],
            "hand_mode": self.options["hand"],
            "next_tiles": [{"tile": x, "word": faces[x][t], "given": x not in self.hands[t]}
                           for x in self.available()] if running and seat == t else [],
            "hand": [{"tile": x, "word": faces[x][seat]} for x in self.hands[seat]]
            if self.options["hand"] and seat is not None else [],
            "quiz": {names[i]: [{"square": names[s], "word": shown[s]}
                                for s in squares(self.flip_mask(i))] for i in candidates},
            "report": self._report(),
        })
        if self.options["multiple_choice"] and running and seat == t:
            view["choices"] = {names[i]: [self.choices(self.tiles[s])
                                          for s in squares(self.flip_mask(i))]
                               for i in candidates}
        if view["last_move"] and not view["last_move"]["pass"]:
            placed = self._placed(self.log[-1])
            view["last_move"]["word"] = placed["word"]
            view["last_move"]["answers"] = placed["answers"]
        view["recent"] = self.recent(seat)
        return view

    def _placed(self, entry: tuple) -> dict:
        """A placement of the log in words: who placed which tile where, and per tile asked
        the form shown, the answer given, the right form and the grade."""
        seat, square, tile, graded, number = entry
        names, faces = self.board.names, self.faces
        return {"seat": seat, "move": number, "square": names[square], "word": faces[tile][seat],
                "answers": [{"square": names[s], "shown": faces[x][1 - seat], "answer": a,
                             "correct": faces[x][seat], "right": right}
                            for s, x, a, right in graded]}

    def recent(self, seat: int | None) -> list[dict]:
        """The placements whose feedback the page keeps on screen for ``seat``: its own last
        move and every placement since (the correction of a wrong answer stays in sight
        after the computer's reply, until the seat moves again); for a spectator the last
        move's.  Seats alternate move by move (a pass is a move), so move ``k`` (from 1) is
        seat ``(k - 1) % 2``'s."""
        played = len(self.moves)
        if seat is None:
            since = played
        else:
            since = next((k for k in range(played, 0, -1) if (k - 1) % 2 == seat), 1)
        return [self._placed(entry) for entry in self.log if entry[4] >= since]

    def said(self) -> dict | None:
        """The last move in words, if it was a placement (the move list's entry for it):
        the tile placed and every tile asked with the answer and the right form."""
        if not self.log or self.log[-1][4] != len(self.moves):
            return None
        return self._placed(self.log[-1])

    def learning_report(self) -> dict:
        """The learning report: per seat every word it was asked (§Umdrehen: the back of each
        bracketed tile), in order, with the form shown, the right form, the answer given
        and the grade; counts, the share right (percent, None before any answer) and the
        words missed.  It comes from the log, so a replay of the record rebuilds it; it
        holds only words already asked, which each answer's feedback showed both seats."""
        names, faces = self.board.names, self.faces
        sides = self.options["words"]["sides"]
        side_names = [sides[0], sides[1]] if self.options["swap_sides"] else [sides[1], sides[0]]
        seats: list[dict] = [{"asked": []} for _ in range(2)]
        for seat, placed, _, graded, number in self.log:
            seats[seat]["asked"].extend(
                {"move": number, "placed": names[placed], "square": names[square],
                 "tile": tile, "pair": self.pair_of[tile], "shown": faces[tile][1 - seat],
                 "correct": faces[tile][seat],
                 "answer": answer, "right": right}
                for square, tile, answer, right in graded)
        for seat, entry in enumerate(seats):
            asked = entry["asked"]
            right = sum(a["right"] for a in asked)
            missed = [a for a in asked if not a["right"]]
            entry.update(right=right, wrong=len(asked) - right,
                         share=round(100 * right / len(asked)) if asked else None,
                         missed=missed, practise=_practise(missed, side_names, seat))
        return {"title": self.options["words"]["title"], "side_names": side_names,
                "grading": self.grading(), "seats": seats}

    def _report(self) -> list[dict]:
        """Per seat: answers right and wrong, and the words missed (the view's summary)."""
        return [{"right": entry["right"], "wrong": entry["wrong"],
                 "missed": [{key: miss[key] for key in ("shown", "answer", "correct")}
                            for miss in entry["missed"]]}
                for entry in self.learning_report()["seats"]]


def _practise(missed: list[dict], side_names: list[str], seat: int) -> list[dict]:
    """The practice round over a seat's missed pairs: each pair once (first miss first),
    asked both ways (shown side → the seat's side, then back)."""
    questions, seen = [], set()
    for miss in missed:
        if miss["pair"] in seen:  # a pair on several tiles is practised once
            continue
        seen.add(miss["pair"])
        there, back = side_names[1 - seat], side_names[seat]
        questions += [{"ask": miss["shown"], "correct": miss["correct"], "from": there, "to": back},
                      {"ask": miss["correct"], "correct": miss["shown"], "from": back, "to": there}]
    return questions


class WortReversi(Game):
    id = "wortreversi"
    title = "Wort-Reversi"
    chance = "sampled"  # the shuffled tiles (their answers are hidden from every seat alike)
    defaults = {  # noqa: RUF012 - read-only class data
        "words": builtin(DEFAULT).option(),
        "hand": False,
        "swap_sides": False,
        "articles_optional": True,
        "ascii_spelling": False,
        "multiple_choice": False,
    }

    def new(self, seed: int = 0, **options: Any) -> WortReversiState:
        opts = self.options(**options)
        words = from_option(opts["words"])
        pairs = words["pairs"]
        if len(pairs) > TILES:  # the seed picks the 36 tiles; the record keeps only those
            keep = sorted(random.Random(f"wortreversi:{seed}").sample(range(len(pairs)), TILES))
            words["pairs"] = [pairs[i] for i in keep]
        opts["words"] = words
        for flag in FLAGS:
            if not isinstance(opts[flag], bool):
                raise Refusal("option_true_false", game=self.id, name=flag)
        return WortReversiState(seed, opts)


GAME = WortReversi()
