/**
 * A failure as itself: its exception type, where it was triggered and its message, read from one
 * run's frame (or, without one, its report case), and whether two runs show the same failure.
 *
 * Two runs fail the same way when they agree on the type and on the triggering frame: the same
 * file, and a line within `LINE_SLACK` of the other's or in the same function (instrumentation and
 * a flaky test failing at its next assertion move the line a little); a side with a shallower stack
 * matches when its triggering frame is in the other's stack. A side that does not say (no type, no
 * frame) never differs: a missing detail is no evidence. The message may differ without the failure
 * being another one: that is a sign of flakiness (a value that changes from run to run), once the
 * tokens that differ in every run of a deterministic failure are masked (`VOLATILE`).
 */
import type { FailureFrame, SourceLocation } from '../contracts/failure-frame.js';
import type { TestCase } from '../reports/test-run.js';
import { oneLine } from '../text/untrusted-text.js';

/** Lines a triggering frame may move between two runs and still be the same frame. */
export const LINE_SLACK = 10;
/** Characters of a message compared (a long diff of expected and received values is cut). */
const MAX_COMPARED_CHARS = 500;

/**
 * Tokens masked before two messages are compared: they differ in every run of a deterministic
 * failure, so a difference there is no sign of flakiness. Numbers are kept: a value that changes
 * from run to run is the sign (a timing or random value). Each entry says why.
 */
export const VOLATILE: ReadonlyArray<{ pattern: RegExp; why: string }> = [
  { pattern: /0x[0-9a-f]{4,}/gi, why: "object addresses (Python's `<Cart object at 0x7f3a…>`)" },
  {
    pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
    why: 'UUIDs a test or its fixture generates',
  },
  {
    pattern: /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g,
    why: 'timestamps of the moment the test ran',
  },
  {
    pattern: /(?:\/private)?(?:\/tmp|\/var\/folders|\/var\/tmp)\/[^\s'"`:,)\]]*/g,
    why: "temporary directories (pytest's `tmp_path`, `mkdtemp`) are new in every run",
  },
];

export interface FailurePlace {
  file: string;
  line: number;
  function?: string;
}

export interface FailureSignature {
  /** The exception's class, without its module or error code (`KeyError`, `AssertionError`). */
  type?: string;
  /** The triggering frame, when the run gave one. */
  at?: FailurePlace;
  /** The in-repo stack (outermost first), where a shallower side may find the other's frame. */
  stack: FailurePlace[];
  /** The message with `VOLATILE` tokens masked, bounded: what two runs' messages are compared by. */
  message: string;
}

/** How two runs' failures of a test compare (see the file comment). */
export type FailureComparison = 'same' | 'message' | 'type' | 'frame';

/** `builtins.KeyError` → `KeyError`; `AssertionError [ERR_ASSERTION]` → `AssertionError`. */
export function normaliseType(type: string | null | undefined): string | undefined {
  const bare = (type ?? '').trim().replace(/\s*\[[A-Za-z0-9_]+\]$/, '');
  const last = bare
    .split(/[.:$\\/]/)
    .filter(Boolean)
    .at(-1);
  return last && /^[\w-]+$/.test(last) ? last : undefined;
}

export function normaliseMessage(message: string | undefined): string {
  let text = (message ?? '').replace(/\s+/g, ' ').trim();
  for (const { pattern } of VOLATILE) text = text.replace(pattern, '…');
  return text.slice(0, MAX_COMPARED_CHARS);
}

function place(loc: SourceLocation): FailurePlace {
  return { file: loc.file, line: loc.line, ...(loc.function ? { function: loc.function } : {}) };
}

/** The failure of one test in one run: its frame's details, else its report case's. */
export function failureSignature(frame: FailureFrame | undefined, found: TestCase | undefined): FailureSignature {
  const type = normaliseType(frame?.exceptionType ?? found?.failure?.type);
  const at = frame?.triggering ?? undefined;
  return {
    ...(type ? { type } : {}),
    ...(at ? { at: place(at) } : {}),
    stack: (frame?.stack ?? []).map(place),
    message: normaliseMessage(frame?.message ?? found?.failure?.message),
  };
}

function samePlace(a: FailurePlace, b: FailurePlace): boolean {
  if (a.file !== b.file) return false;
  return Math.abs(a.line - b.line) <= LINE_SLACK || (!!a.function && a.function === b.function);
}

function framesAgree(a: FailureSignature, b: FailureSignature): boolean {
  if (!a.at || !b.at) return true;
  if (samePlace(a.at, b.at)) return true;
  return a.stack.some((p) => samePlace(p, b.at!)) || b.stack.some((p) => samePlace(p, a.at!));
}

/** Whether `here` is the failure `ci` was (see the file comment); the type is compared first. */
export function compareFailures(ci: FailureSignature, here: FailureSignature): FailureComparison {
  if (ci.type && here.type && ci.type !== here.type) return 'type';
  if (!framesAgree(ci, here)) return 'frame';
  if (ci.message && here.message && ci.message !== here.message) return 'message';
  return 'same';
}

/** "`KeyError` at src/orders.py:12", for the log, the reason and the summary. */
export function describeSignature(s: FailureSignature): string {
  const what = s.type ?? 'a failure';
  const where = s.at ? ` at ${oneLine(s.at.file, 200)}:${s.at.line}` : '';
  return `${oneLine(what, 80)}${where}`;
}
