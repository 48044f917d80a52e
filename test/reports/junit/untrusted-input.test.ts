/**
 * Reports are untrusted input: every broken, hostile or huge one gives a clear error (file, line,
 * column, what was expected) and bounded memory, never a crash, a hang or an expanded entity.
 */
import { mkdtemp, rm, writeFile, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUNIT_LIMITS } from '../../../src/reports/junit/bounded-text.js';
import { JUnitReader } from '../../../src/reports/junit/junit-reader.js';
import { CaseCollector } from '../../../src/reports/junit/merge-cases.js';
import { parseJUnitFile, parseJUnitString, streamReportFile } from '../../../src/reports/junit/parse-junit.js';
import type { ReportError, TestCase } from '../../../src/reports/test-run.js';
import { createPathResolver } from '../../../src/workspace/repo-paths.js';
import { fixture } from './fixture-path.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'self-heal-junit-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every error names its file, line and column, in the fields and in the message. */
function expectPositioned(errors: ReportError[], file: string): void {
  expect(errors.length).toBeGreaterThan(0);
  for (const error of errors) {
    expect(error.file).toBe(file);
    expect(error.line).toBeGreaterThanOrEqual(1);
    expect(error.column).toBeGreaterThanOrEqual(1);
    expect(error.message.startsWith(`${file}:${error.line}:${error.column}: `)).toBe(true);
  }
}

function names(cases: TestCase[]): string[] {
  return cases.map((c) => c.name);
}

describe('files that are not a report', () => {
  it.each([
    ['edge/empty.xml', 1, 1, 'the file is empty (expected a JUnit XML report)'],
    ['edge/whitespace.xml', 1, 1, 'the file holds only whitespace (expected a JUnit XML report)'],
    ['edge/not-xml.txt', 1, 1, 'not an XML report: it starts with text, not markup (expected "<")'],
    ['edge/gzipped.xml', 1, 1, 'a gzip-compressed file (decompress it first; expected a JUnit XML report)'],
    [
      'edge/html.xml',
      2,
      16,
      'not a JUnit XML report: the root element is <html> (expected <testsuites> or <testsuite>)',
    ],
    [
      'edge/unknown-root.xml',
      3,
      176,
      'not a JUnit XML report: the root element is <coverage> (expected <testsuites> or <testsuite>)',
    ],
  ])('%s: one error at %i:%i', async (name, line, column, message) => {
    const file = fixture(name);
    const result = await parseJUnitFile(file);
    expect(result.cases).toEqual([]);
    expect(result.summary.total).toBe(0);
    expect(result.errors).toEqual([{ file, line, column, message: `${file}:${line}:${column}: ${message}` }]);
  });

  it('refuses binary data at the first NUL byte, with its offset and position', async () => {
    const file = path.join(dir, 'binary.xml');
    // Deterministic junk: a linear congruential sequence, a newline at byte 10, a NUL at byte 23.
    const bytes = new Uint8Array(4096);
    let x = 12345;
    for (let i = 0; i < bytes.length; i++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      bytes[i] = 1 + (x % 255);
    }
    bytes[10] = 0x0a;
    bytes[23] = 0;
    bytes[0] = 0x3c; // starts like markup, so only the NUL gives it away
    await writeFile(file, bytes);
    const result = await parseJUnitFile(file);
    expect(result.cases).toEqual([]);
    expect(result.errors).toEqual([
      {
        file,
        line: 2,
        column: 13,
        message: `${file}:2:13: binary data (a NUL byte at offset 23; expected a JUnit XML text file)`,
      },
    ]);
  });

  it('says what is wrong with junk that has no NUL byte', async () => {
    const file = path.join(dir, 'junk.xml');
    await writeFile(file, Buffer.from([0x3c, 0xff, 0xfe, 0x80, 0x81, 0x3e, 0x41, 0x42]));
    const result = await parseJUnitFile(file);
    expect(result.cases).toEqual([]);
    expectPositioned(result.errors, file);
    // U+FFFD (what undecodable bytes become) is a legal name character: the "root element" is junk.
    expect(result.errors[0]!.message).toBe(
      `${file}:1:6: not a JUnit XML report: the root element is <\uFFFD\uFFFD\uFFFD\uFFFD> (expected <testsuites> or <testsuite>)`,
    );
  });

  it('names a missing file and a directory', async () => {
    const missing = path.join(dir, 'nope.xml');
    expect((await parseJUnitFile(missing)).errors).toEqual([
      { file: missing, message: `${missing}: cannot read the report: no such file` },
    ]);
    expect((await parseJUnitFile(dir)).errors).toEqual([
      { file: dir, message: `${dir}: cannot read the report: it is a directory` },
    ]);
  });
});

