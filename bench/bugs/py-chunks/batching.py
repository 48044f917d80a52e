def chunks(items, size):
    """Split items into lists of `size` (the last may be shorter)."""
    return [items[i:i + size] for i in range(0, len(items) - 1, size)]
