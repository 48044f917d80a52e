def prefix_sums(values):
    if not values:
        return []
    sums = [values[0]]
    for i in range(1, len(values)):
        sums.append(sums[i] + values[i])
    return sums