describe('broken reports keep what was read before the problem', () => {
  it('stops at a mismatched close tag, keeping the cases before it', async () => {
    const file = fixture('edge/malformed.xml');
    const result = await parseJUnitFile(file);
    expect(names(result.cases)).toEqual(['first', 'second']);
    expect(result.errors).toEqual([
      {
        file,
        line: 9,
        column: 43,
        message: `${file}:9:43: a closing tag that does not match the open element <failure> (expected </failure>)`,
      },
    ]);
  });

  it('reports a truncated file at its end, keeping every complete case', async () => {
    const file = fixture('edge/truncated.xml');
    const result = await parseJUnitFile(file);
    expect(result.cases.map((c) => [c.name, c.status])).toEqual([
      ['test_adds', 'passed'],
      ['test_adds_wrong', 'failed'],
    ]);
    expect(result.errors).toHaveLength(1);
    expectPositioned(result.errors, file);
    expect(result.errors[0]!.line).toBe(6);
    expect(result.errors[0]!.message).toMatch(
      /the report ends inside <testsuite> \(expected <\/testsuite>\): the file is truncated$/,
    );
  });

  it('reports text written after the report, keeping the report', async () => {
    const file = fixture('edge/trailing-text.xml');
    const result = await parseJUnitFile(file);
    expect(names(result.cases)).toEqual(['TestA']);
    expect(result.errors).toEqual([
      {
        file,
        line: 5,
        column: 1,
        message: `${file}:5:1: text after the end of the report (expected another XML document or the end of the file)`,
      },
    ]);
  });

  it("reads on past raw control characters, said once with the first one's position", async () => {
    const file = fixture('edge/control-chars.xml');
    const result = await parseJUnitFile(file);
    expect(names(result.cases)).toEqual(['renders', 'after']);
    // BEL becomes U+FFFD; ESC stays, for the colour codes it starts (removed where text is shown).
    expect(result.cases[0]!.failure?.body).toBe('expected \u001b[32mgreen\u001b[0m got \u001b[31mred\u001b[0m\uFFFD');
    expectPositioned(result.errors, file);
    expect(result.errors).toEqual([
      {
        file,
        line: 3,
        column: 82,
        message: `${file}:3:82: 5 characters XML does not allow, the first here; read as U+FFFD: U+0007 ×1; kept as is: ESC (U+001B) ×4, which starts the colour codes removed wherever text is shown`,
      },
    ]);
  });

  it('counts recoverable problems past the first ten instead of listing them all', () => {
    const body = '&nope;'.repeat(25);
    const result = parseJUnitString(
      `<testsuite><testcase name="x"><failure>${body}</failure></testcase></testsuite>`,
      'many.xml',
    );
    expect(result.cases[0]!.failure?.body).toBe(body);
    expect(result.errors).toHaveLength(11);
    expect(result.errors[10]).toEqual({
      file: 'many.xml',
      message: 'many.xml: 15 more recoverable XML problems like the ones above',
    });
  });
});

