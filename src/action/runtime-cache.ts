/**
 * The runner's tool cache as the store of installed Copilot runtimes (`@actions/tool-cache`, keyed by
 * the pinned version and the platform), so a runner installs the runtime once and later runs reuse
 * it. tool-cache reads RUNNER_TOOL_CACHE and RUNNER_TEMP itself; without them (not on a runner) there
 * is no cache and the runtime is not installed on demand.
 */
import * as toolCache from '@actions/tool-cache';
import type { RuntimeCache } from '../repair/copilot/copilot-runtime.js';

const TOOL = 'self-heal-copilot-runtime';

export function createRunnerToolCache(env: NodeJS.ProcessEnv): RuntimeCache | undefined {
  if (!env.RUNNER_TOOL_CACHE || !process.env.RUNNER_TOOL_CACHE) return undefined;
  return {
    tempDir: env.RUNNER_TEMP || undefined,
    find: (version, platform) => toolCache.find(TOOL, version, platform) || undefined,
    save: (folder, version, platform) => toolCache.cacheDir(folder, TOOL, version, platform),
  };
}
