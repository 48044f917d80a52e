from palindromes import is_palindrome


def test_simple():
    assert is_palindrome("racecar")


def test_ignores_case_and_spaces():
    assert is_palindrome("Never odd or even")


def test_digits_count():
    assert not is_palindrome("12a21 3")
