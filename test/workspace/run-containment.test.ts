import { describe, expect, it } from 'vitest';
import { MAX_LISTED, parseManifest, watchedDirectories } from '../../src/workspace/run-containment.js';
import { describeWrittenOutside, mergeWrittenOutside } from '../../src/loop/written-outside.js';
import { renderWrittenOutside } from '../../src/render/job-summary.js';

describe('parseManifest', () => {
  it('maps each entry to its overlay, says whiteouts are deletions, ignores unknown layers', () => {
    const text = ['0 f .config/x', '1 c old.txt', '1 d empty-dir', '7 f nowhere', 'garbage', 'end', ''].join('\0');
    expect(parseManifest(text, ['/home/u', '/tmp'])).toEqual({
      mode: 'sandbox',
      paths: ['/home/u/.config/x', '/tmp/empty-dir', '/tmp/old.txt (deleted)'],
      total: 3,
      truncated: false,
    });
  });

  it('keeps names with spaces and newlines whole (NUL-separated), and bounds the list', () => {
    const names = Array.from({ length: MAX_LISTED + 5 }, (_, i) => `0 f dir/n ${String(i).padStart(3, '0')}\nx`);
    const w = parseManifest([...names, 'end', ''].join('\0'), ['/tmp']);
    expect(w.total).toBe(MAX_LISTED + 5);
    expect(w.paths).toHaveLength(MAX_LISTED);
    expect(w.paths[0]).toBe('/tmp/dir/n 000\nx');
  });

  it('a manifest without its end (a run killed before or during the listing) is said to be incomplete', () => {
    expect(parseManifest('', ['/tmp'])).toMatchObject({ paths: [], total: 0, truncated: true });
    expect(parseManifest('0 f a\0', ['/tmp'])).toMatchObject({ paths: ['/tmp/a'], truncated: true });
    expect(parseManifest('0 f a\0end\0', ['/tmp'])).toMatchObject({ paths: ['/tmp/a'], truncated: false });
  });
});

describe('watchedDirectories', () => {
  it('drops directories inside another one or inside the work tree, and the root directory', () => {
    const dirs = watchedDirectories({ HOME: '/', TMPDIR: '/tmp', RUNNER_TOOL_CACHE: 'relative/path' }, '/nonexistent');
    expect(dirs).toContain('/tmp');
    expect(dirs).not.toContain('/');
    expect(dirs.some((d) => !d.startsWith('/'))).toBe(false);
    expect(watchedDirectories({ TMPDIR: '/tmp' }, '/')).toEqual([]);
  });
});

describe('written outside, over an attempt and in the summary', () => {
  const a = { mode: 'sandbox' as const, paths: ['/tmp/a', '/tmp/b'], total: 2, truncated: false };
  const b = { mode: 'scan' as const, paths: ['/tmp/b', '/tmp/c'], total: 2, truncated: false };

  it('merges runs: union of paths, contained only if every run was', () => {
    expect(mergeWrittenOutside(undefined, a)).toBe(a);
    expect(mergeWrittenOutside(a, b)).toEqual({
      mode: 'scan',
      paths: ['/tmp/a', '/tmp/b', '/tmp/c'],
      total: 3,
      truncated: false,
    });
    expect(mergeWrittenOutside(a, a).mode).toBe('sandbox');
  });

  it('logs one bounded line that says whether the writes were contained', () => {
    expect(
      describeWrittenOutside({ ...a, paths: ['/tmp/a\n::error::x', '/tmp/b', '/tmp/c', '/tmp/d'], total: 9 }),
    ).toBe(
      'its test runs wrote 9 paths outside the work tree (contained, discarded): /tmp/a ::error::x, /tmp/b, /tmp/c, and 6 more',
    );
    expect(describeWrittenOutside(b)).toMatch(
      /^2 paths changed outside the work tree while its test runs ran \(not contained/,
    );
  });

  it('renders paths as code, so Markdown and HTML in a name stay text', () => {
    const md = renderWrittenOutside({
      mode: 'sandbox',
      paths: ['/tmp/</details><img src=x>', '/tmp/`tick`', '/tmp/line\nbreak'],
      total: 14,
      truncated: true,
    });
    expect(md).toContain('Its test runs wrote at least 14 paths outside the work tree, in layers that were discarded:');
    expect(md).toContain('- `/tmp/</details><img src=x>`');
    expect(md).toContain('- `` /tmp/`tick` ``');
    expect(md).toContain('- `/tmp/line break`');
    expect(md).toContain('- and at least 11 more');
    expect(renderWrittenOutside(b)).toContain('not contained: nothing was undone');
    const killed = { mode: 'sandbox' as const, paths: [], total: 0, truncated: true };
    expect(renderWrittenOutside(killed)).toContain('is not known: a run was killed before it was listed');
    expect(describeWrittenOutside(killed)).toContain('is not known');
  });
});
