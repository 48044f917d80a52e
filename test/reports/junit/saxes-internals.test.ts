/**
 * saxes-internals.ts reads and moves saxes' private state. This test is the alarm for a saxes
 * upgrade: it fails, naming what changed, when the installed saxes is not the version that module
 * was written against, when a state number or a field it uses is gone or renumbered, or when moving
 * the position no longer places later errors where saxes itself would.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import {
  cutBufferedText,
  dropBufferedText,
  measureBuffers,
  SAXES_FIELDS,
  SAXES_STATES,
  SAXES_VERSION,
  skipInput,
  standsInPlainText,
  takeBufferedText,
} from '../../../src/reports/junit/saxes-internals.js';

const require = createRequire(import.meta.url);
const saxesDir = path.dirname(require.resolve('saxes/package.json'));

/** A parser that records its errors ("line:column: message") and the text it hands over. */
function parser() {
  const p = new SaxesParser();
  const errors: string[] = [];
  const texts: string[] = [];
  p.on('error', (e) => errors.push(e.message));
  p.on('text', (t) => texts.push(t));
  return { p, errors, texts };
}

describe('the saxes this project drives through its private state', () => {
  it('is the version saxes-internals.ts was written against (and package.json pins it exactly)', () => {
    const installed = JSON.parse(readFileSync(path.join(saxesDir, 'package.json'), 'utf8')) as { version: string };
    expect(installed.version, 'installed saxes: check saxes-internals.ts against its source, then update').toBe(
      SAXES_VERSION,
    );
    const own = JSON.parse(readFileSync(path.resolve('package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(own.dependencies['saxes']).toBe(SAXES_VERSION);
  });

  it('still numbers its states as saxes-internals.ts does', () => {
    const source = readFileSync(path.join(saxesDir, 'saxes.js'), 'utf8');
    for (const [name, value] of Object.entries(SAXES_STATES)) {
      expect(source, `saxes.js should define ${name} = ${value}`).toMatch(new RegExp(`\\bconst ${name} = ${value};`));
    }
  });

  it('still has every private field saxes-internals.ts reads or writes', () => {
    const { p } = parser();
    p.write('<a x="1">text');
    for (const field of SAXES_FIELDS) expect(Object.keys(p), `saxes field ${field}`).toContain(field);
  });

  it('tells where it stands: plain text, an attribute value, CDATA', () => {
    const text = parser();
    text.p.write('<a>');
    expect(standsInPlainText(text.p)).toBe(true);
    text.p.write('some text');
    expect(standsInPlainText(text.p)).toBe(false); // text is buffered
    expect(measureBuffers(text.p)).toMatchObject({ text: 9, region: 'text' });

    const attribute = parser();
    attribute.p.write('<a b="value so far');
    expect(measureBuffers(attribute.p)).toMatchObject({ text: 12, region: 'attribute', attributes: 0 });
    cutBufferedText(attribute.p, 5);
    attribute.p.write('"/>');
    expect(attribute.errors).toEqual([]);

    const cdata = parser();
    cdata.p.write('<a><![CDATA[raw <text>');
    expect(measureBuffers(cdata.p)).toMatchObject({ text: 10, region: 'cdata' });
    expect(takeBufferedText(cdata.p)).toBe('raw <text>');
    expect(measureBuffers(cdata.p).text).toBe(0);
  });

  it('drops buffered text without touching what follows', () => {
    const { p, texts } = parser();
    p.write('<a>dropped');
    dropBufferedText(p);
    p.write('<b/>kept</a>');
    expect(texts).toEqual(['kept']);
  });

  it('places later errors where saxes would after input is skipped over', () => {
    const skipped = '<testcase name="a"/>\n<testcase name="b"/>\n  ';
    const rest = '<bad x=1/>';
    const reference = parser();
    reference.p.write(`<s>${skipped}${rest}`);

    const moved = parser();
    moved.p.write('<s>');
    expect(standsInPlainText(moved.p)).toBe(true);
    // Two line breaks, two characters after the last one.
    skipInput(moved.p, skipped.length, 2, 2);
    moved.p.write(rest);
    expect(moved.errors).toEqual(reference.errors);
    expect(moved.errors[0]).toMatch(/^3:\d+: /);
    expect(moved.p.line).toBe(reference.p.line);
    expect(moved.p.column).toBe(reference.p.column);
  });
});
