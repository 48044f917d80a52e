const test = require('node:test');
const assert = require('node:assert/strict');
const { countVowels } = require('../lib/vowels.js');

test('lowercase', () => {
  assert.equal(countVowels('banana'), 3);
});

test('no vowels', () => {
  assert.equal(countVowels('rhythm'), 0);
});

test('capitals count too', () => {
  assert.equal(countVowels('ApplE'), 2);
});
