/**
 * One saxes parser (one XML document), fed so that what it holds between chunks stays bounded.
 * saxes 6 buffers a token whole until it ends and has no public way to bound that; the lexer in
 * buffered-token.ts tells, at a chunk's end, which token is unfinished and how much of it saxes
 * holds. Past 64 Ki characters a text node or CDATA section is split by markup that adds nothing
 * (an empty comment, `]]><![CDATA[`), a comment likewise (`--><!--`), and the rest of an attribute
 * value, a processing instruction or a quoted DOCTYPE string is left out of saxes' input; positions
 * stay the input's (`shift`). A name or entity reference that long, more than 1,024 attributes, or
 * a token that cannot be split within 256 Ki characters, is not a test report.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { AFTER_MARKUP, AFTER_TEXT, BufferedToken, type TokenRegion } from './buffered-token.js';

/** What saxes holds of one token is bounded between chunks once it passes this many characters. */
const DRAIN_AT = 64 * 1024;
/** A token saxes holds that could not be split by then is not read on. */
const MAX_HELD = 4 * DRAIN_AT;
/** More attributes than this on one element is not a test report. */
const MAX_ATTRIBUTES = 1024;

/** Markup that splits a token saxes holds without changing what it reads. */
const SPLITS: Partial<Record<TokenRegion, string>> = { text: '<!---->', cdata: ']]><![CDATA[', comment: '--><!--' };

const REGION_NAMES: Record<TokenRegion, string> = {
  text: 'a text node',
  cdata: 'a CDATA section',
  comment: 'a comment',
  attribute: 'an attribute value',
  pi: 'a processing instruction',
  doctype: 'a DOCTYPE declaration',
  'doctype-quoted': 'a DOCTYPE declaration',
  other: 'markup',
};

/** Thrown from the handlers of a parser whose document ended, to stop its `write` (see `endAt`). */
const DOCUMENT_ENDED = new Error('the document ended');

/** What the parser's events go to, and what it reports. */
export interface SaxesClient {
  onOpen(tag: SaxesTagPlain): void;
  onClose(tag: SaxesTagPlain): void;
  onCData(text: string): void;
  onError(error: Error): void;
  /** After every write into saxes. */
  written(): void;
  /** The rest of the input cannot be read (the client detaches this parser). */
  fatal(message: string): void;
  /** The rest of an attribute value was left out. */
  attributeCut(): void;
}

export class BoundedSaxes {
  private readonly parser = new SaxesParser();
  private readonly token = new BufferedToken();
  /** Most characters of one token saxes held between chunks. */
  peak = 0;
  private detached = false;
  private text: ((text: string) => void) | undefined;
  /** Characters of the input consumed (left out ones too), and given to saxes (injected ones too). */
  private fed = 0;
  private given = 0;
  /** Where the current write began among the characters given. */
  private writeStart = 0;
  /** Where the last event left saxes (`parser.position`), and in what state. */
  private syncAt = -1;
  private syncState = AFTER_MARKUP;
  /** The rest of the token being left out of saxes' input ends at this string. */
  private dropUntil: string | undefined;
  private droppedCR = false;
  /** Markup that splits the token saxes holds, to give at the first place it can go. */
  private pendingSplit: string | undefined;
  private lastGiven = 0;
  /** How saxes' positions differ from the input's, after what was left out or added (see `shift`). */
  private lineShift = 0;
  private shiftLine = 0;
  private columnShift = 0;
  private offsetShift = 0;
  /** Where the document ended, in the input (see `endAt`). */
  private end = -1;

  constructor(private readonly client: SaxesClient) {
    const parser = this.parser;
    parser.on('opentag', (tag) => {
      this.event(AFTER_MARKUP);
      client.onOpen(tag);
    });
    parser.on('closetag', (tag) => {
      this.event(AFTER_MARKUP);
      client.onClose(tag);
    });
    parser.on('cdata', (text) => {
      this.event(AFTER_MARKUP);
      client.onCData(text);
    });
    parser.on('error', client.onError);
    // No handlers for comments, processing instructions or the DOCTYPE (the lexer reads through
    // them): saxes adds handler properties after construction, and four more put the parser in
    // V8's slow property mode (3× the time).
  }

