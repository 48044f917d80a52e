/**
 * Characters XML 1.0 does not allow (C0 controls other than tab and line breaks, U+FFFE, U+FFFF)
 * in a report. Producers write them anyway: node:test's JUnit reporter writes a NUL from an
 * assertion message raw, captured output brings BEL and ANSI colour codes. saxes reads on past
 * each one and says so; from the first one on, the text the reader keeps is read with them
 * replaced by U+FFFD, except ESC, which is kept: it starts the colour codes that are removed
 * wherever text is shown (src/text/untrusted-text.ts), and U+FFFD in its place would leave
 * "[31m" behind. The report gets one note for all of them, not one per character, and for the
 * bytes that could not be decoded (read as U+FFFD by the decoder, see report-encoding.ts) too:
 * how many, and where the first few were.
 */
import { MAX_UNDECODABLE_SHOWN } from './report-encoding.js';

const FORBIDDEN = /[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\ufffe\uffff]/g;
const ESC = '\u001b';

export class ForbiddenCharacters {
  /** Characters saxes reported (every one, kept text or not). */
  private met = 0;
  private first: { line: number; column: number } | undefined;
  /** Replaced characters of kept text, by code. */
  private readonly replaced = new Map<number, number>();
  private escapes = 0;
  /** Places where bytes could not be decoded: how many, and the first few (position when known). */
  private undecodable = 0;
  private readonly undecodableAt: { at: { line: number; column: number } | undefined; byte: number }[] = [];

  /** saxes met one (its message "disallowed character."), at `at`. */
  meet(at: { line: number; column: number }): void {
    if (this.met++ === 0) this.first = at;
  }

  /** `text` with the forbidden characters replaced, once any was met (until then it has none). */
  clean(text: string): string {
    if (this.met === 0) return text;
    if (text.includes(ESC)) for (let i = text.indexOf(ESC); i >= 0; i = text.indexOf(ESC, i + 1)) this.escapes++;
    return text.replace(FORBIDDEN, (c) => {
      const code = c.charCodeAt(0);
      this.replaced.set(code, (this.replaced.get(code) ?? 0) + 1);
      return '\uFFFD';
    });
  }

  /** Replaces forbidden characters in an element's attribute values, in place. */
  cleanAttributes(attributes: Record<string, string>): void {
    if (this.met === 0) return;
    for (const key of Object.keys(attributes)) attributes[key] = this.clean(attributes[key]!);
  }

  /** Whether the next undecodable place is one the note names (then its position is wanted). */
  get wantsUndecodable(): boolean {
    return this.undecodableAt.length < MAX_UNDECODABLE_SHOWN;
  }

  /** Bytes at file offset `byte` could not be decoded (at `at` in the text, when that is known). */
  meetUndecodable(at: { line: number; column: number } | undefined, byte: number): void {
    if (this.undecodableAt.length < MAX_UNDECODABLE_SHOWN) this.undecodableAt.push({ at, byte });
    this.undecodable++;
  }

  /** `count` more undecodable places, not named. */
  countUndecodable(count: number): void {
    this.undecodable += count;
  }

  /**
   * The one note for the report, and where it points (no position when undecodable bytes are all
   * it says and none of them had one); undefined when there is nothing to say.
   */
  note(): { message: string; at: { line: number; column: number } | undefined } | undefined {
    const forbidden = this.forbiddenNote();
    const undecodable = this.undecodableNote();
    if (undecodable === undefined) return forbidden;
    if (forbidden === undefined) return undecodable;
    // One note: it points at whichever came first.
    const a = forbidden.at;
    const b = undecodable.at;
    const forbiddenFirst = b === undefined || a.line < b.line || (a.line === b.line && a.column <= b.column);
    const first = forbiddenFirst ? forbidden : undecodable;
    const second = forbiddenFirst ? undecodable : forbidden;
    const at = second.at === undefined ? '' : `the first at ${second.at.line}:${second.at.column}`;
    return { message: `${first.message}; and ${second.message.replace('the first here', at)}`, at: first.at };
  }

  private undecodableNote(): { message: string; at: { line: number; column: number } | undefined } | undefined {
    if (this.undecodable === 0) return undefined;
    const places = this.undecodableAt.map(({ at, byte }) =>
      at === undefined ? `byte ${byte}` : `${at.line}:${at.column} (byte ${byte})`,
    );
    const more = this.undecodable - places.length;
    const n = this.undecodable;
    return {
      message:
        `bytes that are not UTF-8 in ${n} place${n === 1 ? '' : 's'}, read as U+FFFD: ` +
        `at ${places.join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
      at: this.undecodableAt.find((place) => place.at !== undefined)?.at,
    };
  }

  private forbiddenNote(): { message: string; at: { line: number; column: number } } | undefined {
    if (this.met === 0 || this.first === undefined) return undefined;
    const codes = [...this.replaced.entries()].sort((a, b) => a[0] - b[0]);
    const parts = codes.map(([code, n]) => `${codePoint(code)} ×${n}`);
    const replaced = codes.reduce((n, [, count]) => n + count, 0);
    let message = `${this.met} character${this.met === 1 ? '' : 's'} XML does not allow, the first here`;
    if (replaced > 0) message += `; read as U+FFFD: ${parts.join(', ')}`;
    if (this.escapes > 0)
      message += `; kept as is: ESC (U+001B) ×${this.escapes}, which starts the colour codes removed wherever text is shown`;
    const elsewhere = this.met - replaced - this.escapes;
    if (elsewhere > 0) message += `; ${elsewhere} in parts of the report that are not kept`;
    return { message, at: this.first };
  }
}

function codePoint(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
