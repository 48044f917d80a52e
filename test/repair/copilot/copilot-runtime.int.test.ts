/**
 * Where the Copilot runtime comes from, for real: copilot-path, PATH, the SDK's platform package, and
 * an on-demand install of the pinned package with npm into a tool cache (the runner's
 * @actions/tool-cache, in temporary folders), after which the installed runtime starts.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunnerToolCache } from '../../../src/action/runtime-cache.js';
import {
  COPILOT_RUNTIME_VERSION,
  resolveCopilotRuntime,
  runtimePackageName,
  runtimePlatform,
} from '../../../src/repair/copilot/copilot-runtime.js';
import { ProviderError } from '../../../src/repair/provider.js';
import { createCopilotProvider } from '../../../src/repair/providers/copilot.js';
import { startOpenAIServer } from '../../helpers/openai-server.js';

const NETWORK_VARIABLES = [
  'NODE_EXTRA_CA_CERTS',
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'https_proxy',
  'http_proxy',
  'no_proxy',
];

const ROOT = path.join(import.meta.dirname, '..', '..', '..');
const PACKAGED = path.join(
  ROOT,
  'node_modules',
  ...runtimePackageName().split('/'),
  'prebuilds',
  runtimePlatform(),
  'copilot-runtime',
);
/** A PATH with node and npm but no copilot. */
const BARE_PATH = ['/usr/local/bin', '/usr/bin', '/bin'].join(path.delimiter);

let dir: string;
const saved = { RUNNER_TOOL_CACHE: process.env.RUNNER_TOOL_CACHE, RUNNER_TEMP: process.env.RUNNER_TEMP };
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'self-heal-runtime-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('resolveCopilotRuntime', () => {
  it('copilot-path first; one that is not executable is a config error naming copilot-path', async () => {
    const found = await resolveCopilotRuntime({ copilotPath: PACKAGED, env: { PATH: BARE_PATH }, log: () => {} });
    expect(found).toEqual({ path: PACKAGED, source: 'copilot-path' });
    const text = path.join(dir, 'not-a-program');
    writeFileSync(text, 'hello');
    const error = await failure(resolveCopilotRuntime({ copilotPath: text, env: { PATH: BARE_PATH }, log: () => {} }));
    expect(error.kind).toBe('config');
    expect(`${error.message}. ${error.hint}`).toMatch(
      /copilot-path '.*not-a-program' is not an executable file.*Set copilot-path/,
    );
  });

  it('then a copilot on PATH, then the SDK platform package beside the code', async () => {
    const bin = path.join(dir, 'bin');
    mkdirSync(bin);
    symlinkSync(PACKAGED, path.join(bin, 'copilot'));
    const onPath = await resolveCopilotRuntime({ env: { PATH: `${bin}${path.delimiter}${BARE_PATH}` }, log: () => {} });
    expect(onPath).toEqual({ path: path.join(bin, 'copilot'), source: 'PATH' });
    const packaged = await resolveCopilotRuntime({ env: { PATH: BARE_PATH }, packageRoots: [ROOT], log: () => {} });
    expect(packaged).toEqual({ path: PACKAGED, source: 'package' });
  });

  it('nothing found and no tool cache: one sentence saying how to install it or set copilot-path', async () => {
    const error = await failure(resolveCopilotRuntime({ env: { PATH: BARE_PATH }, packageRoots: [], log: () => {} }));
    expect(`${error.message}. ${error.hint}`).toMatch(
      /No Copilot runtime was found.*npm install -g @github\/copilot.*copilot-path/,
    );
  });

  it('installs the pinned package with npm into the tool cache once, reuses it, and the runtime starts', async () => {
    process.env.RUNNER_TOOL_CACHE = path.join(dir, 'tool-cache');
    process.env.RUNNER_TEMP = path.join(dir, 'temp');
    mkdirSync(process.env.RUNNER_TEMP, { recursive: true });
    const env = {
      PATH: BARE_PATH,
      RUNNER_TOOL_CACHE: process.env.RUNNER_TOOL_CACHE,
      RUNNER_TEMP: process.env.RUNNER_TEMP,
      // The machine's way to the registry (a proxy's CA, the proxy itself), as a runner's step has it.
      ...Object.fromEntries(
        NETWORK_VARIABLES.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
      ),
    };
    const cache = createRunnerToolCache(env)!;
    const logs: string[] = [];
    const installed = await resolveCopilotRuntime({ env, cache, packageRoots: [], log: (m) => logs.push(m) });
    expect(installed.source).toBe('installed');
    expect(installed.path).toBe(
      path.join(
        process.env.RUNNER_TOOL_CACHE,
        'self-heal-copilot-runtime',
        COPILOT_RUNTIME_VERSION,
        runtimePlatform(),
        'prebuilds',
        runtimePlatform(),
        'copilot-runtime',
      ),
    );
    expect(installed.installMs).toBeGreaterThan(0);
    expect(logs[0]).toMatch(new RegExp(`installing the runtime @github/copilot-sdk-.*@${COPILOT_RUNTIME_VERSION}`));
    const again = await resolveCopilotRuntime({ env, cache, packageRoots: [], log: () => {} });
    expect(again).toEqual({ path: installed.path, source: 'tool-cache' });

    // The cached runtime runs: the provider starts it and it answers.
    const server = await startOpenAIServer();
    try {
      const provider = createCopilotProvider({
        baseUrl: server.apiBase,
        model: 'scripted-model',
        copilotPath: installed.path,
        env: { PATH: BARE_PATH },
      });
      const lines: string[] = [];
      await provider.prepare!({ log: (m) => lines.push(m), warn: (m) => lines.push(m) });
      expect(lines.join('\n')).toMatch(/runtime from copilot-path .*ready in/s);
    } finally {
      await server.close();
    }
  }, 300_000);

  it('an npm that fails is one sentence naming the install step and copilot-path', async () => {
    const fakeNpm = path.join(dir, 'failing-npm');
    writeFileSync(fakeNpm, '#!/bin/sh\necho "npm error code E404 — not found" >&2\nexit 1\n');
    chmodSync(fakeNpm, 0o755);
    const cacheRoot = path.join(dir, 'empty-cache');
    const cache = {
      find: () => undefined,
      save: async () => cacheRoot,
      tempDir: dir,
    };
    const error = await failure(
      resolveCopilotRuntime({ env: { PATH: BARE_PATH }, cache, packageRoots: [], npmCommand: fakeNpm, log: () => {} }),
    );
    expect(error.kind).toBe('config');
    expect(`${error.message}. ${error.hint}`).toMatch(
      /could not be installed \(npm exited 1: .*E404.*\).*npm install -g @github\/copilot.*copilot-path/,
    );
    expect(existsSync(cacheRoot)).toBe(false);
  });
});