describe('entities are never expanded', () => {
  it('keeps external entity references (file and http) literal and reports them', async () => {
    const file = fixture('edge/xxe.xml');
    const result = await parseJUnitFile(file);
    expect(result.cases.map((c) => c.name)).toEqual(['&xxe;', 'after the entities']);
    expect(result.cases[0]!.failure).toEqual({ message: '&remote;', body: '&xxe;' });
    expectPositioned(result.errors, file);
    expect(result.errors.map((e) => [e.line, e.column])).toEqual([
      [8, 44],
      [9, 32],
      [9, 39],
    ]);
    for (const error of result.errors)
      expect(error.message).toMatch(/undefined entity reference, kept as literal text/);
    expect(JSON.stringify(result)).not.toMatch(/root:x:0:0/);
  });

  it('ignores parameter entities in the DOCTYPE', async () => {
    const result = await parseJUnitFile(fixture('edge/xxe-parameter.xml'));
    expect(result.errors).toEqual([]);
    expect(result.cases.map((c) => [c.name, c.status])).toEqual([['reads on', 'passed']]);
  });

  it('does not expand the billion laughs', async () => {
    const file = fixture('edge/billion-laughs.xml');
    const result = await parseJUnitFile(file);
    expect(result.cases[0]!.failure).toEqual({ message: '&lol9;', body: '&lol9;' });
    expect(result.errors.map((e) => [e.line, e.column])).toEqual([
      [17, 30],
      [17, 38],
    ]);
  });

  it('still decodes the predefined and numeric references', () => {
    const result = parseJUnitString(
      '<testsuite><testcase classname="a&amp;b" name="&lt;x&gt; &quot;q&quot; &apos;s&apos;"><failure message="l1&#10;l2&#x9;t">&#65;&#x1F9EA;&amp;</failure></testcase></testsuite>',
      'refs.xml',
    );
    expect(result.errors).toEqual([]);
    expect(result.cases[0]).toMatchObject({
      classname: 'a&b',
      name: `<x> "q" 's'`,
      failure: { message: 'l1\nl2\tt', body: 'A🧪&' },
    });
  });
});

describe('encodings', () => {
  it.each([
    ['edge/bom.xml', ['passes', 'fails']],
    ['edge/utf16.xml', ['Totals_ÄÖÜ_€', 'Discount']],
    ['edge/latin1.xml', ['crème brûlée']],
  ])('%s', async (name, expected) => {
    const result = await parseJUnitFile(fixture(name));
    expect(result.errors).toEqual([]);
    expect(names(result.cases)).toEqual(expected);
  });

  it('reads UTF-16 without a byte-order mark', async () => {
    const file = path.join(dir, 'utf16-nobom.xml');
    await writeFile(file, Buffer.from('<testsuite name="s"><testcase name="ü"/></testsuite>', 'utf16le'));
    const result = await parseJUnitFile(file);
    expect(result.errors).toEqual([]);
    expect(names(result.cases)).toEqual(['ü']);
  });

  it('reads a declared encoding it does not know as UTF-8, and says so', async () => {
    const file = path.join(dir, 'odd-encoding.xml');
    await writeFile(file, '<?xml version="1.0" encoding="x-klingon"?><testsuite><testcase name="a"/></testsuite>');
    const result = await parseJUnitFile(file);
    expect(names(result.cases)).toEqual(['a']);
    expect(result.errors).toEqual([
      {
        file,
        line: 1,
        column: 1,
        message: `${file}:1:1: unsupported encoding "x-klingon" in the XML declaration, read as UTF-8`,
      },
    ]);
  });
});

