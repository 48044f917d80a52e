const test = require('node:test');
const assert = require('node:assert/strict');
const { chunk } = require('../lib/chunk.js');

test('even split', () => {
  assert.deepEqual(chunk([1, 2, 3, 4], 2), [[1, 2], [3, 4]]);
});

test('single trailing item kept', () => {
  assert.deepEqual(chunk([1, 2, 3], 2), [[1, 2], [3]]);
});

test('empty', () => {
  assert.deepEqual(chunk([], 2), []);
});
