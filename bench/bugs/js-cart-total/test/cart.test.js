const test = require('node:test');
const assert = require('node:assert/strict');
const { cartTotal, lineTotal } = require('../lib/cart.js');

test('empty cart', () => {
  assert.equal(cartTotal([]), 0);
});

test('one line', () => {
  assert.equal(lineTotal({ price: 3, quantity: 4 }), 12);
});

test('several lines', () => {
  assert.equal(cartTotal([{ price: 2, quantity: 2 }, { price: 5, quantity: 1 }]), 9);
});
