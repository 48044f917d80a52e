from trading import max_profit


def test_no_prices():
    assert max_profit([]) == 0


def test_falling():
    assert max_profit([5, 4, 3]) == 0


def test_rise():
    assert max_profit([7, 1, 5, 3, 6, 4]) == 5
