def flatten(items):
    """Flatten arbitrarily nested lists into one list."""
    result = []
    for item in items:
        if isinstance(item, list):
            result.append(flatten(item))
        else:
            result.append(item)
    return result
