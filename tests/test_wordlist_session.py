"""Teachers' word lists checked through the JSON door (Session op parse_words)."""

import json

from insel.session import Session
from insel.wordlists import TILES


def ask(session: Session, op: str, **args) -> dict:
    return json.loads(session.handle(json.dumps({"op": op, **args})))


def test_parse_words_reports_bad_lines_by_number_and_keeps_the_good_ones():
    lines = ["title: Zahlen", "sides: Ziffer ; Wort"]
    lines += [f"{n} ; Zahl {n}" for n in range(TILES)]
    lines.insert(5, "kein Semikolon")
    answer = ask(Session(), "parse_words", text="\n".join(lines))
    assert answer["ok"] and answer["title"] == "Zahlen" and answer["sides"] == ["Ziffer", "Wort"]
    assert len(answer["pairs"]) == TILES and answer["pairs"][0] == ["0", "Zahl 0"]
    assert answer["tiles"] == [1] * TILES
    assert answer["problems"] == [{"line": 6, "reason": {"key": "words_no_separator",
                                                          "params": {}}}]


def test_parse_words_reports_a_short_list_and_leaves_the_game_alone():
    session = Session()
    started = ask(session, "new", game="othello", seed=1)
    answer = ask(session, "parse_words", text="der Hund ; die Hunde")
    assert answer["pairs"] == [["der Hund", "die Hunde"]]
    assert answer["problems"] == [{"line": 0, "reason": {"key": "words_too_few",
                                                          "params": {"count": 1, "minimum": 8}}}]
    assert ask(session, "view") == started
    assert ask(session, "parse_words", text=3)["reason"]["key"] == "words_not_text"


def test_parse_words_says_how_many_tiles_each_pair_of_a_short_list_gets():
    text = "\n".join(f"Ding{n} ; Dinge{n}" for n in range(10))
    answer = ask(Session(), "parse_words", text=text)
    assert answer["problems"] == [] and answer["tiles"] == [4] * 6 + [3] * 4
