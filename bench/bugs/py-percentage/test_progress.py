from progress import percentage


def test_nothing_to_do():
    assert percentage(0, 0) == 0.0


def test_half():
    assert percentage(5, 10) == 50.0


def test_third():
    assert percentage(1, 3) == 33.3
