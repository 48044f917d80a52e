import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collectEvidence, readLogTail } from '../../src/frames/collect-evidence.js';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'projects');

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});
function tempFile(name: string, content: string | Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'self-heal-collect-'));
  temps.push(dir);
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

describe('reading the tail of a log', () => {
  it('reads a small log whole', async () => {
    const file = tempFile('a.log', 'one\ntwo\n');
    expect(await readLogTail(file, 1000)).toEqual({ text: 'one\ntwo\n', skippedBytes: 0 });
  });

  it('keeps the end of a big log, starting at a whole line', async () => {
    const file = tempFile('b.log', 'first line\nsecond line\nthird line\n');
    // The cut falls inside "second line": the tail starts at "third line".
    expect(await readLogTail(file, 16)).toEqual({ text: 'third line\n', skippedBytes: 23 });
  });

  it('never starts inside a multi-byte character', async () => {
    const file = tempFile('c.log', Buffer.from('ééééé\nfin\n', 'utf8'));
    const tail = await readLogTail(file, 6); // the cut falls between the two bytes of the last é
    expect(tail.text).toBe('fin\n');
    expect(tail.text).not.toContain('\ufffd');
  });
});

describe('collecting evidence', () => {
  it('says when only the tail of a log was read, and still finds the failures at its end', async () => {
    const root = path.join(FIXTURES, 'pytest');
    const full = await collectEvidence({ root, junit: [], log: 'output.log' });
    // A limit that keeps the failure sections but not the session header.
    const collected = await collectEvidence({ root, junit: [], log: 'output.log', maxLogBytes: 6000 });
    expect(collected.errors).toHaveLength(1);
    expect(collected.errors[0]!.message).toMatch(
      /^output\.log: only the last \d+ characters were read \(\d+ bytes before them were skipped\)$/,
    );
    expect(collected.frames.length).toBeGreaterThan(0);
    expect(collected.frames.length).toBeLessThanOrEqual(full.frames.length);
    expect(collected.readAnything).toBe(true);
  });

  it('accepts an absolute log path and keeps only non-passing cases when asked', async () => {
    const root = path.join(FIXTURES, 'vitest');
    const collected = await collectEvidence({
      root,
      junit: ['junit.xml'],
      log: path.join(root, 'output.log'),
      keepCases: 'non-passing',
    });
    expect(collected.run.cases.some((c) => c.status === 'passed')).toBe(false);
    expect(collected.summary).toEqual({ total: 8, passed: 1, failed: 6, errored: 0, skipped: 1 });
    expect(collected.frames).toHaveLength(6);
  });

  it("counts the log's failures when there are no reports", async () => {
    const collected = await collectEvidence({
      root: path.join(FIXTURES, 'pytest'),
      junit: [],
      log: 'collection-error.log',
    });
    expect(collected.summary).toEqual({ total: 2, passed: 0, failed: 0, errored: 2, skipped: 0 });
  });

  it('reads nothing from a directory given as the log, and says so', async () => {
    const collected = await collectEvidence({ root: path.join(FIXTURES, 'pytest'), junit: [], log: 'tests' });
    expect(collected.readAnything).toBe(false);
    expect(collected.errors).toEqual([{ file: 'tests', message: 'tests: cannot read the log: is a directory' }]);
  });

  it('keeps a log that no parser recognises harmless', async () => {
    const log = tempFile('noise.log', `${'\u0000\u001b[31mnothing to see\n'.repeat(1000)}`);
    const collected = await collectEvidence({ root: path.dirname(log), junit: [], log: 'noise.log' });
    expect(collected.frames).toEqual([]);
    expect(collected.readAnything).toBe(true);
  });
});

describe('colour codes in the evidence', () => {
  const PYTEST = path.join(FIXTURES, 'pytest');
  const files = async () => ['inventory/__init__.py', 'inventory/pricing.py', 'colour/test_colour.py'];
  const DIFF = "Differing items:\n  {'total': 5.4} != {'total': 6.0}";
  const hasCodes = (text: string) => /\u001b|\u009b|#x1b|#x9b/i.test(text);

  it.each([
    ['the JUnit report', { junit: ['colour.junit.xml'] }],
    ['the JUnit report and the log', { junit: ['colour.junit.xml'], log: 'colour.log' }],
    ['the log', { junit: [], log: 'colour.log' }],
  ])('pytest --color=yes: frames from %s carry no ANSI sequence, raw or escaped as #x1B', async (_, inputs) => {
    const collected = await collectEvidence({ root: PYTEST, ...inputs, listFiles: files });
    expect(collected.frames).toHaveLength(1);
    const frame = collected.frames[0]!;
    expect(frame.message).toContain(DIFF);
    expect(frame.locals).toEqual([{ name: 'order', value: "{'quantity': 6, 'total': 5.4}" }]);
    expect(frame.triggering).toMatchObject({ file: 'colour/test_colour.py', line: 11 });
    expect(hasCodes(JSON.stringify(frame))).toBe(false);
    for (const c of collected.run.cases) expect(hasCodes(JSON.stringify(c.failure ?? {}))).toBe(false);
  });

  it('keeps a test’s name and id as the report wrote them', async () => {
    const collected = await collectEvidence({ root: PYTEST, junit: ['colour.junit.xml'], listFiles: files });
    expect(collected.run.cases.map((c) => c.name)).toEqual(['test_order_summary']);
  });
});
