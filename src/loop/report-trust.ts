/**
 * The report the verdict reads is the runner's. Each JUnit report a run writes gets a fingerprint
 * of what a producer always writes the same way, whatever the tests' results: its XML declaration,
 * its root element, the whitespace it puts between elements, the producer the reader recognised
 * (`source.dialect` of its cases), and whether failures its suites declare (`failures=`,
 * `errors=`) come with `<failure>`/`<error>` elements. The baseline's runs
 * (the same command, this machine) teach what the runner writes; a candidate's report that differs
 * was not written by the runner as it was (a script that writes the report, a rewrite that strips
 * `<failure>` after the runner wrote it, an extra report beside the runner's): the run is not
 * trusted, and the candidate is `not-run`, never healed.
 *
 * Calibrated so that a correct fix is never refused by it: the features are ones a result cannot
 * change (a passing test and a failing one are written alike), learned as the set of every variant
 * the baseline's runs wrote, and a report whose count cannot be read (larger than the bound, no
 * suite counts) is not judged on it. Timing is not compared: a report's timestamps depend on the
 * producer's clock and zone, and a check brittle enough to fail a correct fix is worse than none.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TestCase } from '../reports/test-run.js';

export interface ReportPrint {
  /** The report as the run names it (root-relative). */
  file: string;
  /** `<?xml version="1.0" encoding="utf-8"?>` as written (whitespace squeezed), or '' for none. */
  declaration: string;
  /** The root element's name. */
  root: string;
  /** The whitespace between the root's start tag and the next tag (`''` for pytest's one line). */
  spacing: string;
  /** The producer the reader recognised, when the report holds a case. */
  dialect?: string;
  /**
   * False when its suites declare failures or errors and it holds no `<failure>`/`<error>` element
   * (what stripping them leaves); null when that could not be read. Nested suites (node:test),
   * retries (Gradle) and doubled results (jest-junit) make the counts differ in both directions,
   * so only "declared, and none there" counts.
   */
  consistent: boolean | null;
}

/** Reports larger than this are judged on their head alone (the counts need the whole text). */
const MAX_COUNTED_BYTES = 16 * 1024 * 1024;
const HEAD_BYTES = 64 * 1024;

/** Fingerprints of a run's reports; `cases`: the run's cases (each names the report it came from). */
/**
 * Fingerprints of a run's reports that hold a test case (a report with none has nothing to trust);
 * `files`: the reports the run read, as the cases name them (`source.report`), relative to `root`.
 * The producer is the one the reader recognised for the cases it kept from the file (across reports
 * one test is one case, so a report may have none attributed: then it is not compared).
 */
export function fingerprintReports(files: readonly string[], cases: readonly TestCase[], root: string): ReportPrint[] {
  const dialects = new Map<string, string>();
  for (const c of cases) if (c.source?.report) dialects.set(c.source.report, c.source.dialect ?? 'generic');
  return files.flatMap((file) => {
    const text = readReport(path.resolve(root, file));
    if (text === null || !/<testcase(?=[\s>/])/.test(text.text)) return [];
    const dialect = dialects.get(file);
    return [{ ...fingerprint(file, text.text, text.whole), ...(dialect ? { dialect } : {}) }];
  });
}

function readReport(abs: string): { text: string; whole: boolean } | null {
  try {
    const size = statSync(abs).size;
    const bytes = Math.min(size, size > MAX_COUNTED_BYTES ? HEAD_BYTES : MAX_COUNTED_BYTES);
    const buffer = Buffer.alloc(bytes);
    const fd = openSync(abs, 'r');
    try {
      readSync(fd, buffer, 0, bytes, 0);
    } finally {
      closeSync(fd);
    }
    return { text: buffer.toString('utf8'), whole: bytes === size };
  } catch {
    return null;
  }
}

