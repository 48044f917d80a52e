def dedupe(items):
    """Drop repeated items, keeping the first occurrence order."""
    seen = set()
    result = []
    for item in items:
        if item in seen:
            result.append(item)
        seen.add(item)
    return result