describe('hostile names', () => {
  it("keeps names raw (escaping is the renderers' job) but bounded", async () => {
    const result = await parseJUnitFile(fixture('edge/hostile-names.xml'));
    expect(result.errors).toEqual([]);
    expect(result.cases).toHaveLength(6);
    const [markdown, commands, mention, long, unicode, shell] = result.cases;
    expect(markdown!.name).toBe('**bold** [link](https://evil.example) | pipe `tick` ```fence```');
    expect(markdown!.failure?.message).toBe('<img src=x onerror=alert(1)> </details>');
    expect(commands!.name).toBe('::error file=app.js,line=1::owned\n::add-mask::secret\r\n::stop-commands::tok');
    expect(commands!.suite).toBe('hostile | suite ::error::');
    expect(mention!.failure?.message).toBe('@here @channel');
    expect(unicode!.name).toBe('unicode \u202ereversed\u202c and zero\u200bwidth and emoji 🧪');
    expect(shell!.name).toBe('$(touch /tmp/pwned) `id` ; rm -rf / && echo');
    expect(long!.name.startsWith('very long name xxx')).toBe(true);
    expect(long!.name).toMatch(
      new RegExp(`^.{${JUNIT_LIMITS.name}}… \\[${5015 - JUNIT_LIMITS.name} more characters cut\\]$`),
    );
    expect(long!.id).toBe(`hostile.Names::${long!.name}`);
  });

  const forged = (file: string, suiteFile = '') =>
    `<testsuites><testsuite name="s"${suiteFile ? ` file="${suiteFile}"` : ''}>` +
    `<testcase name="t" classname="pkg.C" file="${file}"><failure message="m"/></testcase>` +
    '<testcase name="ok" classname="pkg.C" file="tests/a.py"/></testsuite></testsuites>';

  it('keeps a case file that leaves the repository out of the id, and says so', () => {
    const repo = createPathResolver('/work/checkout', ['tests/a.py']);
    for (const file of ['../../outside/evil.py', 'tests/../../evil.py', '..\\..\\evil.py']) {
      const result = parseJUnitString(forged(file), 'r.xml', { repo });
      expect(result.cases.map((c) => c.id)).toEqual(['pkg.C::t', 'tests/a.py::pkg.C::ok']);
      expect(result.cases[0]!.file).toBeUndefined();
      expect(result.errors.map((e) => e.message)).toEqual([
        `r.xml: a case names a file outside the repository (\`${file}\`): left out of its test id`,
      ]);
    }
    const inherited = parseJUnitString(forged('', '../x.py'), 'r.xml');
    expect(inherited.cases[0]!.id).toBe('pkg.C::t');
    expect(inherited.errors[0]!.message).toContain('a case names a file outside the repository (`../x.py`)');
  });

  it('keeps a relative case file that stays inside the repository, seen from where the tests ran', () => {
    const repo = createPathResolver('/work/checkout', ['shared/b.py', 'app/tests/a.py']);
    const result = parseJUnitString(forged('../shared/b.py'), 'r.xml', { repo, caseBase: '/work/checkout/app' });
    expect(result.errors).toEqual([]);
    expect(result.cases[0]!.id).toBe('../shared/b.py::pkg.C::t');
  });
});

