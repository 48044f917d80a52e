/**
 * The Copilot runtime's costs: the cold start of an attempt (from the start of `propose`, which
 * spawns the runtime and opens a session, to the first model request the loopback BYOK server
 * receives), and the on-demand install of the pinned runtime package into an empty tool cache with
 * npm, once with npm's cache as it is on this machine and once with an empty npm cache (the download
 * from the registry this machine reaches, as on a fresh runner).
 *
 * Reproduce: node --import tsx scripts/bench/copilot-runtime.ts [--runs 5] [--no-install]
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRunnerToolCache } from '../../src/action/runtime-cache.js';
import { resolveCopilotRuntime, runtimePackageName } from '../../src/repair/copilot/copilot-runtime.js';
import { createCopilotProvider } from '../../src/repair/providers/copilot.js';
import { MemoryHost } from '../../test/repair/chat/memory-host.js';
import { openaiText, startOpenAIServer } from '../../test/helpers/openai-server.js';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 5;
const BARE_PATH = ['/usr/local/bin', '/usr/bin', '/bin'].join(path.delimiter);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const rows: string[][] = [];

// 1. Cold start: propose() to the first model request.
const server = await startOpenAIServer();
const startMs: number[] = [];
const totalMs: number[] = [];
for (let i = 0; i < runs; i++) {
  server.reply(openaiText('nothing to change'), openaiText('still nothing'), openaiText('no'));
  const before = server.requests.length;
  const provider = createCopilotProvider({
    baseUrl: server.apiBase,
    model: 'scripted-model',
    env: { PATH: process.env.PATH },
    limits: { maxCorrections: 0 },
  });
  await provider.prepare!({ log: () => {}, warn: () => {} });
  const t0 = performance.now();
  let first = 0;
  const poll = setInterval(() => {
    if (!first && server.requests.length > before) first = performance.now();
  }, 1);
  await provider.propose(
    {
      attempt: 1,
      maxAttempts: 1,
      failures: [],
      prompt: { system: 'You are self-heal.', user: 'Fix it.', estimatedTokens: 10 },
      history: [],
      budget: { inputTokens: 100_000, outputTokens: 4_000, deadline: Date.now() + 60_000 },
    },
    new MemoryHost({}),
  );
  clearInterval(poll);
  startMs.push(first - t0);
  totalMs.push(performance.now() - t0);
}
await server.close();
rows.push([
  'cold start: propose() to the first model request',
  `${median(startMs).toFixed(0)} ms`,
  `median of ${runs}`,
]);
rows.push([
  'one attempt end to end (one model call, runtime stopped)',
  `${median(totalMs).toFixed(0)} ms`,
  `median of ${runs}`,
]);

// 2. On-demand install into an empty tool cache.
if (!args.includes('--no-install')) {
  for (const [label, emptyNpmCache] of [
    ['install, npm cache of this machine', false],
    ['install, empty npm cache (download from the registry)', true],
  ] as const) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'self-heal-bench-runtime-'));
    try {
      process.env.RUNNER_TOOL_CACHE = path.join(dir, 'tool-cache');
      process.env.RUNNER_TEMP = path.join(dir, 'temp');
      mkdirSync(process.env.RUNNER_TEMP, { recursive: true });
      // The step's environment as npm would get it (proxies and certificates included), no copilot on PATH.
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PATH: BARE_PATH,
        RUNNER_TOOL_CACHE: process.env.RUNNER_TOOL_CACHE,
        RUNNER_TEMP: process.env.RUNNER_TEMP,
        ...(emptyNpmCache ? { npm_config_cache: path.join(dir, 'npm-cache') } : {}),
      };
      const t0 = performance.now();
      const resolved = await resolveCopilotRuntime({
        env,
        cache: createRunnerToolCache(env),
        packageRoots: [],
        log: () => {},
      });
      rows.push([
        label,
        `${((performance.now() - t0) / 1000).toFixed(1)} s`,
        `${resolved.source}, ${runtimePackageName()}`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

console.log('| measure | value | note |');
console.log('| --- | --- | --- |');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log('\nReproduce: node --import tsx scripts/bench/copilot-runtime.ts [--runs 5] [--no-install]');
