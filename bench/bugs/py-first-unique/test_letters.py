from letters import first_unique


def test_none_unique():
    assert first_unique("aabb") is None


def test_single_unique():
    assert first_unique("aab") == "b"


def test_first_of_several():
    assert first_unique("swiss cheese") == "w"
