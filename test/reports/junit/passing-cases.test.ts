/**
 * The passing-case fast path (passing-cases.ts, and `skipPassingCases` in junit-reader.ts, which
 * moves saxes' position over runs of empty passing `<testcase/>` elements) is differential by
 * nature: a report read with the fast path and without it (`fastPath: false`, every case through
 * saxes) must say the same thing — the same summary, the same non-passing cases, and for a
 * malformed report the same errors at the same line and column; and both must agree with keepCases
 * 'all', which never takes the fast path. Each report here puts its quirk inside or next to runs of
 * passing cases, and each test also checks that the fast path did run (`fastCases`), so a scan
 * that silently gave up on everything could not pass.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CaseCollector, KEPT_TEXT_BUDGET } from '../../../src/reports/junit/merge-cases.js';
import {
  parseJUnitFile,
  parseJUnitString,
  streamReportFile,
  streamReportString,
} from '../../../src/reports/junit/parse-junit.js';
import { scanPassingCases } from '../../../src/reports/junit/passing-cases.js';
import type { TestCase } from '../../../src/reports/test-run.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'self-heal-passing-cases-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let written = 0;
async function write(xml: string): Promise<string> {
  const file = path.join(dir, `report-${written++}.xml`);
  await writeFile(file, xml);
  return file;
}

/** What keepCases 'non-passing' keeps: failed, errored, skipped and flaky cases. */
const nonPassing = (cases: readonly TestCase[]) => cases.filter((c) => c.status !== 'passed' || c.flaky);

/** `n` empty passing cases of class `cls`, one per line (`eol` between them). */
function passes(n: number, cls = 'pkg.T', eol = '\n', from = 0): string {
  return Array.from({ length: n }, (_, i) => `<testcase classname="${cls}" name="test_${from + i}" time="0.01"/>`).join(
    eol,
  );
}

/**
 * Passing cases before the body, over 64 KiB of them: the reader learns the report's layout from
 * its first chunk, which saxes reads whole, so what a test looks at is in the chunks after it.
 */
const LEAD = 1300;
/** Lead cases past the first chunk (about 200 of them): counted by the scan in every report here. */
const LEAD_FAST = 150;
const lead = (eol: string) =>
  Array.from({ length: LEAD }, (_, i) => `<testcase classname="lead.T" name="lead_${i}" time="0.01"/>`).join(eol);

