const test = require('node:test');
const assert = require('node:assert/strict');
const { indexOfSorted } = require('../lib/search.js');

test('middle element', () => {
  assert.equal(indexOfSorted([1, 3, 5], 3), 1);
});

test('missing element', () => {
  assert.equal(indexOfSorted([1, 3, 5], 4), -1);
});

test('last element', () => {
  assert.equal(indexOfSorted([1, 3, 5, 7], 7), 3);
});
