const test = require('node:test');
const assert = require('node:assert/strict');
const { reverseWords } = require('../lib/words.js');

test('single word', () => {
  assert.equal(reverseWords('hello'), 'hello');
});

test('two words', () => {
  assert.equal(reverseWords('hello world'), 'world hello');
});

test('extra spaces collapse', () => {
  assert.equal(reverseWords('  a  b c '), 'c b a');
});
