from matrix import anti_diagonal_sum, diagonal_sum

M = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]


def test_diagonal():
    assert diagonal_sum(M) == 15


def test_anti_diagonal():
    assert anti_diagonal_sum(M) == 15


def test_single():
    assert anti_diagonal_sum([[7]]) == 7
