def max_profit(prices):
    """Best profit from one buy followed by one sell (0 if none)."""
    best = 0
    lowest = None
    for price in prices:
        if lowest is None or price < lowest:
            lowest = price
        best = max(best, lowest - price)
    return best
