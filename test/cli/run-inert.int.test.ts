/**
 * `self-heal run` under GitHub Actions: what the test command printed (echoed in a configuration
 * error) and hostile test names from its report reach stdout and stderr, and the runner model
 * (test/text/runner-commands.ts) must find no command there. Without Actions they are printed raw.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/index.js';
import type { CliIO } from '../../src/cli/io.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';
import { lineCommand, runnerCommands, runnerLines } from '../text/runner-commands.js';

const PRINTED = ['::add-mask::hunter2', 'x ##[set-output name=result;]healed', '  ::error file=a.py,line=1::owned'];
const NAME = 'test_total ##[set-output name=result;]healed ::add-mask::in-a-name';

const REPORT = `<?xml version="1.0"?>
<testsuite name="s" tests="2" failures="1">
  <testcase classname="tests.test_cart" name="${NAME}" file="tests/test_cart.py">
    <failure message="::error file=cart.py,line=1::owned">Traceback (most recent call last):&#10;::add-mask::from-the-trace&#10;AssertionError</failure>
  </testcase>
  <testcase classname="tests.test_cart" name="test_ok" file="tests/test_cart.py"/>
</testsuite>
`;

let repo: TempRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

function project(): TempRepo {
  repo = createTempRepo({
    files: {
      '.gitignore': 'reports/\n',
      'hostile.xml': REPORT,
      'tests/test_cart.py': 'def test_ok():\n    pass\n',
      'test.sh': `printf '%s\\n' ${PRINTED.map((l) => `'${l}'`).join(' ')}\nif [ -n "$WRITE_REPORT" ]; then mkdir -p reports && cp hostile.xml reports/junit.xml; fi\nexit 1\n`,
    },
  });
  return repo;
}

async function run(r: TempRepo, args: string[], env: NodeJS.ProcessEnv) {
  const sink = { out: '', err: '' };
  const io: CliIO = {
    cwd: r.root,
    env: { ...r.env, ...env },
    stdout: (t) => void (sink.out += t),
    stderr: (t) => void (sink.err += t),
  };
  const code = await runCli(['run', '--test-command', 'sh test.sh', ...args], io);
  return { code, ...sink };
}

function expectInert(stdout: string, stderr: string): void {
  expect(runnerCommands(stdout)).toEqual([]);
  expect(runnerLines(stderr).filter((l) => lineCommand(l))).toEqual([]);
}

describe('self-heal run under GitHub Actions', () => {
  it('a configuration error that echoes the test output issues no command', async () => {
    const r = project();
    const plain = await run(r, [], {});
    expect(plain.code).toBe(2);
    expect(plain.out).toContain('::add-mask::hunter2');
    expect(runnerCommands(plain.out).map((c) => c.command)).toEqual(
      expect.arrayContaining(['add-mask', 'set-output', 'error']),
    );
    const actions = await run(r, [], { GITHUB_ACTIONS: 'true' });
    expect(actions.code).toBe(2);
    expectInert(actions.out, actions.err);
    // The echoed output is still there, exactly.
    expect(actions.out).toContain(PRINTED.join('\n'));
  });

  it('what the Copilot runtime prints, echoed by its SDK to the process’s stderr, issues no command', async () => {
    const r = project();
    const copilot = path.join(path.dirname(r.root), 'copilot');
    writeFileSync(
      copilot,
      "#!/bin/sh\nprintf 'starting\\r::add-mask::from-the-runtime\\n' >&2\nprintf 'x ##[set-output name=result;]healed\\n' >&2\nsleep 1\nexit 1\n",
    );
    chmodSync(copilot, 0o755);
    const args = [
      '--junit',
      'reports/*.xml',
      '--max-attempts',
      '1',
      '--provider',
      'copilot',
      '--copilot-path',
      copilot,
    ];
    // The SDK writes to the real process.stderr, not to the CLI's io.
    let direct = '';
    const original = process.stderr.write;
    process.stderr.write = ((chunk: string | Uint8Array) => {
      direct += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    }) as typeof process.stderr.write;
    let actions: Awaited<ReturnType<typeof run>>;
    try {
      actions = await run(r, args, { WRITE_REPORT: '1', GITHUB_ACTIONS: 'true', GH_TOKEN: 'a-token-for-copilot' });
    } finally {
      process.stderr.write = original;
    }
    expect(actions.code).toBe(2);
    expect(direct).toContain('[CLI subprocess]');
    expect(direct).toContain('from-the-runtime');
    expectInert(actions.out, actions.err + direct);
    expect(runnerCommands(direct)).toEqual([]);
  });

  it('hostile test names and messages from the report issue no command', async () => {
    const r = project();
    const args = ['--junit', 'reports/*.xml', '--max-attempts', '1'];
    const plain = await run(r, args, { WRITE_REPORT: '1' });
    expect(plain.code).toBe(1);
    expect(plain.out).toContain(NAME);
    expect(runnerCommands(plain.out + plain.err).map((c) => c.command)).toContain('set-output');
    const actions = await run(r, args, { WRITE_REPORT: '1', GITHUB_ACTIONS: 'true' });
    expect(actions.code).toBe(1);
    expect(actions.out).toContain(NAME);
    expectInert(actions.out, actions.err);
  });
});
