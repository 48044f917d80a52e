import { describe, expect, it } from 'vitest';
import { createPathResolver, looksLikeTestFile } from '../../src/workspace/repo-paths.js';

const FILES = [
  'src/calc.py',
  'tests/test_calc.py',
  'src/main/java/com/example/Calc.java',
  'src/test/java/com/example/CalcTest.java',
  'cart/cart.go',
  'cart/cart_test.go',
  'coupon/coupon_test.go',
  'internal/store/store.go',
  'crates/a/src/lib.rs',
  'crates/b/src/lib.rs',
  'lib/pricing.js',
  'vendor/github.com/x/y/y.go',
  'node_modules/left-pad/index.js',
  'docs/My File.md',
  'src/Ünïcode.ts',
];

const resolver = createPathResolver('/work/repo', FILES);
const user = (raw: string, hints?: Parameters<typeof resolver.resolve>[1]) => {
  const v = resolver.resolve(raw, hints);
  return v.kind === 'user' ? v.path : `<${v.kind}>`;
};

describe('mapping printed paths to repository files', () => {
  it('keeps repo-relative paths and strips ./ and ..', () => {
    expect(user('src/calc.py')).toBe('src/calc.py');
    expect(user('./src/calc.py')).toBe('src/calc.py');
    expect(user('src/../src/calc.py')).toBe('src/calc.py');
  });

  it('makes absolute paths under the root relative', () => {
    expect(user('/work/repo/src/calc.py')).toBe('src/calc.py');
    expect(user('/work/repo//tests/./test_calc.py')).toBe('tests/test_calc.py');
  });

  it('decodes file:// URLs, including percent-escapes and Windows drives', () => {
    expect(user('file:///work/repo/lib/pricing.js')).toBe('lib/pricing.js');
    expect(user('file:///work/repo/docs/My%20File.md')).toBe('docs/My File.md');
    expect(user('file:///work/repo/src/%C3%9Cn%C3%AFcode.ts')).toBe('src/Ünïcode.ts');
    expect(user('file:///C:/Users/dev/repo/lib/pricing.js')).toBe('lib/pricing.js');
  });

  it('reads Windows paths with backslashes and drive letters', () => {
    expect(user('C:\\Users\\dev\\checkout\\src\\calc.py')).toBe('src/calc.py');
    expect(user('D:\\a\\repo\\repo\\tests\\test_calc.py')).toBe('tests/test_calc.py');
    expect(user('\\\\?\\C:\\x\\lib\\pricing.js')).toBe('lib/pricing.js');
    // Windows compares case-insensitively.
    const win = createPathResolver('C:\\Work\\Repo', ['src/Calc.py']);
    expect(win.resolve('c:\\work\\repo\\SRC\\calc.PY')).toEqual({ kind: 'user', path: 'src/Calc.py' });
  });

  it('strips GitHub runner workspaces', () => {
    expect(user('/home/runner/work/shop/shop/cart/cart.go')).toBe('cart/cart.go');
    expect(user('/Users/runner/work/shop/shop/src/calc.py')).toBe('src/calc.py');
    expect(user('/__w/shop/shop/lib/pricing.js')).toBe('lib/pricing.js');
    expect(user('/github/workspace/lib/pricing.js')).toBe('lib/pricing.js');
  });

  it('matches absolute paths from another machine by their longest suffix that is a repository file', () => {
    expect(user('/tmp/xyz/src/calc.py')).toBe('src/calc.py');
    expect(user('/builds/ci-42/checkout/src/main/java/com/example/Calc.java')).toBe(
      'src/main/java/com/example/Calc.java',
    );
    // Only whole segments count: `xsrc/calc.py` is not `src/calc.py`, but its `calc.py` suffix is no file either.
    expect(user('/tmp/xsrc/calc.py')).toBe('<outside>');
  });

  it('matches relative guesses (Java packages, Go short names) by the files that end with them', () => {
    expect(user('com/example/Calc.java')).toBe('src/main/java/com/example/Calc.java');
    expect(user('com/example/CalcTest.java')).toBe('src/test/java/com/example/CalcTest.java');
    expect(user('cart_test.go')).toBe('cart/cart_test.go');
  });

  it('leaves a short name several files end with unresolved unless hints choose one', () => {
    expect(resolver.resolve('src/lib.rs')).toMatchObject({
      kind: 'outside',
      reason: expect.stringContaining('ambiguous'),
    });
    expect(user('src/lib.rs', { files: ['crates/b/src/main.rs'] })).toBe('crates/b/src/lib.rs');
    expect(user('src/lib.rs', { dirs: ['crates/a'] })).toBe('crates/a/src/lib.rs');
  });

  it('refuses absurdly long paths without scanning them', () => {
    expect(resolver.resolve(`/x${'/a'.repeat(100_000)}/src/calc.py`)).toEqual({
      kind: 'outside',
      reason: 'path too long',
    });
    expect(resolver.resolve('')).toMatchObject({ kind: 'outside' });
  });

  it('does not match an untracked file under the root to another file by suffix', () => {
    expect(resolver.resolve('/work/repo/build/gen/calc.py')).toMatchObject({
      kind: 'outside',
      reason: 'not tracked by git',
    });
    expect(resolver.resolve('/work/repo/src/new_file.py')).toMatchObject({ kind: 'outside' });
  });
});

