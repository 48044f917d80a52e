/**
 * Which environment variables the failures point at, read from the failure frames alone: a
 * `KeyError: 'ORDERS_API_URL'` raised where the code reads the environment, or a message that says
 * a variable is not set (`ORDERS_API_URL is not set`, `missing environment variable API_KEY`). The
 * special-casing check is stricter with a change that answers with data when the environment is
 * missing: that substitutes for the environment the tests need, it fixes no code.
 */
import type { FailureFrame } from '../../contracts/failure-frame.js';
import { ENVIRONMENT_ACCESS } from './test-markers.js';

const MAX_NAMES = 16;
const MAX_MESSAGE_CHARS = 2_000;
/** A variable's name as environments spell them: `ORDERS_API_URL`, `TOKEN`. */
const VARIABLE = '[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*';
/** A message that says a named variable is missing, in either order. */
const UNSET_MESSAGES = [
  new RegExp(
    `\\b(${VARIABLE})\\b[^\\n]{0,40}?\\b(?:is not set|not set|is unset|is missing|is required|is not configured|is not defined|is undefined|must be set)\\b`,
  ),
  new RegExp(`\\b(?:environment variable|env var(?:iable)?)s?\\s*[:'"\`(]*\\s*(${VARIABLE})\\b`, 'i'),
];

/** The lines of the frame's code that raised: the triggering expression and its source line. */
function triggeringText(frame: FailureFrame): string {
  const t = frame.triggering;
  if (!t) return '';
  const line = t.snippet ? (t.snippet.lines[t.line - t.snippet.startLine] ?? '') : '';
  return `${t.expression ?? ''}\n${line}`;
}

/** The variable one frame's failure names as missing, if any. */
function missingVariable(frame: FailureFrame): string | undefined {
  const message = frame.message.slice(0, MAX_MESSAGE_CHARS);
  const key = new RegExp(`^\\s*['"](${VARIABLE})['"]\\s*$`).exec(message.split('\n')[0] ?? '');
  if (key && /KeyError$/.test(frame.exceptionType ?? '')) {
    // A dictionary's KeyError names a key too: only one raised reading the environment counts,
    // or one whose key reads as a variable's name (`API_URL`, not `USD`).
    if (ENVIRONMENT_ACCESS.test(triggeringText(frame)) || key[1]!.includes('_')) return key[1];
  }
  for (const pattern of UNSET_MESSAGES) {
    const m = pattern.exec(message);
    if (m && m[1]!.length >= 3) return m[1];
  }
  return undefined;
}

/** The environment variables the failing tests' frames say are missing (none: not an environment failure). */
export function missingEnvironment(frames: readonly FailureFrame[]): string[] {
  const names = new Set<string>();
  for (const frame of frames) {
    const name = missingVariable(frame);
    if (name) names.add(name);
    if (names.size >= MAX_NAMES) break;
  }
  return [...names];
}
