from cipher import encrypt


def test_simple_shift():
    assert encrypt("abc", 1) == "bcd"


def test_wraps_around():
    assert encrypt("xyz", 3) == "abc"


def test_keeps_punctuation():
    assert encrypt("Hi!", 0) == "Hi!"
