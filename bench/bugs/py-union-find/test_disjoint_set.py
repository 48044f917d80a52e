from disjoint_set import connected, find_root


def test_root_of_root():
    assert find_root({1: 1}, 1) == 1


def test_chain():
    parent = {1: 1, 2: 1, 3: 2}
    assert find_root(parent, 3) == 1


def test_connected():
    parent = {1: 1, 2: 1, 3: 3}
    assert connected(parent, 1, 2)
    assert not connected(parent, 2, 3)
