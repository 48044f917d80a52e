from datetime import date


def nights(check_in, check_out):
    return (check_out - check_in).days


def days_inclusive(start, end):
    """Calendar days from start to end, both included."""
    return (end - start).days
