import { describe, expect, it } from 'vitest';
import type { Attempt } from '../../src/contracts/heal-report.js';
import { renderCiRounds } from '../../src/ci-verify/rounds-summary.js';

function attempt(n: number, ci?: Attempt['ci']): Attempt {
  return {
    n,
    diff: '',
    files: [],
    verdict: 'broke-passing',
    feedback: '',
    tokens: { input: 0, output: 0 },
    durationMs: 1,
    ...(ci ? { ci } : {}),
  };
}

describe('renderCiRounds', () => {
  it('nothing when no attempt went to CI', () => {
    expect(renderCiRounds({ attempts: [attempt(1)] })).toBeUndefined();
  });

  it('one row per round: run link, conclusion, failed shards and what broke, escaped', () => {
    const md = renderCiRounds({
      verify: { mode: 'ci', reason: 'verify auto → ci: 2 shards' },
      attempts: [
        attempt(1, {
          sha: 'a'.repeat(40),
          branch: 'self-heal/feature',
          runId: 77,
          url: 'https://github.com/octo/shop/actions/runs/77',
          conclusion: 'failure',
          shards: [
            { name: 'test (1)', conclusion: 'success' },
            { name: 'test (2) | @admin', conclusion: 'failure' },
          ],
          broke: ['suite > multiplies | <img src=x>'],
          waitMs: 65_000,
        }),
        attempt(2, {
          sha: 'b'.repeat(40),
          branch: 'self-heal/feature',
          runId: 78,
          url: 'javascript:alert(1)',
          conclusion: 'cancelled',
          shards: [],
          broke: [],
          unverified: 'CI run 78 ended cancelled',
          waitMs: 1_000,
        }),
      ],
    })!;
    expect(md).toContain('### CI runs (2)');
    expect(md).toContain('**Verified on:** ci — verify auto → ci\\: 2 shards');
    expect(md).toContain('| 1 | [run 77](https://github.com/octo/shop/actions/runs/77) | failure | 1/2 green; ');
    expect(md).toContain('test \\(2\\) \\| @\u200badmin\\: failure');
    expect(md).toContain('multiplies \\| &lt;img src=x&gt;');
    // A URL that is not plain http(s) is not linked.
    expect(md).toContain('| 2 | run 78 | cancelled | — | no verdict\\: CI run 78 ended cancelled |');
    expect(md).not.toContain('javascript:');
    // Every row has the table's six cells: no cell text breaks the table.
    for (const row of md.split('\n').filter((l) => l.startsWith('| ') && /^\| \d/.test(l)))
      expect(row.split(/(?<!\\)\|/).length).toBe(8);
  });
});