  /** Whether the rest of a value is being left out (positions in it are not known). */
  get dropping(): boolean {
    return this.dropUntil !== undefined;
  }

  /** saxes' line and column, those of the input (lines from 1 at the document's start). */
  position(): { line: number; column: number } {
    const { line, column } = this.parser;
    return { line: line + this.lineShift, column: line === this.shiftLine ? column + this.columnShift : column };
  }

  /** Characters of the input read so far, by saxes' count (the end of the last event). */
  get offset(): number {
    return this.parser.position + this.offsetShift;
  }

  /** Feeds the next piece; the text after the document's end when the document ended in it. */
  write(text: string): string | undefined {
    if (this.dropUntil !== undefined && (text = this.leaveOut(text)) === '') return undefined;
    if (this.pendingSplit !== undefined && (text = this.splitPending(text)) === '') return undefined;
    const rest = this.parse(text);
    if (rest === undefined && !this.detached) this.bound(text);
    return rest;
  }

  close(): void {
    this.guard(() => this.parser.close());
  }

  /** Sets (or removes) the text handler: saxes buffers text only while there is one. */
  setTextHandler(handler: ((text: string) => void) | undefined): void {
    if (handler === undefined) this.parser.off('text');
    else if (this.text === undefined) this.parser.on('text', this.onText);
    this.text = handler;
  }

  /** Stops every callback (saxes may still chew through the current piece). */
  detach(): void {
    for (const event of ['opentag', 'closetag', 'cdata', 'text'] as const) this.parser.off(event);
    this.text = undefined;
    this.detached = true;
    // An error handler must stay: without one saxes throws.
    this.parser.on('error', () => undefined);
  }

  /**
   * The document ended at `offset` (the input's, see `offset`): the parser stops at its next
   * event instead of reading the rest of the piece for nothing (a report of a thousand small
   * documents would cost a thousand times the piece), and `write` returns what follows.
   */
  endAt(offset: number): void {
    this.detach();
    this.end = offset;
    const stop = (): never => {
      throw DOCUMENT_ENDED;
    };
    for (const event of ['opentag', 'closetag', 'cdata', 'text', 'error'] as const) this.parser.on(event, stop);
  }

  private onText = (text: string): void => {
    this.event(AFTER_TEXT);
    this.text?.(text);
  };

  /** An event of saxes: the token it held ended here. */
  private event(state: number): void {
    this.syncAt = this.parser.position;
    this.syncState = state;
  }

  private parse(text: string): string | undefined {
    const start = this.fed;
    this.fed += text.length;
    this.writeStart = this.given;
    this.given += text.length;
    this.lastGiven = text.charCodeAt(text.length - 1);
    this.guard(() => this.parser.write(text));
    this.client.written();
    return this.end < 0 ? undefined : text.slice(Math.max(0, this.end - start));
  }