export function fingerprint(file: string, text: string, whole = true): ReportPrint {
  const body = text.replace(/^\uFEFF/, '');
  const declaration = /^\s*(<\?xml[^?]*\?>)/.exec(body)?.[1]?.replace(/\s+/g, ' ') ?? '';
  const rest = body.replace(/<\?xml[^?]*\?>/, '').replace(/<!--[\s\S]*?-->/g, '');
  const root = /<([A-Za-z_][\w.:-]*)[\s/>]/.exec(rest);
  const afterRoot = root ? rest.slice(root.index + rest.slice(root.index).indexOf('>') + 1) : '';
  const spacing = /^\s*/.exec(afterRoot)?.[0].replace(/\r/g, '') ?? '';
  return { file, declaration, root: root?.[1] ?? '', spacing, consistent: whole ? countsAgree(rest) : null };
}

/** Failures or errors declared by a `<testsuite>` come with a `<failure>`/`<error>` element (CDATA aside). */
function countsAgree(xml: string): boolean | null {
  const text = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  let declared = 0;
  let suites = 0;
  for (const m of text.matchAll(/<testsuite(?=[\s>/])([^>]*)>/g)) {
    suites++;
    const attrs = m[1]!;
    const failures = /\sfailures\s*=\s*["'](\d+)["']/.exec(attrs);
    const errors = /\serrors\s*=\s*["'](\d+)["']/.exec(attrs);
    if (!failures && !errors) return null;
    declared += Number(failures?.[1] ?? 0) + Number(errors?.[1] ?? 0);
  }
  if (suites === 0) return null;
  return declared === 0 || /<(failure|error)(?=[\s>/])/.test(text);
}

/** A run of the whole test command, or of the failing tests (a targeted rerun, at any level). */
export type RunKind = 'full' | 'targeted';

export interface ReportTrust {
  /** The reports of one of the baseline's runs: what the runner writes, and how many. */
  learn(prints: readonly ReportPrint[], kind: RunKind): void;
  /** Why a candidate's run's reports are not the runner's, or null. */
  check(prints: readonly ReportPrint[], kind: RunKind): string | null;
}

export function createReportTrust(): ReportTrust {
  const seen = { declaration: new Set<string>(), root: new Set<string>(), spacing: new Set<string>() };
  const dialects = new Set<string>();
  let learned = 0;
  let consistent = true;
  // The most reports (with a case) one baseline run of each kind wrote: a candidate's run that
  // writes more has a report beside the runner's (surefire writes one per class, the same classes).
  const most = new Map<RunKind, number>();
  return {
    learn(prints, kind) {
      most.set(kind, Math.max(most.get(kind) ?? 0, prints.length));
      for (const p of prints) {
        learned++;
        seen.declaration.add(p.declaration);
        seen.root.add(p.root);
        seen.spacing.add(p.spacing);
        if (p.dialect) dialects.add(p.dialect);
        if (p.consistent === false) consistent = false;
      }
    },
    check(prints, kind) {
      if (learned === 0) return null;
      const max = most.get(kind);
      if (max !== undefined && prints.length > max)
        return `the run wrote ${prints.length} reports where the test runner wrote ${max} in the baseline: \`${prints.at(-1)!.file}\` and the others were not all the runner's`;
      for (const p of prints) {
        const differs = differences(p, seen, dialects, consistent);
        if (differs) return `\`${p.file}\` ${differs}`;
      }
      return null;
    },
  };
}

function differences(
  p: ReportPrint,
  seen: Record<'declaration' | 'root' | 'spacing', ReadonlySet<string>>,
  dialects: ReadonlySet<string>,
  consistent: boolean,
): string | null {
  if (!seen.declaration.has(p.declaration))
    return `starts with ${p.declaration ? `\`${p.declaration}\`` : 'no XML declaration'}, which the test runner did not write in the baseline`;
  if (!seen.root.has(p.root))
    return `has the root element \`<${p.root}>\`, which the test runner did not write in the baseline`;
  if (!seen.spacing.has(p.spacing))
    return 'is laid out differently from the reports the test runner wrote in the baseline';
  if (p.dialect && dialects.size > 0 && !dialects.has(p.dialect))
    return `reads as written by ${p.dialect}, not by the test runner of the baseline (${[...dialects].join(', ')})`;
  if (consistent && p.consistent === false)
    return 'declares failures but holds no `<failure>` or `<error>` element (what stripping them from the runner’s report leaves), which the test runner’s reports in the baseline never did';
  return null;
}
