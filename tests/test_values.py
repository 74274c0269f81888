"""Neutral types: parsing, YAML and command-line conversion, type checks, a double's precision."""

import json

import pytest
from hypothesis import given, settings, strategies as st

from judge.problems import values


def test_parse_type():
    assert values.parse_type("char[][]") == ("char", 2)
    assert values.parse_type("int") == ("int", 0)
    with pytest.raises(ValueError, match="unknown type"):
        values.parse_type("vector<int>")


def test_empty_command_line_text_is_no_rows():
    assert values.from_text("", "int[][]") == [] and values.from_text("", "int[]") == []
    assert values.from_text("1,0/2,1", "int[][]") == [[1, 0], [2, 1]]
    assert "'' for none" in values.text_hint("int[][]")


def test_a_string_on_the_command_line_is_its_text_or_a_json_string():
    """Round 16: `add-case --s '[abc'` was "not valid JSON" and `--s '[1]'` "expected a string", while
    `--s '"json"'` kept its quotes: no string starting with a bracket could be added at all."""
    assert values.from_text("[abc", "string") == "[abc" and values.from_text("[1]", "string") == "[1]"
    assert values.from_text('"json"', "string") == "json" and values.from_text('"open', "string") == '"open'
    assert values.from_text("  padded ", "string") == "  padded "
    assert values.from_text('["a,b", "c"]', "string[]") == ["a,b", "c"]
    for unencodable in ('"\\ud800"', "x\udcff"):  # a JSON lone surrogate; a byte the locale could not decode
        with pytest.raises(ValueError, match="--s: not UTF-8 text"):
            values.from_text(unencodable, "string", "--s")


def test_char_grid_from_rows():
    assert values.from_yaml(["EM", "B1"], "char[][]") == [["E", "M"], ["B", "1"]]
    # YAML reads an unquoted row of digits as a number: it is still a row
    assert values.from_yaml([111], "char[][]") == [["1", "1", "1"]]
    # but a bare number is no grid: it used to be kept as the string "5", an answer no board equals
    with pytest.raises(ValueError, match="expected: expected a list, got int 5"):
        values.from_yaml(5, "char[][]", "expected")


@given(st.lists(st.one_of(st.text(max_size=6), st.lists(st.text(min_size=1, max_size=1), max_size=6)), max_size=6))
def test_a_grid_of_row_strings_reads_as_rows_of_cells_whatever_mix_of_rows(rows):
    """Rows written as strings (the fast way in) or as lists of cells give the same grid, row for row."""
    assert values.from_yaml(rows, "char[][]") == [list(row) for row in rows]
    assert values.from_yaml(["".join(row) for row in rows], "char[][]") == [list("".join(row)) for row in rows]


def test_a_bad_cell_beside_row_strings_is_still_named():
    with pytest.raises(ValueError, match=r"board\[1\]\[0\]: expected one character, got 'xy'"):
        values.from_yaml(["EM", ["xy", "E"]], "char[][]", "board")


def test_bad_values_name_where():
    with pytest.raises(ValueError, match=r"click\[1\]: expected an integer"):
        values.from_yaml([1, "x"], "int[]", "click")
    with pytest.raises(ValueError, match="board: expected a list"):
        values.from_yaml("EEE", "char[][]", "board")
    with pytest.raises(ValueError, match="expected true or false"):
        values.from_yaml(1, "bool")


def test_to_yaml_round_trip():
    grid = [["E", "M"], ["B", "1"]]
    assert values.to_yaml(grid, "char[][]") == ["EM", "B1"]
    assert values.from_yaml(values.to_yaml(grid, "char[][]"), "char[][]") == grid


@pytest.mark.parametrize("value, type_", [
    ([["B", "1"], ["E", "M"]], "char[][]"), ([[]], "char[][]"), ([], "char[][]"), ([1, -2], "int[]"),
    (3, "double"), (2.5, "double"), ([True], "bool[]"), ("", "string"), (["ab", ""], "string[]"), ("x", "char"),
])
def test_values_of_their_type_match(value, type_):
    assert values.mismatch(value, type_) == ""


