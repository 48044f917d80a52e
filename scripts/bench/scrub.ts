/**
 * The secret scrubber's throughput on a large log: every log and report fixture of the repository,
 * repeated to 16 MiB, with the secrets of a CI job (a workflow token, a runtime token, an OIDC request
 * token, a model key, a database URL, a few more) and two of them leaked in it (raw and hex).
 *
 *   npm run bench -- scrub                      # this tree's scrubber
 *   npm run bench -- scrub --against <file>     # side by side with another secrets.ts, interleaved
 *
 * (For main's: `git archive main | tar -x -C /tmp/main-tree`, then `--against
 * /tmp/main-tree/src/text/secrets.ts`.) Prints the median of 9 runs of each, and the ratio.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createScrubber, REDACTED } from '../../src/text/secrets.js';

const FIXTURES = path.join(import.meta.dirname, '..', '..', 'test', 'fixtures');
const SIZE = 16 * 1024 * 1024;
const RUNS = 9;

function texts(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return texts(p);
    return /\.(log|xml|txt|out)$/.test(name) ? [readFileSync(p, 'utf8')] : [];
  });
}

const SECRETS = [
  `ghs_${'Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9St0Uv1Wx2'}`,
  'eyJhbGciOiJSUzI1NiJ9.eyJydW5uZXIiOiJydW5uZXIifQ.c2lnbmF0dXJlLXZhbHVlLWhlcmU',
  'oidc-request-token-0123456789abcdef',
  `sk-proj-${'Zy9Xw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe'}`,
  'postgres://app:s3cr3t-db-pass@db.internal:5432/app',
  'npm-secret-value-9876543210',
  'my-deploy-password-1234',
  'ANOTHERVALUE_for_the_cache_123456',
];

const base = texts(FIXTURES).join('\n');
let log = base.repeat(Math.ceil(SIZE / base.length)).slice(0, SIZE);
log = `${log.slice(0, 1000)}${SECRETS[0]}${log.slice(1000, SIZE / 2)}${Buffer.from(SECRETS[3]!).toString('hex')}${log.slice(SIZE / 2)}`;

const against = process.argv.indexOf('--against');
const variants: Array<[string, (text: string) => string]> = [['this tree', createScrubber(SECRETS)]];
if (against > 0) {
  const other = (await import(path.resolve(process.argv[against + 1]!))) as typeof import('../../src/text/secrets.js');
  variants.unshift([
    path.basename(path.dirname(path.dirname(path.dirname(process.argv[against + 1]!)))),
    other.createScrubber(SECRETS),
  ]);
}

const times = variants.map(() => [] as number[]);
const leftRaw: boolean[] = variants.map(() => false);
const leftHex: boolean[] = variants.map(() => false);
for (let run = 0; run < RUNS; run++) {
  variants.forEach(([, scrub], i) => {
    const started = performance.now();
    const out = scrub(log);
    times[i]!.push(performance.now() - started);
    leftRaw[i] = out.includes(SECRETS[0]!);
    leftHex[i] = out.includes(Buffer.from(SECRETS[3]!).toString('hex').slice(0, 20));
    if (!out.includes(REDACTED)) throw new Error('nothing was redacted');
  });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`| scrubber | median ms (${RUNS} runs, 16 MiB, ${SECRETS.length} secrets) | MiB/s | raw left | hex left |`);
console.log('|---|---|---|---|---|');
variants.forEach(([name], i) => {
  const ms = median(times[i]!);
  console.log(
    `| ${name} | ${ms.toFixed(0)} | ${(16 / (ms / 1000)).toFixed(1)} | ${leftRaw[i] ? 'yes' : 'no'} | ${leftHex[i] ? 'yes' : 'no'} |`,
  );
});
if (variants.length === 2)
  console.log(`\nratio (this tree / other): ${(median(times[1]!) / median(times[0]!)).toFixed(2)}`);
