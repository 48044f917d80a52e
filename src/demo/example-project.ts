/**
 * The example project of `self-heal demo`, as string constants so the bundled CLI carries it
 * (ncc bundles what is imported; nothing is downloaded or read from beside the bundle at run time).
 * The readable originals are under `src/demo/example/`; a test keeps the two identical.
 *
 * A small shop's pricing module with node:test tests (nothing to install on a fresh machine): the
 * bulk discount applies from ten items, but the code says `> 10`, so one test fails.
 */
export const EXAMPLE_PROJECT: Readonly<Record<string, string>> = {
  'package.json': `{
  "name": "self-heal-demo-shop",
  "private": true,
  "type": "commonjs",
  "scripts": {
    "test": "node --test"
  }
}
`,
  '.gitignore': `junit.xml
node_modules/
`,
  'lib/cart.js': `'use strict';
/**
 * Pricing for a small web shop: line totals with a bulk discount, the cart subtotal, shipping
 * (free from a threshold) and the order total. Amounts are in euros, rounded to cents.
 */

const BULK_QUANTITY = 10; // ten or more of one item: 10% off that line
const BULK_DISCOUNT = 0.1;
const FREE_SHIPPING_FROM = 50;
const SHIPPING = 4.95;

function roundCents(amount) {
  return Math.round(amount * 100) / 100;
}

function lineTotal(item) {
  const gross = item.unitPrice * item.quantity;
  const discount = item.quantity > BULK_QUANTITY ? BULK_DISCOUNT : 0;
  return roundCents(gross * (1 - discount));
}

function subtotal(items) {
  return roundCents(items.reduce((sum, item) => sum + lineTotal(item), 0));
}

function shipping(amount) {
  if (amount === 0 || amount >= FREE_SHIPPING_FROM) return 0;
  return SHIPPING;
}

function orderTotal(items) {
  const amount = subtotal(items);
  return roundCents(amount + shipping(amount));
}

module.exports = { lineTotal, subtotal, shipping, orderTotal };
`,
  'test/cart.test.js': `'use strict';
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
`,
};
