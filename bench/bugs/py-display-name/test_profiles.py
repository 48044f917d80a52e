from profiles import display_name


def test_nickname_first():
    assert display_name({"nickname": "ace", "name": "ann lee"}) == "Ace"


def test_name():
    assert display_name({"name": "ann lee"}) == "Ann Lee"


def test_no_user():
    assert display_name(None) == "Anonymous"
