/**
 * `npm ci` refuses a lock file that lacks an optional dependency some package declares, even one
 * for another platform. npm install leaves out the ones a registry cannot serve (this machine's
 * registry has only the linux-x64 builds of @github/copilot-sdk's runtime), so the lock it writes
 * fails CI. Each such entry must be in the lock, with the os/cpu that let npm ci skip it elsewhere.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  version?: string;
  integrity?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** Where npm would look for `name` from the package at `where` (its own node_modules, then up). */
function findEntry(where: string, name: string): LockEntry | undefined {
  let dir = where;
  for (;;) {
    const entry = lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`];
    if (entry) return entry;
    if (!dir) return undefined;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up === -1 ? '' : dir.slice(0, up);
  }
}

describe('package-lock.json', () => {
  it('holds every optional dependency a locked package declares, so npm ci accepts it', () => {
    const missing: string[] = [];
    let declared = 0;
    for (const [where, entry] of Object.entries(lock.packages)) {
      for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
        declared++;
        const found = findEntry(where, name);
        if (!found) missing.push(`${name}@${range} (wanted by ${where || 'the root'})`);
        // A locked build (with its integrity) installs anywhere: pure-JS optional packages such as
        // @pkgjs/parseargs have no os/cpu. A placeholder for a build this registry lacks needs them.
        else if (found.optional && !found.os && !found.cpu && !found.integrity)
          missing.push(`${name}: an optional placeholder that says no os/cpu`);
      }
    }
    expect(declared).toBeGreaterThan(8);
    expect(missing).toEqual([]);
  });
});
