"""Word lists: the built-in lists and the plain-text parser (insel.wordlists)."""

import pytest

from insel.wordlists import BUILTIN, builtin, from_option, from_table, parse

GOOD = """
# a teacher's list
title: Einmaleins
sides: Aufgabe ; Ergebnis

7×8 ; 56
  6 ×   7;42
l'eau, s'il vous plaît ; das Wasser, bitte
"""


@pytest.mark.parametrize("name", BUILTIN)
def test_every_builtin_list_is_clean(name):
    words = builtin(name)
    assert words.problems == []
    assert len(words.pairs) >= 36
    for side in (0, 1):
        forms = [pair[side].casefold() for pair in words.pairs]
        assert len(set(forms)) == len(forms), f"{name}: duplicate on side {side}"


def test_six_german_lists_and_two_english():
    assert sum(name.startswith("de-") for name in BUILTIN) >= 6
    assert sum(name.startswith("en-") for name in BUILTIN) >= 2


def test_german_lists_carry_articles():
    for name in BUILTIN:
        if name.startswith("de-"):
            assert all(a.split()[0] in {"der", "die", "das"} and b.startswith("die ")
                       for a, b in builtin(name).pairs)


def test_header_comments_blank_lines_and_spaces():
    words = parse(GOOD, minimum=3)
    assert words.problems == []
    assert words.title == "Einmaleins" and words.sides == ("Aufgabe", "Ergebnis")
    assert words.pairs == [("7×8", "56"), ("6 × 7", "42"),
                           ("l'eau, s'il vous plaît", "das Wasser, bitte")]


def test_default_sides_without_header():
    assert parse("der Hund ; die Hunde", minimum=1).sides == ("Singular", "Plural")


def test_bad_lines_are_reported_with_numbers_and_good_lines_kept():
    text = "\n".join([
        "der Hund ; die Hunde",    # 1 good
        "die Katze die Katzen",    # 2 no separator
        "das Pferd ; ",            # 3 empty side
        "a ; b ; c",               # 4 two separators
        "DER HUND ; die Welpen",   # 5 duplicate of line 1 (case-insensitive)
        "die Maus ; die Mäuse",    # 6 good
        "sides: x ; y",            # 7 header after pairs
        "x" * 61 + " ; y",         # 8 too long
    ])
    words = parse(text)
    assert words.pairs == [("der Hund", "die Hunde"), ("die Maus", "die Mäuse")]
    lines = [line for line, _ in words.problems]
    assert lines == [2, 3, 4, 5, 7, 8, 0]
    problems = {line: problem.reason() for line, problem in words.problems}
    assert problems[2]["key"] == "words_no_separator" and problems[3]["key"] == "words_side_empty"
    assert problems[4]["key"] == "words_two_separators"
    assert problems[5] == {"key": "words_repeats", "params": {"side": "DER HUND", "line": 1}}
    assert problems[7] == {"key": "words_header_late", "params": {"header": "sides"}}
    assert problems[8] == {"key": "words_side_too_long", "params": {"limit": 60}}
    assert problems[0] == {"key": "words_too_few", "params": {"count": 2, "minimum": 8}}


def test_option_accepts_a_list_or_a_builtin_name():
    pairs = [[f"Wort {i}", f"Wörter {i}"] for i in range(36)]
    option = from_option({"pairs": pairs, "title": " Test ", "sides": ["A", "B"]})
    assert option == {"title": "Test", "sides": ["A", "B"], "pairs": pairs}
    assert from_option(option) == option
    assert from_option("en-plurals") == builtin("en-plurals").option()


@pytest.mark.parametrize("value, message", [
    ("fr-nouns", "words_unknown_list"),
    (["a", "b"], "words_option "),
    ({"pairs": [["a", "b"]] * 40},
     r'words_option_pair_problem .*"number": 2, .*"engine.words_repeats", .*"side": "a"'),
    ({"pairs": [[f"a{i}", f"b{i}"] for i in range(7)]}, '^words_too_few {"count": 7,'),
    ({"pairs": [[f"a{i}", f"b{i}"] for i in range(35)] + [["x"]]},
     'words_option_pair {"number": 36,'),
    ({"pairs": [[f"a{i}", f"b{i}"] for i in range(36)], "sides": ["a"]}, "words_option_sides"),
    ({"pairs": [[f"a{i}", f"b{i}"] for i in range(36)], "sides": ["", "x"]}, "words_option_sides"),
    ({"pairs": [[f"a{i}", f"b{i}"] for i in range(36)], "sides": ["a" * 500, "x"]},
     "words_option_sides"),
    ({"pairs": [[f"a{i}", f"b{i}"] for i in range(36)], "colour": 1}, "words_option_fields"),
])
def test_bad_options_are_refused_clearly(value, message):
    with pytest.raises(ValueError, match=message):
        from_option(value)


def test_two_columns_pasted_from_a_spreadsheet_split_at_the_tab():
    text = "der Hund\tdie Hunde\t\t\ndie Katze\tdie Katzen\tTiere\ndie Maus ; die Mäuse\tx"
    words = parse(text, minimum=1)
    assert words.pairs == [("der Hund", "die Hunde"), ("die Maus", "die Mäuse x")]
    assert words.numbers == [1, 3]
    assert [(n, str(p)) for n, p in words.problems] == [(2, 'words_columns {"count": 3}')]


def test_csv_and_tsv_files_become_the_list_format_line_for_line():
    csv_text = 'title: Tiere\n"der Hund","die Hunde"\nder Wolf,die Wölfe,\n\nkaputt\na,b,c\n'
    assert from_table(csv_text) == (
        "title: Tiere\nder Hund ; die Hunde\nder Wolf ; die Wölfe\n\nkaputt\na ; b ; c")
    words = parse(from_table(csv_text), minimum=1)
    assert [n for n, _ in words.problems] == [5, 6]  # the file's own line numbers
    german_excel = "der Hund;die Hunde\n\"die Maus\n(Tier)\";die Mäuse\ndie Kuh;die Kühe"
    assert from_table(german_excel).splitlines() == [
        "der Hund ; die Hunde", "die Maus (Tier) ; die Mäuse", "", "die Kuh ; die Kühe"]
    assert from_table("a\tb, c\nd\te") == "a ; b, c\nd ; e"
    assert from_table('a,"b') == "a ; b"  # an open quote ends with the file


def test_the_check_header_names_a_dictionary():
    assert parse("check: EN\nchild ; children", minimum=1).check == "en"
    assert [(n, p.reason()) for n, p in parse("check: fr\nchild ; children",
                                              minimum=1).problems] == [
        (1, {"key": "words_check_header", "params": {"choices": "de, en, none"}})]
