def average(scores):
    return sum(scores) / len(scores)


def grade(scores):
    avg = average(scores)
    return "pass" if avg >= 50 else "fail"
