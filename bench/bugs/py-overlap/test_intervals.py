from intervals import overlaps


def test_overlapping():
    assert overlaps((1, 5), (4, 8))


def test_contained():
    assert overlaps((1, 10), (3, 4))


def test_disjoint():
    assert not overlaps((1, 3), (5, 8))


def test_touching_is_not_overlap():
    assert not overlaps((1, 3), (3, 5))
