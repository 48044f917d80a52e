const test = require('node:test');
const assert = require('node:assert/strict');
const { clamp } = require('../lib/clamp.js');

test('inside the range', () => {
  assert.equal(clamp(5, 0, 10), 5);
});

test('below the range', () => {
  assert.equal(clamp(-3, 0, 10), 0);
});

test('above the range', () => {
  assert.equal(clamp(42, 0, 10), 10);
});
