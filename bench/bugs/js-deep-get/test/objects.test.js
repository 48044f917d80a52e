const test = require('node:test');
const assert = require('node:assert/strict');
const { get } = require('../lib/objects.js');

test('top-level key', () => {
  assert.equal(get({ a: 1 }, 'a'), 1);
});

test('nested key', () => {
  assert.equal(get({ a: { b: { c: 3 } } }, 'a.b.c'), 3);
});

test('missing branch gives undefined', () => {
  assert.equal(get({ a: {} }, 'a.b.c'), undefined);
});
