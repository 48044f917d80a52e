from search import binary_search


def test_finds_middle():
    assert binary_search([1, 3, 5, 7, 9], 5) == 2


def test_missing():
    assert binary_search([1, 3, 5], 4) == -1


def test_finds_last():
    assert binary_search([1, 3, 5, 7], 7) == 3


def test_single():
    assert binary_search([4], 4) == 0
