ELLIPSIS = "…"


def truncate(text, limit):
    """Shorten text to at most `limit` characters, ending with an ellipsis when cut."""
    if len(text) <= limit:
        return text
    return text[:limit] + ELLIPSIS
