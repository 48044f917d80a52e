/**
 * Python exception chains, shared by the native traceback and the pytest report parsers.
 *
 * Python prints a chain root first: the cause's traceback, then "The above exception was the
 * direct cause of the following exception:" (`raise X from e`) or "During handling of the above
 * exception, another exception occurred:" (an exception inside an `except` block), then the next
 * traceback, and so on; the last one printed is the exception that reached the test runner.
 *
 * What a repair needs from a chain:
 * - the reported exception (the last one: its type and message are what the runner and JUnit
 *   report), and
 * - the stack where the failure really started. When the last exception was raised on purpose to
 *   translate an earlier one (`raise X from e`, or a `raise` statement inside `except`), the user's
 *   code goes deepest in the earlier traceback: `load_order` calling `json.loads` with bad input,
 *   not the `raise PricingError(...)` line. The stacks are joined at the frame that caught the
 *   exception: the outer frames of the last traceback down to (not including) the catching
 *   frame, then the whole earlier traceback, which starts at that same frame.
 * - When the handler itself failed (a `NameError` inside `except KeyError:`), the last traceback
 *   is the bug and is kept as it is.
 * Every exception of the chain stays in `chain` (nearest first), so nothing printed is lost.
 */
import type { ChainedException, RawFrame } from './log-parser.js';

/** One printed traceback of a chain. */
export interface PySegment {
  frames: RawFrame[];
  exceptionType?: string;
  message: string;
  /** How this exception relates to the one printed after it (it is that one's cause or context). */
  linkToNext?: 'cause' | 'context';
}

export interface ResolvedChain {
  exceptionType?: string;
  message: string;
  frames: RawFrame[];
  chain?: ChainedException[];
}

const DIRECT_CAUSE = 'The above exception was the direct cause of the following exception:';
const DURING_HANDLING = 'During handling of the above exception, another exception occurred:';

/** The relation a chain separator line announces, if the line is one. */
export function chainSeparator(line: string): 'cause' | 'context' | undefined {
  const t = line.trim();
  if (t === DIRECT_CAUSE) return 'cause';
  if (t === DURING_HANDLING) return 'context';
  return undefined;
}

export function resolvePythonChain(segments: PySegment[]): ResolvedChain {
  const last = segments[segments.length - 1];
  if (!last) return { message: '', frames: [] };
  let frames = last.frames;
  for (let i = segments.length - 1; i > 0; i--) {
    const later = segments[i]!;
    const earlier = segments[i - 1]!;
    if (!raisedToTranslate(earlier.linkToNext, later) || earlier.frames.length === 0) break;
    const catching = lastMatchingFrame(frames, earlier.frames[0]!);
    if (catching < 0) break;
    frames = [...frames.slice(0, catching), ...earlier.frames];
  }
  const out: ResolvedChain = { message: last.message, frames };
  if (last.exceptionType !== undefined) out.exceptionType = last.exceptionType;
  if (segments.length > 1) {
    out.chain = segments
      .slice(0, -1)
      .reverse()
      .map((s) => {
        const c: ChainedException = { relation: s.linkToNext ?? 'context', message: s.message, frames: s.frames };
        if (s.exceptionType !== undefined) c.exceptionType = s.exceptionType;
        return c;
      });
  }
  return out;
}

/**
 * Was `later` raised on purpose to replace the exception before it? Always for an explicit cause;
 * for an implicit context only when the line that raised it is a `raise` statement (when the
 * source line was not printed, as in `--tb=line`, an implicit context is kept as the handler's bug).
 */
function raisedToTranslate(relation: 'cause' | 'context' | undefined, later: PySegment): boolean {
  if (relation === 'cause') return true;
  const deepest = later.frames[later.frames.length - 1];
  return deepest?.sourceLine !== undefined && /^raise\b/.test(deepest.sourceLine);
}

/** Index of the deepest frame running the same function as `anchor` (the frame that caught it). */
function lastMatchingFrame(frames: RawFrame[], anchor: RawFrame): number {
  for (let i = frames.length - 1; i >= 0; i--) {
    const f = frames[i]!;
    if (f.file !== anchor.file) continue;
    if (f.function === undefined || anchor.function === undefined || f.function === anchor.function) return i;
  }
  return -1;
}
