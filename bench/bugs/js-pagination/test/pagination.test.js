const test = require('node:test');
const assert = require('node:assert/strict');
const { pageCount, pageOf } = require('../lib/pagination.js');

test('exact pages', () => {
  assert.equal(pageCount(20, 10), 2);
});

test('partial last page', () => {
  assert.equal(pageCount(21, 10), 3);
});

test('page of an item', () => {
  assert.equal(pageOf(0, 10), 1);
  assert.equal(pageOf(10, 10), 2);
});