  /** Runs a call into saxes: what it throws is fatal, but the end of the document. */
  private guard(call: () => void): void {
    try {
      call();
    } catch (error) {
      if (error !== DOCUMENT_ENDED)
        this.client.fatal(`XML parser failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** At a chunk's end: what saxes holds of the token it is reading is split, left out or refused. */
  private bound(text: string): void {
    const token = this.token;
    const from = this.syncAt - this.writeStart;
    if (from > 0) token.reset(this.syncState);
    token.scan(text, Math.max(0, from), this.text !== undefined);
    this.peak = Math.max(this.peak, token.buffered);
    if (token.name > DRAIN_AT)
      return this.client.fatal(
        `a name or entity reference longer than ${DRAIN_AT} characters (expected a JUnit XML report)`,
      );
    if (token.attributes > MAX_ATTRIBUTES)
      return this.client.fatal(`more than ${MAX_ATTRIBUTES} attributes on one element (expected a JUnit XML report)`);
    if (token.buffered <= DRAIN_AT) return;
    const region = token.region;
    const split = SPLITS[region];
    // Where saxes may keep the last character for the next piece (CR, a high surrogate), or stands
    // inside a "]]>", "-->" or "?>", nothing is split or left out now.
    const canCut = !token.terminating && this.lastGiven !== 13 && !isHighSurrogate(this.lastGiven);
    if (split !== undefined) {
      if (canCut && canSplit(this.lastGiven, Number.NaN, split)) this.inject(split);
      else this.pendingSplit = split;
    } else if (canCut && (region === 'attribute' || region === 'doctype-quoted' || region === 'pi')) {
      if (region === 'attribute') this.client.attributeCut();
      this.dropUntil = region === 'pi' ? '?>' : token.closingQuote;
      this.droppedCR = false;
    }
    if (token.buffered > MAX_HELD) {
      const what = `${REGION_NAMES[region]} longer than ${MAX_HELD} characters`;
      this.client.fatal(`${what} that cannot be read in bounded memory (expected a JUnit XML report)`);
    }
  }

  /**
   * The split `bound` could not make at the end of the last piece, made at the first place in the
   * first few characters of this one (after the LF of a CR LF, past a run of "]"); the rest of the
   * piece is returned.
   */
  private splitPending(text: string): string {
    const split = this.pendingSplit!;
    // Characters that may end the token: the split must come before them.
    const ends = split === '<!---->' ? '<&' : '>';
    for (let i = 0; i < Math.min(text.length, 8); i++) {
      if (i > 0 && ends.includes(text[i - 1]!)) break;
      if (!canSplit(i === 0 ? this.lastGiven : text.charCodeAt(i - 1), text.charCodeAt(i), split)) continue;
      this.pendingSplit = undefined;
      if (i > 0) this.parse(text.slice(0, i));
      if (this.detached) return '';
      this.inject(split);
      return text.slice(i);
    }
    return text;
  }

  /** Gives saxes `markup` that splits the token it holds without changing what it means. */
  private inject(markup: string): void {
    const { line, column } = this.parser;
    this.writeStart = this.given;
    this.given += markup.length;
    this.parser.write(markup);
    this.token.emptied();
    this.lastGiven = 0;
    this.shift(line, column, -markup.length, 0, 0);
  }

  /** The part of `text` before `dropUntil` is left out of saxes' input; the rest is returned. */
  private leaveOut(text: string): string {
    const at = text.indexOf(this.dropUntil!);
    const end = at < 0 ? text.length : at;
    if (at >= 0) this.dropUntil = undefined;
    // Line breaks as XML counts them (CR LF is one, also when the last piece ended with its CR),
    // and the characters after the last one.
    let newlines = 0;
    let lineStart = -1;
    for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) {
      if (i > 0 || !this.droppedCR) newlines++;
      lineStart = i + 1;
    }
    for (let i = text.indexOf('\r'); i >= 0 && i < end; i = text.indexOf('\r', i + 1)) {
      if (text.charCodeAt(i + 1) === 10 && i + 1 < end) continue;
      newlines++;
      lineStart = Math.max(lineStart, i + 1);
    }
    this.shift(this.parser.line, this.parser.column, end, newlines, lineStart < 0 ? 0 : end - lineStart);
    this.droppedCR = end > 0 && text.charCodeAt(end - 1) === 13;
    this.fed += end;
    return text.slice(end);
  }

  /**
   * After saxes' last character (at `line`, `column` by its count), `length` characters of the
   * input were left out (`newlines` line breaks among them, `tail` characters after the last one),
   * or -`length` added: the positions saxes gives from there on are corrected in `position`.
   */
  private shift(line: number, column: number, length: number, newlines: number, tail: number): void {
    const real = line === this.shiftLine ? column + this.columnShift : column;
    this.columnShift = (newlines > 0 ? tail : real + length) - column;
    this.shiftLine = line;
    this.lineShift += newlines;
    this.offsetShift += length;
  }
}

/**
 * Whether `split` may come between the characters `before` and `after` (NaN: not known yet): not
 * inside a CR LF or a surrogate pair, and not after a "]" (of a "]]>") or a "-" (of a "-->").
 */
function canSplit(before: number, after: number, split: string): boolean {
  if (before === 13) return !Number.isNaN(after) && after !== 10; // the next piece may start with LF
  if (isHighSurrogate(before)) return false;
  return before !== (split === '--><!--' ? 45 : 93);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
