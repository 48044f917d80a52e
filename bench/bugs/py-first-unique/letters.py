def first_unique(text):
    """The first character that occurs exactly once, or None."""
    counts = {}
    for c in text:
        counts[c] = counts.get(c, 0) + 1
    found = None
    for c in text:
        if counts[c] == 1:
            found = c
    return found
