/**
 * Under GitHub Actions nothing the CLI prints may issue a workflow command: hostile test names and
 * messages go through `self-heal parse` in every format and the runner model reads stdout and stderr
 * (test/text/runner-commands.ts). Outside Actions the output is what it always was.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/index.js';
import { inertOutput } from '../../src/cli/inert-output.js';
import type { CliIO } from '../../src/cli/io.js';
import { FramesReport } from '../../src/contracts/failure-frame.js';
import { neutraliseCommands } from '../../src/text/workflow-commands.js';
import { lineCommand, runnerCommands, runnerLines } from '../text/runner-commands.js';

const ACTIONS = { GITHUB_ACTIONS: 'true' };

/** Payloads for each of the runner's rules (actions/runner ActionCommand.cs, OutputManager.cs). */
const PAYLOADS = [
  '::add-mask::hunter2',
  '  ::stop-commands::pwned',
  '::error file=app.py,line=1::owned',
  'mid-line ##[set-output name=result;]healed',
  '::ERROR::upper case',
  '\u00ad::notice::behind a soft hyphen',
  '::endgroup::',
];
const xml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
const MESSAGE = `boom\n${PAYLOADS.join('\n')}\rlone ::warning::carriage return`;
const NAME = `test_x ##[set-output name=x;]y\n::add-mask::in-a-name`;

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});
function hostileProject(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'self-heal-inert-'));
  temps.push(dir);
  writeFileSync(
    path.join(dir, 'junit.xml'),
    `<?xml version="1.0"?>
<testsuite name="s" tests="2" failures="2">
  <testcase classname="tests.test_app" name="${xml(NAME)}" file="tests/test_app.py">
    <failure message="${xml(MESSAGE)}">${xml(`Traceback (most recent call last):\n${PAYLOADS.join('\n')}`)}</failure>
  </testcase>
  <testcase classname="tests.test_app" name="test_y" file="tests/test_app.py">
    <failure message="::error::second">${xml(PAYLOADS.join('\n'))}</failure>
  </testcase>
</testsuite>`,
  );
  writeFileSync(path.join(dir, 'output.log'), `${PAYLOADS.join('\n')}\n`);
  return dir;
}

async function cli(argv: string[], env: NodeJS.ProcessEnv) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd: os.tmpdir(), env };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

/** Every order in which the runner may read the two streams' lines (a sample, deterministic). */
function interleavings(a: string[], b: string[], samples = 200): string[][] {
  const orders = [
    [...a, ...b],
    [...b, ...a],
  ];
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let s = 0; s < samples; s++) {
    const out: string[] = [];
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length)
      out.push(j >= b.length || (i < a.length && random() < 0.5) ? a[i++]! : b[j++]!);
    orders.push(out);
  }
  return orders;
}

function expectInert(stdout: string, stderr: string): void {
  expect(runnerCommands(stdout)).toEqual([]);
  // stderr is inert line by line, so no order of reading the two streams runs anything.
  expect(runnerLines(stderr).filter((l) => lineCommand(l))).toEqual([]);
  for (const order of interleavings(runnerLines(stdout), runnerLines(stderr), 50))
    expect(runnerCommands(order.join('\n'))).toEqual([]);
}

describe('self-heal parse under GitHub Actions', () => {
  const root = hostileProject();
  const base = ['parse', '--root', root, '--junit', 'junit.xml', '--log', 'output.log'];

  it.each(['markdown', 'text'])('%s: no command reaches the runner, the text is kept exactly', async (format) => {
    const plain = await cli([...base, '--format', format], {});
    const actions = await cli([...base, '--format', format], ACTIONS);
    expect(actions.code).toBe(0);
    // The payloads really are commands in the plain output (Markdown keeps them in code blocks).
    const seen = runnerCommands(plain.stdout).map((c) => c.command);
    expect(seen).toContain(format === 'markdown' ? 'add-mask' : 'set-output');
    expectInert(actions.stdout, actions.stderr);
    expect(actions.stdout).toContain(plain.stdout.trimEnd());
  });

  it('json: a valid document with the exact original strings, nothing for the runner', async () => {
    const plain = await cli([...base, '--format', 'json'], {});
    const actions = await cli([...base, '--format', 'json'], ACTIONS);
    expect(actions.code).toBe(0);
    expect(runnerCommands(plain.stdout).map((c) => c.command)).toContain('set-output');
    expectInert(actions.stdout, actions.stderr);
    const report = FramesReport.parse(JSON.parse(actions.stdout));
    expect(report).toEqual(FramesReport.parse(JSON.parse(plain.stdout)));
    const named = report.failures.find((f) => f.name === NAME)!;
    expect(named.message.split('\n').slice(0, 3)).toEqual(MESSAGE.split('\n').slice(0, 3));
    expect(report.failures.map((f) => f.message).join('\n')).toContain('::add-mask::hunter2');
  });

  it('stderr: read errors and usage errors that echo hostile globs and values', async () => {
    const glob = await cli(['parse', '--root', root, '--junit', '##[set-output name=x;]y*.xml'], ACTIONS);
    expect(glob.stderr).toContain('##%5Bset-output name=x;]y*.xml: no files matched');
    expectInert(glob.stdout, glob.stderr);
    const usage = await cli(['parse', '--junit', 'a.xml', '--format', '##[add-mask]x'], ACTIONS);
    expect(usage.code).toBe(2);
    expect(runnerLines(usage.stderr).filter((l) => lineCommand(l))).toEqual([]);
    const plain = await cli(['parse', '--junit', 'a.xml', '--format', '##[add-mask]x'], {});
    expect(runnerCommands(plain.stderr).map((c) => c.command)).toEqual(['add-mask']);
  });

  it('outside Actions the output is unchanged', async () => {
    const plain = await cli([...base, '--format', 'markdown'], {});
    const ci = await cli([...base, '--format', 'markdown'], { CI: 'true', GITHUB_ACTIONS: 'false' });
    expect(ci.stdout).toBe(plain.stdout);
    expect(plain.stdout).not.toContain('::stop-commands::self-heal-');
  });
});

describe('inertOutput', () => {
  it('ends every write with a line, so two writes cannot join into a command', () => {
    let out = '';
    let err = '';
    const io = inertOutput({ stdout: (t) => void (out += t), stderr: (t) => void (err += t), cwd: '/', env: ACTIONS });
    io.stdout('x #');
    io.stdout('#[set-output name=a;]b');
    io.stderr(':');
    io.stderr(':add-mask::x');
    expectInert(out, err);
  });

  it('leaves a stream the runner does not read alone (redirected to a file)', () => {
    let out = '';
    const io = inertOutput({
      stdout: (t) => void (out += t),
      stderr: () => {},
      cwd: '/',
      env: ACTIONS,
      runnerReads: { stdout: false, stderr: true },
    });
    io.stdout('::add-mask::x\n');
    expect(out).toBe('::add-mask::x\n');
  });

  it('why stderr is not wrapped too: a resume on one stream can end the other stream’s block', () => {
    // Two stop-commands blocks, one per stream: some order of reading them runs a command.
    const a = runnerLines(neutraliseCommands('::add-mask::one\n::add-mask::two'));
    const b = runnerLines(neutraliseCommands('::error::three'));
    expect(interleavings(a, b).some((order) => runnerCommands(order.join('\n')).length > 0)).toBe(true);
  });
});
