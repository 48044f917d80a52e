/**
 * One error annotation per failure frame, at the line in the user's code that triggered it.
 *
 * The UI shows about 10 error annotations per step, so more would only be hidden: the first 10 are
 * issued and one notice counts the rest. When the failures were healed they are notices instead. Annotations point at the triggering frame (the user's
 * code), falling back to the test's own line, never at line 0.
 */
import path from 'node:path';
import type { DiagnosticFrame, FailureFrame } from '../contracts/failure-frame.js';
import { formatCommand } from '../text/workflow-commands.js';

export const MAX_ERROR_ANNOTATIONS = 10;
const MAX_MESSAGE = 4_000;
const MAX_TITLE = 200;

export interface Annotation {
  level: 'error' | 'notice';
  message: string;
  title?: string;
  /** Relative to the workspace (`GITHUB_WORKSPACE`), forward slashes. */
  file?: string;
  line?: number;
  col?: number;
}

export interface AnnotationOptions {
  /** The frames' root (the heal cwd) relative to the workspace, when it is a subfolder. */
  pathPrefix?: string;
  max?: number;
  /**
   * The failures were healed: annotate them as notices ("fixed by self-heal"), since error
   * annotations on a step that succeeded would read as new problems.
   */
  healed?: boolean;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function annotationPath(file: string, prefix: string | undefined): string {
  const joined = prefix ? path.posix.join(prefix.split(path.sep).join('/'), file) : file;
  return joined.replace(/^\.\//, '');
}

export function buildAnnotations(failures: readonly FailureFrame[], options: AnnotationOptions = {}): Annotation[] {
  const max = options.max ?? MAX_ERROR_ANNOTATIONS;
  const annotations: Annotation[] = failures.slice(0, max).map((frame) => {
    const at = frame.triggering ?? frame.test;
    const head = frame.exceptionType ? `${frame.exceptionType}: ` : '';
    const what = clip(`${head}${frame.message}` || `${frame.kind} in ${frame.name}`, MAX_MESSAGE);
    return {
      level: options.healed ? 'notice' : 'error',
      title: clip(frame.name, MAX_TITLE),
      message: options.healed ? clip(`Fixed by self-heal: ${what}`, MAX_MESSAGE) : what,
      ...(at ? { file: annotationPath(at.file, options.pathPrefix), line: at.line, col: at.column } : {}),
    };
  });
  const rest = failures.length - annotations.length;
  if (rest > 0) {
    annotations.push({
      level: 'notice',
      title: 'self-heal',
      message: `${rest} more ${options.healed ? 'fixed' : 'failing'} test${rest === 1 ? '' : 's'} not annotated (the first ${max} are); see the job summary.`,
    });
  }
  return annotations;
}

/**
 * One annotation per diagnostic at its file, line and column, titled with its code and tool
 * (`TS2339 (tsc)`): an error when it failed the build, a notice otherwise; at most `max` (shared
 * with the failures' annotations by the caller), the rest counted in one notice.
 */
export function buildDiagnosticAnnotations(
  diagnostics: readonly DiagnosticFrame[],
  options: AnnotationOptions = {},
): Annotation[] {
  const max = options.max ?? MAX_ERROR_ANNOTATIONS;
  const ordered = [...diagnostics].sort((a, b) => Number(b.fails) - Number(a.fails));
  const annotations: Annotation[] = ordered.slice(0, max).map((d) => ({
    level: d.fails && !options.healed ? 'error' : 'notice',
    title: clip(d.code ? `${d.code} (${d.tool})` : d.tool, MAX_TITLE),
    message: clip(options.healed ? `Fixed by self-heal: ${d.message}` : d.message, MAX_MESSAGE),
    file: annotationPath(d.file, options.pathPrefix),
    ...(d.line !== undefined ? { line: d.line } : {}),
    ...(d.column !== undefined ? { col: d.column } : {}),
  }));
  const rest = ordered.length - annotations.length;
  if (rest > 0) {
    annotations.push({
      level: 'notice',
      title: 'self-heal',
      message: `${rest} more diagnostic${rest === 1 ? '' : 's'} not annotated (the first ${max} are); see the job summary.`,
    });
  }
  return annotations;
}

/** The workflow-command lines for the annotations, escaped so no field can break out. */
export function formatAnnotations(annotations: readonly Annotation[]): string[] {
  return annotations.map((a) =>
    formatCommand(a.level, { title: a.title, file: a.file, line: a.line, col: a.col }, a.message),
  );
}
