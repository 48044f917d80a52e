/**
 * Contract for the per-language traceback parsers. Each parser reads a whole test log and returns
 * the failures it recognises, with raw stack frames exactly as printed (paths not yet made
 * repo-relative; `frames/` does that). Parsers are registered in one place: `registry.ts`.
 */
export type Language = 'python' | 'javascript' | 'java' | 'go' | 'rust';

export interface RawFrame {
  /** Path as printed: absolute, relative, `file://` URL, Windows path, `node:internal/...`. */
  file: string;
  line: number;
  column?: number;
  function?: string;
  /** Source text the runner printed for this frame, when it did (pytest, Rust). */
  sourceLine?: string;
}

export interface LogFailure {
  language: Language;
  /** What the log says about which test this is; matched to a JUnit case by `frames/`. */
  test?: { name?: string; classname?: string; file?: string; id?: string };
  exceptionType?: string;
  message: string;
  /** Outermost first, deepest last (the order of a Python traceback; V8/Java are reversed by their parser). */
  frames: RawFrame[];
  locals?: Array<{ name: string; value: string }>;
  /** The line range of the log this failure came from (1-based, inclusive). */
  logLines?: { start: number; end: number };
  /** A collection/import error rather than a test failure. */
  kind?: 'failure' | 'error';
}

export interface LogParser {
  language: Language;
  /** Cheap check: does this log look like it came from this language's runners? */
  detect(log: string): boolean;
  parse(log: string): LogFailure[];
}