describe('huge input stays bounded', () => {
  /** Writes `head`, then `size` characters of `unit` repeated, then `tail`, without holding it all. */
  async function writeHuge(name: string, head: string, unit: string, size: number, tail: string): Promise<string> {
    const file = path.join(dir, name);
    const handle = await open(file, 'w');
    await handle.write(head);
    const block = unit.repeat(Math.ceil((1024 * 1024) / unit.length)).slice(0, 1024 * 1024);
    for (let written = 0; written < size; written += block.length)
      await handle.write(block.slice(0, Math.min(block.length, size - written)));
    await handle.write(tail);
    await handle.close();
    return file;
  }

  function collect(): { collector: CaseCollector; cases: () => TestCase[] } {
    const collector = new CaseCollector('all');
    return { collector, cases: () => collector.result().cases };
  }

  it('keeps the head and tail of a 50 MB failure body, says how much was cut, and never buffers it whole', async () => {
    const size = 50 * 1024 * 1024;
    const file = await writeHuge(
      'huge-body.xml',
      '<testsuite name="s"><testcase classname="c" name="big"><failure message="m">HEAD-MARK\n',
      'frame at line 0123456789\n',
      size,
      'TAIL-MARK</failure></testcase><testcase classname="c" name="next"/></testsuite>',
    );
    const { collector, cases } = collect();
    const read = await streamReportFile(file, 'huge-body.xml', collector);
    expect(read.errors).toEqual([]);
    expect(names(cases())).toEqual(['big', 'next']);
    const body = cases()[0]!.failure!.body!;
    const total = 'HEAD-MARK\n'.length + size + 'TAIL-MARK'.length;
    const kept = JUNIT_LIMITS.body;
    expect(body.startsWith('HEAD-MARK\nframe at line')).toBe(true);
    expect(body.endsWith('TAIL-MARK')).toBe(true);
    expect(body).toContain(`\n… [${total - kept} characters cut] …\n`);
    expect(body.length).toBeLessThan(kept + 100);
    // saxes' own buffer was drained between chunks: never more than a few chunks of text.
    expect(read.peakBufferedChars).toBeLessThan(512 * 1024);
  });

  it('drains a 20 MB CDATA system-out the same way', async () => {
    const file = await writeHuge(
      'huge-cdata.xml',
      '<testsuite><testcase name="loud"><failure/><system-out><![CDATA[',
      'log line ]] > still cdata\n',
      20 * 1024 * 1024,
      ']]></system-out></testcase></testsuite>',
    );
    const { collector, cases } = collect();
    const read = await streamReportFile(file, 'huge-cdata.xml', collector);
    expect(read.errors).toEqual([]);
    const out = cases()[0]!.systemOut!;
    expect(out.length).toBeLessThan(JUNIT_LIMITS.output + 100);
    expect(out).toMatch(/characters cut/);
    expect(read.peakBufferedChars).toBeLessThan(512 * 1024);
  });

  it('cuts a 20 MB attribute while reading it, and says so', async () => {
    const file = await writeHuge(
      'huge-attribute.xml',
      '<testsuite><testcase name="a"><failure message="',
      'blah ',
      20 * 1024 * 1024,
      '">body</failure></testcase><testcase name="b"/></testsuite>',
    );
    const { collector, cases } = collect();
    const read = await streamReportFile(file, 'huge-attribute.xml', collector);
    expect(names(cases())).toEqual(['a', 'b']);
    const message = cases()[0]!.failure!.message!;
    expect(message.length).toBeLessThan(JUNIT_LIMITS.message + 60);
    expect(message).toMatch(/more characters cut\]$/);
    expect(read.errors).toHaveLength(1);
    expectPositioned(read.errors, 'huge-attribute.xml');
    expect(read.errors[0]!.message).toMatch(/an attribute value longer than 8192 characters was cut$/);
    expect(read.peakBufferedChars).toBeLessThan(512 * 1024);
  });

  it('skips a 20 MB comment and a 20 MB DOCTYPE in bounded memory', async () => {
    for (const [name, head, tail] of [
      ['huge-comment.xml', '<testsuite><!--', '--><testcase name="after"/></testsuite>'],
      ['huge-doctype.xml', '<!DOCTYPE testsuite [<!ENTITY x "', '">]><testsuite><testcase name="after"/></testsuite>'],
    ] as const) {
      const file = await writeHuge(name, head, 'abcdefgh', 20 * 1024 * 1024, tail);
      const { collector, cases } = collect();
      const read = await streamReportFile(file, name, collector);
      expect(read.errors).toEqual([]);
      expect(names(cases())).toEqual(['after']);
      expect(read.peakBufferedChars).toBeLessThan(512 * 1024);
    }
  });

  it('refuses absurd structure: deep nesting, thousands of attributes, endless names and entity references', () => {
    const deep = `${'<testsuite>'.repeat(10_000)}`;
    expect(parseJUnitString(deep, 'deep.xml').errors[0]!.message).toBe(
      'deep.xml:1:2827: elements nested deeper than 256 levels (expected a JUnit XML report)',
    );
    // Checked between chunks (it bounds what saxes holds while an element is still open).
    const attributes = Array.from({ length: 100_000 }, (_, i) => `a${i}="x"`).join(' ');
    expect(
      parseJUnitString(`<testsuite><testcase ${attributes}/></testsuite>`, 'attrs.xml').errors[0]!.message,
    ).toMatch(/^attrs\.xml:1:\d+: more than 1024 attributes on one element \(expected a JUnit XML report\)$/);
    const longName = `<testsuite><testcase${'x'.repeat(200_000)}/></testsuite>`;
    expect(parseJUnitString(longName, 'name.xml').errors[0]!.message).toMatch(
      /^name\.xml:1:\d+: a name or entity reference longer than 65536 characters/,
    );
    const longEntity = `<testsuite><testcase name="a"><failure>&${'x'.repeat(200_000)};</failure></testcase></testsuite>`;
    expect(parseJUnitString(longEntity, 'entity.xml').errors[0]!.message).toMatch(
      /a name or entity reference longer than 65536 characters/,
    );
  });
});

