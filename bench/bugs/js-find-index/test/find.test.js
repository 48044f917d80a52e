const test = require('node:test');
const assert = require('node:assert/strict');
const { findIndexOf } = require('../lib/find.js');

test('no match', () => {
  assert.equal(findIndexOf([1, 2], (x) => x > 5), -1);
});

test('single match', () => {
  assert.equal(findIndexOf([1, 7, 2], (x) => x > 5), 1);
});

test('first of several matches', () => {
  assert.equal(findIndexOf([1, 7, 9], (x) => x > 5), 1);
});
