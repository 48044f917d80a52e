const test = require('node:test');
const assert = require('node:assert/strict');
const { addDays, isWeekend } = require('../lib/dates.js');

test('weekend', () => {
  assert.equal(isWeekend(new Date(Date.UTC(2024, 2, 2))), true);
});

test('add zero days', () => {
  const d = new Date(Date.UTC(2024, 0, 1));
  assert.equal(addDays(d, 0).getTime(), d.getTime());
});

test('add a week', () => {
  assert.equal(addDays(new Date(Date.UTC(2024, 0, 1)), 7).toISOString(), '2024-01-08T00:00:00.000Z');
});
