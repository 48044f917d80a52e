const test = require('node:test');
const assert = require('node:assert/strict');
const { retryDelay } = require('../lib/retry.js');

test('first retry waits the base delay', () => {
  assert.equal(retryDelay(0), 100);
});

test('doubles each time', () => {
  assert.equal(retryDelay(3), 800);
});
