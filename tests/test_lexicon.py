"""The word-list editor's dictionary (insel.lexicon, built by tools/make_lexicon.py): every
built-in list agrees with it or says why not, fill-in, mismatch fixes, English plurals."""

import json
import sys
import zipfile

import pytest

from door import refusal
from insel import lexicon
from insel.assets import asset_path
from insel.session import Session
from insel.wordlists import BUILTIN
from paths import ROOT

sys.path.insert(0, str(ROOT / "tools"))

from make_lexicon import GERMAN, encode_plural, write_lexicon

GZIP_TARGET = 1_500_000  # bytes: the ceiling for the German lookup, compressed


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """lexicon.zip built from the installed german-nouns and inflect, and installed."""
    target = tmp_path_factory.mktemp("lexicon") / "lexicon.zip"
    sizes = write_lexicon(target)
    lexicon.install(target)
    return target, sizes


def test_the_german_lookup_is_compact_and_holds_the_common_nouns(built):
    target, sizes = built
    assert sizes["german"] <= GZIP_TARGET
    with zipfile.ZipFile(target) as bundle:
        names = set(bundle.namelist())
        lines = bundle.read(GERMAN).decode().count("\n")
    assert {GERMAN, "inflect/__init__.py", "typeguard/__init__.py"} <= names
    assert lines > 50_000
    assert lexicon.senses("Maus") == [lexicon.Sense("f", ("Mäuse",))]
    assert ("m", ("Bände",)) in lexicon.senses("Band") and lexicon.senses("Xylofonbaum") == []


@pytest.mark.parametrize("lemma, plural", [
    ("Maus", "Mäuse"), ("Hund", "Hunde"), ("Lehrer", "Lehrer"), ("Museum", "Museen"),
    ("Kaktus", "Kakteen"), ("Ei", "Eier"), ("Status", "Status"), ("Bus", "Busse")])
def test_plurals_are_stored_as_endings_and_read_back(built, lemma, plural):
    code = encode_plural(lemma, plural)
    assert len(code) <= len(plural)
    assert lexicon._plural(lemma, code) == plural


@pytest.mark.parametrize("name", BUILTIN)
def test_every_builtin_list_matches_the_dictionary_or_says_why(built, name):
    text = asset_path("words", f"{name}.txt").read_text(encoding="utf-8")
    answer = lexicon.check(text)
    assert answer["kind"] == name[:2]  # de-… is checked as German, en-… as English
    assert answer["text"] == text  # nothing to fill in
    unexplained = [m for m in answer["marks"] if m["status"] != "noted"]
    assert unexplained == [], f"{name}: add the dictionary's form or a '# dictionary:' note"
    noted = {m["line"] for m in answer["marks"]}
    assert len(noted) == len(lexicon.notes(text)), f"{name}: a note for a pair that matches"


def test_a_note_in_the_list_explains_a_variant_and_an_unused_note_shows(built):
    text = ("# dictionary: die Pizza — the Italian plural, for fun\n"
            "# dictionary: der Hund — stale\n"
            "die Pizza ; die Pizze\nder Hund ; die Hunde\nder Wal ; die Walen\n")
    marks = lexicon.check(text)["marks"]
    assert marks == [
        {"line": 3, "status": "noted", "word": "Pizza", "reason": "the Italian plural, for fun"},
        {"line": 5, "status": "mismatch", "word": "Wal", "fix": "der Wal ; die Wale"}]
    assert len(lexicon.notes(text)) == 2  # the built-in list test counts notes against marks


def test_a_lone_singular_is_filled_in_and_mismatches_get_the_dictionarys_pair(built):
    text = "title: Tiere\nMaus\ndie Hund ; die Hunde\nKuh ; Kuhs\ndas Gnurpel ; die Gnurpels\n"
    answer = lexicon.check(text)
    assert answer["kind"] == "de"
    assert answer["text"] == text.replace("\nMaus\n", "\ndie Maus ; die Mäuse\n")
    assert answer["marks"] == [
        {"line": 2, "status": "filled", "word": "Maus", "fix": "die Maus ; die Mäuse"},
        {"line": 3, "status": "mismatch", "word": "Hund", "fix": "der Hund ; die Hunde"},
        {"line": 4, "status": "mismatch", "word": "Kuh", "fix": "Kuh ; Kühe"},  # style kept
        {"line": 5, "status": "unknown", "word": "Gnurpel"}]
    assert lexicon.check("der Band ; die Bände")["marks"] == []  # any sense may match
    assert lexicon.check("die Band ; die Bände")["marks"][0]["fix"] == "die Band ; die Bands"


def test_english_plurals_come_from_inflect(built):
    answer = lexicon.check("check: en\nchild ; children\nmouse ; mouses\ncactus ; cacti\ncity\n")
    assert answer["text"].splitlines()[-1] == "city ; cities"
    assert [(m["line"], m["status"], m.get("fix")) for m in answer["marks"]] == [
        (3, "mismatch", "mouse ; mice"), (5, "filled", "city ; cities")]
    assert lexicon.check("child ; children\nfoot ; feet\nbox ; boxs\n")["kind"] == "en"  # guessed


def test_lists_of_other_pairs_are_not_checked(built):
    for text in ("gehen ; ging\nsehen ; sah\nlaufen ; lief", "7×8 ; 56\n6×7 ; 42",
                 "check: none\nder Maus ; die Mäuse"):
        assert lexicon.check(text)["kind"] == "none" and lexicon.check(text)["marks"] == []


def test_the_session_checks_and_converts_lists(built):
    session = Session()

    def ask(op, **args):
        return json.loads(session.handle(json.dumps({"op": op, **args})))

    answer = ask("check_words", text="Maus")
    assert answer["ok"] and answer["text"] == "die Maus ; die Mäuse"
    assert ask("table_words", text="Hund,Hunde")["text"] == "Hund ; Hunde"
    assert ask("parse_words", name="de-stadt")["title"] == "Stadt und Verkehr"
    assert refusal(ask("parse_words", name="xx")) == "words_unknown_list"
    assert refusal(ask("check_words", text="x" * 100_001)) == "words_text_too_long"
