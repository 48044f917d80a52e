/**
 * Runs of passing cases, read as a report's bulk is: a report read keeping only the non-passing
 * cases (passes counted, not read) must say the same thing as one read keeping every case — the
 * same summary, the same non-passing cases, and for a malformed report the same errors at the
 * same line and column — from a file (chunks of bytes) and from a string (chunks of characters).
 * Each report here puts its quirk inside or next to runs of passing cases past the first 64 KiB.
 * (These were the differential tests of the passing-case read path, which issue 18 removed: they
 * stay, as the proof that reading those runs did not change.)
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJUnitFile, parseJUnitString } from '../../../src/reports/junit/parse-junit.js';
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

/** Passing cases before the body, over 64 KiB of them: what a test looks at is in the chunks after the first. */
const LEAD = 1300;
const lead = (eol: string) =>
  Array.from({ length: LEAD }, (_, i) => `<testcase classname="lead.T" name="lead_${i}" time="0.01"/>`).join(eol);

/** A report of one suite: `LEAD` passing cases on as many lines, then `body` from line `LEAD + 4`. */
function report(body: string, eol = '\n'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${eol}<testsuites>${eol}<testsuite name="s" tests="1">${eol}${lead(eol)}${eol}${body}${eol}</testsuite>${eol}</testsuites>${eol}`;
}

const failing = (name: string) =>
  `<testcase classname="pkg.T" name="${name}"><failure message="boom &amp; more">trace of ${name}</failure></testcase>`;

/**
 * Reads `xml` four ways (file and string; 'all' and 'non-passing'), asserts they agree, and
 * returns what the file was read into both ways.
 */
async function readBothWays(xml: string) {
  const file = await write(xml);
  const all = await parseJUnitFile(file, { keepCases: 'all' });
  const read = await parseJUnitFile(file, { keepCases: 'non-passing' });
  expect(read.summary).toEqual(all.summary);
  expect(read.cases).toEqual(nonPassing(all.cases));
  expect(read.errors).toEqual(all.errors);
  expect(read.dialect).toEqual(all.dialect);

  const allString = parseJUnitString(xml, file, { keepCases: 'all' });
  const readString = parseJUnitString(xml, file, { keepCases: 'non-passing' });
  expect(readString.summary).toEqual(allString.summary);
  expect(readString.cases).toEqual(nonPassing(allString.cases));
  expect(readString.errors).toEqual(allString.errors);
  // A file and the same text in memory are read alike (chunks of bytes or of characters).
  expect(readString.summary).toEqual(read.summary);
  expect(readString.errors).toEqual(read.errors);
  return { all, read };
}

describe('runs of passing cases are read the same keeping every case or not', () => {
  it('plain runs: every passing case is counted by the scan, failures in between kept', async () => {
    const xml = report([passes(50), failing('test_broken'), passes(50, 'pkg.T', '\n', 50)].join('\n'));
    const { read } = await readBothWays(xml);
    expect(read.summary).toEqual({ total: LEAD + 101, passed: LEAD + 100, failed: 1, errored: 0, skipped: 0 });
    expect(read.cases.map((c) => c.name)).toEqual(['test_broken']);
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
    const { read } = await readBothWays(report(body, eol));
    expect(read.errors).toHaveLength(1);
    expect(read.errors[0]!.line).toBe(3 + LEAD + 81 + 1);
    // CR alone is left to saxes (it normalises it); the others are counted by the scan.
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
    const { read } = await readBothWays(report(body));
    expect(read.summary.passed).toBe(LEAD + 25);
    expect(read.errors).toHaveLength(1);
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
    const { read } = await readBothWays(report(body));
    expect(read.errors.length).toBeGreaterThan(0);
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
    const { read } = await readBothWays(report(body));
    expect(read.summary).toMatchObject({ total: LEAD + 25, passed: LEAD + 24, failed: 1 });
    // The undefined entity is a recoverable problem, reported once, at the same place both ways.
    expect(read.errors.map((e) => e.message)).toEqual([expect.stringMatching(/undefined entity/)]);
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
    const { read } = await readBothWays(report(body));
    expect(read.summary).toMatchObject({ total: LEAD + 24, passed: LEAD + 23, failed: 1 });
    expect(read.errors).toEqual([]);
  });

  it('a duplicate attribute: the same recoverable error, at the same line and column', async () => {
    const body = [
      passes(20),
      '<testcase classname="pkg.T" name="dup" name="dup2"/>',
      passes(20, 'pkg.T', '\n', 20),
    ].join('\n');
    const { read } = await readBothWays(report(body));
    expect(read.errors).toEqual([
      expect.objectContaining({ line: LEAD + 24, message: expect.stringMatching(/duplicate attribute: name/) }),
    ]);
    expect(read.errors[0]!.column).toBeGreaterThan(0);
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
    const { all, read } = await readBothWays(report(body));
    expect(all.errors.length).toBeGreaterThan(0);
    for (const e of read.errors) expect(e.line === undefined || e.line >= LEAD + 33).toBe(true);
  });

  it('a report cut in the middle of a run: the same cases counted and the same error', async () => {
    const whole = report([passes(200), failing('test_cut')].join('\n'));
    const body = whole.indexOf('name="test_0"');
    for (const cut of [
      whole.indexOf('name="test_120"') + 7,
      whole.indexOf('<testcase', body + 3000) + 4,
      whole.indexOf('test_150') - 1,
    ]) {
      const { read } = await readBothWays(whole.slice(0, cut));
      expect(read.errors.length).toBeGreaterThan(0);
      expect(read.summary.passed).toBeGreaterThan(LEAD + 50);
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
      const { read } = await readBothWays(xml);
      expect(read.summary).toMatchObject({ total: LEAD + 1401, passed: LEAD + 1400, failed: 1 });
      expect(read.errors).toHaveLength(1);
    }
  });

  it('two documents one after the other (libtest writes one per test binary)', async () => {
    const first = report([passes(30), failing('test_one')].join('\n'));
    const second = report([passes(30, 'pkg.U'), failing('test_two'), '<testcase name="bad" a="1" a="2"/>'].join('\n'));
    const { read } = await readBothWays(first + second);
    expect(read.summary).toMatchObject({ total: 2 * LEAD + 63, passed: 2 * LEAD + 61, failed: 2 });
    expect(read.cases.map((c) => c.name)).toEqual(['test_one', 'test_two']);
    expect(read.errors).toHaveLength(1);
  });

  it('garbage after the root element: the same error at the same place', async () => {
    const { read } = await readBothWays(`${report(passes(40))}this is not xml <oops/>\n`);
    expect(read.summary.passed).toBe(LEAD + 40);
    expect(read.errors.length).toBeGreaterThan(0);
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
    const { all, read } = await readBothWays(withBody(body, `${body} (output)`));
    expect(read.cases[0]!.name).toBe('test_body');
    expect(read.cases[0]).toEqual(nonPassing(all.cases)[0]);
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
      const { read } = await readBothWays(xml);
      expect(read.errors).toHaveLength(1);
      expect(read.cases[0]!.failure!.body!.length).toBeGreaterThan(60_000);
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
    const { all, read } = await readBothWays(withBody(body));
    expect(read.cases[0]).toEqual(nonPassing(all.cases)[0]);
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
    const { all, read } = await readBothWays(
      splitAt(padded(`${'filler line\n'.repeat(300)}${body}\n${'more\n'.repeat(50)}`), marker, offset),
    );
    expect(read.cases[0]).toEqual(nonPassing(all.cases)[0]);
    expect(read.errors.length).toBeGreaterThan(0);
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
    const { read } = await readBothWays(report(body));
    expect(read.cases.map((c) => c.name)).toEqual(['flaky', 'test_after']);
  });

  it('a report cut inside a body, and a mismatched close tag after one', async () => {
    const whole = withBody('Traceback:\n  File "a.py", line 1\n&lt;boom&gt;');
    const { read } = await readBothWays(whole.slice(0, whole.indexOf('line 1') + 3));
    expect(read.errors.length).toBeGreaterThan(0);
    const { read: mismatched } = await readBothWays(whole.replace('</failure>', '</failur>'));
    expect(mismatched.errors.map((e) => e.message)).toEqual([expect.stringMatching(/closing tag that does not match/)]);
  });
});
