import { describe, expect, it } from 'vitest';
import { scanFences } from '../render/markdown-structure.js';
import type { FailureFrame, FramesReport } from '../../src/contracts/failure-frame.js';
import { renderFramesMarkdown } from '../../src/frames/frames-markdown.js';
import { renderFramesText } from '../../src/frames/frames-text.js';

function frame(i: number, extra: Partial<FailureFrame> = {}): FailureFrame {
  return {
    id: `tests/test_a.py::test_${i}`,
    suite: 'pytest',
    name: `test_${i}`,
    kind: 'failure',
    exceptionType: 'AssertionError',
    message: `assert ${i} == 0`,
    triggering: {
      file: 'src/a.py',
      line: 3,
      expression: 'return a | b',
      snippet: { startLine: 1, lines: ['def f(a, b):', '    x = 1', '    return a | b'] },
    },
    test: { file: 'tests/test_a.py', line: 9 },
    stack: [
      { file: 'tests/test_a.py', line: 9 },
      { file: 'src/a.py', line: 3 },
    ],
    droppedFrames: 2,
    locals: [{ name: 'a', value: '1' }],
    language: 'python',
    evidence: ['junit'],
    ...extra,
  };
}

function report(failures: FailureFrame[]): FramesReport {
  return {
    summary: { total: failures.length + 1, passed: 1, failed: failures.length, errored: 0, skipped: 0 },
    failures,
    errors: [],
  };
}

describe('Markdown frames report', () => {
  it('has a row per failure and details with the window, the failing line marked', () => {
    const md = renderFramesMarkdown(report([frame(1)]));
    expect(md).toContain('| test\\_1 | `src/a.py:3` | AssertionError | assert 1 == 0 | `return a \\| b` |');
    expect(md).toContain('```python\n  1 | def f(a, b):\n  2 |     x = 1\n> 3 |     return a | b\n```');
    expect(md).toContain('2 library or runtime frames left out');
    expect(md).toContain('| a | `1` |');
  });

  it('keeps a fence closed whatever the source contains', () => {
    const md = renderFramesMarkdown(
      report([
        frame(1, {
          triggering: { file: 'a.md.py', line: 1, snippet: { startLine: 1, lines: ['x = """', '```', '"""'] } },
        }),
      ]),
    );
    const fences = md.match(/^`{3,}.*$/gm)!;
    // The block around the snippet uses a longer fence than the ``` inside it.
    expect(fences.some((f) => f.startsWith('````'))).toBe(true);
  });

  it('drops details before rows, and rows last, within the byte budget, and says so', () => {
    const many = Array.from({ length: 400 }, (_, i) =>
      frame(i, { message: `assert ${i} == 0\n${'diff line\n'.repeat(20)}` }),
    );
    const md = renderFramesMarkdown(report(many), { maxBytes: 40_000 });
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(40_000);
    expect(md).toMatch(/_Details of \d+ failures left out to stay within 40000 bytes\._/);
    const small = renderFramesMarkdown(report(many), { maxBytes: 8_000 });
    expect(Buffer.byteLength(small)).toBeLessThanOrEqual(8_000);
    expect(small).toMatch(/_\d+ more failures left out to stay within 8000 bytes\._/);
    // Never cut inside a fence: every opened fence is closed.
    for (const out of [md, small]) expect((out.match(/^```/gm) ?? []).length % 2).toBe(0);
  });

  it('says when there is nothing failing and lists unreadable reports', () => {
    const md = renderFramesMarkdown({
      summary: { total: 3, passed: 3, failed: 0, errored: 0, skipped: 0 },
      failures: [],
      errors: [{ file: 'r.xml', line: 2, column: 5, message: 'r.xml:2:5: unexpected end' }],
    });
    expect(md).toContain('No failing tests.');
    expect(md).toContain('`r.xml:2:5` unexpected end');
  });
});

describe('Markdown frames report: hostile names', () => {
  it('writes test ids, files and code as code spans, where a Markdown link is not live (as the job summary does)', () => {
    const link = '[click here](https://evil.example/phish)';
    const md = renderFramesMarkdown(
      report([
        frame(1, {
          id: `tests/a.py::${link}`,
          name: link,
          triggering: { file: 'src/a.py', line: 3, function: link, expression: `x = ${link}` },
          locals: [{ name: 'v', value: link }],
        }),
      ]),
    );
    // A line that opens with `<details>` is an HTML block up to the next blank line: raw HTML, no Markdown.
    const markdownLines = scanFences(md)
      .live.split('\n')
      .filter((line) => !line.startsWith('<details>'));
    expect(markdownLines.join('\n')).not.toMatch(/\]\(https:\/\/evil/);
    expect(md).toContain('<details><summary>[click here](https://evil.example/phish) — AssertionError</summary>\n\n');
    expect(md).not.toContain('<code>');
    expect(md).toContain(`**Test id:** \`tests/a.py::${link}\``);
  });
});

describe('text frames report', () => {
  it('says each read error once, its file and position first', () => {
    const errors = [
      { file: 'r.xml', line: 2, column: 5, message: 'r.xml:2:5: the report ends inside <testcase>' },
      { file: 'out.log', message: 'out.log: cannot read the log: no such file' },
      { file: 'x.xml', message: 'not a JUnit report' },
    ];
    const text = renderFramesText({
      summary: { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0 },
      failures: [],
      errors,
    });
    expect(text.split('\n').filter((l) => l.startsWith('error: '))).toEqual([
      'error: r.xml:2:5: the report ends inside <testcase>',
      'error: out.log: cannot read the log: no such file',
      'error: x.xml: not a JUnit report',
    ]);
  });

  it('counts one test as one test', () => {
    const one: FramesReport = {
      summary: { total: 1, passed: 0, failed: 1, errored: 0, skipped: 0 },
      failures: [frame(1)],
      errors: [],
    };
    expect(renderFramesText(one).trimEnd().split('\n').at(-1)).toBe(
      '1 failed, 0 errored, 0 passed, 0 skipped (1 test)',
    );
    expect(renderFramesMarkdown(one)).toContain(
      '### Test failures: 1 failed, 0 errored, 0 passed, 0 skipped (1 test)\n',
    );
  });

  it('prints one compact block per failure and the summary last', () => {
    const text = renderFramesText(
      report([frame(1), frame(2, { kind: 'error', exceptionType: null, triggering: null, test: null })]),
    );
    expect(text).toBe(
      [
        'FAIL tests/test_a.py::test_1  (AssertionError)',
        '  at   src/a.py:3  return a | b',
        '  test tests/test_a.py:9',
        '  | assert 1 == 0',
        '  locals: a=1',
        '',
        'ERROR tests/test_a.py::test_2',
        '  | assert 2 == 0',
        '  locals: a=1',
        '',
        '2 failed, 0 errored, 1 passed, 0 skipped (3 tests)',
        '',
      ].join('\n'),
    );
  });
});
