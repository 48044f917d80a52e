import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_PROJECT } from '../../src/demo/example-project.js';

const ORIGINALS = path.resolve(import.meta.dirname, '../../src/demo/example');

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    return statSync(full).isDirectory() ? listFiles(full, rel) : [rel];
  });
}

describe('the bundled example project', () => {
  it('is identical to the readable originals in src/demo/example/', () => {
    const files = listFiles(ORIGINALS).sort();
    expect(Object.keys(EXAMPLE_PROJECT).sort()).toEqual(files);
    for (const file of files) {
      // If this fails after editing an original, copy its text into src/demo/example-project.ts.
      expect(EXAMPLE_PROJECT[file], file).toBe(readFileSync(path.join(ORIGINALS, file), 'utf8'));
    }
  });
});
