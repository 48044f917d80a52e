function fib(n, memo = new Map()) {
  if (n < 2) return 1;
  if (memo.has(n)) return memo.get(n);
  const value = fib(n - 1, memo) + fib(n - 2, memo);
  memo.set(n, value);
  return value;
}

module.exports = { fib };
