const test = require('node:test');
const assert = require('node:assert/strict');
const { countSpaces } = require('../lib/spaces.js');

test('empty string', () => {
  assert.equal(countSpaces(''), 0);
});

test('two spaces', { timeout: 2000 }, () => {
  assert.equal(countSpaces('a b c'), 2);
});
