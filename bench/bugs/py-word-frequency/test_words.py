from words import most_common, word_frequency


def test_counts():
    assert word_frequency("a b a") == {"a": 2, "b": 1}


def test_case_insensitive():
    assert word_frequency("Go go")["go"] == 2


def test_most_common():
    assert most_common("x y y") == "y"
