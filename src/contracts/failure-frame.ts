import { z } from 'zod';

/** A source location in the user's own code, repo-relative with forward slashes. */
export const SourceLocation = z.object({
  file: z.string(),
  line: z.number().int().positive(),
  column: z.number().int().positive().optional(),
  function: z.string().optional(),
  /** The expression at that line, taken from the syntax tree (not a regex). */
  expression: z.string().optional(),
  /** A bounded window of source lines around `line`. */
  snippet: z
    .object({
      startLine: z.number().int().positive(),
      lines: z.array(z.string()),
    })
    .optional(),
});
export type SourceLocation = z.infer<typeof SourceLocation>;

export const LocalVariable = z.object({ name: z.string(), value: z.string() });
export type LocalVariable = z.infer<typeof LocalVariable>;

export const FailureFrame = z.object({
  /** Stable test id (`testId()`), the key that ties JUnit cases, log sections and reruns together. */
  id: z.string(),
  suite: z.string(),
  name: z.string(),
  classname: z.string().optional(),
  kind: z.enum(['failure', 'error']),
  exceptionType: z.string().nullable(),
  /** Pruned: bounded length, ANSI codes stripped. */
  message: z.string(),
  /** The deepest frame in a git-tracked, non-vendored file of the repo; the user's call site when the raise is in a library. */
  triggering: SourceLocation.nullable(),
  /** Where the test itself is defined or failed (its own line). */
  test: SourceLocation.nullable(),
  /** In-repo stack, outermost first, deepest last. */
  stack: z.array(SourceLocation),
  /** How many frames were pruned as framework, library or runtime code. */
  droppedFrames: z.number().int().nonnegative(),
  /** Local variables of the failing frame, when the runner printed them (pytest -l/--showlocals). */
  locals: z.array(LocalVariable).nullable(),
  /** The language of the traceback that was parsed, when one was. */
  language: z.enum(['python', 'javascript', 'java', 'go', 'rust', 'unknown']).default('unknown'),
  /** Where the evidence came from. */
  evidence: z.array(z.enum(['junit', 'log'])),
});
export type FailureFrame = z.infer<typeof FailureFrame>;

/** A window of source lines (1-based start). */
const Window = z.object({ startLine: z.number().int().positive(), lines: z.array(z.string()) });

/**
 * What a compiler, type checker, linter or formatter reported at the user's own code
 * (`frames/diagnostic-frames.ts`): a build that failed before or beside its tests.
 */
export const DiagnosticFrame = z.object({
  /** `tool:code:file:line`: names the diagnostic in this run (a rerun matches by tool, code and file). */
  id: z.string(),
  tool: z.string(),
  category: z.enum(['compile', 'type', 'lint', 'format', 'import', 'syntax']),
  code: z.string().optional(),
  severity: z.enum(['error', 'warning', 'info']),
  /** Whether the tool failed because of it (an error, or a warning it was told to fail on). */
  fails: z.boolean(),
  /** Pruned: bounded length, ANSI codes stripped. */
  message: z.string(),
  /** Repo-relative, forward slashes. */
  file: z.string(),
  /** Absent when the tool names a file only (a formatter's "would reformat"). */
  line: z.number().int().positive().optional(),
  column: z.number().int().positive().optional(),
  snippet: Window.optional(),
  /** Other places the tool names, in the user's code ("'quantity' is declared here."). */
  related: z.array(
    z.object({
      file: z.string(),
      line: z.number().int().positive().optional(),
      message: z.string(),
      snippet: Window.optional(),
    }),
  ),
  /** The definitions of the symbols the message names (the `Item` interface for TS2339), bounded. */
  definitions: z.array(z.object({ name: z.string(), file: z.string(), snippet: Window })),
  /** The tool can fix it itself (a formatter, an autofixable lint rule). */
  fixable: z.boolean().optional(),
});
export type DiagnosticFrame = z.infer<typeof DiagnosticFrame>;

export const ParseSummary = z.object({
  total: z.number().int().nonnegative(),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  errored: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});

/** What `self-heal parse` prints (as JSON) and what the loop reads. */
export const FramesReport = z.object({
  summary: ParseSummary,
  failures: z.array(FailureFrame),
  /**
   * Failed or errored tests the summary counts that have no frame because a limit was reached
   * (frames are built for at most so many failures; past a bound, failing cases are only counted).
   * Absent when every failure had its chance of a frame.
   */
  notFramed: z.number().int().nonnegative().optional(),
  /** What compilers, type checkers, linters and formatters reported; absent when they said nothing. */
  diagnostics: z.array(DiagnosticFrame).optional(),
  /** Reports or logs that could not be read completely; the rest was still used. */
  errors: z.array(
    z.object({
      file: z.string(),
      line: z.number().int().optional(),
      column: z.number().int().optional(),
      message: z.string(),
    }),
  ),
});
export type FramesReport = z.infer<typeof FramesReport>;
