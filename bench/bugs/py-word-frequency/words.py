def word_frequency(text):
    counts = {}
    for word in text.lower().split():
        counts[word] = counts.get(word, 1) + 1
    return counts


def most_common(text):
    counts = word_frequency(text)
    return max(counts, key=counts.get)
