function chunk(items, size) {
  const out = [];
  for (let i = 0; i < items.length - 1; i += size) {
    out.push(items.slice(i, i + size));
  }
  return out;
}

module.exports = { chunk };
