/**
 * Failures that belong to a test file (or a describe block), not to a test: an error thrown in a
 * `describe` body or a hook, a module that fails to load. No name filter can select them, so a
 * rerun runs their file, and after a fix they are gone from the report rather than passing: the
 * verdict counts one as passed when its file ran tests again without it (see verdict.ts).
 */

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
