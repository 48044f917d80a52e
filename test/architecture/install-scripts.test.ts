/**
 * A newcomer's first `npm ci` prints nothing to read. Which dependencies run install scripts (npm
 * 11.16+ reads `allowScripts` in package.json; npm 12 blocks whatever it does not allow): every
 * package of the lock that has one is decided here, with why, and package.json says exactly these
 * decisions, so a new dependency with an install script fails this test instead of warning there.
 * And no locked package asks for a newer Node.js than package.json's `engines` (npm's EBADENGINE).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '..', '..');
const read = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, unknown>;

/** Each package with an install script: whether it runs, and why. */
export const INSTALL_SCRIPTS: Record<string, { run: boolean; why: string }> = {
  node: { run: true, why: 'installs the Node 24 binary the tests run on (node_modules/.bin/node)' },
  esbuild: { run: true, why: "checks and links its platform binary for vite's and tsx's transforms" },
  '@parcel/watcher': {
    run: false,
    why: "jest-haste-map's watch mode, never used; its prebuilt binary is a dependency",
  },
  koffi: {
    run: false,
    why: "only checks that the prebuilt binary (@koromix/koffi-<platform>) loads; the Copilot SDK's FFI mode is not used",
  },
  'tree-sitter-go': {
    run: false,
    why: 'only its .wasm grammar is used (scripts/build.mjs); the native addon never loads',
  },
  'tree-sitter-java': { run: false, why: 'only its .wasm grammar is used' },
  'tree-sitter-javascript': { run: false, why: 'only its .wasm grammar is used' },
  'tree-sitter-python': { run: false, why: 'only its .wasm grammar is used' },
  'tree-sitter-rust': { run: false, why: 'only its .wasm grammar is used' },
  'tree-sitter-typescript': { run: false, why: 'only its .wasm grammars are used' },
};

describe('install scripts', () => {
  const lock = read('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
  const withScripts = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));

  it('every locked package with an install script is decided', () => {
    expect(withScripts.length).toBeGreaterThan(5);
    expect([...new Set(withScripts)].filter((name) => !(name in INSTALL_SCRIPTS))).toEqual([]);
  });

  // By name: the lock omits the resolved URLs npm checks a pinned `name@version` entry against.
  it("package.json's allowScripts holds exactly these decisions", () => {
    const decided = Object.fromEntries(Object.entries(INSTALL_SCRIPTS).map(([name, d]) => [name, d.run]));
    expect(read('package.json').allowScripts).toEqual(decided);
  });

  it("no locked package asks for a newer Node.js major than package.json's engines", () => {
    const engines = read('package.json').engines as { node: string };
    const floor = Number(/^>=\s*(\d+)$/.exec(engines.node)![1]);
    const lockWithEngines = lock as { packages: Record<string, { engines?: { node?: string } | string[] }> };
    const refusing = Object.entries(lockWithEngines.packages)
      .filter(([, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range !== undefined && !admitsMajor(range, floor);
      })
      .map(([where, entry]) => `${where} (${JSON.stringify(entry.engines)})`);
    expect(refusing).toEqual([]);
  });
});

/** Whether a semver range admits some version of Node.js major `major` (majors compared only). */
function admitsMajor(range: string, major: number): boolean {
  return range.split('||').some((part) => {
    const m = /^\s*(>=|>|\^|~|=)?\s*v?(\d+|\*|x)/.exec(part);
    if (!m) return true; // a form not read here: not counted as a refusal
    if (m[2] === '*' || m[2] === 'x') return true;
    const n = Number(m[2]);
    return m[1] === '>=' || m[1] === '>' ? n <= major : n === major;
  });
}
