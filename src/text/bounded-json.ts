/**
 * JSON from a model, held to a depth and a size. V8's `JSON.parse` does not recurse, but what walks
 * a value afterwards does (`JSON.stringify` of the next request, any check of its fields): a tool
 * call's arguments nested 200,000 deep end the process's stack. Everything here is iterative: the
 * text is scanned once, a parsed value is walked with a stack of its own.
 */

export interface JsonBounds {
  maxDepth: number;
  /** Characters of the text, or of all the strings and keys of a parsed value. */
  maxBytes: number;
}

/** A tool call's arguments: an edit is at most 64 KiB a side and an answer 256 KiB, far inside these. */
export const TOOL_ARGUMENT_BOUNDS: JsonBounds = { maxDepth: 64, maxBytes: 1024 * 1024 };

/** What stands in for a container cut by `pruneDeep`. */
export const TOO_DEEP = '[self-heal: nested too deep]';

const deeper = (bounds: JsonBounds) => `nested deeper than ${bounds.maxDepth} levels`;
const larger = (bounds: JsonBounds) => `larger than ${Math.round(bounds.maxBytes / 1024)} KiB`;

/** Why JSON text is over the bounds, or null; strings are skipped, so `"[[["` counts nothing. */
export function jsonTextProblem(text: string, bounds: JsonBounds): string | null {
  if (text.length > bounds.maxBytes) return larger(bounds);
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > bounds.maxDepth) return deeper(bounds);
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return null;
}

/** Parsed, or why not: over the bounds, or not JSON. */
export function parseJsonBounded(
  text: string,
  bounds: JsonBounds,
): { ok: true; value: unknown } | { ok: false; reason: string } {
  const problem = jsonTextProblem(text, bounds);
  if (problem) return { ok: false, reason: problem };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, reason: `not valid JSON (${(error as Error).message.slice(0, 120)})` };
  }
}

/** Why a parsed value is over the bounds (a `TOO_DEEP` inside counts as too deep), or null. */
export function valueProblem(value: unknown, bounds: JsonBounds): string | null {
  const stack: Array<[unknown, number]> = [[value, 1]];
  let chars = 0;
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      chars += v.length;
      if (v === TOO_DEEP) return deeper(bounds);
    } else if (v && typeof v === 'object') {
      if (depth > bounds.maxDepth) return deeper(bounds);
      for (const [k, child] of Object.entries(v)) {
        chars += k.length;
        stack.push([child, depth + 1]);
      }
    }
    if (chars > bounds.maxBytes) return larger(bounds);
  }
  return null;
}

/**
 * `value` with every container deeper than `maxDepth` replaced by `TOO_DEEP`, in place: what is left
 * can be walked and serialised again. For a whole reply, whose tool calls are judged one by one.
 */
export function pruneDeep<T>(value: T, maxDepth: number): T {
  const stack: Array<[Record<string, unknown> | unknown[], number]> = [];
  if (value && typeof value === 'object') stack.push([value as Record<string, unknown>, 1]);
  while (stack.length > 0) {
    const [container, depth] = stack.pop()!;
    for (const key of Object.keys(container)) {
      const child = (container as Record<string, unknown>)[key];
      if (!child || typeof child !== 'object') continue;
      if (depth + 1 > maxDepth) (container as Record<string, unknown>)[key] = TOO_DEEP;
      else stack.push([child as Record<string, unknown>, depth + 1]);
    }
  }
  return value;
}
