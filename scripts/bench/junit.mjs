// Benchmark of the streaming JUnit parser (src/reports/junit/) on a large generated report.
//
//   node scripts/bench/junit.mjs [--cases 400000] [--runs 3] [--shards 4] [--keep-file] [--skip-all]
//   npm run bench -- junit
//
// Generates a pytest-style report (≥ 400,000 cases, ≥ 64 MB, 1% failing with multi-line
// tracebacks, some captured output) in a temp dir, and the same cases split into --shards files
// (whole suites each, as a sharded CI run writes them), then measures, each in its own child
// process so peak RSS (process.resourceUsage().maxRSS) belongs to that measurement alone:
//   (a) the bare saxes tokenizer over the file (default options, as the parser uses), counting
//       open tags and nothing else;
//   (b) parseJUnitFile(file, { keepCases: 'non-passing' }): every case read, failures kept with
//       their text, passes counted. This is the target row. (`self-heal parse` currently goes
//       through src/reports/collect.ts, which asks for keepCases 'all', row (c).)
//   (c) parseJUnitFile(file, { keepCases: 'all' }), for reference: keeps every case in memory, so
//       its memory grows with the report by design (--skip-all leaves it out);
//   (d) parseJUnitReports(the shards, { keepCases: 'non-passing' }): with several reports the same
//       test may run in more than one (reruns, overlapping shards), so passing ids are hashed and
//       logged (8 bytes each): the cost of merging runs across reports (--shards 0 leaves it out).
// The parser is bundled to plain JavaScript first (esbuild, which tsx brings along), as the shipped
// ncc bundle is, so the children run on plain node without a TypeScript loader in their time or
// their RSS; without esbuild they fall back to `node --import tsx`.
// Times are CPU time (user + system) of the measuring child, best of --runs runs: on a shared
// machine wall time mostly measures the neighbours (it is printed too). RSS is the largest seen.
// Targets: (b)/(a) ≥ 80%, (b) peak RSS < 200 MB.
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { once } from 'node:events';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const CHUNK_BYTES = 64 * 1024; // the parser's own read size (parse-junit.ts)

const args = process.argv.slice(2);
if (args[0] === '--child') await child(args[1], args[2], args[3] || undefined);
else await main();

function option(name, fallback) {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
}

