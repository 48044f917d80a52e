/**
 * What the next attempt is told when the loop rolled back an attempt that special-cased the failing
 * tests: one sentence, the reasons filled in by `repair/special-cases/special-case-feedback.ts`.
 * Placeholders in `{braces}`; everything filled in is untrusted and already scrubbed.
 */

export const SPECIAL_CASED_FEEDBACK = `Rolled back because the change special-cases the failing tests instead of fixing the code ({reasons}): make the logic right for every input, not just for the tests' own values, names or environment.`;

/** One reason per piece of evidence, joined with "; ". */
export const SPECIAL_CASE_REASONS = {
  'input-condition': `{patch} compares with {literal}, an input of the test at {test}`,
  'expected-value': `{patch} returns or assigns {literal}, the value the test at {test} expects`,
  'test-identity': `{patch} checks {literal}, which only identifies the test run`,
  'encoded-cases': `{patch} encodes {literal}, which holds an input and the expected value of the test at {test}`,
  'table-rebind': `{patch} rebinds {literal} to a wrapper that answers from a table before it calls the original`,
  'environment-data': `{patch} answers with {literal}, the value the test at {test} expects, when the environment lacks what the test needs (configure the environment instead)`,
} as const;
