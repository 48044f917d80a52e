const test = require('node:test');
const assert = require('node:assert/strict');
const { isAvailable } = require('../lib/inventory.js');

test('in stock', () => {
  assert.equal(isAvailable({ quantity: 3, discontinued: false }), true);
});

test('sold out', () => {
  assert.equal(isAvailable({ quantity: 0, discontinued: false }), false);
});

test('discontinued', () => {
  assert.equal(isAvailable({ quantity: 0, discontinued: true }), false);
});
