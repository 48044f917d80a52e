/**
 * Reading the Python/Go/Rust/Java fixture projects (test/fixtures/projects/<runner>/) for the
 * parser tests: their `expected.json`, their files, and the mapping of a printed frame path (a
 * foreign temp dir, a relative path, a Java package guess, a Go file relative to its package) to
 * a project file, the way `frames/` maps it to a repository file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LogFailure, RawFrame } from '../../../src/reports/logs/log-parser.js';

export const PROJECTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/projects');

export interface ExpectedFailure {
  name: string;
  id?: string;
  classname?: string;
  junitClassname: string;
  junitName: string;
  junitReport?: string;
  testFile: string;
  testLine: number;
  /** Only a backtrace prints the test's own frame (Rust without RUST_BACKTRACE prints one location). */
  testLineNeedsBacktrace?: boolean;
  file: string;
  line: number;
  column?: number;
  function?: string;
  /**
   * The line the log parser alone gives when it is not `line`: a Go test that printed a `t.Log`
   * after its `t.Errorf` (only the source tells them apart; `frames/` reads it).
   */
  parserLine?: number;
  /** Where the last exception was raised, when that is not the triggering frame (pytest --tb=line). */
  crash?: { file: string; line: number };
  exceptionType: string | null;
  message: string;
  chain?: Array<{ relation: 'cause' | 'context'; exceptionType: string }>;
  locals?: Record<string, string>;
}

export interface ExpectedProject {
  runner: string;
  module?: string;
  logs: Record<string, string>;
  failures: ExpectedFailure[];
  collectionErrors?: { logs: string[]; junit: string; failures: ExpectedFailure[] };
}

export function loadExpected(project: string): ExpectedProject {
  return JSON.parse(readFileSync(path.join(PROJECTS, project, 'expected.json'), 'utf8')) as ExpectedProject;
}

export function readFixture(project: string, file: string): string {
  return readFileSync(path.join(PROJECTS, project, file), 'utf8');
}

/** The project's own source files (not its outputs), relative, with forward slashes. */
export function projectFiles(project: string): string[] {
  const root = path.join(PROJECTS, project);
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (!/\.(log|xml|json|sh|md)$/.test(entry)) out.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  walk(root);
  return out;
}

/**
 * The project file a printed frame path names, if any: the printed path ends with it (an
 * absolute path in a temp dir, `./src/lib.rs`), or it ends with the printed path (a Java package
 * guess `com/example/X.java`, a Go file relative to its package given with `packageDir`).
 */
export function resolveInProject(files: string[], printed: string, packageDir?: string): string | undefined {
  const p = printed.replace(/\\/g, '/').replace(/^\.\//, '');
  if (packageDir && !p.includes('/')) {
    const joined = `${packageDir}/${p}`;
    if (files.includes(joined)) return joined;
  }
  const candidates = files.filter((f) => p === f || p.endsWith(`/${f}`) || f.endsWith(`/${p}`));
  // The longest match is the most specific (`cart/cart.go` over a bare `cart.go`).
  return candidates.sort((a, b) => b.length - a.length)[0];
}

export interface ProjectView {
  file: string;
  line: number;
  column?: number;
  function?: string;
}

/** The deepest frame in the project's own files: what `frames/` calls the triggering frame. */
export function triggeringFrame(
  frames: RawFrame[],
  resolve: (printed: string) => string | undefined,
): ProjectView | undefined {
  for (let k = frames.length - 1; k >= 0; k--) {
    const f = frames[k]!;
    const file = resolve(f.file);
    if (file) return view(f, file);
  }
  return undefined;
}

/**
 * The test's own frame: the frame whose function is the test (its last name segment), else the
 * outermost frame in the test file.
 */
export function testFrame(
  frames: RawFrame[],
  testFile: string,
  testName: string,
  resolve: (printed: string) => string | undefined,
): ProjectView | undefined {
  const bare = testName
    .split(/::|\/|\./)
    .filter(Boolean)
    .pop()!
    .replace(/\[.*$/, '');
  const inFile = frames.filter((f) => resolve(f.file) === testFile);
  const named = inFile.find((f) => f.function !== undefined && f.function.split(/::|\./).pop() === bare);
  const own = named ?? inFile[0];
  return own ? view(own, testFile) : undefined;
}

function view(f: RawFrame, file: string): ProjectView {
  const v: ProjectView = { file, line: f.line };
  if (f.column !== undefined) v.column = f.column;
  if (f.function !== undefined) v.function = f.function;
  return v;
}

/** The one failure a log holds for a test: found by the name the log gives it. */
export function failureNamed(failures: LogFailure[], name: string): LogFailure {
  const found = failures.filter((f) => f.test?.id === name || f.test?.name === name);
  if (found.length !== 1) {
    throw new Error(
      `expected one failure named ${name}, found ${found.length}: ${failures.map((f) => f.test?.id ?? f.test?.name).join(', ')}`,
    );
  }
  return found[0]!;
}

/** `locals` of a failure as a plain object, for comparison with expected.json. */
export function localsObject(locals: Array<{ name: string; value: string }> | undefined): Record<string, string> {
  return Object.fromEntries((locals ?? []).map((l) => [l.name, l.value]));
}
