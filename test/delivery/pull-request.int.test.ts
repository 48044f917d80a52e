import { describe, expect, it } from 'vitest';
import { FailureFrame } from '../../src/contracts/failure-frame.js';
import { HealReport } from '../../src/contracts/heal-report.js';
import {
  PULL_REQUEST_BODY_LIMIT,
  pullRequestMarker,
  pullRequestTitle,
  renderPullRequestBody,
} from '../../src/delivery/pull-request.js';
import { scanFences } from '../render/markdown-structure.js';
import { healedReport } from './healed-repo.js';

const CONTEXT = {
  base: 'main',
  repoUrl: 'https://github.com/octo/shop',
  parent: '0123456789abcdef0123456789abcdef01234567',
  runUrl: 'https://github.com/octo/shop/actions/runs/42',
  changed: [{ status: 'M', path: 'calc.py' }],
};

describe('renderPullRequestBody', () => {
  it('starts with the marker and carries the evidence', () => {
    const body = renderPullRequestBody(healedReport(), CONTEXT);
    expect(body.startsWith(`${pullRequestMarker('main')}\n`)).toBe(true);
    expect(body).toContain('- **Fail-to-pass:** 1/1 previously failing tests now pass');
    expect(body).toContain('- **Pass-to-pass:** 0/0 previously passing tests still pass');
    expect(body).toContain(
      "- **No test file was changed:** checked on this pull request's diff, which touches only `calc.py`",
    );
    expect(body).toContain(
      '| test\\_add | [calc\\.py\\:2](https://github.com/octo/shop/blob/0123456789abcdef0123456789abcdef01234567/calc.py#L2) | `AssertionError` | assert \\-1 == 5 |',
    );
  });

  it('verify ci: the evidence links the CI run that verified the change', () => {
    const report = healedReport();
    report.attempts[0]!.ci = {
      sha: 'feedface'.repeat(5),
      branch: 'self-heal/main',
      runId: 77,
      url: 'https://github.com/octo/shop/actions/runs/77',
      conclusion: 'success',
      shards: [
        { name: 'test (1)', conclusion: 'success' },
        { name: 'test (2)', conclusion: 'success' },
      ],
      broke: [],
      waitMs: 1000,
    };
    expect(renderPullRequestBody(report, CONTEXT)).toContain(
      '- **Verified on CI:** [run 77](https://github.com/octo/shop/actions/runs/77), success, 2/2 jobs green, on `feedfacefeed` (this change, on the same commit)',
    );
    report.attempts[0]!.ci.url = 'javascript:alert(1)';
    const body = renderPullRequestBody(report, CONTEXT);
    expect(body).toContain('- **Verified on CI:** run 77, success');
    expect(body).not.toContain('javascript:');
    expect(renderPullRequestBody(healedReport(), CONTEXT)).not.toContain('Verified on CI');
  });

  it('asks for a review of a built-in engine fix in particular, and only of that', () => {
    const report = healedReport();
    expect(renderPullRequestBody(report, CONTEXT)).not.toContain('built-in engine');
    report.provider = { name: 'builtin' };
    expect(renderPullRequestBody(report, CONTEXT)).toContain(
      '**Review it:** the built-in engine found this edit by trying small changes until the tests passed',
    );
  });

  it('a branch name cannot close the marker comment early', () => {
    expect(pullRequestMarker('x-->y')).toBe('<!-- self-heal:pull-request base=x--%3Ey -->');
  });

  it('escapes hostile test names (no mentions, no HTML)', () => {
    const report = healedReport();
    report.failures[0]!.name = '@octocat <img src=x onerror=alert(1)> -->';
    const body = renderPullRequestBody(report, CONTEXT);
    const { live } = scanFences(body);
    expect(live).not.toContain('@octocat');
    expect(live).not.toContain('<img');
    expect(body.match(/-->/g)).toHaveLength(1); // only the marker's own end
  });

  it('fits 65,536 characters with thousands of failures, fences intact', () => {
    const failures = Array.from({ length: 5_000 }, (_, i) =>
      FailureFrame.parse({
        id: `t::test_${i}`,
        suite: 's',
        name: `test_${i}_${'n'.repeat(150)}`,
        kind: 'failure',
        exceptionType: 'AssertionError',
        message: 'm'.repeat(500),
        triggering: { file: `src/f${i}.py`, line: 3 },
        test: null,
        stack: [],
        droppedFrames: 0,
        locals: null,
        evidence: ['junit'],
      }),
    );
    const report = HealReport.parse({ ...healedReport(), failures, reproduce: 'x'.repeat(5_000) });
    const body = renderPullRequestBody(report, CONTEXT);
    expect(body.length).toBeLessThanOrEqual(PULL_REQUEST_BODY_LIMIT);
    expect(body).toContain('**Fail-to-pass:**');
    expect(scanFences(body).unclosed).toBe(false);
    expect(pullRequestTitle(report, 'main')).toBe('self-heal: fix 5000 failing tests on main');
  });

  it('a test named after an issue does not put a closing reference in the title', () => {
    const report = healedReport();
    report.failures = [{ ...report.failures[0]!, name: '#42 rounds totals' }];
    expect(pullRequestTitle(report, 'main')).toBe('self-heal: fix #\u200b42 rounds totals on main');
  });
});
