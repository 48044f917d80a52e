/**
 * What saxes holds between two chunks, told from the outside. saxes 6 buffers a token whole before
 * it hands it over (a text node while a text handler is set, a CDATA section, comment, DOCTYPE,
 * processing instruction, attribute value, name or entity reference) and has no public way to
 * bound that buffer. The reader knows where the last element, text node or CDATA section saxes
 * handed over ended (its events, at `parser.position`); this lexer reads what came after it, so at
 * the end of a chunk it says which token is unfinished and how much of it saxes holds, and the
 * reader bounds it through saxes' input alone (see `JUnitReader.bound`).
 *
 * It mirrors saxes' tokenizing only as far as that needs: where a token starts and ends. Every
 * malformed construct it might read differently from saxes is a fatal error there, and the next
 * event puts it back in step. It reads only the tail of a chunk after its last event (a few hundred
 * characters), and a whole chunk only while one token spans it.
 */

// Lexer states, after saxes' (saxes.js `S_…`), merged where saxes buffers alike.
const S_TEXT = 0;
const S_ENTITY = 1; // after `&`, until `;`
const S_OPEN = 2; // after `<`
const S_BANG = 3; // after `<!`
const S_NAME = 4; // an element name, in a start or end tag
const S_TAG = 5; // in a tag, between attributes
const S_ATTR_NAME = 6;
const S_ATTR_EQ = 7; // after an attribute name, before `=`
const S_ATTR_VALUE_START = 8; // after `=`, before the quote
const S_ATTR_VALUE = 9; // a quoted attribute value
const S_COMMENT = 10;
const S_COMMENT_ENDED = 11; // after `--`: saxes hands the comment over there, before the `>`
const S_CDATA = 12;
const S_PI = 13;
const S_DOCTYPE = 14;
const S_DOCTYPE_QUOTE = 15;
const S_DTD = 16; // the internal subset, `[…]`
const S_DTD_QUOTED = 17;
const S_DTD_OPEN = 18; // `<` in the internal subset
const S_DTD_BANG = 19;
const S_DTD_COMMENT = 20;
const S_DTD_PI = 21;

const LT = 60;
const GT = 62;
const AMP = 38;
const SEMICOLON = 59;
const SLASH = 47;
const BANG = 33;
const QUESTION = 63;
const EQ = 61;
const DQUOTE = 34;
const SQUOTE = 39;
const MINUS = 45;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

/** Where saxes stands, as far as what it buffers is concerned. */
export type TokenRegion =
  | 'text'
  | 'cdata'
  | 'comment'
  | 'attribute'
  | 'pi'
  | 'doctype'
  /** Inside a quoted string of a DOCTYPE (its external id, an entity value…). */
  | 'doctype-quoted'
  /** A name or entity reference, a tag between its attributes, markup just opened. */
  | 'other';

/** What the reader tells the lexer an event left saxes in. */
export const AFTER_MARKUP = S_TEXT;
/** saxes hands a text node over at the `<` that ends it. */
export const AFTER_TEXT = S_OPEN;

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/** A character that can start an element or attribute name (ASCII as XML has it, any non-ASCII letter). */
function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58 || c >= 0xc0;
}

export class BufferedToken {
  private state = S_TEXT;
  /** The state an entity reference returns to. */
  private entityReturn = S_TEXT;
  /** The quote of the value or string being read. */
  private quote = 0;
  /** Characters of a terminator seen so far (`-` of `-->`, `]` of `]]>`, `?` of `?>`, of `<!…`). */
  private run = 0;
  private bang = '';
  /** Characters saxes holds of the token being read (text only while it is collected). */
  buffered = 0;
  /** Characters of the name or entity reference being read. */
  name = 0;
  /** Attributes read on the tag being read. */
  attributes = 0;

  /** saxes handed a token over (an event): it now stands in `state` (one of the `AFTER_…`). */
  reset(state: number): void {
    this.state = state;
    this.run = 0;
    this.buffered = 0;
    this.name = 0;
    this.attributes = 0;
  }

  /** The reader split the token (see `JUnitReader.bound`): saxes holds nothing of it any more. */
  emptied(): void {
    this.buffered = 0;
    this.run = 0;
  }

