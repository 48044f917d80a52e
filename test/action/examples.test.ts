/**
 * The example workflows are documentation users copy: every `with:` key given to self-heal must be
 * a real input, the triggers and permissions must be the ones the README promises.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INPUT_NAMES } from '../../src/action/inputs.js';

const DIR = path.join(import.meta.dirname, '..', '..', '.github', 'examples');

/** The `with:` keys of the step that uses OWNER/self-heal (indentation-based; the files keep to it). */
function selfHealInputs(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /uses: OWNER\/self-heal@/.test(l));
  expect(start).toBeGreaterThan(0);
  const stepIndent = lines[start]!.indexOf('uses:') - 2;
  const keys: string[] = [];
  let inWith = false;
  for (const line of lines.slice(start + 1)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const indent = line.search(/\S/);
    if (indent <= stepIndent) break;
    if (/^\s*with:\s*$/.test(line)) {
      inWith = true;
      continue;
    }
    const key = /^\s*([\w-]+):/.exec(line);
    if (inWith && key && indent === stepIndent + 4) keys.push(key[1]!);
    else if (indent === stepIndent + 2) inWith = false;
  }
  return keys;
}

describe('example workflows', () => {
  it('same job: runs on failure with the permissions it needs', () => {
    const text = readFileSync(path.join(DIR, 'self-heal-same-job.yml'), 'utf8');
    expect(text).toMatch(/^\s+if: failure\(\)$/m);
    for (const p of ['contents: write', 'pull-requests: write', 'copilot-requests: write']) expect(text).toContain(p);
    expect(text).not.toMatch(/^\s*models: read/m);
    const keys = selfHealInputs(text);
    expect(keys).toEqual(['test-command', 'junit']);
    for (const k of keys) expect(INPUT_NAMES).toContain(k);
  });

  it('workflow_run: triggered by completed CI runs that failed, with actions: read', () => {
    const text = readFileSync(path.join(DIR, 'self-heal-workflow-run.yml'), 'utf8');
    expect(text).toMatch(/workflow_run:\n\s+workflows: \[ci\]\n\s+types: \[completed\]/);
    expect(text).toContain("if: github.event.workflow_run.conclusion == 'failure'");
    expect(text).toContain('ref: ${{ github.event.workflow_run.head_sha }}');
    for (const p of ['actions: read', 'contents: write', 'pull-requests: write', 'copilot-requests: write'])
      expect(text).toContain(p);
    expect(text).not.toMatch(/^\s*models: read/m);
    for (const k of selfHealInputs(text)) expect(INPUT_NAMES).toContain(k);
  });

  it('verify ci: a sharded suite verified on CI, with actions: write and no self-heal on its own candidates', () => {
    const text = readFileSync(path.join(DIR, 'self-heal-ci-verify.yml'), 'utf8');
    expect(text).toMatch(/workflow_run:\n\s+workflows: \[ci\]\n\s+types: \[completed\]/);
    expect(text).toContain("branches-ignore: ['self-heal/**']");
    expect(text).toContain("if: github.event.workflow_run.conclusion == 'failure'");
    expect(text).toContain('ref: ${{ github.event.workflow_run.head_sha }}');
    for (const p of ['actions: write', 'contents: write', 'pull-requests: write']) expect(text).toContain(p);
    // The CI it documents uploads one report artifact per shard, even when the tests fail.
    expect(text).toMatch(/shard: \[1, 2, 3, 4, 5, 6, 7, 8\]/);
    expect(text).toMatch(/upload-artifact@v4\n#\s+if: always\(\)/);
    const keys = selfHealInputs(text);
    expect(keys).toEqual(expect.arrayContaining(['verify', 'ci-workflow', 'max-seconds']));
    for (const k of keys) expect(INPUT_NAMES).toContain(k);
    // The job may run longer than the heal's budget.
    const budget = Number(/max-seconds: (\d+)/.exec(text)![1]);
    const timeout = Number(/timeout-minutes: (\d+)/.exec(text)![1]);
    expect(timeout * 60).toBeGreaterThan(budget);
  });
});
