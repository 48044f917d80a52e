const test = require('node:test');
const assert = require('node:assert/strict');
const { range } = require('../lib/range.js');

test('inclusive of both ends', () => {
  assert.deepEqual(range(1, 3), [1, 2, 3]);
});

test('single value', () => {
  assert.deepEqual(range(4, 4), [4]);
});

test('empty when reversed', () => {
  assert.deepEqual(range(5, 4), []);
});
