/**
 * What saxes holds between two chunks, told from the outside: from where its last event left it,
 * this lexer reads on as saxes does, as far as where tokens start and end, so at a chunk's end
 * bounded-saxes.ts knows which token is unfinished and how much of it saxes holds (a text node only
 * while a text handler is set). A construct it reads differently from saxes is malformed XML, fatal
 * there, and the next event puts it back in step.
 */

// States, after saxes' own (`S_…` in saxes.js), merged where saxes buffers alike.
const TEXT = 0;
const ENTITY = 1; // after `&`, until `;`
const OPEN = 2; // after `<`
const BANG = 3; // after `<!`
const NAME = 4; // an element name, in a start or end tag
const TAG = 5; // in a tag, between attributes
const ATTR_NAME = 6;
const ATTR_EQ = 7; // after an attribute name, before `=`
const VALUE_START = 8; // after `=`, before the quote
const VALUE = 9;
const COMMENT = 10;
const COMMENT_ENDED = 11; // after `--`: saxes hands the comment over there, before the `>`
const CDATA = 12;
const PI = 13;
const DOCTYPE = 14;
const DOCTYPE_QUOTED = 15;
const DTD = 16; // the internal subset, `[…]`
const DTD_QUOTED = 17;
const DTD_OPEN = 18; // `<` in the internal subset
const DTD_BANG = 19;
const DTD_COMMENT = 20;
const DTD_PI = 21;

/** Where saxes stands, as far as what it buffers is concerned. */
export type TokenRegion = 'text' | 'cdata' | 'comment' | 'attribute' | 'pi' | 'doctype' | 'doctype-quoted' | 'other';

const REGIONS: Partial<Record<number, TokenRegion>> = {
  [TEXT]: 'text',
  [CDATA]: 'cdata',
  [COMMENT]: 'comment',
  [VALUE]: 'attribute',
  [PI]: 'pi',
  [DOCTYPE_QUOTED]: 'doctype-quoted',
  [DTD_QUOTED]: 'doctype-quoted',
};

/** The state an event leaves saxes in: after markup, and after a text node (handed over at its `<`). */
export const AFTER_MARKUP = TEXT;
export const AFTER_TEXT = OPEN;

const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;
/** A character that can start an element or attribute name (ASCII as XML has it, any non-ASCII letter). */
const isNameStart = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58 || c >= 0xc0;
const isQuote = (c: number): boolean => c === 34 || c === 39;

export class BufferedToken {
  private state = TEXT;
  /** The state an entity reference returns to. */
  private entityReturn = TEXT;
  /** The quote of the value or string being read. */
  private quote = 0;
  /** Characters of a terminator seen so far (`-` of `-->`, `]` of `]]>`, `?` of `?>`). */
  private run = 0;
  private bang = '';
  /** Characters saxes holds of the token being read (text only while it is collected). */
  buffered = 0;
  /** Characters of the name or entity reference being read. */
  name = 0;
  /** Attributes read on the tag being read. */
  attributes = 0;

  /** saxes handed a token over (an event): it now stands in `state` (`AFTER_…`). */
  reset(state: number): void {
    this.state = state;
    this.run = this.buffered = this.name = this.attributes = 0;
  }

  /** The token was split (see bounded-saxes.ts): saxes holds nothing of it any more. */
  emptied(): void {
    this.buffered = this.run = 0;
  }

  get region(): TokenRegion {
    return REGIONS[this.state] ?? (this.state >= DOCTYPE ? 'doctype' : 'other');
  }

  /** The quote that ends the attribute value or DOCTYPE string being read. */
  get closingQuote(): string {
    return String.fromCharCode(this.quote);
  }

  /** Whether a terminator may be under way (`-` in a comment, `]` in CDATA, `?` in a PI). */
  get terminating(): boolean {
    return this.run > 0;
  }

  /** Reads `text` from `from` on, as saxes just did; `collecting`: a text handler is set. */
  scan(text: string, from: number, collecting: boolean): void {
    for (let i = from; i < text.length; i++) {
      if (this.state !== TEXT) {
        // A name ended by a character that is read again in the tag.
        if (this.step(text.charCodeAt(i))) i--;
        continue;
      }
      // The common long stretch: on to the next `<` or `&`.
      const end = nextMarkup(text, i);
      if (collecting) this.buffered += end - i;
      i = end;
      if (i === text.length) break;
      if (text.charCodeAt(i) === 60 /* < */) this.start(OPEN);
      else this.startEntity(TEXT);
    }
  }

  /** One character in a state other than text; true when it is to be read again. */
  private step(c: number): boolean {
    switch (this.state) {
      case ENTITY:
        if (c !== 59 /* ; */) {
          this.name++;
        } else {
          this.state = this.entityReturn;
          this.name = 0;
        }
        break;
      case OPEN:
        this.open(c);
        break;
      case BANG:
        this.bang += String.fromCharCode(c);
        if (this.bang === '[CDATA[') this.start(CDATA);
        else if (this.bang === '--') this.start(COMMENT);
        else if (this.bang === 'DOCTYPE') this.start(DOCTYPE);
        else if (this.bang.length >= 7) this.name++;
        break;
      case NAME:
        if (isSpace(c) || c === 47 /* / */) this.state = TAG;
        else if (c === 62 /* > */) this.state = TEXT;
        else this.name++;
        break;
      case TAG:
        this.name = 0;
        if (c === 62) this.state = TEXT;
        else if (isNameStart(c)) this.startName(ATTR_NAME, 1);
        break;
      default:
        return this.attribute(c);
    }
    return false;
  }

