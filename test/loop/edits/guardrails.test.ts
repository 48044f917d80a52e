import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuard, normalizeRepoPath } from '../../../src/loop/edits/guardrails.js';

describe('normalizeRepoPath', () => {
  it.each([
    ['', /empty/],
    ['a\0b', /NUL/],
    ['a\nb', /control/],
    [' src/a.js', /whitespace/],
    ['src\\a.js', /backslash/],
    ['..\\..\\etc\\passwd', /backslash/],
    ['/etc/passwd', /absolute/],
    ['~/.ssh/id_rsa', /home/],
    ['C:/Windows/x', /drive/],
    ['c:foo', /drive/],
    ['file:///etc/passwd', /URL/],
    ['../outside.js', /`\.\.`/],
    ['src/../../x', /`\.\.`/],
    ['src/', /directory/],
    ['.', /root/],
    ['.git/config', /\.git/],
    ['.GIT/hooks/pre-commit', /\.git/],
    ['sub/.Git/HEAD', /\.git/],
    ['.git./config', /\.git/],
    ['git~1/config', /\.git/],
  ])('refuses %j', (raw, reason) => {
    const r = normalizeRepoPath(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });

  it('normalises harmless spellings', () => {
    expect(normalizeRepoPath('./src//calc.js')).toEqual({ ok: true, path: 'src/calc.js' });
    expect(normalizeRepoPath('.gitignore-not-really/x')).toEqual({ ok: true, path: '.gitignore-not-really/x' });
  });
});

describe('createGuard', () => {
  let root: string;
  let outside: string;
  beforeAll(() => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'self-heal-guard-'));
    root = path.join(base, 'repo');
    outside = path.join(base, 'outside');
    mkdirSync(path.join(root, 'src'), { recursive: true });
    mkdirSync(path.join(root, 'tests'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(path.join(root, 'src/calc.js'), 'x');
    writeFileSync(path.join(root, 'tests/test_calc.py'), 'x');
    symlinkSync(outside, path.join(root, 'src/escape'));
    symlinkSync('../tests', path.join(root, 'src/tests-link'));
    symlinkSync('../tests/test_calc.py', path.join(root, 'src/calc_link.py'));
    symlinkSync('/nonexistent/target', path.join(root, 'src/dangling'));
    symlinkSync('..', path.join(root, 'src/up'));
  });
  afterAll(() => rmSync(path.dirname(root), { recursive: true, force: true }));

  it('allows ordinary source files, new ones included', () => {
    const guard = createGuard({ root });
    expect(guard.checkWrite('src/calc.js')).toEqual({ ok: true, path: 'src/calc.js' });
    expect(guard.checkWrite('src/new/module.py')).toEqual({ ok: true, path: 'src/new/module.py' });
    // Shared files are judged by section (`checkContent`), not refused whole.
    for (const shared of ['pyproject.toml', 'package.json', 'setup.cfg', 'Cargo.toml', 'go.mod', 'pom.xml'])
      expect(guard.checkWrite(shared).ok).toBe(true);
    // CamelCase rules are case-sensitive: `latest.java` is not `*Test.java`.
    expect(guard.checkWrite('src/latest.java').ok).toBe(true);
  });

  it.each([
    ['tests/test_calc.py', /test file/],
    ['TESTS/test_calc.py', /test file/],
    ['pkg/calc_test.go', /test file/],
    ['lib/test_util.py', /test file/],
    ['conftest.py', /test file/],
    ['src/app.test.ts', /test file/],
    ['src/app.spec.js', /test file/],
    ['src/__tests__/a.js', /test file/],
    ['spec/models/user_spec.rb', /test file/],
    ['module/src/test/java/a/CalcTest.java', /test file/],
    ['src/main/java/a/CalcTest.java', /test file/],
    ['crate/tests/it.rs', /test file/],
    ['src/__snapshots__/a.test.js.snap', /./],
    ['ui/button.snap', /snapshot/],
    ['.github/workflows/ci.yml', /CI configuration/],
    ['.gitlab-ci.yml', /CI configuration/],
    ['.circleci/config.yml', /CI configuration/],
    ['Jenkinsfile', /CI configuration/],
    ['azure-pipelines.yml', /CI configuration/],
    ['pytest.ini', /test runner configuration/],
    ['jest.config.js', /test runner configuration/],
    ['vitest.config.ts', /test runner configuration/],
    ['.mocharc.yml', /test runner configuration/],
    ['.nycrc.json', /coverage configuration/],
    ['codecov.yml', /coverage configuration/],
    ['.coveragerc', /coverage configuration/],
    ['package-lock.json', /lockfile/],
    ['web/yarn.lock', /lockfile/],
    ['pnpm-lock.yaml', /lockfile/],
    ['poetry.lock', /lockfile/],
    ['Cargo.lock', /lockfile/],
    ['go.sum', /lockfile/],
    ['Gemfile.lock', /lockfile/],
    ['uv.lock', /lockfile/],
    ['.gitignore', /git metadata/],
    ['.gitattributes', /git metadata/],
  ])('protects %s by default', (p, reason) => {
    const r = createGuard({ root }).checkWrite(p);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });

  it('lets --allow lift default protection, --protect win over --allow, and nothing lift .git', () => {
    const guard = createGuard({ root, allow: ['tests/**', '.git/**', 'src/**'], protect: ['src/secret/**'] });
    expect(guard.checkWrite('tests/test_calc.py').ok).toBe(true);
    expect(guard.checkWrite('.git/config').ok).toBe(false);
    const r = guard.checkWrite('src/secret/keys.js');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/--protect/);
  });

  it('pins the failing tests’ own files with their reason even when allowed', () => {
    const guard = createGuard({
      root,
      allow: ['**'],
      pinned: new Map([['tests/test_calc.py', 'it is the failing test itself']]),
    });
    expect(guard.checkWrite('tests/test_calc.py')).toMatchObject({
      ok: false,
      reason: 'it is the failing test itself',
    });
  });

  it('refuses symlinks that lead out of the repository, and checks in-repo targets', () => {
    const guard = createGuard({ root, allow: [] });
    expect(guard.checkWrite('src/escape/x.js')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/outside the repository/),
    });
    expect(guard.checkRead('src/escape/x.js').ok).toBe(false);
    // A link to the repository root stays inside; a chain that reaches an escaping link does not.
    expect(guard.checkWrite('src/up/up/etc.js').ok).toBe(true);
    expect(guard.checkWrite('src/up/src/escape/x.js').ok).toBe(false);
    expect(guard.checkWrite('src/up/.git/config').ok).toBe(false);
    expect(guard.checkWrite('src/dangling')).toMatchObject({ ok: false, reason: expect.stringMatching(/dangling/) });
    expect(guard.checkWrite('src/tests-link/helper.js')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/symlink to `tests\/helper.js`.*test file/),
    });
    expect(guard.checkWrite('src/calc_link.py')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/test file/),
    });
    expect(guard.checkWrite('src/calc.js/nested.js')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not a directory/),
    });
    expect(guard.checkWrite('src')).toMatchObject({ ok: false, reason: expect.stringMatching(/directory/) });
  });

  it('lets providers read tests but not .git or the outside', () => {
    const guard = createGuard({ root });
    expect(guard.checkRead('tests/test_calc.py').ok).toBe(true);
    expect(guard.checkRead('.git/config').ok).toBe(false);
    expect(guard.checkRead('../outside/x').ok).toBe(false);
  });
});
