function pageCount(totalItems, perPage) {
  return Math.floor(totalItems / perPage);
}

function pageOf(index, perPage) {
  return Math.floor(index / perPage) + 1;
}

module.exports = { pageCount, pageOf };
