/**
 * What the failing statements themselves point at, for the spectrum ranking. A recorded run says
 * which code ran; the failing statement says what it was about:
 * - the functions it calls directly: their value is what the assertion compared
 *   (`assert 'col' == ident.get_real_name()`);
 * - a message it expects, found in the source (`assert.throws(…, /bad indentation of a mapping
 *   entry/)` names the error the code should have raised: the bug sits beside that raise);
 * - a function named by one of its strings (`to({type: 'root', …})` reaches the `root` handler
 *   through a table no call graph follows);
 * - a qualified name in the failure's message (Go's `strconv.ParseUint: parsing "0x1": invalid
 *   syntax` comes back as a value, with no stack: the line that calls it is the one to look at).
 * Only the statement's own text and the resolver's definitions are read; nothing is guessed from
 * words alone, and every boost is named in the ranking's "why".
 */
import type { CalleeResolver } from '../../frames/callee-definitions.js';
import type { FailureFrame, SourceLocation } from '../../contracts/failure-frame.js';
import { isTestPath } from '../builtin/path-kinds.js';

export interface FunctionSpan {
  file: string;
  startLine: number;
  endLine: number;
}

export interface FailureEvidence {
  /** Definitions a failing statement calls directly. */
  called: FunctionSpan[];
  /** Strings a failing statement holds that are long enough to find in the source as they are. */
  phrases: string[];
  /** Short word-like strings of a failing statement, which may name a function. */
  names: Set<string>;
  /** Qualified names (`pkg.Func`, `module.attr`) the failure messages mention. */
  messageNames: string[];
}

export const EMPTY_EVIDENCE: FailureEvidence = { called: [], phrases: [], names: new Set(), messageNames: [] };

/** A string this long (with a space or punctuation in it) is a phrase worth finding in the source. */
export const MIN_PHRASE_CHARS = 12;
/** Strings of a statement read, and their longest part kept. */
const MAX_LITERALS = 32;
const MAX_LITERAL_CHARS = 200;

/** The failing statement: where an assertion in a test file failed, else the test's own line. */
function failingStatement(failure: FailureFrame, testFiles: ReadonlySet<string>): SourceLocation | undefined {
  const t = failure.triggering;
  if (t?.expression && (testFiles.has(t.file) || isTestPath(t.file) || t.file === failure.test?.file)) return t;
  return failure.test?.expression ? failure.test : undefined;
}

/**
 * The string and regular-expression literals of a statement, as written (escapes kept, except a
 * regular expression's escaped punctuation, which the source writes plainly).
 */
export function literalsOf(statement: string): string[] {
  const out: string[] = [];
  const pattern =
    /(?:^|[^\w$])(?:[rRbBuUfF]{0,2})(['"`])((?:\\.|(?!\1)[^\\\n])*)\1|(?:^|[(,=:!&|?{}[;])\s*\/((?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\n[])+)\/[a-z]*/g;
  for (const m of statement.matchAll(pattern)) {
    const text = m[2] ?? m[3]?.replace(/\\([^\w\s])/g, '$1');
    if (text) out.push(text.slice(0, MAX_LITERAL_CHARS));
    if (out.length >= MAX_LITERALS) break;
  }
  return out;
}

/** File names are not code: `test_x.py:12` in a message names where, not what. */
const FILE_SUFFIX =
  /\.(?:py|pyc|go|js|mjs|cjs|ts|tsx|jsx|rs|java|rb|php|json|ya?ml|toml|txt|md|html?|css|xml|csv|log|lock)$/i;

/** The qualified names (`strconv.ParseUint`, `os.path.join`) of a failure message. */
export function messageNamesOf(message: string): string[] {
  const out = new Set<string>();
  for (const m of message.matchAll(/(?<![\w.$/\\-])[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?![\w$/\\-])/g)) {
    const name = m[0].replace(/\.$/, '');
    if (name.length >= 6 && !FILE_SUFFIX.test(name) && name.includes('.')) out.add(name);
    if (out.size >= MAX_LITERALS) break;
  }
  return [...out];
}

export function isPhrase(literal: string): boolean {
  return literal.trim().length >= MIN_PHRASE_CHARS && /[\s\p{P}]/u.test(literal.trim());
}

export function isName(literal: string): boolean {
  return /^[A-Za-z_$][\w$-]{2,39}$/.test(literal);
}

export async function collectFailureEvidence(
  failures: readonly FailureFrame[],
  callees: CalleeResolver,
  testFiles: ReadonlySet<string>,
): Promise<FailureEvidence> {
  const called = new Map<string, FunctionSpan>();
  const phrases = new Set<string>();
  const names = new Set<string>();
  const messageNames = new Set<string>();
  for (const failure of failures) {
    for (const name of messageNamesOf(failure.message)) messageNames.add(name);
    for (const def of await callees.definitionsFor(failure))
      called.set(`${def.file}\0${def.startLine}`, { file: def.file, startLine: def.startLine, endLine: def.endLine });
    const statement = failingStatement(failure, testFiles);
    for (const literal of literalsOf(statement?.expression ?? '')) {
      if (isPhrase(literal)) phrases.add(literal.trim());
      else if (isName(literal)) names.add(literal.toLowerCase());
    }
  }
  return { called: [...called.values()], phrases: [...phrases], names, messageNames: [...messageNames] };
}

/** Lines of `text` (1-based) that hold one of the phrases, and which phrase. */
export function phraseLines(text: string, phrases: readonly string[]): Map<number, string> {
  const out = new Map<number, string>();
  if (!phrases.length) return out;
  text.split('\n').forEach((line, i) => {
    const found = phrases.find((p) => line.includes(p));
    if (found) out.set(i + 1, found);
  });
  return out;
}
