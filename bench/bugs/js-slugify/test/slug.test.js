const test = require('node:test');
const assert = require('node:assert/strict');
const { slugify } = require('../lib/slug.js');

test('one word', () => {
  assert.equal(slugify('Hello'), 'hello');
});

test('punctuation removed', () => {
  assert.equal(slugify('Hi, you!'), 'hi-you');
});

test('every space becomes a dash', () => {
  assert.equal(slugify('A tale of two cities'), 'a-tale-of-two-cities');
});
