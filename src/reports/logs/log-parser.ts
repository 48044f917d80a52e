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
  /**
   * Values bound in this frame, when the runner printed them (pytest function arguments, and all
   * locals with `-l/--showlocals`). Per frame, because only `frames/` knows which frame is the user's.
   */
  locals?: Array<{ name: string; value: string }>;
}

/**
 * Another exception of a chain the runner printed (Python `raise … from`, "During handling of the
 * above exception…", Java `Caused by:`), kept so the structure is not lost.
 */
export interface ChainedException {
  /** `cause`: explicit (`raise … from e`, Java `Caused by:`); `context`: raised while handling it. */
  relation: 'cause' | 'context';
  exceptionType?: string;
  message: string;
  /** Outermost first, deepest last, as for the failure itself. */
  frames: RawFrame[];
}

export interface LogFailure {
  language: Language;
  /** What the log says about which test this is; matched to a JUnit case by `frames/`. */
  /** `line`: where the log says the test is defined (node:test's `test at file:9:5`, TAP `location`). */
  test?: { name?: string; classname?: string; file?: string; id?: string; line?: number };
  exceptionType?: string;
  message: string;
  /** Outermost first, deepest last (the order of a Python traceback; V8/Java are reversed by their parser). */
  frames: RawFrame[];
  locals?: Array<{ name: string; value: string }>;
  /** The line range of the log this failure came from (1-based, inclusive). */
  logLines?: { start: number; end: number };
  /** A collection/import error rather than a test failure. */
  kind?: 'failure' | 'error';
  /**
   * The other exceptions of a printed chain, from the reported exception's own cause (or context)
   * down to the root. `exceptionType`/`message` above are the reported (outermost) exception's;
   * `frames` above are the stack a repair should read, which each parser documents (for a wrapper
   * raised to translate its cause, the cause's stack where the user's code goes deepest).
   */
  chain?: ChainedException[];
  /**
   * Every location the test printed a message from, in print order, when there were several (Go's
   * `file_test.go:12: …` lines). A `t.Log` line prints exactly like a `t.Errorf` line, so the log
   * alone cannot say which one failed: `frames` holds the parser's choice without the source, and
   * `frames/`, which can read each line, may choose better.
   */
  messageLocations?: RawFrame[];
}

/**
 * What is known about a text besides the text itself. A JUnit failure body is the output of one
 * test, which some writers store without the runner's own lines that would name it
 * (go-junit-report keeps `    cart_test.go:14: msg` but not `=== RUN`/`--- FAIL:`).
 */
export interface TraceContext {
  /** The test the whole text belongs to (the JUnit case's name). */
  testName?: string;
}

export interface LogParser {
  language: Language;
  /** Cheap check: does this log look like it came from this language's runners? */
  detect(log: string, context?: TraceContext): boolean;
  parse(log: string, context?: TraceContext): LogFailure[];
}
