/**
 * Bench: what the checks after every candidate run cost (issue 24, points 4 and 5): the verdict's
 * files compared with their state before the run (`loop/verdict-files.ts`) and the reports
 * fingerprinted (`loop/report-trust.ts`), on real projects' suites run through
 * `createTestRuns(...).full()` wired as heal() wires them. Two test-run sets on one clone, one with
 * the checks and one without, run interleaved (alternating which goes first); besides their wall
 * and CPU times, each check is timed on its own inside the run with it, which a loaded machine's
 * noise does not drown.
 *
 * Projects come from the real-projects benchmark's mirrors (`/work/.mirror/<owner>+<name>/repo`):
 * boltons and sqlparse (pytest), mux and pflag (go, gotestsum), at the fix commits pinned there.
 *
 *   node --import tsx scripts/bench/verdict-check.ts [--project boltons,mux] [--runs 5]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import picomatch from 'picomatch';
import { collectEvidence } from '../../src/frames/collect-evidence.js';
import { fingerprintReports } from '../../src/loop/report-trust.js';
import { createTestRuns, reportPatternsFromRoot, type TestRuns } from '../../src/loop/test-runs.js';
import { watchVerdictFiles, type VerdictFilesWatch } from '../../src/loop/verdict-files.js';
import { checkIgnore } from '../../src/workspace/git.js';
import {
  changedPaths,
  snapshotFiles,
  releaseSnapshot,
  restoreGitMetadata,
  restoreSnapshot,
  takeSnapshot,
} from '../../src/workspace/tree-state.js';

interface Project {
  id: string;
  mirror: string;
  pin: string;
  command: string;
  env?: Record<string, string>;
}

const PROJECTS: Project[] = [
  {
    id: 'boltons',
    mirror: 'mahmoud+boltons',
    pin: '766b5547392fe8d54c1e000098499dc556bb5cb7',
    command: 'python3 -m pytest --junitxml=reports/junit.xml',
  },
  {
    id: 'sqlparse',
    mirror: 'andialbrecht+sqlparse',
    pin: 'f66d12c245412f28c58f045b646eb53c0e691b8b',
    command: "python3 -m pytest --junitxml=reports/junit.xml -k 'not under_1s'",
  },
  {
    id: 'mux',
    mirror: 'gorilla+mux',
    pin: '976b536446a77de8de2d5559c78f612970fb5e37',
    command: 'gotestsum --junitfile reports/junit.xml -- -count=1 ./...',
    env: { GOPROXY: 'off', GOTOOLCHAIN: 'local' },
  },
  {
    id: 'pflag',
    mirror: 'spf13+pflag',
    pin: '298bcdf4e200c0d9b3818f03c7adaa10192874e4',
    command: 'gotestsum --junitfile reports/junit.xml -- -count=1 ./...',
    env: { GOPROXY: 'off', GOTOOLCHAIN: 'local' },
  },
];
const JUNIT = ['reports/*.xml'];
let counter = 0;
const MIRRORS = process.env.SELF_HEAL_BENCH_MIRRORS ?? '/work/.mirror';

const { values: args } = parseArgs({
  options: { project: { type: 'string' }, runs: { type: 'string', default: '5' } },
});
const runs = Number(args.runs);
const chosen = args.project ? PROJECTS.filter((p) => args.project!.split(',').includes(p.id)) : PROJECTS;
const reproduce = `node --import tsx scripts/bench/verdict-check.ts --project ${chosen.map((p) => p.id).join(',')} --runs ${runs}`;

interface Sample {
  ms: number;
  cpu: number;
  /** The checks' own time inside the run (ms): the verdict files before and after, the fingerprints. */
  filesMs?: number;
  printMs?: number;
  cases: number;
}