  /** After `<`: a tag, a closing tag, `<!…`, a processing instruction, or (malformed) text. */
  private open(c: number): void {
    if (c === 33 /* ! */) {
      this.state = BANG;
      this.bang = '';
    } else if (c === 63 /* ? */) {
      this.start(PI);
    } else if (c === 47 /* / */ || isNameStart(c)) {
      this.attributes = 0;
      this.startName(NAME, c === 47 ? 0 : 1);
    } else {
      this.state = TEXT;
    }
  }

  private attribute(c: number): boolean {
    switch (this.state) {
      case ATTR_NAME:
        if (c === 61 /* = */) this.startName(VALUE_START, 0);
        else if (isSpace(c)) this.state = ATTR_EQ;
        else if (c === 62 /* > */) this.state = TEXT;
        else if (c === 47 /* / */) this.state = TAG;
        else this.name++;
        return false;
      case ATTR_EQ:
        if (c === 61) this.startName(VALUE_START, 0);
        else if (isSpace(c)) return false;
        else this.state = TAG;
        return c !== 61;
      case VALUE_START:
        if (isQuote(c)) this.startQuoted(VALUE, c);
        else if (!isSpace(c)) this.state = TAG; // unquoted: fatal in saxes
        return false;
      case VALUE:
        if (c === this.quote) this.start(TAG);
        else if (c === 38 /* & */) this.startEntity(VALUE);
        else this.buffered++;
        return false;
      default:
        this.buffered++;
        this.markup(c);
        return false;
    }
  }

  /** Comments, CDATA sections and processing instructions (`buffered` counted by the caller). */
  private markup(c: number): void {
    switch (this.state) {
      case COMMENT:
        if (c !== 45 /* - */) this.run = 0;
        else if (++this.run === 2) this.state = COMMENT_ENDED;
        break;
      case COMMENT_ENDED:
        // `--` not followed by `>` is fatal in saxes.
        this.start(TEXT);
        break;
      case CDATA:
        if (c === 93 /* ] */) this.run++;
        else if (c === 62 /* > */ && this.run >= 2) this.reset(TEXT);
        else this.run = 0;
        break;
      case PI:
        if (c === 62 && this.run > 0) this.reset(TEXT);
        else this.run = c === 63 /* ? */ ? 1 : 0;
        break;
      default:
        this.doctype(c);
    }
  }

  /** The DOCTYPE and its internal subset, where a `]` or `>` in a string, comment or PI ends nothing. */
  private doctype(c: number): void {
    switch (this.state) {
      case DOCTYPE:
        if (c === 62 /* > */) this.reset(TEXT);
        else if (c === 91 /* [ */) this.state = DTD;
        else if (isQuote(c)) this.startQuoted(DOCTYPE_QUOTED, c, this.buffered);
        break;
      case DOCTYPE_QUOTED:
      case DTD_QUOTED:
        if (c === this.quote) this.state = this.state === DTD_QUOTED ? DTD : DOCTYPE;
        break;
      case DTD:
        if (c === 93 /* ] */) this.state = DOCTYPE;
        else if (c === 60 /* < */) this.state = DTD_OPEN;
        else if (isQuote(c)) this.startQuoted(DTD_QUOTED, c, this.buffered);
        break;
      case DTD_OPEN:
        this.run = 0;
        this.state = c === 33 /* ! */ ? DTD_BANG : c === 63 /* ? */ ? DTD_PI : DTD;
        break;
      case DTD_BANG:
        // saxes: `<!-` waits for one more `-`; anything else is a declaration (`<!ENTITY …`).
        if (c === 45 && this.run === 0) this.run = 1;
        else this.start(c === 45 ? DTD_COMMENT : DTD, this.buffered);
        break;
      case DTD_COMMENT:
        if (c === 45) this.run++;
        else this.start(this.run >= 2 && c === 62 ? DTD : DTD_COMMENT, this.buffered);
        break;
      default: // DTD_PI
        if (c === 62 && this.run > 0) this.state = DTD;
        this.run = c === 63 ? 1 : 0;
    }
  }

  /** Into `state`, with nothing of a terminator seen (and `buffered` characters held). */
  private start(state: number, buffered = 0): void {
    this.state = state;
    this.buffered = buffered;
    this.run = 0;
  }

  private startName(state: number, length: number): void {
    if (state === ATTR_NAME) this.attributes++;
    this.state = state;
    this.name = length;
  }

  private startQuoted(state: number, quote: number, buffered = 0): void {
    this.state = state;
    this.quote = quote;
    this.buffered = buffered;
  }

  private startEntity(returnTo: number): void {
    this.entityReturn = returnTo;
    this.state = ENTITY;
    this.name = 0;
  }
}

/** Index of the first `<` or `&` in `text` from `from` on (`text.length` when neither). */
function nextMarkup(text: string, from: number): number {
  const lt = text.indexOf('<', from);
  const amp = text.indexOf('&', from);
  if (lt < 0) return amp < 0 ? text.length : amp;
  return amp < 0 || lt < amp ? lt : amp;
}
