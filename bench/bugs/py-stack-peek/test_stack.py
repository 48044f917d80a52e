from stack import Stack


def test_push_pop():
    s = Stack()
    s.push(1)
    s.push(2)
    assert s.pop() == 2
    assert len(s) == 1


def test_peek_single():
    s = Stack()
    s.push("a")
    assert s.peek() == "a"


def test_peek_top():
    s = Stack()
    s.push(1)
    s.push(2)
    assert s.peek() == 2
    assert len(s) == 2