@pytest.mark.parametrize("value, type_, why", [
    (None, "char[][]", "answer is null, not a list"),
    (["B1"], "char[][]", "answer[0] is the string 'B1', not a list"),
    ([["B", "12"]], "char[][]", "answer[0][1] is the string '12', not one character"),
    ([["B", ""]], "char[][]", "answer[0][1] is the string '', not one character"),
    ([["B"], [1]], "char[][]", "answer[1][0] is the integer 1, not a char"),
    ([1, True], "int[]", "answer[1] is the boolean true, not an int"),
    ([1.0], "int[]", "answer[0] is the number 1.0, not an int"),
    ([{"a": 1}], "int[]", "answer[0] is an object, not an int"),
    (float("inf"), "double", "answer is inf, not a finite number"),
    # A Python int past a double's range raised OverflowError in the check: JE, blamed on the judge
    (10 ** 400, "double", "answer is the integer 10000000000000000000..., too large for a double"),
    ([2.5, -10 ** 309], "double[]", "answer[1] is the integer -1000000000000000000..., too large for a double"),
    ("1", "int", "answer is the string '1', not an int"),
    (1, "bool", "answer is the integer 1, not a bool"),
])
def test_values_not_of_their_type_say_where_and_why(value, type_, why):
    assert values.mismatch(value, type_) == why


def test_as_doubles_rounds_only_integers_a_double_cannot_hold():
    assert values.as_doubles(2 ** 53 + 1, "long") == 2 ** 53
    assert values.as_doubles([2 ** 63 - 1, -2 ** 63, 2 ** 53, 7], "long[]") == [2 ** 63, -2 ** 63, 2 ** 53, 7]
    assert values.as_doubles([[2 ** 53 + 1]], "int[][]") == [[2 ** 53]]
    assert values.as_doubles(["9007199254740993"], "string[]") == ["9007199254740993"]
    assert values.as_doubles(10 ** 400, "long") == 10 ** 400  # past any double: left alone


def test_equal_values_are_the_same_json_only_for_text():
    """Equal text (and arrays of it) is the same JSON, so the same fingerprint; equal numbers need not be."""
    assert values.equal_means_same("char[][]") and values.equal_means_same("string[]")
    assert not values.equal_means_same("int[]") and not values.equal_means_same("double")
    assert [1] == [1.0] and values.fingerprint([1]) != values.fingerprint([1.0])
    assert not values.equal_means_same("void")


def test_a_case_number_past_a_doubles_range_is_a_package_error_not_a_crash():
    with pytest.raises(ValueError, match="too large for a double"):
        values.from_yaml(10 ** 400, "double", "expected")


def test_numbers_typed_on_the_command_line_are_ascii_digits():
    """Round 28: `--click ３,０` (full-width) and `1_0,0` (read as 10) were taken, as int() takes them."""
    assert values.from_text(" -2, 4", "int[]") == [-2, 4] and values.from_text("2.5", "double") == 2.5
    for text, type_ in (("３,０", "int[]"), ("1_0,0", "int[]"), ("1_0.5", "double"), ("２.5", "double")):
        with pytest.raises(ValueError):
            values.from_text(text, type_)


CELLS = st.text(alphabet=st.characters(max_codepoint=0x2000), max_size=3)
PLAIN_OR_NOT = st.one_of(st.lists(CELLS), st.lists(st.lists(CELLS)), st.lists(st.one_of(CELLS, st.integers())),
                         st.lists(st.lists(st.sampled_from("EMBX12345678"), min_size=1), min_size=1),
                         st.integers(), CELLS)


@settings(max_examples=400)
@given(PLAIN_OR_NOT)
def test_the_fast_writer_writes_what_json_writes(value):
    """A board's text is written row by row when it can be (plain_json), else by the encoder: the bytes
    are the encoder's either way, since an answer is recognised by them and a fingerprint taken of them."""
    assert values.canonical(value) == json.dumps(value, sort_keys=True, separators=(",", ":"),
                                                 ensure_ascii=False).encode()
    fast = values.plain_json(value)
    assert fast is None or fast == json.dumps(value)


def test_the_fast_writer_takes_a_board_and_leaves_what_needs_escaping_to_json():
    """What it must take (else no gain) and what it must leave (else a wrong text)."""
    assert values.plain_json([["E", "1"], ["M", "B"]], ",") == '[["E","1"],["M","B"]]'
    assert values.plain_json(["a", ""]) == '["a", ""]'
    for value in ([['"', "E"]], [["\\"]], [["\n"]], [["é"]], [["\x7f"]], [[], ["E"]], [], [["E"], "E"],
                  [[["E"]]], [("E",)], [["E", 1]], [[True]], "E", ("E",)):
        assert values.plain_json(value) is None, value


@settings(max_examples=300)
@given(st.lists(st.one_of(PLAIN_OR_NOT, st.lists(st.integers()))))
def test_a_request_carries_the_arguments_as_json_writes_them(args):
    """A request's arguments (runner.encode_args) are json.dumps' text whichever writer wrote each: every
    language's harness reads them."""
    from judge.sandbox.runner import encode_args

    assert encode_args(args) == json.dumps(args).encode()
