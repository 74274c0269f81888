"""Neutral types: parsing, YAML conversion and rendering."""

import pytest

from judge.problems import values


def test_parse_type():
    assert values.parse_type("char[][]") == ("char", 2)
    assert values.parse_type("int") == ("int", 0)
    with pytest.raises(ValueError, match="unknown type"):
        values.parse_type("vector<int>")


def test_char_grid_from_rows():
    assert values.from_yaml(["EM", "B1"], "char[][]") == [["E", "M"], ["B", "1"]]
    # YAML reads an unquoted row of digits as a number: it is still a row
    assert values.from_yaml([111], "char[][]") == [["1", "1", "1"]]


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


def test_render():
    assert values.render([["E", "M"], ["B", 7]], "char[][]") == ["EM", "B?"]
    assert values.render(None, "char[][]") == ["None"]
