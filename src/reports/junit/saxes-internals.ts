/**
 * The only code that reads or writes saxes' private state. saxes 6 has no public way to bound its
 * buffers between chunks, to drop text it buffered for a handler that went away, or to be told
 * that a stretch of input was read elsewhere (the passing-case fast path, see passing-cases.ts);
 * these functions do it through fields and state numbers of saxes 6.0.0 (pinned in package.json).
 * test/reports/junit/saxes-internals.test.ts fails when the installed saxes is another version or
 * when any constant or field used here changed, so an upgrade cannot go wrong silently.
 */
import type { SaxesParser } from 'saxes';

/** The saxes version the state numbers and fields below were read from. */
export const SAXES_VERSION = '6.0.0';

// saxes 6.0.0 parser states (`const S_… = n` in saxes.js).
export const SAXES_STATES = {
  S_TEXT: 13,
  S_ENTITY: 14,
  S_CDATA: 20,
  S_CDATA_ENDING_2: 22,
  S_ATTRIB_VALUE_QUOTED: 40,
  S_ATTRIB_VALUE_UNQUOTED: 42,
  /** `forbiddenState` when no `]` of a possible `]]>` was seen in text. */
  FORBIDDEN_START: 0,
} as const;

const { S_TEXT, S_ENTITY, S_CDATA, S_CDATA_ENDING_2, S_ATTRIB_VALUE_QUOTED, S_ATTRIB_VALUE_UNQUOTED, FORBIDDEN_START } =
  SAXES_STATES;

/** The private fields used here (saxes 6.0.0). */
interface SaxesInternals {
  text: string;
  name: string;
  entity: string;
  piTarget: string;
  state: number;
  entityReturnState?: number;
  attribList: unknown[];
  chunkPosition: number;
  line: number;
  column: number;
  positionAtNewLine: number;
  forbiddenState: number;
  carriedFromPrevious: string | undefined;
  currentXMLVersion: string;
}

/** Every private field this module touches, for the test that checks saxes still has them. */
export const SAXES_FIELDS: ReadonlyArray<keyof SaxesInternals> = [
  'text',
  'name',
  'entity',
  'piTarget',
  'state',
  'entityReturnState',
  'attribList',
  'chunkPosition',
  'line',
  'column',
  'positionAtNewLine',
  'forbiddenState',
  'carriedFromPrevious',
  'currentXMLVersion',
];

const internals = (parser: SaxesParser) => parser as unknown as SaxesInternals;

/** Where saxes stands, as far as its buffered text is concerned. */
export type BufferedRegion = 'text' | 'cdata' | 'attribute' | 'other';

/** What saxes holds between two chunks. */
export interface SaxesBuffers {
  /** Characters of buffered text (a text node, CDATA, comment, attribute value…). */
  text: number;
  /** The longest of the name, entity and processing-instruction target being read. */
  longestName: number;
  /** Attributes read on the element being opened. */
  attributes: number;
  region: BufferedRegion;
}

export function measureBuffers(parser: SaxesParser): SaxesBuffers {
  const p = internals(parser);
  const state = p.state;
  const returnsTo = state === S_ENTITY ? p.entityReturnState : undefined;
  let region: BufferedRegion = 'other';
  if (state === S_TEXT || returnsTo === S_TEXT) region = 'text';
  else if (state >= S_CDATA && state <= S_CDATA_ENDING_2) region = 'cdata';
  else if (state === S_ATTRIB_VALUE_QUOTED || state === S_ATTRIB_VALUE_UNQUOTED || returnsTo === S_ATTRIB_VALUE_QUOTED)
    region = 'attribute';
  return {
    text: p.text.length,
    longestName: Math.max(p.name.length, p.entity.length, p.piTarget.length),
    attributes: p.attribList.length,
    region,
  };
}

/** The text saxes buffered so far, removed from its buffer (it is handed over, not lost). */
export function takeBufferedText(parser: SaxesParser): string {
  const p = internals(parser);
  const text = p.text;
  p.text = '';
  return text;
}

/** Cuts saxes' buffered text to `max` characters. */
export function cutBufferedText(parser: SaxesParser, max: number): void {
  const p = internals(parser);
  if (p.text.length > max) p.text = p.text.slice(0, max);
}

/**
 * Drops text saxes buffered in a text node for a handler that is gone (it would otherwise be
 * glued to the next attribute value it reads).
 */
export function dropBufferedText(parser: SaxesParser): void {
  const p = internals(parser);
  if (p.state === S_TEXT || (p.state === S_ENTITY && p.entityReturnState === S_TEXT)) p.text = '';
}

/**
 * Whether saxes stands in plain text with nothing buffered or carried to the next chunk, in an
 * XML 1.0 document: then the input that follows can be read elsewhere and skipped (`skipInput`).
 */
export function standsInPlainText(parser: SaxesParser): boolean {
  const p = internals(parser);
  return p.state === S_TEXT && p.text === '' && p.carriedFromPrevious === undefined && p.currentXMLVersion === '1.0';
}

/**
 * Moves saxes' position over `length` characters it was not given, as if it had read them (they
 * hold `newlines` line breaks as XML counts them, the last one followed by `tail` characters), so
 * every later error and position is where it would be.
 */
export function skipInput(parser: SaxesParser, length: number, newlines: number, tail: number): void {
  const p = internals(parser);
  const base = p.chunkPosition;
  if (newlines > 0) {
    p.line += newlines;
    p.column = tail;
    p.positionAtNewLine = base + length - tail;
  } else {
    p.column += length;
  }
  p.chunkPosition = base + length;
  // What was skipped ended in markup: no `]` of a `]]>` in text is pending.
  p.forbiddenState = FORBIDDEN_START;
}
