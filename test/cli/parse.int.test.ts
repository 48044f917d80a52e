import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/index.js';
import type { CliIO } from '../../src/cli/io.js';
import { FramesReport } from '../../src/contracts/failure-frame.js';
import { createTempRepo } from '../helpers/git-repo.js';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'projects');

async function cli(argv: string[], cwd = FIXTURES) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd, env: {} };
  const code = await runCli(['parse', ...argv], io);
  return { code, stdout, stderr };
}

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});
function tempDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'self-heal-parse-cli-'));
  temps.push(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  return dir;
}

describe('self-heal parse', () => {
  it('prints the FramesReport JSON for reports and a log, exit 0 although tests failed', async () => {
    const { code, stdout, stderr } = await cli(['--root', 'pytest', '--junit', 'junit.xml', '--log', 'output.log']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const report = FramesReport.parse(JSON.parse(stdout));
    expect(report.summary).toEqual({ total: 8, passed: 1, failed: 6, errored: 0, skipped: 1 });
    expect(report.failures).toHaveLength(6);
    const empty = report.failures.find((f) => f.name === 'test_checkout_empty_cart')!;
    expect(empty.triggering).toMatchObject({
      file: 'inventory/pricing.py',
      line: 24,
      expression: 'return total / len(prices)',
    });
    expect(empty.evidence).toEqual(['junit', 'log']);
    expect(report.errors).toEqual([]);
  });

  it('takes globs as arguments, repeated --junit, and the default format json', async () => {
    const a = await cli(['--root', 'cargo', 'junit.xml', '--junit', 'junit.report.xml']);
    expect(a.code).toBe(0);
    const report = FramesReport.parse(JSON.parse(a.stdout));
    expect(report.failures.map((f) => f.name).sort()).toEqual([
      'balance_counts_refunds',
      'owners_of_known_and_unknown_accounts',
      'parses_decimal_amounts',
      'report_total_is_positive',
    ]);
  });

  it('reads a log alone', async () => {
    const { code, stdout } = await cli(['--root', 'go', '--log', 'output.log', '--format', 'json']);
    expect(code).toBe(0);
    const report = FramesReport.parse(JSON.parse(stdout));
    expect(report.failures.map((f) => f.name)).toContain('TestTotal/two_pens');
    expect(report.summary.failed).toBe(report.failures.length);
  });

  it('renders Markdown: summary, an escaped failures table, details with the source window', async () => {
    const { code, stdout } = await cli(['--root', 'vitest', '--junit', 'junit.xml', '--format', 'markdown']);
    expect(code).toBe(0);
    expect(stdout).toContain('### Test failures: 6 failed, 0 errored, 1 passed, 1 skipped (8 tests)');
    expect(stdout).toContain('| Test | Location | Exception | Message | Expression |');
    // Describe separators and other Markdown syntax from test names are escaped.
    expect(stdout).toContain('Cart &gt; total &gt; sums every line item');
    expect(stdout).toContain('<code>src/orders.ts:7</code>');
    expect(stdout).toMatch(/```js\n[\s\S]*> +7 \| /);
  });

  it("node:test on Node 20: the report's failures and the spec log's are one frame each, with the message's line breaks", async () => {
    // A real Node 20 run (node-test/regenerate.sh): its JUnit names no file, has no classname and
    // nests a <testsuite> per describe, and drops newlines from attributes; its spec log prints the
    // describe path (`Cart > sums every line item`) and the messages whole.
    const args = ['--root', 'node-test', '--junit', 'node20/junit.xml', '--log', 'node20/output.spec.log'];
    const { code, stdout } = await cli(args);
    expect(code).toBe(0);
    const report = FramesReport.parse(JSON.parse(stdout));
    expect(report.summary).toEqual({ total: 3, passed: 1, failed: 2, errored: 0, skipped: 0 });
    expect(report.failures.map((f) => [f.id, f.evidence])).toEqual([
      ['Cart::sums every line item', ['junit', 'log']],
      ['parent::child fails', ['junit', 'log']],
    ]);
    expect(report.failures[0]!.message).toBe('Expected values to be strictly equal:\n\n5 !== 6');
    expect(report.failures[0]!.triggering).toMatchObject({ file: 'node20/test/cart.test.mjs', line: 10 });
    // The report alone: its failure body holds the message whole.
    const alone = FramesReport.parse(JSON.parse((await cli(args.slice(0, 4))).stdout));
    expect(alone.failures[0]!.message).toBe('Expected values to be strictly equal:\n\n5 !== 6');
  });

  it('renders compact text for a terminal', async () => {
    const { code, stdout } = await cli(['--root', 'maven', '--junit', 'junit.xml', '--format', 'text']);
    expect(code).toBe(0);
    expect(stdout).toContain(
      'ERROR com.example.inventory.StockTest::reserveMoreThanInStock  (java.lang.IllegalStateException)',
    );
    expect(stdout).toContain('  at   src/main/java/com/example/inventory/Stock.java:37');
    expect(stdout.trimEnd().split('\n').pop()).toBe('2 failed, 3 errored, 1 passed, 1 skipped (7 tests)');
  });
});

describe('untrusted text', () => {
  // Test names and messages reach the terminal and Markdown: C1 controls (U+009B is the 8-bit
  // CSI) and bidi overrides are legal in XML 1.0, so a report can carry them.
  const hostile = tempDir({
    'junit.xml': `<?xml version="1.0"?>
<testsuite name="s" tests="1" failures="1">
  <testcase classname="evil" name="test_&#x9b;31mred&#x202e;gnp.exe | &lt;img src=x onerror=alert(1)&gt; @admin \`x\`">
    <failure message="boom&#x9b;2J&#x7;">details</failure>
  </testcase>
</testsuite>`,
  });

  it('strips control characters and escapes from text output', async () => {
    const { code, stdout } = await cli(['--root', hostile, '--junit', 'junit.xml', '--format', 'text']);
    expect(code).toBe(0);
    // The 8-bit CSI and its parameters go as a whole, the bidi override alone.
    expect(stdout).toContain('test_redgnp.exe');
    expect(stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
  });

  it('escapes Markdown and HTML, breaks mentions, and removes controls', async () => {
    const { stdout } = await cli(['--root', hostile, '--junit', 'junit.xml', '--format', 'markdown']);
    expect(stdout).not.toContain('<img');
    expect(stdout).toContain('&lt;img src=x onerror=alert\\(1\\)&gt;');
    expect(stdout).not.toMatch(/@admin/);
    expect(stdout).toContain('@\u200badmin');
    expect(stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    // The `|` in the name does not open a new table column: the row keeps its five cells.
    const row = stdout.split('\n').find((l) => l.startsWith('| test'))!;
    expect(row.split(/(?<!\\)\|/).length).toBe(7);
  });
});

describe('errors and exit codes', () => {
  it('reports an unreadable report with file and position, uses the others, exit 0', async () => {
    const dir = tempDir({
      'good.xml':
        '<testsuite name="s"><testcase classname="a" name="t"><failure message="bad"/></testcase></testsuite>',
      'bad.xml': '<testsuite name="s">\n  <testcase name="x">\n    <failure>unclosed\n',
    });
    const { code, stdout, stderr } = await cli(['--root', dir, '--junit', '*.xml']);
    expect(code).toBe(0);
    const report = FramesReport.parse(JSON.parse(stdout));
    expect(report.failures.map((f) => f.name)).toContain('t');
    const bad = report.errors.find((e) => e.file === 'bad.xml')!;
    expect(bad).toBeDefined();
    expect(bad.line).toBeGreaterThan(0);
    expect(stderr).toMatch(/bad\.xml:\d+/);
    // Each error is said once, with its file and position once.
    const badLine = stderr.split('\n').find((l) => l.includes('bad.xml'))!;
    expect(badLine).toMatch(/^self-heal parse: bad\.xml:\d+:\d+: /);
    expect(badLine.split('bad.xml').length).toBe(2);
  });

  it('exits 1 when nothing could be read', async () => {
    const dir = tempDir({ 'notes.txt': 'hello' });
    const { code, stdout, stderr } = await cli(['--root', dir, '--junit', 'missing/*.xml', '--log', 'missing.log']);
    expect(code).toBe(1);
    const report = FramesReport.parse(JSON.parse(stdout));
    expect(report.errors.map((e) => e.message).join('\n')).toMatch(
      /no files matched[\s\S]*missing\.log: cannot read the log: no such file/,
    );
    expect(stderr).toContain('missing.log');
    expect(stderr).toContain(`self-heal parse: missing/*.xml: no files matched in ${dir}\n`);
  });

  it('uses the reports when only the log is missing (exit 0)', async () => {
    const { code, stdout } = await cli(['--root', 'pytest', '--junit', 'junit.xml', '--log', 'nope.log']);
    expect(code).toBe(0);
    expect(FramesReport.parse(JSON.parse(stdout)).failures).toHaveLength(6);
  });

  it.each([
    [['--junit', 'a.xml', '--format', 'yaml'], /--format expects one of json\|markdown\|text, got 'yaml'/],
    [['--junit'], /--junit expects <glob>/],
    [['--junit', 'a.xml', '--bogus'], /unknown option '--bogus'/],
    [['--junit', 'a.xml', '-x'], /unknown option '-x'/],
    [[], /nothing to read: give --junit <glob>/],
    [['--root', 'pytest'], /nothing to read/],
    [['--junit', 'a.xml', '--help=yes'], /--help takes no value/],
    [['--junit', ''], /--junit expects a non-empty <glob>/],
    [['--junit', 'a.xml', '--max-failures', '0'], /--max-failures expects an integer from 1 to 100000, got "0"/],
    [['--junit', 'a.xml', '--max-failures', '2.5'], /--max-failures expects an integer from 1 to 100000, got "2.5"/],
    [['--junit', 'a.xml', '--max-failures', '100001'], /--max-failures expects an integer from 1 to 100000/],
    [['--junit', 'a.xml', '--max-failures'], /--max-failures expects <1-100000>/],
  ])('bad usage %j exits 2 and names the flag', async (argv, message) => {
    const { code, stdout, stderr } = await cli(argv);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
  });

  it('--max-failures bounds the frames built; the rest are counted as not framed, in every format', async () => {
    const json = await cli(['--root', 'pytest', '--junit', 'junit.xml', '--max-failures', '2']);
    expect(json.code).toBe(0);
    const report = FramesReport.parse(JSON.parse(json.stdout));
    expect(report.summary.failed).toBe(6);
    expect(report.failures).toHaveLength(2);
    expect(report.notFramed).toBe(4);
    const all = FramesReport.parse(
      JSON.parse((await cli(['--root', 'pytest', '--junit', 'junit.xml', '--max-failures', '6'])).stdout),
    );
    expect(all.failures).toHaveLength(6);
    expect(all.notFramed).toBeUndefined();
    const text = await cli(['--root', 'pytest', '--junit', 'junit.xml', '--max-failures', '2', '--format', 'text']);
    expect(text.stdout).toContain('4 more failing tests are counted in the summary without a frame');
  });

  it('prints help, exit 0', async () => {
    const { code, stdout } = await cli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: self-heal parse/);
    expect(stdout).toContain('--format json|markdown|text');
    expect(stdout).toMatch(/--max-failures <1-100000>\s+frames built at most \(default \d+\)/);
    expect(stdout).toMatch(/--junit <glob>\s+glob of JUnit XML reports, relative to --root; repeatable \(/);
  });

  it('works in a git repository: frames point only at tracked files', async () => {
    const repo = createTempRepo({
      files: {
        'calc.py': 'def div(a, b):\n    return a / b\n',
        'test_calc.py': 'from calc import div\n\ndef test_div():\n    assert div(1, 0) == 0\n',
      },
    });
    temps.push(path.dirname(repo.root));
    // Untracked, as a generated file would be: never a frame of the user's.
    repo.write('generated.py', 'x = 1\n');
    repo.write(
      'out.log',
      [
        '=================================== FAILURES ===================================',
        '___________________________________ test_div ___________________________________',
        '',
        '    def test_div():',
        '>       assert div(1, 0) == 0',
        '',
        'test_calc.py:4: ',
        '_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ ',
        'generated.py:1: in wrapper',
        '    x = 1',
        '_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ ',
        '',
        'a = 1, b = 0',
        '',
        '    def div(a, b):',
        '>       return a / b',
        'E       ZeroDivisionError: division by zero',
        '',
        'calc.py:2: ZeroDivisionError',
        '=========================== short test summary info ============================',
        'FAILED test_calc.py::test_div - ZeroDivisionError: division by zero',
        '============================== 1 failed in 0.01s ===============================',
        '',
      ].join('\n'),
    );
    const { code, stdout } = await cli(['--log', 'out.log'], repo.root);
    expect(code).toBe(0);
    const [frame] = FramesReport.parse(JSON.parse(stdout)).failures;
    expect(frame).toMatchObject({
      name: 'test_div',
      exceptionType: 'ZeroDivisionError',
      triggering: { file: 'calc.py', line: 2, expression: 'return a / b' },
      test: { file: 'test_calc.py', line: 4 },
      locals: [
        { name: 'a', value: '1' },
        { name: 'b', value: '0' },
      ],
    });
    expect(frame!.stack.map((s) => s.file)).toEqual(['test_calc.py', 'calc.py']);
    expect(frame!.droppedFrames).toBe(1);
  });
});
