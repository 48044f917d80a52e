/**
 * Execution evidence from a recorded test run: which lines of the repository's own code ran, per
 * unit of attribution. A unit is one test (the Python tracer under pytest tells tests apart), or a
 * whole run (V8 coverage, Go's cover profile, a tracer outside pytest): the lines every test of that
 * run executed together, attributed to the run's failing tests.
 */

export type RecorderName = 'node' | 'python' | 'go';

export interface SpectrumUnit {
  /** The test's id as its runner names it (pytest's node id), or undefined for a whole run. */
  test?: string;
  /** How the unit ended; a whole run that held a failing test is `failed`. */
  outcome: 'failed' | 'passed';
  /** Repo-relative file → 1-based lines that ran. */
  lines: Map<string, Set<number>>;
}

export interface ExecutionSpectrum {
  /** The recorders whose output was read. */
  recorders: RecorderName[];
  units: SpectrumUnit[];
  /** True when the units are single tests; false when some are whole runs. */
  perTest: boolean;
  /** What was left out or dropped (a truncated record, a transformed script), in words. */
  notes: string[];
  /** The extra run's duration. */
  durationMs: number;
}
