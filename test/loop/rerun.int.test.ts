import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planRerun, pytestNodeId, type RerunTarget } from '../../src/loop/rerun.js';
import { escapeRegex } from '../../src/text/escape-regex.js';

const HOSTILE = 'weird $(touch pwned) `touch pwned2` \'q\' "dq" ; | & \n newline';

let dir: string;
let binDir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'self-heal-rerun-'));
  binDir = path.join(dir, 'bin');
  mkdirSync(binDir);
  mkdirSync(path.join(dir, 'tests'));
  writeFileSync(path.join(dir, 'tests/test_calc.py'), '');
  // Fake runners: record their argv (NUL-separated) so the test sees exactly what the shell passed.
  for (const name of ['pytest', 'vitest', 'jest', 'mocha', 'go', 'cargo', 'mvn', 'node', 'npm']) {
    writeFileSync(
      path.join(binDir, name),
      `#!/bin/sh\nprintf '%s\\0' "$@" > "${dir}/argv.${name}"\nprintf '%s' "$NODE_OPTIONS" > "${dir}/env.${name}"\n`,
    );
    chmodSync(path.join(binDir, name), 0o755);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(command: string, env: Record<string, string> = {}): void {
  execFileSync('sh', ['-c', command], {
    cwd: dir,
    env: { ...process.env, PATH: `${binDir}:${process.env.PATH}`, ...env },
  });
}

function argv(name: string): string[] {
  return readFileSync(path.join(dir, `argv.${name}`), 'utf8')
    .split('\0')
    .slice(0, -1);
}

const target = (t: Partial<RerunTarget> & { name: string }): RerunTarget => ({ id: t.name, ...t });

describe('planRerun', () => {
  it('pytest: node ids from the dotted classname, appended to the pytest command only', () => {
    const plan = planRerun({
      testCommand: 'python3 -m pytest --junitxml=reports/junit.xml | tee out.log',
      cwd: dir,
      targets: [
        target({ name: 'test_a[1-2]', classname: 'tests.test_calc.TestX' }),
        target({ name: 'test_b', classname: 'tests.test_calc' }),
      ],
    });
    expect(plan.runner).toBe('pytest');
    expect(plan.command).toBe(
      "python3 -m pytest --junitxml=reports/junit.xml 'tests/test_calc.py::TestX::test_a[1-2]' tests/test_calc.py::test_b | tee out.log",
    );
  });

  it("pytest: the command's own test paths give way to the node ids, options and their values stay", () => {
    const plan = planRerun({
      testCommand:
        'python3 -m pytest --junitxml=reports/junit.xml --ignore tests -k "not slow" tests/ -q tests/test_calc.py',
      cwd: dir,
      targets: [target({ name: 'test_b', classname: 'tests.test_calc' })],
    });
    expect(plan.command).toBe(
      'python3 -m pytest --junitxml=reports/junit.xml --ignore tests -k "not slow" -q tests/test_calc.py::test_b',
    );
    run(plan.command.replace('python3 -m pytest', 'pytest'));
    expect(argv('pytest')).toEqual([
      '--junitxml=reports/junit.xml',
      '--ignore',
      'tests',
      '-k',
      'not slow',
      '-q',
      'tests/test_calc.py::test_b',
    ]);
  });

  it('stops at the first failure when asked, with each runner’s own flag, through npm too', () => {
    const t = target({ name: 'adds', classname: 'tests.test_calc', file: path.join(dir, 'tests/test_calc.py') });
    const plan = (testCommand: string) => planRerun({ testCommand, cwd: dir, targets: [t], failFast: true }).command;
    expect(plan('python3 -m pytest -q')).toBe('python3 -m pytest -q -x tests/test_calc.py::adds');
    expect(plan('npx vitest run')).toMatch(/^npx vitest run --bail=1 /);
    expect(plan('npx jest --ci')).toMatch(/^npx jest --ci --bail /);
    expect(plan('npx mocha')).toMatch(/^npx mocha --bail /);
    expect(plan('go test ./...')).toMatch(/^go test \.\/\.\.\. -failfast /);
    // A runner with no such flag reruns as usual.
    expect(plan('cargo test')).not.toMatch(/fail/);
    expect(planRerun({ testCommand: 'python3 -m pytest -q', cwd: dir, targets: [t] }).command).not.toContain('-x');
  });

  it('pytest: a file attribute wins; an underivable id falls back to the full command', () => {
    expect(
      pytestNodeId(
        target({ name: 't', classname: 'tests.test_calc.C', file: path.join(dir, 'tests/test_calc.py') }),
        dir,
      ),
    ).toBe('tests/test_calc.py::C::t');
    const plan = planRerun({
      testCommand: 'pytest',
      cwd: dir,
      targets: [target({ name: 't', classname: 'nowhere.mod' })],
    });
    expect(plan.targeted).toBe(false);
    expect(plan.reason).toMatch(/could not be derived/);
  });

  it.each([
    ['pytest', 'pytest -q', { classname: 'tests.test_calc' }, (name: string) => [`-q`, `tests/test_calc.py::${name}`]],
    [
      'vitest',
      'vitest run',
      { file: 'src/a.test.ts' },
      (name: string) => ['run', 'src/a.test.ts', '-t', `^${escapeRegex(name)}$`],
    ],
    [
      'jest',
      'jest --ci',
      { file: 'src/a.test.js' },
      (name: string) => ['--ci', '-t', `^${escapeRegex(name)}$`, '--', 'src/a.test.js'],
    ],
    ['mocha', 'mocha test/', {}, (name: string) => ['test/', '--grep', `^${escapeRegex(name)}$`]],
    ['cargo', 'cargo test', {}, (name: string) => ['test', '--', '--exact', name]],
    [
      'node',
      'node --test --test-reporter=spec',
      {},
      (name: string) => ['--test', `--test-name-pattern=^${escapeRegex(name)}$`, '--test-reporter=spec'],
    ],
  ])(
    '%s: a hostile test name reaches the runner as one literal argument, nothing executed',
    (bin, testCommand, extra, expected) => {
      const plan = planRerun({ testCommand, cwd: dir, targets: [target({ name: HOSTILE, ...extra })] });
      expect(plan.targeted).toBe(true);
      run(plan.command, plan.env);
      expect(argv(bin)).toEqual(expected(HOSTILE));
      expect(existsSync(path.join(dir, 'pwned'))).toBe(false);
      expect(existsSync(path.join(dir, 'pwned2'))).toBe(false);
    },
  );

  it('go: top-level names anchored, subtests run with their parent, flags stay before the pipe', () => {
    const plan = planRerun({
      testCommand: 'go test -v ./... 2>&1 | go-junit-report > report.xml',
      cwd: dir,
      targets: [target({ name: 'TestAdd/neg_numbers' }), target({ name: 'TestMul' }), target({ name: 'TestAdd/zero' })],
    });
    expect(plan.command).toBe(
      "go test -v ./... 2>&1 '-run' '^(?:TestAdd|TestMul)$' | go-junit-report > report.xml".replace("'-run'", '-run'),
    );
  });

  it('maven: Class#method groups, parameters stripped', () => {
    const plan = planRerun({
      testCommand: './mvnw -B test',
      cwd: dir,
      targets: [
        target({ name: 'adds(int)[1]', classname: 'com.acme.CalcTest' }),
        target({ name: 'muls', classname: 'com.acme.CalcTest' }),
      ],
    });
    expect(plan.command).toBe("./mvnw -B test '-Dtest=CalcTest#adds+muls' -Dsurefire.failIfNoSpecifiedTests=false");
  });

  it('follows npm test into package.json; node:test through the selection preload', () => {
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ scripts: { test: 'node --test test/' } }));
    const plan = planRerun({
      testCommand: 'npm test',
      cwd: dir,
      targets: [target({ name: 'adds "two"' })],
      nodeOptions: '--max-old-space-size=100',
      nodeTestSelect: '/tmp/a dir/select.cjs',
    });
    expect(plan.command).toBe('npm test');
    // No `--test-name-pattern` in NODE_OPTIONS: Node 20 refuses it there.
    expect(plan.env).toEqual({
      NODE_OPTIONS: '--max-old-space-size=100 --require "/tmp/a dir/select.cjs"',
      SELF_HEAL_TEST_NAME_PATTERN: '^adds "two"$',
    });
    expect(plan.display).toBe(
      `NODE_OPTIONS='--max-old-space-size=100 --require "/tmp/a dir/select.cjs"' SELF_HEAL_TEST_NAME_PATTERN='^adds "two"$' npm test`,
    );
    // Without the preload there is no targeted form behind the package script.
    const none = planRerun({ testCommand: 'npm test', cwd: dir, targets: [target({ name: 'adds "two"' })] });
    expect(none.targeted).toBe(false);
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ scripts: { test: 'vitest run' } }));
    const vitest = planRerun({
      testCommand: 'npm run test',
      cwd: dir,
      targets: [target({ name: 'a.b', file: 'x.test.ts' })],
    });
    expect(vitest.command).toBe("npm run test -- x.test.ts -t '^a\\.b$'");
    rmSync(path.join(dir, 'package.json'));
  });

  it('template: {tests}, {files} and {pattern} are shell-quoted', () => {
    const plan = planRerun({
      testCommand: 'make test',
      template: 'make test ARGS={tests} FILES={files} P={pattern}',
      cwd: dir,
      targets: [target({ name: "it's", file: 'a b.js' })],
    });
    expect(plan.command).toBe(`make test ARGS='it'\\''s' FILES='a b.js' P='it'\\''s'`);
  });

  it('template: quotes written around a placeholder are dropped, so a hostile name runs nothing', () => {
    for (const template of ['vitest run -t "{pattern}" "{files}"', "vitest run -t '{pattern}' '{files}'"]) {
      const plan = planRerun({
        testCommand: 'vitest run',
        template,
        cwd: dir,
        targets: [target({ name: HOSTILE, file: 'src/a.test.ts' })],
      });
      expect(plan.targeted).toBe(true);
      run(plan.command);
      expect(argv('vitest')).toEqual(['run', '-t', escapeRegex(HOSTILE), 'src/a.test.ts']);
      expect(existsSync(path.join(dir, 'pwned'))).toBe(false);
      expect(existsSync(path.join(dir, 'pwned2'))).toBe(false);
    }
  });

  it('template: a placeholder inside a longer quoted word falls back to the full command', () => {
    for (const template of [
      'vitest run -t "^{pattern}$"',
      "vitest run --grep='x {tests}'",
      'vitest run -t "a\\"{pattern}"',
    ]) {
      const plan = planRerun({
        testCommand: 'vitest run',
        template,
        cwd: dir,
        targets: [target({ name: HOSTILE, file: 'src/a.test.ts' })],
      });
      expect(plan, template).toMatchObject({ command: 'vitest run', targeted: false });
      expect(plan.reason).toMatch(/inside quotes/);
    }
    // Quotes elsewhere in the template are fine.
    const plan = planRerun({
      testCommand: 'make test',
      template: 'make test MSG="rerun" ARGS={tests}',
      cwd: dir,
      targets: [target({ name: 'a' })],
    });
    expect(plan).toMatchObject({ command: 'make test MSG="rerun" ARGS=a', targeted: true });
  });

  it('gradle: --tests per method, and per class at the files scope (Gradle cannot run offline here)', () => {
    const targets = [
      target({ name: 'adds(int)[1]', classname: 'com.acme.CalcTest' }),
      target({ name: 'muls', classname: 'com.acme.CalcTest' }),
      target({ name: "it's", classname: 'com.acme.OtherTest' }),
    ];
    const tests = planRerun({ testCommand: './gradlew test --offline', cwd: dir, targets });
    expect(tests).toMatchObject({ runner: 'gradle', scope: 'tests' });
    expect(tests.command).toBe(
      "./gradlew test --offline --tests com.acme.CalcTest.adds --tests com.acme.CalcTest.muls --tests 'com.acme.OtherTest.it'\\''s'",
    );
    const files = planRerun({ testCommand: 'gradle test', cwd: dir, targets, scope: 'files' });
    expect(files.command).toBe('gradle test --tests com.acme.CalcTest --tests com.acme.OtherTest');
  });

  it('the files scope of each runner, and what has none', () => {
    const t = [target({ name: 'a > b', file: 'test/a.test.ts', classname: 'test/a.test.ts' })];
    const plan = (testCommand: string, targets = t) => planRerun({ testCommand, cwd: dir, targets, scope: 'files' });
    expect(plan('npx vitest run').command).toBe('npx vitest run test/a.test.ts');
    expect(plan('npx jest --reporters=jest-junit').command).toBe('npx jest --reporters=jest-junit -- test/a.test.ts');
    expect(plan('pytest', [target({ name: 't', classname: 'tests.test_calc.C' })]).command).toBe(
      'pytest tests/test_calc.py',
    );
    expect(plan('cargo test', [target({ name: 'adds', classname: 'tests' })]).command).toBe(
      'cargo test -- tests::adds',
    );
    expect(plan('mvn test', [target({ name: 'adds', classname: 'com.acme.CalcTest' })]).command).toBe(
      'mvn test -Dtest=CalcTest -Dsurefire.failIfNoSpecifiedTests=false',
    );
    const mocha = plan('mocha', [target({ name: 'outer inner adds', classname: 'adds' })]);
    expect(mocha.command).toBe("mocha --grep '^outer inner '");
    const node = plan('node --test');
    expect(node).toMatchObject({
      targeted: false,
      reason: expect.stringMatching(/no file-level form/),
    });
  });

  it('unittest: ids replace a plain discover; a start directory cannot be targeted', () => {
    const targets = [target({ name: 'test_x', classname: 'tests.test_calc.CalcTests' })];
    const plain = planRerun({ testCommand: 'python3 -m unittest discover -p "test_*.py" -v', cwd: dir, targets });
    expect(plain.command).toBe('python3 -m unittest tests.test_calc.CalcTests.test_x');
    const xml = planRerun({
      testCommand: 'python -m xmlrunner --output-file r.xml discover && echo',
      cwd: dir,
      targets,
    });
    expect(xml.command).toBe('python -m xmlrunner --output-file r.xml tests.test_calc.CalcTests.test_x && echo');
    const start = planRerun({ testCommand: 'python3 -m unittest discover -s tests', cwd: dir, targets });
    expect(start.targeted).toBe(false);
  });

  it('go through gotestsum; cargo with the module path', () => {
    const go = planRerun({
      testCommand: 'gotestsum --junitfile r.xml',
      cwd: dir,
      targets: [target({ name: 'TestTotal/two_pens' }), target({ name: 'TestTotal' })],
    });
    expect(go.command).toBe("gotestsum --junitfile r.xml -- ./... -run '^TestTotal$/^two_pens$'");
    const cargo = planRerun({
      testCommand: 'cargo test',
      cwd: dir,
      targets: [
        target({ name: 'adds', classname: 'tests::nested' }),
        target({ name: 'top', classname: 'integration' }),
      ],
    });
    expect(cargo.command).toBe('cargo test -- --exact tests::nested::adds top');
  });

  it('falls back to the full command for unknown runners', () => {
    const plan = planRerun({
      testCommand: 'make check',
      cwd: dir,
      targets: [target({ name: 'x', dialect: 'pytest' })],
    });
    expect(plan).toMatchObject({ command: 'make check', targeted: false });
    expect(plan.reason).toMatch(/--rerun-command/);
  });
});
