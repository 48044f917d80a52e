/**
 * The built-in repair engine as a provider: no model, no key, no network. It localises the fault
 * from the failure frames, generates template repairs on the syntax tree of the suspicious lines,
 * and validates them with targeted reruns through the loop's host; the answer is the first
 * candidate that makes every failing test pass (the loop then runs the full suite).
 *
 * One instance keeps its search state across the attempts of a run, so a candidate the full suite
 * rejected is not proposed again and the next attempt resumes the ranked list where it stopped.
 */
import { createCalleeResolver } from '../../frames/callee-definitions.js';
import { openRepoView, type RepoView } from '../../frames/repo-view.js';
import type { FailureFrame } from '../../contracts/failure-frame.js';
import type { HealOptions } from '../../contracts/heal-options.js';
import { languageForFile } from '../../syntax/tree-sitter.js';
import type { RepairAnswer, RepairHost, RepairProvider, RepairRequest } from '../provider.js';
import { seedCandidates } from './candidates.js';
import { readChangedLines } from './changed-lines.js';
import { readFailureHints } from './failure-hints.js';
import { localiseFaults, type SuspiciousLine } from './localise.js';
import { familyForFile } from './syntax-tree.js';
import { DEFAULT_LIMITS, describeCandidate, SearchState, searchRepairs, type SearchLimits } from './search.js';
import { SourceStore } from './source-store.js';
import { createSpecialCaseScreen } from './special-case-screen.js';
import type { RepairTemplate } from './template.js';
import { TEMPLATES } from './templates/index.js';
import { formatDuration, plural } from '../../text/format.js';

export interface BuiltinEngineOptions {
  limits?: Partial<SearchLimits>;
  /** How long the engine searches in all, across attempts, and the candidates a slow suite still gets (see `SEARCH_MS`). */
  searchMs?: number;
  minSearchTries?: number;
  templates?: readonly RepairTemplate[];
  /** Clock (tests); defaults to `Date.now`. */
  now?: () => number;
}

/** Lines of the localisation shown in the report. */
const REPORTED_LINES = 10;

/**
 * How long the engine searches in all, across the attempts of a run: past it, a bug is out of its
 * reach more likely than not (its fixes come within a minute when it has them), and the run ends
 * then instead of at the heal's budget. A slow suite still gets `MIN_SEARCH_TRIES` candidates.
 */
export const SEARCH_MS = 90_000;
export const MIN_SEARCH_TRIES = 20;

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function topLines(lines: readonly SuspiciousLine[]): Array<{ file: string; line: number; score: number; why: string }> {
  return lines.slice(0, REPORTED_LINES).map((l) => ({ file: l.file, line: l.line, score: round(l.score), why: l.why }));
}

interface EngineState {
  limits: SearchLimits;
  templates: readonly RepairTemplate[];
  now: () => number;
  state: SearchState;
  screen: ReturnType<typeof createSpecialCaseScreen> | undefined;
  /** The tracked files and their text, read once per run: the loop restores the tree between attempts. */
  repo?: Promise<RepoView>;
  /** The lines the commit under test changed: the same for every attempt of the run. */
  changedLines?: ReturnType<typeof readChangedLines>;
  searchMs: number;
  minSearchTries: number;
  /** Time spent searching so far, across attempts. */
  searched: number;
}

export function createBuiltinProvider(options: HealOptions, engine: BuiltinEngineOptions = {}): RepairProvider {
  const run: EngineState = {
    limits: { ...DEFAULT_LIMITS, ...engine.limits },
    templates: engine.templates ?? TEMPLATES,
    now: engine.now ?? Date.now,
    state: new SearchState(),
    screen: options.allowSpecialCases ? undefined : createSpecialCaseScreen(),
    searchMs: engine.searchMs ?? SEARCH_MS,
    minSearchTries: engine.minSearchTries ?? MIN_SEARCH_TRIES,
    searched: 0,
  };
  return { name: 'builtin', propose: (request, host) => proposeRepair(run, request, host) };
}

/** The suspicious lines: the run's spectrum ranking (only lines a failing test ran), else the frames'. */
async function suspiciousLines(
  run: EngineState,
  request: RepairRequest,
  host: RepairHost,
  store: SourceStore,
  callees: ReturnType<typeof createCalleeResolver>,
): Promise<SuspiciousLine[]> {
  if (request.ranking?.source === 'spectrum')
    return request.ranking.lines.filter((l) => familyForFile(l.file) !== undefined);
  const view = await run.repo!;
  run.changedLines ??= readChangedLines(host.root, request.commitDiff);
  const changed = await run.changedLines;
  return localiseFaults({ failures: request.failures, store, changed, files: [...view.files], callees });
}

