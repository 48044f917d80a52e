/**
 * The built-in engine tries template edits until the failing tests pass: its fix is as right as the
 * tests are thorough (docs/builtin-engine.md: on real projects it overfits weak tests). The job summary and the pull
 * request say it wherever its fix is shown.
 */
export const BUILTIN_CAUTION =
  '**Review it:** the built-in engine found this edit by trying small changes until the tests passed, so it is only as right as the tests are thorough.';
