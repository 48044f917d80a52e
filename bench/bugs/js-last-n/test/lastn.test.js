const test = require('node:test');
const assert = require('node:assert/strict');
const { lastN } = require('../lib/lastn.js');

test('none', () => {
  assert.deepEqual(lastN([1, 2, 3], 0), []);
});

test('last two', () => {
  assert.deepEqual(lastN([1, 2, 3, 4], 2), [3, 4]);
});

test('all of them', () => {
  assert.deepEqual(lastN([1, 2], 2), [1, 2]);
});
