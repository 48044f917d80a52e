from calendar_utils import days_in_february, is_leap_year


def test_common_year():
    assert not is_leap_year(2023)


def test_century_not_leap():
    assert not is_leap_year(1900)


def test_divisible_by_four():
    assert is_leap_year(2024)


def test_february_2000():
    assert days_in_february(2000) == 29