describe('chunk boundaries do not matter', () => {
  /** Feeds `xml` to a reader in pieces of `size` characters. */
  function readInPieces(xml: string, size: number): { cases: TestCase[]; errors: ReportError[] } {
    const collector = new CaseCollector('all');
    const reader = new JUnitReader('pieces.xml', collector);
    for (let i = 0; i < xml.length && !reader.done; i += size) reader.write(xml.slice(i, i + size));
    reader.end();
    return { cases: collector.result().cases, errors: reader.errors };
  }

  it.each([
    'cargo/junit.xml',
    'surefire/TEST-cart.CartTest$WhenEmpty.xml',
    'edge/control-chars.xml',
    'edge/trailing-text.xml',
    'edge/malformed.xml',
  ])('%s read 1, 7, 4096 characters at a time gives the same result as in one piece', async (name) => {
    const { readFile } = await import('node:fs/promises');
    const xml = await readFile(fixture(name), 'utf8');
    const whole = readInPieces(xml, xml.length);
    expect(whole.cases.length + whole.errors.length).toBeGreaterThan(0);
    for (const size of [1, 7, 4096]) expect(readInPieces(xml, size)).toEqual(whole);
  });

  it('reads several documents in one file with their positions counted from the start of the file', () => {
    const xml =
      '<?xml version="1.0"?><testsuites><testsuite name="a"><testcase name="one"/></testsuite></testsuites>\n' +
      '\n  <?xml version="1.0"?><testsuites><testsuite name="b"><testcase name="two"><failure>&bad;</failure></testcase></testsuite></testsuites>\n';
    for (const size of [1, 3, xml.length]) {
      const { cases, errors } = readInPieces(xml, size);
      expect(cases.map((c) => [c.suite, c.name, c.status])).toEqual([
        ['a', 'one', 'passed'],
        ['b', 'two', 'failed'],
      ]);
      // The `;` of `&bad;` on the third line.
      expect(errors.map((e) => [e.line, e.column])).toEqual([[3, 90]]);
    }
  });

  it('says a document that counts failures it does not hold at most ten times, then how many more', () => {
    const xml = Array.from(
      { length: 300 },
      (_, i) => `<testsuite name="s${i}" failures="2"><testcase name="t"><failure/></testcase></testsuite>\n`,
    ).join('');
    const { cases, errors } = readInPieces(xml, xml.length);
    expect(cases).toHaveLength(300);
    expect(errors.filter((e) => /counts 2 failures and errors but holds 1/.test(e.message))).toHaveLength(10);
    expect(errors.at(-1)!.message).toMatch(/: 290 more documents count failures they do not hold$/);
  });

  it('reads a thousand small documents in one piece, each once, and places an error in the last one', () => {
    // libtest writes one document per test binary; a hostile report can hold thousands. Each ended
    // document's parser stops at once: the rest of the piece is read by the next one only.
    const doc = (i: number) =>
      `<testsuite name="s${i}"><testcase name="t${i}"/><testcase name="f${i}"><failure/></testcase></testsuite>\n`;
    const xml = `${Array.from({ length: 1000 }, (_, i) => doc(i)).join('')}<testsuite name="last"><testcase name="x"><failure>&bad;</failure></testcase></testsuite>\n`;
    for (const size of [xml.length, 4096]) {
      const { cases, errors } = readInPieces(xml, size);
      expect(cases.filter((c) => c.status === 'passed')).toHaveLength(1000);
      expect(cases.filter((c) => c.status === 'failed').map((c) => c.name)).toEqual([
        ...Array.from({ length: 1000 }, (_, i) => `f${i}`),
        'x',
      ]);
      expect(errors.map((e) => [e.line, e.column])).toEqual([[1001, 56]]);
    }
  });
});
