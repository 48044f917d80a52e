// Types for scripts/build.mjs, imported by the TypeScript end-to-end tests (test/action/bundle.ts).
export interface BuildBundlesOptions {
  /** Replaced by the build; `dist/` of the repository by default. */
  outDir?: string;
  /** Which bundles; both by default. */
  entries?: Array<'action' | 'cli'>;
  /** `pipe` keeps ncc quiet; a failed build throws with its output in `stderr`/`stdout`. */
  stdio?: 'inherit' | 'pipe';
}

export function buildBundles(options?: BuildBundlesOptions): void;
