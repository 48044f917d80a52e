const test = require('node:test');
const assert = require('node:assert/strict');
const { median } = require('../lib/median.js');

test('odd count', () => {
  assert.equal(median([3, 1, 2]), 2);
});

test('even count', () => {
  assert.equal(median([4, 1, 3, 2]), 2.5);
});

test('numbers are sorted numerically', () => {
  assert.equal(median([10, 9, 100]), 10);
});
