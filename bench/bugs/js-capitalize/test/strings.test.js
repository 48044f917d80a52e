const test = require('node:test');
const assert = require('node:assert/strict');
const { capitalize } = require('../lib/strings.js');

test('empty string', () => {
  assert.equal(capitalize(''), '');
});

test('a word', () => {
  assert.equal(capitalize('hello'), 'Hello');
});

test('one letter', () => {
  assert.equal(capitalize('a'), 'A');
});