async function main() {
  const cases = Number(option('--cases', '400000'));
  const runs = Number(option('--runs', '3'));
  const dir = mkdtempSync(path.join(tmpdir(), 'self-heal-bench-junit-'));
  const file = path.join(dir, 'junit.xml');
  try {
    const parser = await bundleParser(dir);
    const shards = Number(option('--shards', '4'));
    const shardDir = path.join(dir, 'shards');
    mkdirSync(shardDir);
    const shardFiles = Array.from({ length: shards }, (_, i) => path.join(shardDir, `junit-${i + 1}.xml`));
    const generated = await generate(file, cases, shardFiles);
    const bytes = statSync(file).size;
    const mb = bytes / (1024 * 1024);
    console.log(`generated ${generated.cases} cases (${generated.failing} failing) in ${mb.toFixed(1)} MB: ${file}`);
    const rows = [
      ['(a) saxes tokenizer only, counting open tags', 'saxes', file],
      ["(b) parseJUnitFile, keepCases: 'non-passing'", 'non-passing', file],
      ["(c) parseJUnitFile, keepCases: 'all' (reference)", 'all', file],
      [`(d) parseJUnitReports, the same cases in ${shards} shards, 'non-passing'`, 'shards', shardDir],
    ]
      // --skip-all leaves out (c), whose memory grows with the report by design (every case is kept).
      .filter(([, mode]) => !(args.includes('--skip-all') && mode === 'all') && !(shards === 0 && mode === 'shards'))
      .map(([label, mode, input]) => ({ label, mode, ...measure(mode, input, runs, parser) }));
    const a = rows[0];
    const b = rows[1];
    for (const row of rows.slice(1)) {
      if (row.cases !== generated.cases || row.failed !== generated.failing) {
        throw new Error(`${row.label}: parser counted ${row.cases} cases / ${row.failed} failed, generator wrote ${generated.cases} / ${generated.failing}`);
      }
    }
    console.log('');
    console.log(`| measurement | CPU time | throughput | vs (a) | wall time | peak RSS |`);
    console.log(`| --- | ---: | ---: | ---: | ---: | ---: |`);
    for (const row of rows) {
      const ratio = `${((a.cpuMs / row.cpuMs) * 100).toFixed(0)}%`;
      console.log(
        `| ${row.label} | ${(row.cpuMs / 1000).toFixed(2)} s | ${(mb / (row.cpuMs / 1000)).toFixed(1)} MB/s | ${ratio} | ` +
          `${(row.ms / 1000).toFixed(2)} s | ${(row.rssKb / 1024).toFixed(0)} MB |`,
      );
    }
    console.log('');
    const ratio = a.cpuMs / b.cpuMs;
    console.log(
      `report: ${generated.cases} cases, ${generated.failing} failing, ${mb.toFixed(1)} MB; node ${process.version}; best of ${runs} runs; ` +
        `(b)/(a) = ${(ratio * 100).toFixed(0)}% (target ≥ 80%): ${ratio >= 0.8 ? 'met' : 'NOT met'}; ` +
        `(b) peak RSS ${(b.rssKb / 1024).toFixed(0)} MB (target < 200 MB): ${b.rssKb < 200 * 1024 ? 'met' : 'NOT met'}`,
    );
    const extra = args.includes('--skip-all') ? ' --skip-all' : '';
    console.log(`reproduce: node scripts/bench/junit.mjs --cases ${cases} --runs ${runs} --shards ${shards}${extra}   (or: npm run bench -- junit)`);
  } finally {
    if (args.includes('--keep-file')) console.log(`kept ${file}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

/** The parser as one plain JavaScript module, or undefined when esbuild is not installed. */
async function bundleParser(dir) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    console.log('esbuild not found: the children load the TypeScript sources through tsx');
    return undefined;
  }
  const outfile = path.join(dir, 'parse-junit.mjs');
  await esbuild.build({
    entryPoints: [path.join(repo, 'src/reports/junit/parse-junit.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'error',
  });
  return outfile;
}

/** Runs one measurement `runs` times, each in a fresh child process. */
function measure(mode, file, runs, parser) {
  let best;
  for (let i = 0; i < runs; i++) {
    const loader = parser ? [] : ['--import', 'tsx'];
    const result = spawnSync(process.execPath, [...loader, fileURLToPath(import.meta.url), '--child', mode, file, parser ?? ''], {
      cwd: repo,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    if (result.status !== 0) throw new Error(`child ${mode} failed (${result.status}): ${result.stderr}`);
    const line = result.stdout.trim().split('\n').pop();
    const run = JSON.parse(line);
    best =
      best === undefined
        ? run
        : { ...run, ms: Math.min(best.ms, run.ms), cpuMs: Math.min(best.cpuMs, run.cpuMs), rssKb: Math.max(best.rssKb, run.rssKb) };
  }
  return best;
}

async function child(mode, file, bundle) {
  if (mode === 'saxes') {
    const { SaxesParser } = await import('saxes');
    const start = performance.now();
    const cpu = process.cpuUsage();
    const parser = new SaxesParser();
    let tags = 0;
    parser.on('opentag', () => {
      tags++;
    });
    parser.on('error', (error) => {
      throw error;
    });
    // Read as parse-junit.ts reads: one reused buffer, decoded chunk by chunk.
    const decoder = new TextDecoder('utf-8');
    const handle = await open(file, 'r');
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      parser.write(decoder.decode(buffer.subarray(0, bytesRead), { stream: true }));
    }
    await handle.close();
    parser.write(decoder.decode());
    parser.close();
    const ms = performance.now() - start;
    console.log(JSON.stringify({ ms, cpuMs: cpuMs(cpu), rssKb: process.resourceUsage().maxRSS, tags }));
    return;
  }
  const { parseJUnitFile, parseJUnitReports } = await import(pathToFileURL(bundle ?? path.join(repo, 'src/reports/junit/parse-junit.ts')).href);
  const start = performance.now();
  const cpu = process.cpuUsage();
  // For 'shards', `file` is the folder of shard reports.
  const result =
    mode === 'shards' ? await parseJUnitReports(['*.xml'], file, { keepCases: 'non-passing' }) : await parseJUnitFile(file, { keepCases: mode });
  const ms = performance.now() - start;
  if (result.errors.length > 0) throw new Error(JSON.stringify(result.errors.slice(0, 3)));
  console.log(
    JSON.stringify({
      ms,
      cpuMs: cpuMs(cpu),
      rssKb: process.resourceUsage().maxRSS,
      cases: result.summary.total,
      failed: result.summary.failed,
      kept: result.cases.length,
    }),
  );
}

function cpuMs(since) {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/**
 * A pytest-like report: suites of 500 cases, modules of 25 cases in two classes (as pytest lists
 * them), every 100th case failing with a 40-line traceback, every 50th case with captured output.
 * Deterministic (no randomness), streamed to disk; the same suites also go, in order, into the
 * shard files (each gets a whole share of the suites, under its own root).
 */
async function generate(file, cases, shardFiles) {
  const outputs = [file, ...shardFiles].map((name) => ({ out: createWriteStream(name), buffer: '' }));
  const flush = async (output) => {
    if (!output.out.write(output.buffer)) await once(output.out, 'drain');
    output.buffer = '';
  };
  const head = `<?xml version="1.0" encoding="utf-8"?>\n<testsuites name="pytest tests">\n`;
  for (const output of outputs) output.buffer += head;
  let failing = 0;
  const perSuite = 500;
  const suites = Math.ceil(cases / perSuite);
  for (let s = 0; s < suites; s++) {
    let suite = `<testsuite name="pytest" errors="0" failures="0" skipped="0" tests="${perSuite}" time="12.5" timestamp="2026-11-20T10:00:00" hostname="runner-${s}">\n`;
    for (let i = s * perSuite; i < Math.min(cases, (s + 1) * perSuite); i++) {
      const moduleIndex = Math.floor(i / 25);
      const module = `tests/unit/package_${moduleIndex % 37}/test_module_${moduleIndex}`;
      const classname = `${module.replace(/\//g, '.')}.TestBehaviour${Math.floor((i % 25) / 13)}`;
      const name = `test_case_number_${i}_does_something[param-${i % 7}]`;
      const attrs = `classname="${classname}" name="${name}" file="${module}.py" line="${(i % 900) + 10}" time="0.00${i % 10}"`;
      if (i % 100 === 99) {
        failing++;
        suite += `<testcase ${attrs}><failure message="AssertionError: assert ${i} == ${i + 1}&#10; +  where ${i} = compute(&apos;x&apos;)">${traceback(i, module)}</failure>`;
        suite += `<system-out>--------------------------------- Captured Out ---------------------------------\nrunning case ${i}\n</system-out></testcase>\n`;
      } else if (i % 50 === 0) {
        suite += `<testcase ${attrs}><system-out>log line for ${i}\nanother line &amp; more\n</system-out></testcase>\n`;
      } else {
        suite += `<testcase ${attrs} />\n`;
      }
    }
    suite += `</testsuite>\n`;
    const shard = outputs[1 + Math.floor((s * shardFiles.length) / suites)];
    for (const output of shard ? [outputs[0], shard] : [outputs[0]]) {
      output.buffer += suite;
      if (output.buffer.length > 256 * 1024) await flush(output);
    }
  }
  for (const output of outputs) {
    output.buffer += `</testsuites>\n`;
    await flush(output);
    output.out.end();
    await once(output.out, 'finish');
  }
  return { cases, failing };
}

function traceback(i, module) {
  const lines = [`def test_case_number_${i}(fixture):`, `    value = compute("x")`];
  for (let f = 0; f < 18; f++) {
    lines.push(`${module}.py:${100 + f}: in helper_${f}`, `    return helper_${f + 1}(value &lt; ${f} and "text" or None)`);
  }
  lines.push(`&gt;       assert ${i} == ${i + 1}`, `E       assert ${i} == ${i + 1}`, `E        +  where ${i} = compute('x')`, '', `${module}.py:42: AssertionError`);
  return lines.join('\n');
}
