const test = require('node:test');
const assert = require('node:assert/strict');
const { isPrime } = require('../lib/primes.js');

test('small primes', () => {
  assert.deepEqual([2, 3, 5, 7].map(isPrime), [true, true, true, true]);
});

test('one is not prime', () => {
  assert.equal(isPrime(1), false);
});

test('squares of primes are not prime', () => {
  assert.equal(isPrime(9), false);
  assert.equal(isPrime(25), false);
});
