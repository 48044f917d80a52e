/**
 * Ties the failures found in a log to the test cases of the JUnit reports. Every runner names a
 * test its own way, and its JUnit writer names it another:
 *
 * | runner | log says                              | JUnit says (classname / name)                 |
 * |--------|---------------------------------------|-----------------------------------------------|
 * | pytest | `tests/test_a.py::TestX::test_y[1]`   | `tests.test_a.TestX` / `test_y[1]`            |
 * | vitest | `test/a.test.ts > Calc > adds`        | `test/a.test.ts` / `Calc > adds`              |
 * | jest   | `Calc › adds`                         | `Calc adds` / `Calc adds` (jest-junit)        |
 * | go     | `--- FAIL: TestX/sub`                 | package / `TestX/sub`                         |
 * | rust   | `---- tests::x stdout ----`           | binary / `tests::x`                           |
 * | java   | `CalcTest.testAdd`, `testAdd(a.CalcTest)` | `a.CalcTest` / `testAdd` or `testAdd()`   |
 *
 * Both sides are reduced to canonical forms (describe separators `›`/`>` become spaces, `::` and
 * `/` in scopes become `.`, file extensions go, a trailing `()` goes) and scored: the same
 * qualified name (scope + name) beats a qualified suffix (`CalcTest.testAdd` inside
 * `a.CalcTest.testAdd`), which beats the bare name. A name that several failing cases share is
 * ambiguous and is not attached to any of them rather than to the wrong one.
 */
import type { TestCase } from '../reports/test-run.js';
import type { LogFailure } from '../reports/logs/log-parser.js';
import { stripAnsi } from '../text/untrusted-text.js';
import { firstLine, pruneMessage } from './prune-message.js';

export interface LogMatch {
  /** Case index (into the `cases` given) → the log failures that belong to it, in log order. */
  byCase: Map<number, LogFailure[]>;
  /** Log failures that name no test of the reports: they become frames of their own. */
  unmatched: LogFailure[];
  /** Log failures left out, and why (the reports say the test passed; several tests fit). */
  ignored: Array<{ failure: LogFailure; reason: string }>;
}

export interface MatchContext {
  /** Maps a printed file to its repo-relative path, when it is a repository file. */
  resolveFile: (raw: string) => string | undefined;
  /** The repo-relative test file of a case, when it can be named (see `locate-test.ts`). */
  caseFile?: (c: TestCase) => string | undefined;
}

const FILE_EXTENSION = /\.(py|pyi|[cm]?[jt]sx?|java|kt|scala|groovy|go|rs|rb|cs)$/i;

const DESCRIBE_SEPARATOR = /\s+(?:›|>|»|▸|→)\s+/;

/**
 * Canonical test name: describe separators become spaces, `::` becomes `.`, no trailing `()`. A
 * leading file (vitest prints `test/a.test.ts > Calc > adds`) becomes a canonical scope.
 */
export function canonicalName(name: string): string {
  const parts = stripAnsi(name).trim().split(DESCRIBE_SEPARATOR);
  const scope = parts.length > 1 && FILE_EXTENSION.test(parts[0]!) ? `${canonicalScope(parts.shift()!)}.` : '';
  return `${scope}${parts.join(' ')}`.replace(/::/g, '.').replace(/\(\)$/, '').replace(/\s+/g, ' ');
}

