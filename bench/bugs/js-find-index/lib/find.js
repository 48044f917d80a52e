function findIndexOf(items, predicate) {
  let found = -1;
  for (let i = 0; i < items.length; i++) {
    if (predicate(items[i])) {
      found = i;
    }
  }
  return found;
}

module.exports = { findIndexOf };