const rows: string[] = [];
for (const project of chosen) {
  const repo = path.join(MIRRORS, project.mirror, 'repo');
  if (!existsSync(repo)) {
    rows.push(`| ${project.id} | skipped: no mirror at ${repo} | | | | | | |`);
    continue;
  }
  rows.push(await benchProject(project, repo));
}
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`The checks after every candidate run, ${runs} runs per mode, interleaved; load average ${load}\n`);
console.log(
  '| project | tests | run without (median) | run with (median) | wall overhead | CPU overhead | verdict files check (median) | report fingerprints (median) | checks / run |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
console.log(`\nreproduce: ${reproduce}`);

async function benchProject(project: Project, repo: string): Promise<string> {
  const base = mkdtempSync(path.join(tmpdir(), `bench-verdict-check-${project.id}-`));
  const root = path.join(base, project.id);
  const env: NodeJS.ProcessEnv = { ...process.env, ...project.env };
  try {
    execFileSync('git', ['clone', '-q', '--no-checkout', repo, root], { stdio: 'pipe' });
    execFileSync('git', ['-c', 'advice.detachedHead=false', 'checkout', '-q', project.pin], {
      cwd: root,
      stdio: 'pipe',
    });
    execFileSync('sh', ['-c', 'printf "reports/\\n__pycache__/\\n.pytest_cache/\\n" >> .git/info/exclude'], {
      cwd: root,
    });
    const gitDir = path.join(root, '.git');
    const isOutput = picomatch(reportPatternsFromRoot(root, root, JUNIT), { dot: true });
    const snapshot = takeSnapshot({ root, gitDir, env, isOutput });
    const timing = { filesMs: 0 };
    const watch = timedWatch(
      watchVerdictFiles({
        root,
        files: () => snapshotFiles(snapshot),
        ignored: (paths) => checkIgnore({ cwd: root, env }, paths),
      }),
      timing,
    );
    const make = (verdictFiles?: VerdictFilesWatch) =>
      createTestRuns({
        testCommand: project.command,
        junit: JUNIT,
        root,
        cwd: root,
        outputDir: path.join(gitDir, 'self-heal', 'runs'),
        timeoutMs: 900_000,
        env,
        git: { cwd: root, env },
        guardGitDir: () => restoreGitMetadata(snapshot),
        changedPaths: () => changedPaths(snapshot),
        ...(verdictFiles ? { verdictFiles } : {}),
        collect: (input) => collectEvidence({ ...input, testCwd: root }),
      });
    const withChecks = make(watch);
    const without = make();
    // The first run fills caches (bytecode, go's build cache) and is the baseline the checks learn from.
    await withChecks.full('warm');
    withChecks.judgeCandidates();
    const a: Sample[] = [];
    const b: Sample[] = [];
    for (let i = 0; i < runs; i++) {
      const order: Array<[TestRuns, Sample[], boolean]> = [
        [withChecks, a, true],
        [without, b, false],
      ];
      if (i % 2 === 1) order.reverse();
      for (const [testRuns, into, checked] of order) {
        timing.filesMs = 0;
        into.push(await sample(testRuns, checked, timing, root));
        restoreSnapshot(snapshot);
      }
    }
    releaseSnapshot(snapshot);
    return row(project, a, b);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

function timedWatch(watch: VerdictFilesWatch, timing: { filesMs: number }): VerdictFilesWatch {
  return {
    before() {
      const t = performance.now();
      watch.before();
      timing.filesMs += performance.now() - t;
    },
    async after() {
      const t = performance.now();
      const out = await watch.after();
      timing.filesMs += performance.now() - t;
      return out;
    },
  };
}

async function sample(
  testRuns: TestRuns,
  checked: boolean,
  timing: { filesMs: number },
  root: string,
): Promise<Sample> {
  const cpu = cpuMs();
  const started = performance.now();
  const run = await testRuns.full(`bench-${++counter}`);
  const ms = performance.now() - started;
  const spent = cpuMs() - cpu;
  if (!checked) return { ms, cpu: spent, cases: run.cases.length };
  // The run fingerprinted its reports already; timed again here on the same files, the same work.
  const t = performance.now();
  fingerprintReports(run.evidence.run.reports, run.evidence.run.cases, root);
  return { ms, cpu: spent, filesMs: timing.filesMs, printMs: performance.now() - t, cases: run.cases.length };
}

function row(project: Project, a: Sample[], b: Sample[]): string {
  const med = (xs: number[]) => {
    const s = [...xs].sort((x, y) => x - y);
    const m = Math.floor(s.length / 2);
    return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  };
  const pct = (x: number, y: number) => `${(((x - y) / y) * 100).toFixed(1)}%`;
  const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const [wa, wb, ca, cb] = [
    med(a.map((s) => s.ms)),
    med(b.map((s) => s.ms)),
    med(a.map((s) => s.cpu)),
    med(b.map((s) => s.cpu)),
  ];
  const files = med(a.map((s) => s.filesMs ?? 0));
  const prints = med(a.map((s) => s.printMs ?? 0));
  return `| ${project.id} | ${a[0]?.cases ?? 0} | ${sec(wb)} | ${sec(wa)} | ${pct(wa, wb)} | ${pct(ca, cb)} | ${files.toFixed(1)} ms | ${prints.toFixed(1)} ms | ${(((files + prints) / wb) * 100).toFixed(2)}% |`;
}

/** CPU time (ms) of this process and its waited-for children (/proc/self/stat, 100 Hz ticks). */
function cpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.slice(11, 15).reduce((n, f) => n + Number(f), 0) * 10;
}
