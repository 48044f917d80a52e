/**
 * The one place log parsers are registered. A log is offered to every parser whose cheap `detect`
 * says it looks like its language's output: a CI job often runs several runners (a Python
 * backend and a JavaScript frontend in one log), so more than one may answer.
 */
import { goLogParser } from './go.js';
import { javaLogParser } from './java.js';
import { javascriptLogParser } from './javascript.js';
import type { Language, LogFailure, LogParser, TraceContext } from './log-parser.js';
import { pythonLogParser } from './python.js';
import { rustLogParser } from './rust.js';

export const LOG_PARSERS: LogParser[] = [
  pythonLogParser,
  javascriptLogParser,
  javaLogParser,
  goLogParser,
  rustLogParser,
];

export interface LogParseResult {
  /** Every parser's failures, in log order (ties in registration order). */
  failures: LogFailure[];
  /** Parsers that failed on this log: their failures are missing, the others' are not. */
  errors: Array<{ language: Language; message: string }>;
}

/**
 * Run every matching parser. A parser that throws (a bug meeting a log nobody foresaw) costs its
 * own failures, not the others': the error is returned for the caller to report.
 */
export function parseLogDetailed(
  text: string,
  parsers: readonly LogParser[] = LOG_PARSERS,
  context?: TraceContext,
): LogParseResult {
  const found: Array<{ failure: LogFailure; order: number }> = [];
  const errors: LogParseResult['errors'] = [];
  parsers.forEach((parser, index) => {
    let failures: LogFailure[];
    try {
      if (!parser.detect(text, context)) return;
      failures = parser.parse(text, context);
    } catch (e) {
      errors.push({ language: parser.language, message: e instanceof Error ? e.message : String(e) });
      return;
    }
    for (const failure of failures) found.push({ failure, order: index });
  });
  found.sort((a, b) => (a.failure.logLines?.start ?? 0) - (b.failure.logLines?.start ?? 0) || a.order - b.order);
  return { failures: found.map((f) => f.failure), errors };
}

/**
 * Every failure any registered parser recognises in `text`, in log order. `context` says what the
 * text is when that is known (a JUnit case's failure body: the case's name).
 */
export function parseLog(text: string, context?: TraceContext): LogFailure[] {
  return parseLogDetailed(text, LOG_PARSERS, context).failures;
}
