/**
 * Prompt packing and secret scrubbing: tokens sent per attempt against the raw test output, the
 * key facts kept, and the time both take.
 *
 * Input: the JS fixture projects' real runner output (`test/fixtures/projects/<runner>/output.log`)
 * and their `expected.json` (test, file, line, exception, message of every failure), with source
 * windows read from the project files. The loop builds frames itself; this measures the packer.
 *
 * Reproduce: node --import tsx scripts/bench/prompt.ts
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildPrompt, DEFAULT_PROMPT_TOKENS, type PromptInput } from '../../src/repair/prompt.js';
import { createScrubber } from '../../src/text/secrets.js';
import { estimateTokens } from '../../src/text/token-estimate.js';
import { FailureFrame } from '../../src/contracts/failure-frame.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const projects = ['vitest', 'jest', 'mocha', 'node-test'];

interface Expected {
  name: string;
  testFile: string;
  testLine: number | null;
  file: string | null;
  line: number | null;
  exceptionType: string;
  message: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const scrub = createScrubber(['bench-secret-value-123456']);
const rows: string[][] = [];
for (const project of projects) {
  const dir = path.join(root, 'test/fixtures/projects', project);
  const expectedPath = path.join(dir, 'expected.json');
  if (!existsSync(expectedPath)) continue;
  const raw = readFileSync(path.join(dir, 'output.log'), 'utf8');
  const expected = JSON.parse(readFileSync(expectedPath, 'utf8')) as { failures: Expected[] };
  const failures = expected.failures.map((f) =>
    FailureFrame.parse({
      id: `${f.testFile}::${f.name}`,
      suite: f.testFile,
      name: f.name,
      kind: 'failure',
      exceptionType: f.exceptionType,
      message: f.message,
      triggering: f.file && f.line ? { file: f.file, line: f.line } : null,
      test: f.testLine ? { file: f.testFile, line: f.testLine } : null,
      stack: [],
      droppedFrames: 0,
      locals: null,
      language: 'javascript',
      evidence: ['junit', 'log'],
    }),
  );
  // The loop reads ±15 lines around each triggering line.
  const sources = expected.failures
    .filter((f, i, all) => f.file && f.line && all.findIndex((g) => g.file === f.file && g.line === f.line) === i)
    .flatMap((f) => {
      if (!f.file || !f.line) return [];
      const file = path.join(dir, f.file);
      if (!existsSync(file)) return [];
      const lines = readFileSync(file, 'utf8').split('\n');
      const start = Math.max(1, f.line - 15);
      return [{ file: f.file, startLine: start, text: lines.slice(start - 1, f.line + 15).join('\n') }];
    });
  const input: PromptInput = {
    attempt: 1,
    maxAttempts: 3,
    testCommand: `npx ${project}`,
    failures,
    sources,
    history: [],
  };
  const times: number[] = [];
  let prompt = buildPrompt(input, { maxInputTokens: DEFAULT_PROMPT_TOKENS, scrub });
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    prompt = buildPrompt(input, { maxInputTokens: DEFAULT_PROMPT_TOKENS, scrub });
    times.push(performance.now() - t);
  }
  const text = prompt.system + prompt.user;
  const facts = expected.failures.flatMap((f) =>
    [f.name, ...(f.file && f.line ? [`${f.file}:${f.line}`] : []), f.exceptionType, f.message].filter(Boolean),
  );
  const kept = facts.filter((fact) => text.includes(fact)).length;
  const rawTokens = estimateTokens(raw);
  rows.push([
    project,
    String(failures.length),
    String(raw.length),
    String(rawTokens),
    String(prompt.estimatedTokens),
    String(estimateTokens(prompt.user)),
    (estimateTokens(prompt.user) / rawTokens).toFixed(2),
    `${kept}/${facts.length}`,
    String(prompt.omitted.length),
    median(times).toFixed(2),
  ]);
}

const header = [
  'runner',
  'failures',
  'raw log chars',
  'raw log tokens',
  'prompt tokens (system+user)',
  'user tokens',
  'user/raw',
  'key facts kept',
  'omitted',
  'buildPrompt ms (median of 50)',
];
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);

// Scrubber throughput on a 4 MiB log with secrets sprinkled in.
const line =
  '2026-11-02T10:00:00.000Z  at Object.<anonymous> (src/cart.ts:12:5) expected 10 to be 30 ghp_' +
  'Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9St0Uv1Wx2\n';
const big = line.repeat(Math.ceil((4 * 1024 * 1024) / line.length));
const t0 = performance.now();
const out = scrub(big);
const ms = performance.now() - t0;
console.log(
  `\nscrub: ${(big.length / 1024 / 1024).toFixed(1)} MiB in ${ms.toFixed(0)} ms (${(big.length / 1024 / 1024 / (ms / 1000)).toFixed(1)} MiB/s); tokens left: ${out.includes('ghp_Ab1') ? 'SOME (bug)' : 'none'}`,
);
const t1 = performance.now();
const tokens = estimateTokens(big);
console.log(
  `estimateTokens: ${(big.length / 1024 / 1024).toFixed(1)} MiB in ${(performance.now() - t1).toFixed(0)} ms (${tokens} tokens)`,
);
console.log(`\nPrompt budget: ${DEFAULT_PROMPT_TOKENS} tokens (GitHub Models' free tier takes 8,000 a request).`);
console.log('Reproduce: node --import tsx scripts/bench/prompt.ts');