describe("vendored, runtime and generated code is never the user's", () => {
  it.each([
    ['/work/repo/node_modules/left-pad/index.js', 'vendored'],
    ['node_modules/left-pad/index.js', 'vendored'],
    ['/home/u/.venv/lib/python3.12/site-packages/requests/api.py', 'vendored'],
    ['/usr/lib/python3/dist-packages/yaml/__init__.py', 'vendored'],
    ['C:\\proj\\venv\\Lib\\site-packages\\six.py', 'vendored'],
    ['vendor/github.com/x/y/y.go', 'vendored'],
    ['/home/u/.cargo/registry/src/index.crates.io-6f17d22bba15001f/serde-1.0.0/src/de.rs', 'vendored'],
    ['/root/.m2/repository/x/Y.java', 'vendored'],
    ['node:internal/process/task_queues', 'runtime'],
    ['node:fs', 'runtime'],
    ['internal/modules/cjs/loader.js', 'runtime'],
    ['<frozen importlib._bootstrap>', 'runtime'],
    ['<string>', 'runtime'],
    ['/usr/lib/python3.12/unittest/case.py', 'runtime'],
    ['/root/.pyenv/versions/3.11.7/lib/python3.11/json/decoder.py', 'runtime'],
    ['C:\\hostedtoolcache\\windows\\Python\\3.12.0\\x64\\Lib\\unittest\\case.py', 'runtime'],
    ['/usr/local/go/src/runtime/panic.go', 'runtime'],
    ['/usr/lib/go-1.22/src/testing/testing.go', 'runtime'],
    ['runtime/panic.go', 'runtime'],
    ['testing/testing.go', 'runtime'],
    ['/home/u/go/pkg/mod/github.com/stretchr/testify@v1.9.0/assert/assertions.go', 'runtime'],
    ['/rustc/90b35a6239c3d8bdabc530a6a0816f7ff89a0aaf/library/core/src/panicking.rs', 'runtime'],
    ['library/std/src/panicking.rs', 'runtime'],
    ['java.base/jdk.internal.reflect.DirectMethodHandleAccessor.java', 'runtime'],
    ['org/junit/jupiter/api/AssertionUtils.java', 'runtime'],
    ['java/lang/Thread.java', 'runtime'],
    ['webpack://app/webpack/bootstrap', 'runtime'],
    ['/opt/tools/lib/@vitest/runner/dist/index.js', 'runtime'],
  ])('%s is %s', (raw, kind) => {
    expect(resolver.resolve(raw).kind).toBe(kind);
  });

  it("maps webpack:// URLs of the user's own modules", () => {
    expect(user('webpack://app/./lib/pricing.js')).toBe('lib/pricing.js');
  });

  it('judges vendored markers below the root, not in the root path itself', () => {
    const nested = createPathResolver('/srv/vendor/app', ['src/calc.py']);
    expect(nested.resolve('/srv/vendor/app/src/calc.py')).toEqual({ kind: 'user', path: 'src/calc.py' });
  });

  it("keeps a repository's own files that look like standard-library paths", () => {
    // A Go module's `internal/` package is the user's, unlike GOROOT's `internal/`.
    expect(user('internal/store/store.go')).toBe('internal/store/store.go');
    expect(user('/work/repo/internal/store/store.go')).toBe('internal/store/store.go');
  });
});

describe('package directories', () => {
  it('finds the repository directory of a Go import path', () => {
    expect(resolver.directoriesFor('example.com/shop/cart')).toEqual(['cart']);
    expect(resolver.directoriesFor('cart')).toEqual(['cart']);
    expect(resolver.directoriesFor('example.com/shop/missing')).toEqual([]);
  });
});

describe('test files', () => {
  it.each([
    ['tests/test_calc.py', true],
    ['pkg/calc_test.py', true],
    ['conftest.py', true],
    ['src/calc.test.ts', true],
    ['src/calc.spec.mjs', true],
    ['src/__tests__/calc.js', true],
    ['cart/cart_test.go', true],
    ['src/test/java/com/example/Calc.java', true],
    ['src/main/java/com/example/CalcTest.java', true],
    ['src/calc.py', false],
    ['cart/cart.go', false],
    ['src/main/java/com/example/Calc.java', false],
    ['src/latest.ts', false],
  ])('%s → %s', (file, expected) => {
    expect(looksLikeTestFile(file)).toBe(expected);
  });
});
