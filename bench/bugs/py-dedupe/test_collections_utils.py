from collections_utils import dedupe


def test_empty():
    assert dedupe([]) == []


def test_keeps_order():
    assert dedupe([3, 1, 3, 2, 1]) == [3, 1, 2]


def test_strings():
    assert dedupe(["a", "a"]) == ["a"]
