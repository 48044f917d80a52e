import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleProjectDir, prepareExampleRepo } from '../../src/demo/prepare-example.js';

const ORIGINALS = path.resolve(import.meta.dirname, '../../src/demo/example');
const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    return statSync(full).isDirectory() ? listFiles(full, rel) : [rel];
  });
}

describe('the example project', () => {
  it('is read from src/demo/example/ when run from the sources', () => {
    expect(exampleProjectDir()).toBe(ORIGINALS);
  });

  it('is written into the demo repository as it is in src/demo/example/, and committed', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'self-heal-example-'));
    scratch.push(dir);
    await prepareExampleRepo(dir, process.env);
    const files = listFiles(ORIGINALS).sort();
    expect(files).toContain('.gitignore');
    expect(
      listFiles(dir)
        .filter((f) => !f.startsWith('.git/'))
        .sort(),
    ).toEqual(files);
    for (const file of files)
      expect(readFileSync(path.join(dir, file), 'utf8'), file).toBe(readFileSync(path.join(ORIGINALS, file), 'utf8'));
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
    expect(git('status', '--porcelain')).toBe('');
    expect(git('ls-files').trim().split('\n').sort()).toEqual(files);
  });
});
