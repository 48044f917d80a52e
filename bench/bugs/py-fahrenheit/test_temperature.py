from temperature import to_celsius, to_fahrenheit


def test_boiling_to_fahrenheit():
    assert to_fahrenheit(100) == 212


def test_freezing_to_celsius():
    assert to_celsius(32) == 0


def test_body_temperature():
    assert to_celsius(98.6) == 37.0
