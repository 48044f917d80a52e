import { describe, expect, it } from 'vitest';
import { isTestPath, isVendoredPath } from '../../../src/repair/builtin/path-kinds.js';

describe('path kinds', () => {
  it.each([
    ['tests/test_cart.py', true],
    ['pkg/cart_test.py', true],
    ['conftest.py', true],
    ['src/cart.test.ts', true],
    ['__tests__/x.js', true],
    ['src/cart.py', false],
    ['lib/testing_utils.py', false],
  ])('%s is a test: %s', (file, expected) => {
    expect(isTestPath(file)).toBe(expected);
  });

  it('recognises vendored and generated code', () => {
    expect(isVendoredPath('node_modules/x/index.js')).toBe(true);
    expect(isVendoredPath('dist/app.js')).toBe(true);
    expect(isVendoredPath('static/app.min.js')).toBe(true);
    expect(isVendoredPath('types/api.d.ts')).toBe(true);
    expect(isVendoredPath('src/app.ts')).toBe(false);
  });
});
