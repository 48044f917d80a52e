def overlaps(a, b):
    """Whether half-open intervals a=(start, end) and b overlap."""
    a_start, a_end = a
    b_start, b_end = b
    return a_start < b_end or b_start < a_end
