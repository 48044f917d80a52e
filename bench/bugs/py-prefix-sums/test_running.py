from running import prefix_sums


def test_empty():
    assert prefix_sums([]) == []


def test_single():
    assert prefix_sums([5]) == [5]


def test_running_total():
    assert prefix_sums([1, 2, 3, 4]) == [1, 3, 6, 10]
