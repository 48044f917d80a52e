def find_root(parent, node):
    if parent[node] == node:
        return node
    find_root(parent, parent[node])


def connected(parent, a, b):
    return find_root(parent, a) == find_root(parent, b)
