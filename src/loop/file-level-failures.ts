/**
 * Failures that belong to a test file (or a describe block), not to a test: an error thrown in a
 * `describe` body or a hook, a module that fails to load. No name filter can select them, so a
 * rerun runs their file, and after a fix they are gone from the report rather than passing: the
 * verdict counts one as passed when its file ran tests again without it (see verdict.ts).
 */

import type { TestCase } from '../reports/test-run.js';

/** What this needs of a test case or a rerun target. */
export interface CaseShape {
  name: string;
  classname?: string;
  dialect?: string;
}

/** jest-jasmine2 names an error thrown in a describe body `<describe> encountered a declaration exception`. */
const JASMINE_DECLARATION = / encountered a declaration exception$/;
/** mocha (and mocha-junit-reporter) name a failed hook `<suite> "before all" hook for "<test>"`. */
const MOCHA_HOOK = /"(?:before|after) (?:all|each)" hook(?: for "|: | in "|$)/;
/** A name that is a test file's path (vitest and node:test name a file that fails to load so). */
const FILE_NAME = /\.(?:[cm]?[jt]sx?|py)$/;

/** Whether the case is a failure of a file or a describe block rather than of a test. */
export function failsOutsideTests(c: CaseShape): boolean {
  switch (c.dialect) {
    case 'jest-junit':
      return JASMINE_DECLARATION.test(c.name) || c.classname === 'Test suite failed to run';
    case 'mocha-junit-reporter':
      return MOCHA_HOOK.test(c.name);
    case 'pytest':
      // A collection error: no classname, the module as the name (`tests.test_x` or a path).
      return !c.classname && /^[\w.\-/\\]+$/.test(c.name);
    case 'vitest':
      return c.classname !== undefined && c.name === c.classname && FILE_NAME.test(c.name);
    case 'node-test':
      return FILE_NAME.test(c.name) && (c.classname === undefined || c.classname === 'test');
    default:
      return JASMINE_DECLARATION.test(c.name) || MOCHA_HOOK.test(c.name);
  }
}

/** mocha: the full title of the suite a failed hook belongs to (`hooked` of `hooked "before all" hook for "t"`). */
export function mochaHookSuite(name: string): string | undefined {
  const at = name.search(/ ?"(?:before|after) (?:all|each)" hook/);
  return at > 0 ? name.slice(0, at) : undefined;
}

/**
 * The failing cases of a run that fail outside any test: the shapes above, and a describe block
 * that failed as a whole (vitest reports a `beforeAll` that throws as a failed case named after
 * the describe, its tests skipped: another case of its file is named `<describe> > …`).
 */
export function fileLevelIds(cases: readonly TestCase[]): Set<string> {
  const names = new Set(cases.map((c) => `${c.file ?? c.suite}\u0000${c.name}`));
  const ids = new Set<string>();
  const describes = new Set<string>();
  for (const c of cases) {
    const at = c.name.lastIndexOf(' > ');
    if (at > 0) describes.add(`${c.file ?? c.suite}\u0000${c.name.slice(0, at)}`);
  }
  for (const c of cases) {
    if (c.status !== 'failed' && c.status !== 'errored') continue;
    const key = `${c.file ?? c.suite}\u0000${c.name}`;
    if (failsOutsideTests({ name: c.name, classname: c.classname, dialect: c.source?.dialect })) ids.add(c.id);
    else if (describes.has(key) && names.has(key)) ids.add(c.id);
  }
  return ids;
}