async function proposeRepair(run: EngineState, request: RepairRequest, host: RepairHost): Promise<RepairAnswer> {
  const { limits, now } = run;
  const started = now();
  const store = new SourceStore(host.root);
  run.repo ??= openRepoView(host.root);
  const view = await run.repo;
  // Per attempt: its syntax trees live in WebAssembly memory, freed with the attempt's.
  const callees = createCalleeResolver(view);
  try {
    const lines = await suspiciousLines(run, request, host, store, callees);
    const unsupported = lines.length === 0 ? unsupportedLanguages(request.failures) : undefined;
    if (unsupported) return unsupportedAnswer(unsupported);
    const hints = readFailureHints(request.failures);
    const seeds = await seedCandidates(lines, store, run.templates, hints);
    if (lines[0])
      host.log(
        `builtin: ${plural(lines.length, 'suspicious line')}${request.ranking?.source === 'spectrum' ? ' (from the recorded run)' : ''}, top ${lines[0].file}:${lines[0].line}; ${plural(seeds.length, 'candidate')}`,
      );
    else host.log('builtin: no suspicious line in Python or JavaScript/TypeScript code of the repository');
    const searchEnd = () => started + searchTimeLeft(run);
    const report = await searchRepairs({
      seeds,
      store,
      host,
      state: run.state,
      limits,
      deadline: () => Math.min(request.budget.deadline, searchEnd()),
      now,
      screen: run.screen?.(request.failures),
    });
    // The engine's own limit stopped it, not the heal's deadline.
    const gaveUp = report.stoppedBy === 'deadline' && searchEnd() <= request.budget.deadline;
    run.searched += now() - started;
    const detail: Record<string, unknown> = {
      engine: 'builtin',
      templates: report.templates,
      candidates: seeds.length,
      validated: report.validated,
      rejected: report.rejected,
      invalid: report.invalid,
      duplicates: report.duplicates,
      specialCased: report.specialCased,
      brokeNeighbours: report.brokeNeighbours,
      combinations: report.combinations,
      stoppedBy: report.stoppedBy,
      timeMs: now() - started,
      // Everything but the targeted test runs: localisation, candidate generation, edit checks.
      overheadMs: Math.max(0, now() - started - report.testMs),
      hints: Object.fromEntries([...hints].map(([k, v]) => [k, round(v)])),
      localisation: topLines(lines),
    };
    if (report.best) detail.best = report.best;
    if (report.lastRejection) detail.lastRejection = report.lastRejection;
    return answerFor(report, detail, limits, gaveUp ? run.searched : undefined);
  } finally {
    callees.dispose();
    await store.dispose();
  }
}

/** Languages of the failures' code the engine has no templates for, by their names. */
const UNSUPPORTED: Partial<Record<string, string>> = { go: 'Go', java: 'Java', rust: 'Rust' };

/**
 * The languages the failures are in, when every one of them is a language the engine does not
 * repair (its templates are for Python and JavaScript/TypeScript); undefined when any may be its.
 */
function unsupportedLanguages(failures: readonly FailureFrame[]): string[] | undefined {
  const names = new Set<string>();
  for (const f of failures) {
    const file = f.triggering?.file ?? f.test?.file;
    const language = f.language !== 'unknown' ? f.language : file ? languageForFile(file) : undefined;
    const name = language ? UNSUPPORTED[language] : undefined;
    if (!name) return undefined;
    names.add(name);
  }
  return names.size > 0 ? [...names].sort() : undefined;
}

/** Nothing to search: the final reason says why, once, instead of that no template applies. */
function unsupportedAnswer(languages: string[]): RepairAnswer {
  const which = languages.join(' and ');
  return {
    edits: [],
    usage: { input: 0, output: 0 },
    notes: `builtin: ${which} ${languages.length === 1 ? 'is' : 'are'} not supported by the built-in engine, which repairs Python and JavaScript/TypeScript`,
    detail: { engine: 'builtin', unsupported: languages },
    exhausted: true,
  };
}

function answerFor(
  report: Awaited<ReturnType<typeof searchRepairs>>,
  detail: Record<string, unknown>,
  limits: SearchLimits,
  /** Set when the engine's own search time ran out: how long it searched. */
  gaveUpAfter?: number,
): RepairAnswer {
  if (report.found) {
    const seed = report.found.seeds[0]!;
    detail.fix = {
      template: seed.template,
      file: seed.file,
      line: seed.line,
      description: describeCandidate(report.found),
    };
    return {
      edits: report.found.edits,
      usage: { input: 0, output: 0 },
      notes: `builtin: ${describeCandidate(report.found)} makes every failing test pass in a targeted rerun`,
      detail,
    };
  }
  const why =
    gaveUpAfter !== undefined
      ? `it gave up after searching for ${formatDuration(gaveUpAfter)}, its limit`
      : report.stoppedBy === 'deadline'
        ? 'the time budget ran out'
        : report.stoppedBy === 'candidate-cap'
          ? `the cap of ${limits.maxCandidatesPerAttempt} candidates per attempt was reached`
          : 'no template applies to the suspicious lines any more';
  const best = report.best ? `; best: ${report.best.description} (${report.best.passed}/${report.best.total})` : '';
  const skipped = [
    report.specialCased ? `${report.specialCased} that did were skipped for special-casing the tests` : '',
    report.brokeNeighbours ? `${report.brokeNeighbours} that did broke other tests of the same files` : '',
  ]
    .filter(Boolean)
    .map((s) => `; ${s}`)
    .join('');
  return {
    edits: [],
    usage: { input: 0, output: 0 },
    notes: `builtin: no candidate made every failing test pass (${report.validated} validated; ${why})${skipped}${best}`,
    detail,
    // Nothing left to try: every seed was looked at, or the engine's own search time is spent.
    exhausted: gaveUpAfter !== undefined || report.stoppedBy === 'exhausted',
  };
}

/** The engine's search time left: `searchMs` in all, or enough for `MIN_SEARCH_TRIES` slow candidates. */
function searchTimeLeft(run: EngineState): number {
  // Until one candidate has run, the pace is unknown: the first always gets its run.
  if (run.state.tries === 0) return Infinity;
  const allowed = Math.max(run.searchMs, run.minSearchTries * run.state.meanTryMs);
  return Math.max(0, allowed - run.searched);
}
