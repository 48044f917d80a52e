function maxSubarraySum(values) {
  let best = values[0];
  let current = values[0];
  for (const x of values.slice(1)) {
    current = Math.max(0, current + x);
    best = Math.max(best, current);
  }
  return best;
}

module.exports = { maxSubarraySum };
