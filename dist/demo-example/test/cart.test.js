'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { lineTotal, subtotal, shipping, orderTotal } = require('../lib/cart.js');

test('a single item costs its unit price', () => {
  assert.equal(lineTotal({ unitPrice: 3.5, quantity: 1 }), 3.5);
});

test('ten of an item get the bulk discount', () => {
  assert.equal(lineTotal({ unitPrice: 2, quantity: 10 }), 18);
});

test('twelve of an item get the bulk discount', () => {
  assert.equal(lineTotal({ unitPrice: 2, quantity: 12 }), 21.6);
});

test('the subtotal adds up the lines', () => {
  assert.equal(subtotal([{ unitPrice: 1.25, quantity: 2 }, { unitPrice: 4, quantity: 1 }]), 6.5);
});

test('small orders pay shipping', () => {
  assert.equal(shipping(20), 4.95);
});

test('shipping is free from 50 euros', () => {
  assert.equal(shipping(50), 0);
});

test('an empty cart costs nothing', () => {
  assert.equal(orderTotal([]), 0);
});
