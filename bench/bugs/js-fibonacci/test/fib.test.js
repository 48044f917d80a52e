const test = require('node:test');
const assert = require('node:assert/strict');
const { fib } = require('../lib/fib.js');

test('fib(0) is 0', () => {
  assert.equal(fib(0), 0);
});

test('fib(1) is 1', () => {
  assert.equal(fib(1), 1);
});

test('fib(10) is 55', () => {
  assert.equal(fib(10), 55);
});
