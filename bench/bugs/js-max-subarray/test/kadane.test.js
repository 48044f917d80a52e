const test = require('node:test');
const assert = require('node:assert/strict');
const { maxSubarraySum } = require('../lib/kadane.js');

test('mixed values', () => {
  assert.equal(maxSubarraySum([-2, 1, -3, 4, -1, 2, 1, -5, 4]), 6);
});

test('single value', () => {
  assert.equal(maxSubarraySum([5]), 5);
});

test('all negative', () => {
  assert.equal(maxSubarraySum([-3, -1, -2]), -1);
});
