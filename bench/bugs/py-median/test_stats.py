from stats import median


def test_odd_count():
    assert median([3, 1, 2]) == 2


def test_even_count_integer_mean():
    assert median([1, 3, 5, 7]) == 4


def test_even_count_half():
    assert median([1, 2]) == 1.5
