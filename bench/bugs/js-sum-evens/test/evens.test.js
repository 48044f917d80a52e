const test = require('node:test');
const assert = require('node:assert/strict');
const { sumOfEvens } = require('../lib/evens.js');

test('empty', () => {
  assert.equal(sumOfEvens([]), 0);
});

test('mixed', () => {
  assert.equal(sumOfEvens([1, 2, 3, 4]), 6);
});

test('odds only', () => {
  assert.equal(sumOfEvens([1, 3]), 0);
});
