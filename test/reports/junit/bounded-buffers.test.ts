/**
 * What saxes holds between chunks is bounded through its public input alone (junit-reader.ts
 * `bound`, buffered-token.ts): a huge text node or CDATA section is split by markup that adds
 * nothing, a huge attribute value, processing instruction or DOCTYPE string is left out. None of
 * that may show: the text read is what the report holds (head and tail, and how much was cut), and
 * every later error is placed at its line and column in the input, whatever the chunk size.
 */
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { BoundedText, JUNIT_LIMITS } from '../../../src/reports/junit/bounded-text.js';
import { CaseCollector } from '../../../src/reports/junit/merge-cases.js';
import { streamReportString } from '../../../src/reports/junit/parse-junit.js';
import { JUnitReader } from '../../../src/reports/junit/junit-reader.js';
import type { ReportError, TestCase } from '../../../src/reports/test-run.js';

/** Reads `xml` in pieces of `size` characters (or as parse-junit.ts does, 64 Ki at a time). */
function read(xml: string, size?: number): { cases: TestCase[]; errors: ReportError[]; peak: number } {
  const collector = new CaseCollector('all');
  if (size === undefined) {
    const result = streamReportString(xml, 'r.xml', collector);
    return { cases: collector.result().cases, errors: result.errors, peak: result.peakBufferedChars };
  }
  const reader = new JUnitReader('r.xml', collector);
  for (let i = 0; i < xml.length && !reader.done; i += size) reader.write(xml.slice(i, i + size));
  reader.end();
  return { cases: collector.result().cases, errors: reader.errors, peak: reader.peakBufferedChars };
}

/** Line and column of `xml[index]` as XML counts them (CR LF and a lone CR are one line break). */
function positionOf(xml: string, index: number): [number, number] {
  let line = 1;
  let column = 0;
  for (let i = 0; i <= index; i++) {
    const c = xml[i];
    if (c === '\n' || (c === '\r' && xml[i + 1] !== '\n')) {
      line++;
      column = 0;
    } else if (c !== '\r') column++;
  }
  return [line, column];
}

/** What saxes alone, unbounded, reads as the text of every <failure> and <system-out>. */
function referenceTexts(xml: string): string[] {
  const parser = new SaxesParser();
  const texts: string[] = [];
  let inside = false;
  let text = '';
  parser.on('opentag', (tag) => {
    if (tag.name === 'failure' || tag.name === 'system-out') {
      inside = true;
      text = '';
    }
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'failure' || tag.name === 'system-out') {
      inside = false;
      texts.push(text);
    }
  });
  parser.on('text', (t) => {
    if (inside) text += t;
  });
  parser.on('cdata', (t) => {
    if (inside) text += t;
  });
  parser.on('error', () => undefined);
  parser.write(xml).close();
  return texts;
}

/** `text` kept as the reader keeps it: head and tail, then trimmed as case-builder.ts trims a body. */
const bounded = (text: string, max: number) => {
  const b = new BoundedText(max);
  b.append(text);
  return b.toString().trimEnd();
};

describe('huge tokens, bounded without changing what is read', () => {
  // Each piece is well over the 64 Ki characters saxes may hold of one token, with what the
  // lexer has to follow on the way: entities, CR LF and lone CRs, "]" and "-" runs, quotes.
  const body = Array.from({ length: 9000 }, (_, i) => `line ${i} &lt;x&gt; a]b ]] c\r\n`).join('');
  const cdata = Array.from({ length: 9000 }, (_, i) => `out ${i} ]] > -- "q"\r`).join('');
  const comment = Array.from({ length: 9000 }, (_, i) => `note ${i} - a - b\n`).join('');
  const attribute = Array.from({ length: 30_000 }, (_, i) => `v${i} 'x'\r\n`).join('');
  const pi = Array.from({ length: 9000 }, (_, i) => `pi ${i} ? >\n`).join('');
  const xml =
    `<?xml version="1.0"?>\n<testsuites>\n<!--${comment}-->\n<?target ${pi}?>\n<testsuite name="s">\n` +
    `<testcase classname="c" name="big"><failure message="${attribute}">${body}</failure>` +
    `<system-out><![CDATA[${cdata}]]></system-out></testcase>\n` +
    `<testcase classname="c" name="after"><failure>x &bad; y</failure></testcase>\n</testsuite>\n</testsuites>\n`;
  const bad = xml.indexOf('&bad;') + '&bad'.length;

  it.each([undefined, 1000, 4099, 65536 + 3])('in pieces of %s characters', (size) => {
    const result = read(xml, size);
    expect(result.cases.map((c) => c.name)).toEqual(['big', 'after']);
    const [expectedBody, expectedOut] = referenceTexts(xml);
    const big = result.cases[0]!;
    expect(big.failure!.body).toBe(bounded(expectedBody!, JUNIT_LIMITS.body));
    expect(big.systemOut).toBe(bounded(expectedOut!, JUNIT_LIMITS.output));
    expect(big.failure!.message!.startsWith('v0 ')).toBe(true);
    expect(result.errors.map((e) => e.message.replace(/^r\.xml:\d+:\d+: /, ''))).toEqual([
      'an attribute value longer than 8192 characters was cut',
      'undefined entity reference, kept as literal text (entities declared in a DOCTYPE are never expanded)',
    ]);
    // The error after all of it is where the input has it.
    const after = result.errors[1]!;
    expect([after.line, after.column]).toEqual(positionOf(xml, bad));
    expect(result.peak).toBeGreaterThan(64 * 1024);
    expect(result.peak).toBeLessThan(3 * 64 * 1024);
  });

  it('places an error on the line where a left-out value ends, and a document boundary after it', () => {
    const value = 'x'.repeat(300_000);
    const doc1 = `<testsuite name="a"><testcase name="one" classname="${value}"/></testsuite>`;
    const doc2 = `<testsuite name="b"><testcase name="two"><failure>&nope;</failure></testcase></testsuite>\n`;
    for (const xml of [`${doc1}\n${doc2}`, `${doc1}${doc2}`]) {
      const result = read(xml);
      expect(result.cases.map((c) => c.name)).toEqual(['one', 'two']);
      const error = result.errors.at(-1)!;
      expect([error.line, error.column]).toEqual(positionOf(xml, xml.indexOf('&nope;') + '&nope'.length));
    }
  });

  it('runs of CRs and CR LF across every chunk end: split after them, the body read whole', () => {
    for (const unit of ['\r', '\r\n', 'ab\r']) {
      const text = unit.repeat(Math.ceil(300_000 / unit.length));
      const xml = `<testsuite><testcase name="t"><failure>x${text}y</failure></testcase></testsuite>`;
      for (const size of [65_536, 1000]) {
        const result = read(xml, size);
        expect(result.errors).toEqual([]);
        const [reference] = referenceTexts(xml);
        expect(result.cases[0]!.failure!.body).toBe(bounded(reference!, JUNIT_LIMITS.body));
        expect(result.peak).toBeLessThan(3 * 64 * 1024);
      }
    }
  });

  it('a text node it can never split (600,000 "]" in a row) is not read past 256 Ki characters', () => {
    const xml = `<testsuite><testcase name="t"><failure>${']'.repeat(600_000)}</failure></testcase></testsuite>`;
    const result = read(xml, 65_536);
    expect(result.errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/a text node longer than 262144 characters that cannot be read in bounded memory/),
    ]);
    expect(result.peak).toBeLessThan(512 * 1024);
  });
});
