def diagonal_sum(m):
    return sum(m[i][i] for i in range(len(m)))


def anti_diagonal_sum(m):
    return sum(m[i][len(m) - i] for i in range(len(m)))
