function sumOfEvens(values) {
  let sum = 0;
  for (const x of values) {
    if (x % 2 === 1) sum += x;
  }
  return sum;
}

module.exports = { sumOfEvens };
