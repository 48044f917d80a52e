from datetime import date

from booking import days_inclusive, nights


def test_nights():
    assert nights(date(2024, 3, 1), date(2024, 3, 4)) == 3


def test_same_day_counts_once():
    assert days_inclusive(date(2024, 3, 1), date(2024, 3, 1)) == 1


def test_week():
    assert days_inclusive(date(2024, 3, 1), date(2024, 3, 7)) == 7
