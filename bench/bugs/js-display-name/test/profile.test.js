const test = require('node:test');
const assert = require('node:assert/strict');
const { displayName } = require('../lib/profile.js');

test('nickname wins', () => {
  assert.equal(displayName({ name: 'Ann', profile: { nickname: 'Ace' } }), 'Ace');
});

test('name without nickname', () => {
  assert.equal(displayName({ name: 'Ann', profile: {} }), 'Ann');
});

test('user without a profile', () => {
  assert.equal(displayName({ name: 'Bob' }), 'Bob');
});
