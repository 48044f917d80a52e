import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { collectRunReports } from '../../src/delivery/run-artifacts.js';
import { createGitHubApi } from '../../src/delivery/github-api.js';
import { startGitHubServer, type GitHubServer } from '../helpers/github-server.js';

function zipOf(files: Record<string, string>): Buffer {
  const script = Object.entries(files)
    .map(
      ([n, c]) =>
        `zf.writestr(zipfile.ZipInfo(${JSON.stringify(n)}), ${JSON.stringify(c)}, compress_type=zipfile.ZIP_DEFLATED)`,
    )
    .join('\n');
  return execFileSync('python3', [
    '-c',
    `import io, sys, zipfile\nbuf = io.BytesIO()\nzf = zipfile.ZipFile(buf, 'w')\n${script}\nzf.close()\nsys.stdout.buffer.write(buf.getvalue())`,
  ]);
}

let server: GitHubServer;
let dir: string;
beforeEach(async () => {
  server = await startGitHubServer();
  dir = mkdtempSync(path.join(tmpdir(), 'run-artifacts-'));
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

it('merges the reports of every shard into one folder, skipping what is unusable with a reason', async () => {
  server.state.artifacts[900] = [
    { id: 1, name: 'reports (ubuntu, 3.11)', zip: zipOf({ 'junit.xml': '<testsuite name="a"/>' }) },
    {
      id: 2,
      name: 'reports (ubuntu, 3.12)',
      zip: zipOf({ 'junit.xml': '<testsuite name="b"/>', 'logs/out.log': 'log', 'conftest.py': 'import os' }),
    },
    { id: 3, name: 'old', zip: zipOf({ 'x.xml': '' }), expired: true },
    { id: 4, name: 'huge', zip: zipOf({ 'x.xml': '' }), sizeInBytes: 10 ** 10 },
    { id: 5, name: 'evil', zip: zipOf({ 'ok.xml': '<ok/>', '../../../escape.xml': 'x' }) },
    { id: 6, name: '../dots', zip: zipOf({ 'junit.xml': '<testsuite name="c"/>' }) },
  ];
  const api = createGitHubApi('ghs_test_token', { owner: 'octo', repo: 'shop' }, { baseUrl: server.url });
  const log: string[] = [];
  const result = await collectRunReports(api, 900, path.join(dir, 'reports'), (m) => log.push(m));

  expect(result.artifacts).toEqual([
    { name: 'reports (ubuntu, 3.11)', folder: 'reports__ubuntu__3.11_', files: ['junit.xml'] },
    // Only the reports are written: anything else would sit in the work tree for the test runner.
    { name: 'reports (ubuntu, 3.12)', folder: 'reports__ubuntu__3.12_', files: ['junit.xml'] },
    { name: '../dots', folder: '__dots', files: ['junit.xml'] },
  ]);
  expect(readFileSync(path.join(dir, 'reports', 'reports__ubuntu__3.12_', 'junit.xml'), 'utf8')).toBe(
    '<testsuite name="b"/>',
  );
  expect(existsSync(path.join(dir, 'reports', 'reports__ubuntu__3.12_', 'conftest.py'))).toBe(false);
  expect(existsSync(path.join(dir, 'reports', 'reports__ubuntu__3.12_', 'logs'))).toBe(false);
  expect(result.skipped.map((s) => s.name)).toEqual(['old', 'huge', 'evil']);
  expect(result.skipped[2]!.reason).toMatch(/escapes the destination/);
  expect(existsSync(path.join(dir, 'escape.xml'))).toBe(false);
  expect(existsSync(path.join(dir, 'reports', 'evil'))).toBe(false);
  // The expired and oversized ones were never downloaded.
  expect(server.blobRequests.map((r) => r.path).sort()).toEqual(['/blob/1', '/blob/2', '/blob/5', '/blob/6']);
  expect(log[0]).toBe('run 900 has 6 artifacts');
});