  get region(): TokenRegion {
    switch (this.state) {
      case S_TEXT:
        return 'text';
      case S_CDATA:
        return 'cdata';
      case S_COMMENT:
        return 'comment';
      case S_ATTR_VALUE:
        return 'attribute';
      case S_PI:
        return 'pi';
      case S_DOCTYPE_QUOTE:
      case S_DTD_QUOTED:
        return 'doctype-quoted';
      case S_DOCTYPE:
      case S_DTD:
      case S_DTD_OPEN:
      case S_DTD_BANG:
      case S_DTD_COMMENT:
      case S_DTD_PI:
        return 'doctype';
      default:
        return 'other';
    }
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
    const n = text.length;
    let i = from;
    while (i < n) {
      const c = text.charCodeAt(i);
      switch (this.state) {
        case S_TEXT: {
          // The common long stretch: jump to the next `<` or `&`.
          const end = nextOf(text, i, '<', '&');
          if (collecting) this.buffered += end - i;
          i = end;
          if (i < n) {
            if (text.charCodeAt(i) === LT) this.open();
            else this.startEntity(S_TEXT);
            i++;
          }
          continue;
        }
        case S_ENTITY:
          if (c === SEMICOLON) {
            this.state = this.entityReturn;
            this.name = 0;
          } else this.name++;
          break;
        case S_OPEN:
          if (c === SLASH) this.startName();
          else if (c === BANG) {
            this.state = S_BANG;
            this.bang = '';
          } else if (c === QUESTION) this.start(S_PI);
          else if (isNameStart(c)) {
            this.startName();
            this.name = 1;
          } else this.state = S_TEXT;
          break;
        case S_BANG:
          this.bang += text[i];
          if (this.bang === '[CDATA[') this.start(S_CDATA);
          else if (this.bang === '--') this.start(S_COMMENT);
          else if (this.bang === 'DOCTYPE') this.start(S_DOCTYPE);
          else if (this.bang.length >= 7) this.name++;
          break;
        case S_NAME:
          if (isSpace(c) || c === SLASH) this.state = S_TAG;
          else if (c === GT) this.state = S_TEXT;
          else this.name++;
          break;
        case S_TAG:
          this.name = 0;
          if (c === GT) this.state = S_TEXT;
          else if (isNameStart(c)) {
            this.state = S_ATTR_NAME;
            this.attributes++;
            this.name = 1;
          }
          break;
        case S_ATTR_NAME:
          if (c === EQ) this.startValue();
          else if (isSpace(c)) this.state = S_ATTR_EQ;
          else if (c === GT) this.state = S_TEXT;
          else if (c === SLASH) this.state = S_TAG;
          else this.name++;
          break;
        case S_ATTR_EQ:
          if (c === EQ) this.startValue();
          else if (!isSpace(c)) {
            this.state = S_TAG;
            continue; // read the character again there
          }
          break;
        case S_ATTR_VALUE_START:
          if (c === DQUOTE || c === SQUOTE) {
            this.state = S_ATTR_VALUE;
            this.quote = c;
            this.buffered = 0;
          } else if (!isSpace(c)) this.state = S_TAG; // unquoted: fatal in saxes
          break;
        case S_ATTR_VALUE:
          if (c === this.quote) {
            this.state = S_TAG;
            this.buffered = 0;
          } else if (c === AMP) this.startEntity(S_ATTR_VALUE);
          else this.buffered++;
          break;
        case S_COMMENT:
          this.buffered++;
          if (c === MINUS) {
            if (++this.run === 2) this.state = S_COMMENT_ENDED;
          } else this.run = 0;
          break;
        case S_COMMENT_ENDED:
          // `--` not followed by `>` is fatal in saxes.
          this.state = S_TEXT;
          this.run = 0;
          this.buffered = 0;
          break;
        case S_CDATA:
          this.buffered++;
          if (c === CLOSE_BRACKET) this.run++;
          else if (c === GT && this.run >= 2) this.reset(S_TEXT);
          else this.run = 0;
          break;
        case S_PI:
          this.buffered++;
          if (c === GT && this.run > 0) this.reset(S_TEXT);
          else this.run = c === QUESTION ? 1 : 0;
          break;
        default:
          this.buffered++;
          this.doctype(c);
      }
      i++;
    }
  }

  private doctype(c: number): void {
    switch (this.state) {
      case S_DOCTYPE:
        if (c === GT) this.reset(S_TEXT);
        else if (c === OPEN_BRACKET) this.state = S_DTD;
        else if (c === DQUOTE || c === SQUOTE) {
          this.state = S_DOCTYPE_QUOTE;
          this.quote = c;
        }
        break;
      case S_DOCTYPE_QUOTE:
        if (c === this.quote) this.state = S_DOCTYPE;
        break;
      case S_DTD:
        if (c === CLOSE_BRACKET) this.state = S_DOCTYPE;
        else if (c === LT) this.state = S_DTD_OPEN;
        else if (c === DQUOTE || c === SQUOTE) {
          this.state = S_DTD_QUOTED;
          this.quote = c;
        }
        break;
      case S_DTD_QUOTED:
        if (c === this.quote) this.state = S_DTD;
        break;
      case S_DTD_OPEN:
        this.run = 0;
        this.state = c === BANG ? S_DTD_BANG : c === QUESTION ? S_DTD_PI : S_DTD;
        break;
      case S_DTD_BANG:
        // saxes: `<!-` waits for one more `-`; anything else is a declaration (`<!ENTITY …`).
        if (c === MINUS && this.run === 0) this.run = 1;
        else {
          this.state = c === MINUS ? S_DTD_COMMENT : S_DTD;
          this.run = 0;
        }
        break;
      case S_DTD_COMMENT:
        if (c === MINUS) this.run++;
        else {
          if (this.run >= 2 && c === GT) this.state = S_DTD;
          this.run = 0;
        }
        break;
      case S_DTD_PI:
        if (c === GT && this.run > 0) this.state = S_DTD;
        this.run = c === QUESTION ? 1 : 0;
        break;
      default:
        break;
    }
  }

  private open(): void {
    this.state = S_OPEN;
    this.buffered = 0;
  }

  private startName(): void {
    this.state = S_NAME;
    this.name = 0;
    this.attributes = 0;
  }

  private startValue(): void {
    this.state = S_ATTR_VALUE_START;
    this.name = 0;
  }

  private startEntity(returnTo: number): void {
    this.entityReturn = returnTo;
    this.state = S_ENTITY;
    this.name = 0;
  }

  private start(state: number): void {
    this.state = state;
    this.buffered = 0;
    this.run = 0;
  }
}

/** Index of the first `a` or `b` in `text` from `from` on (`text.length` when neither). */
function nextOf(text: string, from: number, a: string, b: string): number {
  const i = text.indexOf(a, from);
  const j = text.indexOf(b, from);
  if (i < 0) return j < 0 ? text.length : j;
  return j < 0 || i < j ? i : j;
}
