/**
 * The Node versions an integration test can run a project's tests on: the Node running the tests
 * (the repository's Node 24), every `node` on PATH (the system's, Node 20 on the development
 * machines), and the binaries named in `SELF_HEAL_TEST_NODES` (colon-separated; e.g. a Node 22
 * from `npm i --prefix /tmp/node22 node@22`). One binary per major version, lowest first.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface NodeBinary {
  major: number;
  version: string;
  bin: string;
}

function versionOf(bin: string): string | undefined {
  try {
    return execFileSync(bin, ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim();
  } catch {
    return undefined;
  }
}

export function nodeBinaries(): NodeBinary[] {
  const onPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => path.join(dir, 'node'))
    .filter((bin) => existsSync(bin));
  const named = (process.env.SELF_HEAL_TEST_NODES ?? '').split(':').filter(Boolean);
  const byMajor = new Map<number, NodeBinary>();
  for (const bin of [process.execPath, ...onPath, ...named]) {
    const version = versionOf(bin);
    const major = Number(/^v(\d+)\./.exec(version ?? '')?.[1]);
    if (!version || !Number.isInteger(major) || byMajor.has(major)) continue;
    byMajor.set(major, { major, version, bin });
  }
  return [...byMajor.values()].sort((a, b) => a.major - b.major);
}
