function lastN(items, n) {
  if (n <= 0) return [];
  return items.slice(items.length - n - 1);
}

module.exports = { lastN };
