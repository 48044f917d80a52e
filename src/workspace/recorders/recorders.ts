/**
 * Execution recorders for one test run, switched on through the environment only (nothing in the
 * repository changes): V8 coverage for Node (`NODE_V8_COVERAGE`, inherited by child processes),
 * self-heal's Python tracer (`python-sources.ts`, on `PYTHONPATH` from self-heal's own temporary
 * directory, cut per test under pytest by `PYTEST_PLUGINS`), and Go's cover profile (`GOFLAGS`).
 * Whatever a recorder failed to write is simply absent: reading never throws, and the recorded
 * run is evidence only, never a verdict.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ExecutionSpectrum, RecorderName, SpectrumUnit } from '../../contracts/spectrum.js';
import { readGoProfile } from './go-coverage.js';
import { readNodeCoverage } from './node-coverage.js';
import { NODE_PRELOAD, NODE_PRELOAD_FILE, NODE_READS_PRELOAD } from './node-preload.js';
import { PYTHON_FILES } from './python-sources.js';
import { readObservedReads, type ObservedReads } from './test-reads.js';

/** Distinct lines a recorder keeps per process (the tracer) or per run (the others). */
export const MAX_RECORDED_LINES = 200_000;

export interface Recording {
  /** The variables that switch the recorders on, given the run's own environment. */
  env(base: NodeJS.ProcessEnv): Record<string, string>;
  /** What the run recorded (undefined when no recorder wrote anything about the repository). */
  read(durationMs: number): ExecutionSpectrum | undefined;
  /** The repository files the tests read (`test-reads.ts`), whatever built their paths. */
  reads(): ObservedReads;
  dispose(): void;
}

export interface RecordingOptions {
  root: string;
  /** Where the test command runs (Go's module is looked up from here). */
  cwd: string;
  /** Parent of the temporary directory (defaults to the OS's). */
  tmpDir?: string;
  maxLines?: number;
}

interface PythonUnit {
  test: string | null;
  outcome: string | null;
  lines: Record<string, number[]>;
}

export function startRecording(options: RecordingOptions): Recording {
  const dir = mkdtempSync(path.join(options.tmpDir ?? os.tmpdir(), 'self-heal-spectrum-'));
  const dirs = {
    node: path.join(dir, 'node'),
    nodeMaps: path.join(dir, 'node-maps'),
    py: path.join(dir, 'py'),
    pyOut: path.join(dir, 'py-out'),
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  for (const [name, text] of PYTHON_FILES) writeFileSync(path.join(dirs.py, name), text);
  const preload = path.join(dir, NODE_PRELOAD_FILE);
  writeFileSync(preload, NODE_PRELOAD + NODE_READS_PRELOAD);
  const goProfile = path.join(dir, 'go.out');
  const maxLines = options.maxLines ?? MAX_RECORDED_LINES;
  const root = path.resolve(options.root);

  return {
    env: (base) => ({
      NODE_V8_COVERAGE: dirs.node,
      NODE_OPTIONS: [base.NODE_OPTIONS, `--require ${nodeOptionQuote(preload)}`].filter(Boolean).join(' '),
      SELF_HEAL_SPECTRUM_NODE_MAPS: dirs.nodeMaps,
      PYTHONPATH: [dirs.py, base.PYTHONPATH].filter(Boolean).join(path.delimiter),
      PYTEST_PLUGINS: [base.PYTEST_PLUGINS, '_self_heal_pytest'].filter(Boolean).join(','),
      SELF_HEAL_SPECTRUM_ROOT: root,
      SELF_HEAL_SPECTRUM_OUT: dirs.pyOut,
      SELF_HEAL_SPECTRUM_MAX_LINES: String(maxLines),
      GOFLAGS: [base.GOFLAGS, `-coverprofile=${goProfile}`, '-coverpkg=./...'].filter(Boolean).join(' '),
    }),
    read(durationMs) {
      const units: SpectrumUnit[] = [];
      const notes: string[] = [];
      const recorders: RecorderName[] = [];
      const python = readPython(dirs.pyOut, notes);
      if (python.length > 0) recorders.push('python');
      units.push(...python);
      const node = readNodeCoverage(dirs.node, root, dirs.nodeMaps);
      if (node.lines.size > 0) {
        recorders.push('node');
        units.push({ outcome: 'failed', lines: bound(node.lines, maxLines, notes, 'V8 coverage') });
      }
      if (node.mapped.size > 0)
        notes.push(`${node.mapped.size} transformed script(s) mapped back through their source maps`);
      if (node.transformed.size > 0)
        notes.push(
          `${node.transformed.size} transformed script(s) left out of V8 coverage (offsets of generated code): ${[...node.transformed].slice(0, 3).join(', ')}`,
        );
      const go = readGoProfile(goProfile, options.cwd, root);
      if (go.size > 0) {
        recorders.push('go');
        units.push({ outcome: 'failed', lines: bound(go, maxLines, notes, 'the Go cover profile') });
      }
      if (units.length === 0) return undefined;
      return { recorders, units, perTest: units.every((u) => u.test !== undefined), notes, durationMs };
    },
    reads: () => readObservedReads([dirs.pyOut, dirs.nodeMaps]),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A path as one `NODE_OPTIONS` argument: Node splits that variable at spaces, outside double quotes. */
export function nodeOptionQuote(file: string): string {
  return /^[\w./@:+-]+$/.test(file) ? file : `"${file.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The tracer's per-process files: per-test units under pytest, else one whole-run unit each. */
function readPython(dir: string, notes: string[]): SpectrumUnit[] {
  const perTest: SpectrumUnit[] = [];
  const whole: SpectrumUnit[] = [];
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => /^python-\d+\.json$/.test(n));
  } catch {
    return [];
  }
  for (const name of names.sort()) {
    let parsed: { units?: PythonUnit[]; truncated?: boolean };
    try {
      parsed = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as typeof parsed;
    } catch {
      continue;
    }
    if (parsed.truncated) notes.push('the Python tracer reached its bound of recorded lines');
    for (const u of parsed.units ?? []) {
      const lines = new Map<string, Set<number>>();
      for (const [file, rows] of Object.entries(u.lines ?? {}))
        lines.set(file, new Set(rows.filter((r) => Number.isInteger(r) && r > 0)));
      if (typeof u.test === 'string') {
        if (u.outcome === 'failed' || u.outcome === 'passed') perTest.push({ test: u.test, outcome: u.outcome, lines });
      } else whole.push({ outcome: 'failed', lines });
    }
  }
  // Under pytest, what ran outside any test (imports, collection) is no test's evidence.
  if (perTest.length > 0) return perTest;
  if (whole.length === 0) return [];
  const merged = new Map<string, Set<number>>();
  for (const u of whole) for (const [f, s] of u.lines) merged.set(f, new Set([...(merged.get(f) ?? []), ...s]));
  return [{ outcome: 'failed', lines: merged }];
}

function bound(lines: Map<string, Set<number>>, max: number, notes: string[], what: string): Map<string, Set<number>> {
  let total = 0;
  const out = new Map<string, Set<number>>();
  for (const file of [...lines.keys()].sort()) {
    const set = lines.get(file)!;
    if (total + set.size > max) {
      notes.push(`${what} was cut at ${max} lines`);
      break;
    }
    total += set.size;
    out.set(file, set);
  }
  return out;
}
