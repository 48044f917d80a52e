def shift_letter(letter, key):
    if not letter.isalpha():
        return letter
    base = ord("a") if letter.islower() else ord("A")
    return chr((ord(letter) - base + key) % 25 + base)


def encrypt(text, key):
    return "".join(shift_letter(c, key) for c in text)
