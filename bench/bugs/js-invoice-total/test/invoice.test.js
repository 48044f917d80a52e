const test = require('node:test');
const assert = require('node:assert/strict');
const { invoiceTotal } = require('../lib/invoice.js');

test('no lines', () => {
  assert.equal(invoiceTotal([], 0.2), 0);
});

test('with tax', () => {
  assert.equal(invoiceTotal([{ amount: 10 }, { amount: 5 }], 0.2), 18);
});