/** Canonical scope: a file path, a dotted module or class, a Go package all become dotted segments. */
export function canonicalScope(scope: string): string {
  return stripAnsi(scope)
    .trim()
    .replace(/\\/g, '/')
    .replace(/^\.\//, '')
    .replace(FILE_EXTENSION, '')
    .replace(/\s+(?:›|>|»|▸)\s+/g, '.')
    .replace(/::|[/$]/g, '.')
    .replace(/\.{2,}/g, '.')
    .replace(/^\.|\.$/g, '');
}

/** The last word of a canonical name: the index key both sides share. */
function lastWord(name: string): string {
  const words = name.split(/[\s.:/]+/).filter(Boolean);
  return words[words.length - 1] ?? name;
}

interface Identity {
  name: string;
  qualified: string[];
  /** Repo-relative test file, when known. */
  file?: string;
}

function unique(values: Array<string | undefined>): string[] {
  return [...new Set(values.filter((v): v is string => !!v))];
}

function caseIdentity(c: TestCase, context: MatchContext): Identity {
  const name = canonicalName(c.name);
  const file =
    context.caseFile?.(c) ??
    ((c.file && context.resolveFile(c.file)) ||
      (c.classname && FILE_EXTENSION.test(c.classname) ? context.resolveFile(c.classname) : undefined));
  const scopes = unique([c.file, c.classname, file, c.suite].map((s) => (s ? canonicalScope(s) : undefined)));
  const qualified = scopes.map((s) => `${s}.${name}`);
  // node:test writes the describe path as a dotted classname (`Cart.total`); its log prints
  // `Cart > total > name`, which canonicalises to spaces.
  if (c.classname && !/[/\\]/.test(c.classname) && !FILE_EXTENSION.test(c.classname)) {
    qualified.push(`${c.classname.replace(/\./g, ' ')} ${name}`);
  }
  // node:test on Node 20 writes no classname but nests a <testsuite> per describe: the innermost
  // suite is the describe the test is in (`Cart`), which its log prints as `Cart > name`.
  if (!c.classname && c.suite && !/[/\\]/.test(c.suite) && !FILE_EXTENSION.test(c.suite)) {
    qualified.push(`${c.suite.trim().replace(/\s+/g, ' ')} ${name}`);
  }
  return { name, qualified, file };
}

/**
 * What a log failure says about its test. A pytest node id (`path.py::Class::test`) carries file,
 * class and name; a qualified name (`CalcTest.testAdd`) stays as it is and is compared by suffix.
 */
function logIdentity(f: LogFailure, resolve: MatchContext['resolveFile']): Identity | undefined {
  const t = f.test;
  if (!t) return undefined;
  const { classname } = t;
  let { name, file } = t;
  let idScope: string | undefined;
  if (t.id) {
    const parts = t.id.split('::');
    if (parts.length > 1 && FILE_EXTENSION.test(parts[0]!)) {
      file ??= parts[0];
      name ??= parts[parts.length - 1];
      idScope = parts.slice(0, -1).join('::');
    } else {
      name ??= t.id;
    }
  }
  // A collection error names a file and no test; the reports name such a case after the module.
  if (!name && file) name = canonicalScope(file);
  if (!name) return undefined;
  const canonical = canonicalName(name);
  const scopes = unique([file, classname, idScope].map((s) => (s ? canonicalScope(s) : undefined)));
  const qualified = scopes.map((s) => `${s}.${canonical}`);
  // A describe path printed with spaces is also a qualified form (`Cart total name`).
  if (DESCRIBE_SEPARATOR.test(name)) qualified.push(canonical);
  return { name: canonical, qualified, file: file ? resolve(file) : undefined };
}

function endsWithSegment(long: string, short: string): boolean {
  return long.length > short.length && long.endsWith(short) && /[.\s]/.test(long[long.length - short.length - 1]!);
}

/** 3: same qualified name; 2: one qualified name ends with the other; 1: the same bare name; 0: no match. */
export function scoreMatch(c: Identity, l: Identity): number {
  if (c.file && l.file && c.file !== l.file) return 0;
  // A name that is itself qualified (`CalcTest.testAdd`, `tests::x`) counts as a qualified form.
  const caseForms = c.name.includes('.') ? [...c.qualified, c.name] : c.qualified;
  const logForms = l.name.includes('.') ? [...l.qualified, l.name] : l.qualified;
  if (caseForms.some((q) => logForms.includes(q))) return 3;
  for (const q of caseForms) {
    for (const lq of logForms) if (endsWithSegment(q, lq) || endsWithSegment(lq, q)) return 2;
  }
  if (c.name === l.name) return 1;
  return 0;
}

function isFailing(c: TestCase): boolean {
  return c.status === 'failed' || c.status === 'errored';
}

export function matchLogFailures(
  cases: readonly TestCase[],
  failures: readonly LogFailure[],
  context: MatchContext,
): LogMatch {
  const resolve = context.resolveFile;
  const identities = cases.map((c) => caseIdentity(c, context));
  const byWord = new Map<string, number[]>();
  identities.forEach((id, index) => {
    const key = lastWord(id.name);
    const list = byWord.get(key);
    if (list) list.push(index);
    else byWord.set(key, [index]);
  });

  const result: LogMatch = { byCase: new Map(), unmatched: [], ignored: [] };
  const attach = (index: number, failure: LogFailure) => {
    const list = result.byCase.get(index);
    if (list) list.push(failure);
    else result.byCase.set(index, [failure]);
  };

  for (const failure of failures) {
    const identity = logIdentity(failure, resolve);
    if (!identity) {
      const index = matchByEvidence(cases, identities, failure, resolve);
      if (index !== undefined) attach(index, failure);
      else result.unmatched.push(failure);
      continue;
    }
    let best = 0;
    let winners: number[] = [];
    for (const index of byWord.get(lastWord(identity.name)) ?? []) {
      const score = scoreMatch(identities[index]!, identity);
      if (score > best) {
        best = score;
        winners = [index];
      } else if (score === best && score > 0) winners.push(index);
    }
    if (winners.length > 1) {
      // Same name in several places: the log is about the one that failed, if only one did.
      const failing = winners.filter((i) => isFailing(cases[i]!));
      if (failing.length === 1) winners = failing;
    }
    if (winners.length === 1) {
      const index = winners[0]!;
      if (isFailing(cases[index]!)) attach(index, failure);
      else result.ignored.push({ failure, reason: `the reports say ${cases[index]!.id} ${cases[index]!.status}` });
    } else if (winners.length > 1) {
      result.ignored.push({ failure, reason: `ambiguous: ${winners.length} failing tests are named ${identity.name}` });
    } else {
      const index = matchByEvidence(cases, identities, failure, resolve);
      if (index !== undefined) attach(index, failure);
      else result.unmatched.push(failure);
    }
  }
  return result;
}

/**
 * Last resort for a log failure whose name fits no case (a JUnit 5 display name, a renamed
 * parametrisation): the one failing case in the same test file with the same first message line.
 */
function matchByEvidence(
  cases: readonly TestCase[],
  identities: readonly Identity[],
  failure: LogFailure,
  resolve: MatchContext['resolveFile'],
): number | undefined {
  const message = firstLine(pruneMessage(failure.message));
  if (!message) return undefined;
  const files = new Set(failure.frames.map((f) => resolve(f.file)).filter(Boolean));
  if (failure.test?.file) files.add(resolve(failure.test.file));
  const found: number[] = [];
  cases.forEach((c, index) => {
    const file = identities[index]!.file;
    if (!isFailing(c) || !file || !files.has(file)) return;
    const caseMessage = firstLine(pruneMessage(c.failure?.message ?? c.failure?.body ?? ''));
    if (caseMessage && (caseMessage === message || caseMessage.endsWith(message) || message.endsWith(caseMessage)))
      found.push(index);
  });
  return found.length === 1 ? found[0] : undefined;
}
