def percentage(done, total):
    if total == 0:
        return 0.0
    return round(total / done * 100, 1)