/** A report of one suite: `LEAD` passing cases on as many lines, then `body` from line `LEAD + 4`. */
function report(body: string, eol = '\n'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${eol}<testsuites>${eol}<testsuite name="s" tests="1">${eol}${lead(eol)}${eol}${body}${eol}</testsuite>${eol}</testsuites>${eol}`;
}

const failing = (name: string) =>
  `<testcase classname="pkg.T" name="${name}"><failure message="boom &amp; more">trace of ${name}</failure></testcase>`;

/**
 * Reads `xml` six ways (file and string; 'all', and 'non-passing' with and without the fast path),
 * asserts they agree, and returns what the file was read into with the fast path, and how many
 * cases that path counted.
 */
async function readBothWays(xml: string) {
  const file = await write(xml);
  const all = await parseJUnitFile(file, { keepCases: 'all' });
  const fast = await parseJUnitFile(file, { keepCases: 'non-passing', fastPath: true });
  const plain = await parseJUnitFile(file, { keepCases: 'non-passing', fastPath: false });
  expect(fast).toEqual(plain);
  expect(fast.summary).toEqual(all.summary);
  expect(fast.cases).toEqual(nonPassing(all.cases));
  expect(fast.errors).toEqual(all.errors);
  expect(fast.dialect).toEqual(all.dialect);

  const allString = parseJUnitString(xml, file, { keepCases: 'all' });
  const fastString = parseJUnitString(xml, file, { keepCases: 'non-passing', fastPath: true });
  expect(fastString).toEqual(parseJUnitString(xml, file, { keepCases: 'non-passing', fastPath: false }));
  expect(fastString.summary).toEqual(allString.summary);
  expect(fastString.cases).toEqual(nonPassing(allString.cases));
  expect(fastString.errors).toEqual(allString.errors);
  // A file and the same text in memory are read alike (chunks of bytes or of characters).
  expect(fastString.summary).toEqual(fast.summary);
  expect(fastString.errors).toEqual(fast.errors);

  const collector = () => new CaseCollector('non-passing', undefined, KEPT_TEXT_BUDGET, 1);
  const streamed = await streamReportFile(file, file, collector(), { fastPath: true });
  const streamedString = streamReportString(xml, file, collector(), { fastPath: true });
  // The reference really is saxes alone: with the switch off, and with every case wanted.
  expect((await streamReportFile(file, file, collector(), { fastPath: false })).fastCases).toBe(0);
  const reference = await streamReportFile(file, file, new CaseCollector('all', undefined, KEPT_TEXT_BUDGET, 1));
  expect(reference.fastCases).toBe(0);
  return { all, fast, fastCases: streamed.fastCases, fastCasesString: streamedString.fastCases };
}

describe('the switch', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('SELF_HEAL_JUNIT_FAST_PATH=0 turns the fast path off; the option wins over it', async () => {
    const file = await write(report(passes(200)));
    const collector = () => new CaseCollector('non-passing', undefined, KEPT_TEXT_BUDGET, 1);
    expect((await streamReportFile(file, file, collector())).fastCases).toBeGreaterThan(LEAD_FAST);
    vi.stubEnv('SELF_HEAL_JUNIT_FAST_PATH', '0');
    expect((await streamReportFile(file, file, collector())).fastCases).toBe(0);
    expect(streamReportString(report(passes(200)), file, collector()).fastCases).toBe(0);
    expect((await streamReportFile(file, file, collector(), { fastPath: true })).fastCases).toBeGreaterThan(LEAD_FAST);
    expect((await parseJUnitFile(file, { keepCases: 'non-passing' })).summary.passed).toBe(LEAD + 200);
  });
});

describe('the passing-case fast path reads a report as saxes does', () => {
  it('plain runs: every passing case is counted by the scan, failures in between kept', async () => {
    const xml = report([passes(50), failing('test_broken'), passes(50, 'pkg.T', '\n', 50)].join('\n'));
    const { fast, fastCases } = await readBothWays(xml);
    expect(fast.summary).toEqual({ total: LEAD + 101, passed: LEAD + 100, failed: 1, errored: 0, skipped: 0 });
    expect(fast.cases.map((c) => c.name)).toEqual(['test_broken']);
    expect(fastCases).toBeGreaterThan(LEAD_FAST + 80);
  });

  it.each([
    ['CRLF', '\r\n'],
    ['CR alone', '\r'],
    ['LF', '\n'],
  ])('%s line ends, with an error after the run placed at the same line and column', async (_label, eol) => {
    const body = [
      passes(40, 'pkg.T', eol),
      failing('test_x'),
      passes(40, 'pkg.T', eol, 40),
      '<testcase name="late" time=1/>',
    ].join(eol);
    const { fast, fastCases } = await readBothWays(report(body, eol));
    expect(fast.errors).toHaveLength(1);
    expect(fast.errors[0]!.line).toBe(3 + LEAD + 81 + 1);
    // CR alone is left to saxes (it normalises it); the others are counted by the scan.
    if (eol !== '\r') expect(fastCases).toBeGreaterThan(LEAD_FAST + 60);
  });

  it('attributes across lines, single quotes, tabs, whitespace before "/>"', async () => {
    const odd = [
      `<testcase\n  classname="pkg.T"\n  name="multi_line"\n  time="0.1"\n/>`,
      `<testcase classname='pkg.T' name='single_quoted' time='0.1'/>`,
      `<testcase\tclassname="pkg.T"\tname="tabbed"\ttime = "0.1" \t/>`,
      `<testcase classname="pkg.T" name="value\twith\ttabs\nand a line break"/>`,
      `<testcase classname="pkg.T" name="crlf\r\nin value"\r\n/>`,
    ];
    const body = [passes(10), ...odd, passes(10, 'pkg.T', '\n', 10), '<testcase name="after" bad/>'].join('\n');
    const { fast, fastCases } = await readBothWays(report(body));
    expect(fast.summary.passed).toBe(LEAD + 25);
    expect(fast.errors).toHaveLength(1);
    expect(fastCases).toBeGreaterThan(LEAD_FAST + 10);
  });

  it('empty <testcase ...></testcase> with whitespace inside, and "> </testcase >"', async () => {
    const body = [
      passes(5),
      '<testcase classname="pkg.T" name="open_close"></testcase>',
      '<testcase classname="pkg.T" name="spaced">  \n\t </testcase>',
      '<testcase classname="pkg.T" name="spaced_close"></testcase \n>',
      passes(5, 'pkg.T', '\n', 5),
      '<testcase classname="pkg.T" name="then_bad"></testcase x>',
    ].join('\n');
    const { fast, fastCases } = await readBothWays(report(body));
    expect(fast.errors.length).toBeGreaterThan(0);
    expect(fastCases).toBeGreaterThan(LEAD_FAST);
  });

  it('entity references in a passing case are left to saxes, and read the same', async () => {
    const body = [
      passes(10),
      '<testcase classname="pkg.T" name="a &amp; b"/>',
      '<testcase classname="pkg.T" name="line&#10;break"/>',
      '<testcase classname="pkg.T" name="&lt;tag&gt; &quot;q&quot; &apos;a&apos; &#x1F600;"/>',
      '<testcase classname="pkg.T" name="undefined &nope; entity"/>',
      passes(10, 'pkg.T', '\n', 10),
      failing('test_after_entities'),
    ].join('\n');
    const { fast, fastCases } = await readBothWays(report(body));
    expect(fast.summary).toMatchObject({ total: LEAD + 25, passed: LEAD + 24, failed: 1 });
    // The undefined entity is a recoverable problem, reported once, at the same place both ways.
    expect(fast.errors.map((e) => e.message)).toEqual([expect.stringMatching(/undefined entity/)]);
    expect(fastCases).toBeGreaterThan(LEAD_FAST + 5);
  });

  it('non-ASCII names (accents, CJK, astral characters) and U+FFFE-like characters', async () => {
    const body = [
      passes(10),
      '<testcase classname="pkg.Tést" name="prüfe_größe"/>',
      '<testcase classname="pkg.测试" name="テスト_日本"/>',
      '<testcase classname="pkg.T" name="emoji_😀_name"/>',
      passes(10, 'pkg.T', '\n', 10),
      failing('test_é'),
    ].join('\n');
    const { fast, fastCases } = await readBothWays(report(body));
    expect(fast.summary).toMatchObject({ total: LEAD + 24, passed: LEAD + 23, failed: 1 });
    expect(fast.errors).toEqual([]);
    expect(fastCases).toBeGreaterThan(LEAD_FAST + 5);
  });

  it('a duplicate attribute: the same recoverable error, at the same line and column', async () => {
    const body = [
      passes(20),
      '<testcase classname="pkg.T" name="dup" name="dup2"/>',
      passes(20, 'pkg.T', '\n', 20),
    ].join('\n');
    const { fast, fastCases } = await readBothWays(report(body));
    expect(fast.errors).toEqual([
      expect.objectContaining({ line: LEAD + 24, message: expect.stringMatching(/duplicate attribute: name/) }),
    ]);
    expect(fast.errors[0]!.column).toBeGreaterThan(0);
    expect(fastCases).toBeGreaterThan(LEAD_FAST + 20);
  });

  it.each([
    ['"<" in a value', '<testcase classname="pkg.T" name="a<b"/>'],
    ['an unquoted value', '<testcase classname="pkg.T" name=bare/>'],
    ['a bare "&" in a value', '<testcase classname="pkg.T" name="a & b"/>'],
    ['a control character in a value', '<testcase classname="pkg.T" name="bell\u0007"/>'],
    ['a missing "="', '<testcase classname="pkg.T" name "x"/>'],
    ['"/ >"', '<testcase classname="pkg.T" name="x"/ >'],
    ['no space between attributes', '<testcase classname="pkg.T"name="x"/>'],
    ['an unclosed element', '<testcase classname="pkg.T" name="x"'],
  ])('malformed: %s gives the same errors at the same line and column', async (_label, bad) => {
    const body = [passes(30), bad, passes(30, 'pkg.T', '\n', 30)].join('\n');
    const { all, fast, fastCases } = await readBothWays(report(body));
    expect(all.errors.length).toBeGreaterThan(0);
    for (const e of fast.errors) expect(e.line === undefined || e.line >= LEAD + 33).toBe(true);
    expect(fastCases).toBeGreaterThan(LEAD_FAST + 15);
  });

  it('a report cut in the middle of a run: the same cases counted and the same error', async () => {
    const whole = report([passes(200), failing('test_cut')].join('\n'));
    const body = whole.indexOf('name="test_0"');
    for (const cut of [
      whole.indexOf('name="test_120"') + 7,
      whole.indexOf('<testcase', body + 3000) + 4,
      whole.indexOf('test_150') - 1,
    ]) {
      const { fast, fastCases } = await readBothWays(whole.slice(0, cut));
      expect(fast.errors.length).toBeGreaterThan(0);
      expect(fast.summary.passed).toBeGreaterThan(LEAD + 50);
      expect(fastCases).toBeGreaterThan(LEAD_FAST + 50);
    }
  });

  it('runs split across read chunks (reports over 64 KiB), wherever the chunk boundary falls', async () => {
    // A run of ~75 KB with multi-byte names, so byte and character offsets differ; the padding at
    // the start moves every chunk boundary through each position of an element in turn.
    const cases = Array.from(
      { length: 1400 },
      (_, i) => `<testcase classname="pkg.Größe${i % 3}" name="tëst_${i}" time="0.0${i % 10}"/>`,
    );
    cases.splice(700, 0, failing('test_middle'));
    for (let pad = 0; pad < 90; pad += 7) {
      const xml = report(`<!--${'p'.repeat(pad)}-->\n${cases.join('\n')}\n<testcase name="end" time=1/>`);
      expect(xml.length).toBeGreaterThan(2 * 64 * 1024);
      const { fast, fastCases, fastCasesString } = await readBothWays(xml);
      expect(fast.summary).toMatchObject({ total: LEAD + 1401, passed: LEAD + 1400, failed: 1 });
      expect(fast.errors).toHaveLength(1);
      expect(fastCases).toBeGreaterThan(1300);
      expect(fastCasesString).toBeGreaterThan(1300);
    }
  });

  it('two documents one after the other (libtest writes one per test binary)', async () => {
    const first = report([passes(30), failing('test_one')].join('\n'));
    const second = report([passes(30, 'pkg.U'), failing('test_two'), '<testcase name="bad" a="1" a="2"/>'].join('\n'));
    const { fast, fastCases } = await readBothWays(first + second);
    expect(fast.summary).toMatchObject({ total: 2 * LEAD + 63, passed: 2 * LEAD + 61, failed: 2 });
    expect(fast.cases.map((c) => c.name)).toEqual(['test_one', 'test_two']);
    expect(fast.errors).toHaveLength(1);
    expect(fastCases).toBeGreaterThan(LEAD + 100);
  });

  it('garbage after the root element: the same error at the same place', async () => {
    const { fast, fastCases } = await readBothWays(`${report(passes(40))}this is not xml <oops/>\n`);
    expect(fast.summary.passed).toBe(LEAD + 40);
    expect(fast.errors.length).toBeGreaterThan(0);
    expect(fastCases).toBeGreaterThan(LEAD_FAST + 20);
  });
});

describe('failure bodies and output around runs of passing cases read the same', () => {
  /** A failing case whose body, message and output are `body`, after runs of passing cases. */
  const withBody = (body: string, out = 'printed\nlines') =>
    report(
      [
        passes(20),
        `<testcase classname="pkg.T" name="test_body"><failure message="m">${body}</failure><system-out>${out}</system-out></testcase>`,
        passes(20, 'pkg.T', '\n', 20),
        failing('test_after'),
      ].join('\n'),
    );

  it.each([
    [
      'plain text over lines',
      'Traceback (most recent call last):\n  File "a.py", line 3\n    x = 1 / 0\nZeroDivisionError: division by zero',
    ],
    ['predefined entities', '&lt;object at 0x7f&gt; &amp; &quot;quoted&quot; &apos;single&apos;'],
    ['character references', 'line&#10;break, tab&#9;, &#x41;&#66;, astral &#x1F600; &#128512;'],
    ['a reference to a character XML forbids', 'nul &#0; and &#xFFFE; here'],
    ['an undefined entity', 'before &nbsp; after'],
    ['a malformed reference', 'a & b, &#; &#xZZ; &amp'],
    ['"]]>" in text', 'list[a[0]]> 3 and ]] alone and ]> too'],
    ['brackets before a tag', 'ends with ]]'],
    ['CR LF and lone CR', 'one\r\ntwo\rthree\r\n\r\nfour'],
    ['tabs and a control character', 'tab\there, bell \u0007 there'],
    ['astral characters and a lone surrogate', 'emoji 😀 ok, lone \ud800 not'],
    ['a CDATA section with > and ]]', '<![CDATA[if (a > b && c < d) { x[y[0]] = 1; }]]> after'],
    ['a comment and an element inside', 'before <!-- a > comment --> middle <nested attr="1">inner</nested> after'],
    ['a processing instruction', 'before <?pi some > data?> after'],
    ['whitespace only', '  \n\t  \n'],
    ['non-ASCII text', 'prüfe größe: 测试 テスト — ok'],
  ])('%s: the same body, output, summary and errors', async (_label, body) => {
    const { all, fast, fastCases } = await readBothWays(withBody(body, `${body} (output)`));
    expect(fast.cases[0]!.name).toBe('test_body');
    expect(fast.cases[0]).toEqual(nonPassing(all.cases)[0]);
    expect(fastCases).toBeGreaterThan(LEAD_FAST);
  });

  it('bodies longer than a chunk, crossing chunk boundaries anywhere, with entities and CR LF on the way', async () => {
    const line = (i: number) => `  File "src/app/módulo_${i}.py", line ${i}, in f&lt;${i}&gt; &amp; ]]x ]]\r\n`;
    const body = Array.from({ length: 1500 }, (_, i) => line(i)).join('');
    for (let pad = 0; pad < 60; pad += 11) {
      const xml = report(
        [
          `<!--${'p'.repeat(pad)}-->`,
          passes(30),
          `<testcase classname="pkg.T" name="big"><failure message="m">${body}</failure></testcase>`,
          passes(30, 'pkg.T', '\n', 30),
          '<testcase name="end" time=1/>',
        ].join('\n'),
      );
      const { fast, fastCases, fastCasesString } = await readBothWays(xml);
      expect(fast.errors).toHaveLength(1);
      expect(fast.cases[0]!.failure!.body!.length).toBeGreaterThan(60_000);
      expect(fastCases).toBeGreaterThan(LEAD_FAST);
      expect(fastCasesString).toBeGreaterThan(LEAD_FAST);
    }
  });

  it.each([
    ['a reference to U+FFFE', 'x &#xFFFE; y'],
    ['a reference to a surrogate', 'x &#xD800; y'],
    ['a reference past U+10FFFF', 'x &#x110000; y'],
    ['a reference to a control character', 'x &#1; y'],
    ['a reference to CR', 'x &#13; y'],
    ['an uppercase X in a hexadecimal reference', 'x &#X41; y'],
  ])('%s: the same body and errors', async (_label, body) => {
    const { all, fast, fastCases } = await readBothWays(withBody(body));
    expect(fast.cases[0]).toEqual(nonPassing(all.cases)[0]);
    expect(fastCases).toBeGreaterThan(LEAD_FAST);
  });

  /**
   * The report `build(pad)` makes, with `pad` chosen so that the character at `offset` in the
   * first `marker` starts a read chunk (64 Ki characters, and as many bytes: the text is ASCII).
   */
  function splitAt(build: (pad: string) => string, marker: string, offset: number): string {
    const at = build('').indexOf(marker) + offset;
    const xml = build('p'.repeat((CHUNK - (at % CHUNK)) % CHUNK));
    expect(xml.indexOf(marker) + offset).toBe(Math.ceil(at / CHUNK) * CHUNK);
    expect(xml).toMatch(/^[\x00-\x7f]*$/);
    return xml;
  }
  const CHUNK = 64 * 1024;
  const padded = (body: string) => (pad: string) =>
    report(
      [
        `<!--${pad}-->`,
        passes(20),
        `<testcase classname="pkg.T" name="cut"><failure message="m">${body}</failure></testcase>`,
        passes(20, 'pkg.T', '\n', 20),
        '<testcase name="end" time=1/>',
      ].join('\n'),
    );

  it.each([
    ['"]]" | ">"', 'text a]]>b more', 'a]]>b', 3],
    ['"]" | "]>"', 'text a]]>b more', 'a]]>b', 2],
    ['"]]" | "x" (no "]]>")', 'text a]]xb more', 'a]]xb', 3],
    ['CR | LF', 'one\r\ntwo', 'one\r\ntwo', 4],
    ['CR | text (a lone CR)', 'one\rtwo', 'one\rtwo', 4],
    ['an entity reference cut in two', 'a &amp; b', '&amp;', 2],
    ['a character reference cut in two', 'a &#x41; b', '&#x41;', 3],
  ])('a chunk boundary inside a body at %s: the same body and errors', async (_label, body, marker, offset) => {
    const { all, fast } = await readBothWays(
      splitAt(padded(`${'filler line\n'.repeat(300)}${body}\n${'more\n'.repeat(50)}`), marker, offset),
    );
    expect(fast.cases[0]).toEqual(nonPassing(all.cases)[0]);
    expect(fast.errors.length).toBeGreaterThan(0);
  });

  it('a retry element (Surefire flakyFailure) and suite-level output read the same', async () => {
    const body = [
      passes(20),
      '<testcase classname="pkg.T" name="flaky"><flakyFailure message="once" type="AssertionError">\n  <stackTrace>at a.b(C.java:1)\n&lt;init&gt;</stackTrace>\n  <system-out>retry out</system-out>\n</flakyFailure></testcase>',
      passes(20, 'pkg.T', '\n', 20),
      failing('test_after'),
      '<system-out>suite &amp; output\nlines</system-out>',
      '<system-err>suite err</system-err>',
    ].join('\n');
    const { fast, fastCases } = await readBothWays(report(body));
    expect(fast.cases.map((c) => c.name)).toEqual(['flaky', 'test_after']);
    expect(fastCases).toBeGreaterThan(LEAD_FAST);
  });

  it('a report cut inside a body, and a mismatched close tag after one', async () => {
    const whole = withBody('Traceback:\n  File "a.py", line 1\n&lt;boom&gt;');
    const { fast } = await readBothWays(whole.slice(0, whole.indexOf('line 1') + 3));
    expect(fast.errors.length).toBeGreaterThan(0);
    const { fast: mismatched } = await readBothWays(whole.replace('</failure>', '</failur>'));
    expect(mismatched.errors.map((e) => e.message)).toEqual([expect.stringMatching(/closing tag that does not match/)]);
  });
});

describe('scanPassingCases', () => {
  it('counts a run and its line breaks, and stops at the first element it cannot vouch for', () => {
    const text = '<testcase name="a"/>\r\n<testcase\nname="b"/>\n<testcase name="c&amp;"/>';
    const run = scanPassingCases(text, 0);
    expect(run.cases).toBe(2);
    expect(text.slice(run.end)).toBe('<testcase name="c&amp;"/>');
    expect(run.newlines).toBe(3);
    expect(run.lineStart).toBe(run.end);
  });

  it('leaves an element cut by the end of the text to saxes', () => {
    expect(scanPassingCases('<testcase name="a"/><testcase name="b', 0)).toMatchObject({ cases: 1, end: 20 });
    expect(scanPassingCases('<testcase name="a"', 0)).toMatchObject({ cases: 0, end: 0 });
    // A CR as the last character may be the first half of a CR LF.
    expect(scanPassingCases('<testcase name="a"/>\r', 0)).toMatchObject({ cases: 1, end: 20 });
  });

  it.each([
    ['attributes across lines', '<testcase\n  classname="pkg.T"\n  name="multi_line"\n  time="0.1"\n/>', 5],
    ['single quotes', "<testcase classname='pkg.T' name='single_quoted' time='0.1'/>", 1],
    ['tabs around attributes and "="', '<testcase\tclassname="pkg.T"\tname="tabbed"\ttime = "0.1" \t/>', 1],
    ['tabs and a line break in a value', '<testcase classname="pkg.T" name="value\twith\ttabs\nand a line break"/>', 2],
    ['CR LF in a value and before "/>"', '<testcase classname="pkg.T" name="crlf\r\nin value"\r\n/>', 3],
    ['<testcase></testcase>', '<testcase classname="pkg.T" name="open_close"></testcase>', 1],
    ['whitespace inside', '<testcase classname="pkg.T" name="spaced">  \n\t </testcase>', 2],
    ['whitespace in the close tag', '<testcase classname="pkg.T" name="spaced_close"></testcase \n>', 2],
    ['accented names', '<testcase classname="pkg.Tést" name="prüfe_größe"/>', 1],
    ['CJK names', '<testcase classname="pkg.测试" name="テスト_日本"/>', 1],
    // The last column: line breaks in the element and the one after it.
  ])('counts %s (the forms the differential tests put through the reader)', (_label, element, newlines) => {
    const text = `${element}\n<testcase name="next"/>\n<x`;
    const run = scanPassingCases(text, 0);
    expect(run.cases).toBe(2);
    expect(text.slice(run.end)).toBe('<x');
    expect(run.newlines).toBe(newlines + 1);
  });

  it('after a run of same-shaped elements, still checks one whose names differ', () => {
    const run = (...elements: string[]) => scanPassingCases(`${elements.join('\n')}\n<x`, 0).cases;
    const same = Array.from(
      { length: 5 },
      (_, i) => `<testcase classname="pkg.T" name="t${i}" file="a.py" time="0.1"/>`,
    );
    expect(run(...same)).toBe(5);
    // A repeated name, after names that match the learnt shape or not.
    expect(run(...same, '<testcase classname="pkg.T" name="t" file="a.py" time="0.1" name="u"/>')).toBe(5);
    expect(run(...same, '<testcase classname="pkg.T" classname="pkg.U" name="t"/>')).toBe(5);
    expect(run(...same, "<testcase name='t' name='u'/>")).toBe(5);
    expect(run(...same, '<testcase classname="pkg.T" name="t" file="a.py" file="b.py"/>')).toBe(5);
    // Other orders, fewer or more names, other quotes, tabs: plain elements all the same.
    expect(
      run(
        ...same,
        '<testcase name="t" classname="pkg.T"/>',
        '<testcase name="t"/>',
        '<testcase\tclassname=\'c\'\tname=\'n\' x.y="1" xzy="2"/>',
        ...same,
      ),
    ).toBe(13);
    // A name with a dot learnt as a shape does not stand for other names.
    expect(run('<testcase x.y="1"/>', '<testcase xzy="1" xzy="2"/>')).toBe(1);
    // More attributes than the scan takes, after a shape was learnt: left to saxes.
    const many = Array.from({ length: 33 }, (_, i) => `a${i}="${i}"`).join(' ');
    expect(run(...same, `<testcase ${many}/>`)).toBe(5);
    expect(run(...same, `<testcase ${many.split(' ').slice(0, 32).join(' ')}/>`)).toBe(6);
  });

  it('refuses what saxes would report: duplicate names, <, &, controls, lone surrogates, U+FFFE', () => {
    for (const bad of [
      'name="a" name="b"',
      'name="a<b"',
      'name="a&b"',
      'name="a&amp;b"',
      'name="&#10;"',
      'name="\u0001"',
      'name="\ud800"',
      'name="\ufffe"',
      'name=a',
      'name"a"',
    ]) {
      expect(scanPassingCases(`<testcase ${bad}/>`, 0).cases, bad).toBe(0);
    }
    // Astral characters are left to saxes too (a surrogate pair could be split by a chunk).
    expect(scanPassingCases('<testcase name="😀"/>', 0).cases).toBe(0);
  });
});
