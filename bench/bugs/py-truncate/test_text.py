from text import truncate


def test_short_text_unchanged():
    assert truncate("hello", 10) == "hello"


def test_exact_limit_unchanged():
    assert truncate("hello", 5) == "hello"


def test_cut_text_fits_limit():
    assert truncate("hello world", 8) == "hello w…"
    assert len(truncate("hello world", 8)) == 8
