import type { DiagnosticFrame, FailureFrame, SourceLocation } from '../contracts/failure-frame.js';
import { diagnosticPieces } from './prompt-diagnostics.js';
import type { Attempt } from '../contracts/heal-report.js';
import type { PromptParts } from './provider.js';
import type { FaultRanking } from './ranking/ranking.js';
import { codeBlock, inlineCode } from '../text/markdown.js';
import { estimateTokens, truncateToTokens } from '../text/token-estimate.js';
import { REPAIR_SYSTEM } from './prompts/repair-system.js';
import {
  CALLEE_NOTE,
  CLOSING,
  COMMIT_DIFF_HEADER,
  FAILURE_HEADER,
  HISTORY_ATTEMPT,
  HISTORY_HEADER,
  OMITTED_NOTE,
  RAISED_IN_TEST,
  RANKED_NOTE,
  RANKING_NOTE,
  SOURCE_HEADER,
  SOURCE_WINDOW,
  COPY_IN,
  COPY_NOTE,
  TASK_HEADER,
} from './prompts/repair-sections.js';

/**
 * The prompt of one attempt, packed by priority into a token budget. What matters most goes in
 * first (the rules, each failure's key facts, the code at the triggering lines); what matters less
 * is trimmed, then dropped, and the prompt says what was left out. Every untrusted text is scrubbed
 * when it comes in, and the whole prompt again on the way out.
 */

export interface PromptSource {
  /** Repo-relative path. */
  file: string;
  startLine: number;
  text: string;
  /** The window shows the definitions of these names, which a failing assertion calls. */
  callees?: string[];
  /** A function the fault ranking suspects: its place (1 first) and why. */
  rank?: number;
  why?: string;
  /** The line the window is about, kept when it must be cut. */
  focusLine?: number;
  /** A copy of a suspect's statement: that statement's line and function. */
  copyOf?: { line: number; name?: string };
}

export interface PromptInput {
  attempt: number;
  maxAttempts: number;
  testCommand: string;
  failures: FailureFrame[];
  /** What compilers, type checkers, linters and formatters reported (`prompt-diagnostics.ts`). */
  diagnostics?: DiagnosticFrame[];
  /** Source windows the loop read (around triggering frames and tests). Frame snippets fill gaps. */
  sources: PromptSource[];
  /** Diff of the commit under test, when there is one. */
  commitDiff?: string;
  history: Attempt[];
  /** Where the ranked windows (`sources` with a `rank`) came from. */
  ranking?: Pick<FaultRanking, 'source' | 'perTest'>;
}

export interface PromptOptions {
  /** Estimated tokens system + user may take together. */
  maxInputTokens: number;
  scrub: (text: string) => string;
}

export interface PackedPrompt extends PromptParts {
  /** What was trimmed or left out, in words (also stated in the prompt). */
  omitted: string[];
}

/**
 * Default prompt budget, for a provider that does not say its model's limit: fits a request of 8,000
 * input tokens, the tool schemas (~300) and the conversation's tool results and corrections taking
 * the rest.
 */
export const DEFAULT_PROMPT_TOKENS = 5_000;

/** Per-item bounds, so one huge message or local cannot starve the rest. */
const MAX_MESSAGE_TOKENS = 600;
const MAX_LOCALS = 12;
const MAX_LOCAL_VALUE_CHARS = 160;
const MAX_STACK = 8;
const MAX_FEEDBACK_TOKENS = 250;
const MAX_HISTORY_DIFF_TOKENS = 600;
/** Room kept for the omissions note. */
const OMISSION_RESERVE = 80;

/** Fill `{name}` placeholders; unknown names are left as they are. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

interface Piece {
  /** Section it renders in; sections render in a fixed order whatever the priority. */
  section: 'task' | 'failures' | 'sources' | 'diff' | 'history';
  /** Position inside the section. */
  order: number;
  /** 1 is packed first. */
  priority: number;
  /** Full text. */
  text: string;
  /** A shorter form to fall back on when the full text does not fit (the key facts only). */
  compact?: string;
  /** Cut to at most this many tokens, or undefined when no useful cut fits. */
  trim?: (maxTokens: number) => string | undefined;
  /** How the omission is described. */
  label: string;
  /** Most tokens this piece may take even when there is room for more (then it is trimmed). */
  cap?: number;
}

export function buildPrompt(input: PromptInput, options: PromptOptions): PackedPrompt {
  const scrub = options.scrub;
  const system = scrub(REPAIR_SYSTEM);
  const closing = CLOSING;
  const systemTokens = estimateTokens(system);
  const fixed = systemTokens + estimateTokens(closing) + OMISSION_RESERVE;
  if (options.maxInputTokens < fixed + 200) {
    throw new RangeError(
      `The prompt budget of ${options.maxInputTokens} tokens cannot hold the rules (${systemTokens} tokens) and one failure; it needs at least ${fixed + 200}.`,
    );
  }

  const pieces = collectPieces(input, scrub, options.maxInputTokens);
  const headers: Record<Piece['section'], string> = {
    task: '',
    failures: '',
    sources: SOURCE_HEADER,
    diff: COMMIT_DIFF_HEADER,
    history: HISTORY_HEADER,
  };

  // Pack by priority; ties keep section order.
  const chosen = new Map<Piece, string>();
  const omitted: string[] = [];
  let remaining = options.maxInputTokens - fixed;
  const usedSections = new Set<Piece['section']>();
  const byPriority = [...pieces].sort(
    (a, b) => a.priority - b.priority || sectionRank(a.section) - sectionRank(b.section) || a.order - b.order,
  );
  for (const piece of byPriority) {
    const headerCost = usedSections.has(piece.section) ? 0 : estimateTokens(headers[piece.section]);
    const budget = remaining - headerCost;
    const full = estimateTokens(piece.text);
    let text: string | undefined;
    if (full <= budget && full <= (piece.cap ?? Infinity)) text = piece.text;
    else {
      const cut = piece.trim?.(budget);
      if (cut && estimateTokens(cut) <= budget) {
        text = cut;
        omitted.push(`part of ${piece.label}`);
      } else if (piece.compact && estimateTokens(piece.compact) <= budget) {
        text = piece.compact;
        omitted.push(`details of ${piece.label}`);
      }
    }
    if (text === undefined) {
      omitted.push(piece.label);
      continue;
    }
    chosen.set(piece, text);
    usedSections.add(piece.section);
    remaining -= estimateTokens(text) + headerCost;
  }

  // Assemble; drop lowest-priority pieces until the scrubbed whole fits (estimates are not exactly additive).
  for (;;) {
    const user = scrub(assemble(pieces, chosen, headers, omitted, closing));
    const estimatedTokens = systemTokens + estimateTokens(user);
    if (estimatedTokens <= options.maxInputTokens || chosen.size <= 1) {
      return { system, user, estimatedTokens, omitted };
    }
    const victim = [...chosen.keys()].sort((a, b) => b.priority - a.priority || b.order - a.order)[0]!;
    chosen.delete(victim);
    omitted.push(victim.label);
  }
}

function sectionRank(section: Piece['section']): number {
  return ['task', 'failures', 'sources', 'diff', 'history'].indexOf(section);
}

function assemble(
  pieces: Piece[],
  chosen: Map<Piece, string>,
  headers: Record<Piece['section'], string>,
  omitted: string[],
  closing: string,
): string {
  let out = '';
  for (const section of ['task', 'failures', 'sources', 'diff', 'history'] as const) {
    const inSection = pieces.filter((p) => p.section === section && chosen.has(p)).sort((a, b) => a.order - b.order);
    if (inSection.length === 0) continue;
    out += headers[section];
    for (const piece of inSection) out += chosen.get(piece);
  }
  if (omitted.length > 0) {
    // Bounded so the note always fits the room reserved for it.
    const room = OMISSION_RESERVE - estimateTokens(fillTemplate(OMITTED_NOTE, { omitted: '' })) - 2;
    let described = describeOmissions(omitted);
    if (estimateTokens(described) > room) described = `${truncateToTokens(described, room - 2).trimEnd()} …`;
    out += fillTemplate(OMITTED_NOTE, { omitted: described });
  }
  return out + closing;
}

/** One line for the omissions: failing tests left out are counted, not listed one by one. */
function describeOmissions(omitted: string[]): string {
  const unique = [...new Set(omitted)];
  const failures = unique.filter((o) => o.startsWith('failing test '));
  // Whole parts left out first, then the trimmed ones: a missing diff matters more than a cut one.
  const partial = (o: string) => o.startsWith('part of ') || o.startsWith('details of ');
  const others = [...unique.filter((o) => !o.startsWith('failing test ') && !partial(o)), ...unique.filter(partial)];
  const parts = others.slice(0, 8);
  if (others.length > 8) parts.push(`${others.length - 8} more parts`);
  if (failures.length > 0) {
    const ids = failures.slice(0, 3).map((f) => f.replace(/^failing test \d+ \((.*)\)$/, '$1'));
    parts.push(
      `${failures.length} more failing test${failures.length === 1 ? '' : 's'} (${ids.join(', ')}${failures.length > 3 ? ', …' : ''})`,
    );
  }
  return parts.join('; ');
}

function collectPieces(input: PromptInput, scrub: (t: string) => string, maxInputTokens: number): Piece[] {
  return [
    taskPiece(input, scrub),
    ...failurePieces(input, scrub),
    ...diagnosticPieces(input.diagnostics ?? [], input.failures.length > 0, scrub),
    ...rankingPieces(input),
    ...windowPieces(input, scrub, maxInputTokens),
    ...diffPieces(input, scrub),
    ...historyPieces(input, scrub),
  ];
}

function taskPiece(input: PromptInput, scrub: (t: string) => string): Piece {
  return {
    section: 'task',
    order: 0,
    priority: 0,
    text: fillTemplate(TASK_HEADER, {
      attempt: input.attempt,
      maxAttempts: input.maxAttempts,
      testCommand: inlineCode(clipChars(scrub(input.testCommand), 300)),
    }),
    trim: (max) =>
      truncateToTokens(
        fillTemplate(TASK_HEADER, { attempt: input.attempt, maxAttempts: input.maxAttempts, testCommand: '(see CI)' }),
        max,
      ),
    label: 'the task',
  };
}

function failurePieces(input: PromptInput, scrub: (t: string) => string): Piece[] {
  return input.failures.map((frame, index) => {
    const full = renderFailure(frame, index + 1, scrub, 'full');
    const compact = renderFailure(frame, index + 1, scrub, 'compact');
    const minimal = renderFailure(frame, index + 1, scrub, 'minimal');
    return {
      section: 'failures',
      order: index,
      // The first failure in full is as important as the task. The next two come in compact form after
      // the code at the triggering lines; a long tail of failures (often one cause) after the history
      // and the commit diff.
      priority: index === 0 ? 1 : index < 3 ? 3 : 6,
      text: index === 0 ? full : compact,
      compact: index === 0 ? compact : undefined,
      trim: (max) => (estimateTokens(minimal) <= max ? minimal : undefined),
      label: `failing test ${index + 1} (${clipChars(frame.id, 80)})`,
    };
  });
}

/** The line saying the first excerpts are the ranking's suspects, when there are any. */
function rankingPieces(input: PromptInput): Piece[] {
  if (!input.sources.some((s) => s.rank !== undefined)) return [];
  const how =
    input.ranking?.source !== 'spectrum'
      ? 'from the failure frames (stacks, what the failing tests call, the changed lines)'
      : input.ranking.perTest
        ? "by which lines the failing tests ran against the passing ones (the tests' recorded execution)"
        : "by which lines the failing tests ran (the tests' recorded execution), then by the failure frames";
  return [
    {
      section: 'sources',
      order: -1,
      priority: 2,
      text: fillTemplate(RANKING_NOTE, { how }),
      label: 'the ranking note',
    },
  ];
}

/**
 * The priority of a source window: the top suspects of the ranking and the code at the first
 * triggering lines right after the first failure; then the next suspects; then around the tests and
 * anything else; the definitions of what assertions call last of all (the loop lists them last,
 * and a tie keeps that order).
 */
function windowPriority(window: Window, index: number): number {
  if (window.role === 'ranked') return window.rank! <= 2 ? 2 : window.rank! <= 4 ? 3 : 5;
  if (window.role === 'copy') return 4;
  if (window.role === 'triggering') return index < 2 ? 2 : 6;
  return window.role === 'test' ? 6 : 7;
}

function windowPieces(input: PromptInput, scrub: (t: string) => string, maxInputTokens: number): Piece[] {
  // One window may take at most this much, so a long file cannot starve the history and the diff.
  const windowCap = Math.max(300, Math.floor(maxInputTokens * 0.3));
  const windows = collectWindows(input);
  const unranked = windows.filter((w) => w.role !== 'ranked');
  return windows.map((window, index) => {
    const code = numberLines(scrub(window.text), window.startLine);
    const lineCount = window.text.split('\n').length;
    const render = (text: string, start: number, count: number) =>
      fillTemplate(SOURCE_WINDOW, {
        file: clipChars(window.file, 200),
        start,
        end: start + Math.max(0, count - 1),
        note: windowNote(window, scrub),
        code: codeBlock(text),
      });
    return {
      section: 'sources',
      order: index,
      priority: windowPriority(window, unranked.indexOf(window)),
      text: render(code, window.startLine, lineCount),
      trim: (max) => {
        const focused = focusWindow(
          scrub(window.text),
          window.startLine,
          window.focusLine,
          Math.min(max, windowCap) - 30,
        );
        return focused ? render(focused.code, focused.start, focused.count) : undefined;
      },
      cap: windowCap,
      label: `source of ${clipChars(window.file, 120)}`,
    };
  });
}

function windowNote(window: Window, scrub: (t: string) => string): string {
  const names = (window.callees ?? []).slice(0, 4).map((n) => inlineCode(clipChars(scrub(n), 60)));
  const callee = names.length > 0 ? fillTemplate(CALLEE_NOTE, { names: names.join(', ') }) : '';
  if (window.role === 'copy') {
    const of = window.copyOf!;
    const where = of.name ? fillTemplate(COPY_IN, { name: inlineCode(clipChars(scrub(of.name), 60)) }) : '';
    return callee + fillTemplate(COPY_NOTE, { line: of.line, where });
  }
  if (window.role !== 'ranked') return callee;
  return callee + fillTemplate(RANKED_NOTE, { rank: window.rank!, why: clipChars(scrub(window.why ?? ''), 200) });
}

function diffPieces(input: PromptInput, scrub: (t: string) => string): Piece[] {
  if (!input.commitDiff || !input.commitDiff.trim()) return [];
  const diff = scrub(input.commitDiff);
  return [
    {
      section: 'diff',
      order: 0,
      priority: 5,
      text: codeBlock(diff, 'diff'),
      trim: (max) => {
        const cut = truncateToTokens(diff, max - 30);
        if (estimateTokens(cut) < 60) return undefined;
        return codeBlock(`${cut}${cut.endsWith('\n') ? '' : '\n'}… (diff trimmed)\n`, 'diff');
      },
      label: 'the commit diff',
    },
  ];
}

function historyPieces(input: PromptInput, scrub: (t: string) => string): Piece[] {
  return input.history.flatMap((attempt, index) => {
    const files =
      attempt.files.length > 0
        ? ` (changed ${attempt.files
            .slice(0, 6)
            .map((f) => clipChars(f, 100))
            .join(', ')}${attempt.files.length > 6 ? ', …' : ''})`
        : '';
    const feedback = truncateToTokens(scrub(attempt.feedback || '(no details)'), MAX_FEEDBACK_TOKENS);
    const summary = fillTemplate(HISTORY_ATTEMPT, {
      n: attempt.n,
      verdict: attempt.verdict,
      files,
      feedback: feedback.trimEnd(),
    });
    const pieces: Piece[] = [
      {
        section: 'history',
        order: index * 2,
        // What was tried and why it failed is what keeps the model from repeating itself.
        priority: 4,
        text: summary,
        trim: (max) => {
          // Keep the verdict and as much of why it failed as fits; the file list goes first.
          const head = fillTemplate(HISTORY_ATTEMPT, {
            n: attempt.n,
            verdict: attempt.verdict,
            files: '',
            feedback: '',
          });
          const cut = truncateToTokens(feedback, max - estimateTokens(head) - 2).trimEnd();
          return estimateTokens(cut) < 8
            ? undefined
            : fillTemplate(HISTORY_ATTEMPT, {
                n: attempt.n,
                verdict: attempt.verdict,
                files: '',
                feedback: `${cut} …`,
              });
        },
        label: `attempt ${attempt.n}`,
      },
    ];
    if (attempt.diff.trim()) pieces.push(historyDiffPiece(attempt, index, scrub));
    return pieces;
  });
}

function historyDiffPiece(attempt: Attempt, index: number, scrub: (t: string) => string): Piece {
  const diff = truncateToTokens(scrub(attempt.diff), MAX_HISTORY_DIFF_TOKENS);
  return {
    section: 'history',
    order: index * 2 + 1,
    priority: 8,
    text: codeBlock(diff, 'diff'),
    trim: (max) => {
      const cut = truncateToTokens(diff, max - 20);
      return estimateTokens(cut) < 40 ? undefined : codeBlock(`${cut}\n… (trimmed)\n`, 'diff');
    },
    label: `the diff of attempt ${attempt.n}`,
  };
}

function renderFailure(
  frame: FailureFrame,
  index: number,
  scrub: (t: string) => string,
  detail: 'full' | 'compact' | 'minimal',
): string {
  let out = fillTemplate(FAILURE_HEADER, { index, id: clipChars(scrub(frame.id), 300) });
  const type = frame.exceptionType ? scrub(frame.exceptionType) : frame.kind;
  out += `- ${frame.kind === 'error' ? 'error' : 'failure'}: ${clipChars(type, 200)}\n`;
  if (detail === 'minimal') {
    if (frame.triggering)
      out += `- raised at: ${clipChars(scrub(frame.triggering.file), 200)}:${frame.triggering.line}\n`;
    return out;
  }
  const message = truncateToTokens(scrub(frame.message), detail === 'full' ? MAX_MESSAGE_TOKENS : 150);
  if (message.trim()) out += `- message:\n${codeBlock(message)}`;
  if (frame.triggering) out += `- raised at: ${renderLocation(frame.triggering, scrub)}\n`;
  if (
    frame.test &&
    (!frame.triggering || frame.test.file !== frame.triggering.file || frame.test.line !== frame.triggering.line)
  ) {
    out += `- test at: ${renderLocation(frame.test, scrub)}\n`;
  }
  // An assertion in the test: the excerpts show the test, not the code under test; say where to look.
  if (frame.triggering && frame.test && frame.triggering.file === frame.test.file) {
    const expression = frame.triggering.expression
      ? inlineCode(clipChars(scrub(frame.triggering.expression), 120))
      : 'see the message';
    out += fillTemplate(RAISED_IN_TEST, { expression });
  }
  if (detail === 'compact') return out;
  if (frame.stack.length > 1) {
    const stack = frame.stack
      .slice(-MAX_STACK)
      .map(
        (l) => `${clipChars(scrub(l.file), 120)}:${l.line}${l.function ? ` ${clipChars(scrub(l.function), 60)}` : ''}`,
      );
    out += `- stack (outermost first${frame.stack.length > MAX_STACK ? `, last ${MAX_STACK}` : ''}): ${stack.join(' → ')}\n`;
  }
  if (frame.locals && frame.locals.length > 0) {
    const locals = frame.locals
      .slice(0, MAX_LOCALS)
      .map(
        (l) =>
          `${clipChars(scrub(l.name), 60)} = ${clipChars(scrub(l.value), MAX_LOCAL_VALUE_CHARS).replace(/\s+/g, ' ')}`,
      );
    out += `- locals: ${locals.join('; ')}${frame.locals.length > MAX_LOCALS ? '; …' : ''}\n`;
  }
  return out;
}

function renderLocation(location: SourceLocation, scrub: (t: string) => string): string {
  let out = `${clipChars(scrub(location.file), 200)}:${location.line}`;
  if (location.function) out += ` in ${clipChars(scrub(location.function), 100)}`;
  if (location.expression) out += `: ${inlineCode(clipChars(scrub(location.expression), 200))}`;
  return out;
}

interface Window extends PromptSource {
  role: 'ranked' | 'copy' | 'triggering' | 'test' | 'other';
  /** The line the window is about, kept when the window must be cut. */
  focusLine: number;
}

/** The loop's source windows, tagged by what they show, plus frame snippets for locations they miss. */
function collectWindows(input: PromptInput): Window[] {
  const windows: Window[] = [];
  const covers = (w: PromptSource, loc: SourceLocation) =>
    w.file === loc.file && loc.line >= w.startLine && loc.line < w.startLine + w.text.split('\n').length;
  const triggering = input.failures.map((f) => f.triggering).filter((l): l is SourceLocation => !!l);
  const tests = input.failures.map((f) => f.test).filter((l): l is SourceLocation => !!l);
  const ranked = input.sources.filter((s) => s.rank !== undefined);
  const within = (w: PromptSource, r: PromptSource) =>
    w.file === r.file && w.startLine >= r.startLine && lastLine(w) <= lastLine(r);
  for (const source of input.sources) {
    if (source.rank !== undefined) {
      // The callees a window inside it was read for are named on it.
      const callees = input.sources
        .filter((w) => w.rank === undefined && within(w, source))
        .flatMap((w) => w.callees ?? []);
      windows.push({
        ...source,
        role: 'ranked',
        focusLine: source.focusLine ?? source.startLine,
        ...(callees.length > 0 ? { callees: [...new Set(callees)] } : {}),
      });
      continue;
    }
    // A window a ranked function already shows whole is not shown twice.
    if (ranked.some((r) => within(source, r))) continue;
    if (source.copyOf) {
      windows.push({ ...source, role: 'copy', focusLine: source.focusLine ?? source.startLine });
      continue;
    }
    const trig = triggering.find((l) => covers(source, l));
    const test = tests.find((l) => covers(source, l));
    windows.push({
      ...source,
      role: trig ? 'triggering' : test ? 'test' : 'other',
      focusLine: (trig ?? test)?.line ?? source.startLine,
    });
  }
  for (const [role, locations] of [
    ['triggering', triggering],
    ['test', tests],
  ] as const) {
    for (const loc of locations) {
      if (!loc.snippet || loc.snippet.lines.length === 0) continue;
      if (windows.some((w) => covers(w, loc))) continue;
      windows.push({
        file: loc.file,
        startLine: loc.snippet.startLine,
        text: loc.snippet.lines.join('\n'),
        role,
        focusLine: loc.line,
      });
    }
  }
  return windows;
}

function lastLine(w: PromptSource): number {
  return w.startLine + w.text.split('\n').length - 1;
}

function numberLines(text: string, startLine: number): string {
  const lines = text.replace(/\n$/, '').split('\n');
  const width = String(startLine + lines.length - 1).length;
  return lines.map((line, i) => `${String(startLine + i).padStart(width)} | ${line}`).join('\n');
}

/** The lines around `focusLine` that fit `maxTokens`, growing outwards from it. */
function focusWindow(
  text: string,
  startLine: number,
  focusLine: number,
  maxTokens: number,
): { code: string; start: number; count: number } | undefined {
  const lines = text.replace(/\n$/, '').split('\n');
  const focus = Math.min(Math.max(focusLine - startLine, 0), lines.length - 1);
  const width = String(startLine + lines.length - 1).length;
  const numbered = lines.map((line, i) => `${String(startLine + i).padStart(width)} | ${line}`);
  let lo = focus;
  let hi = focus;
  let cost = estimateTokens(numbered[focus]!) + 1;
  if (cost > maxTokens) return undefined;
  for (;;) {
    let grew = false;
    for (const next of [hi + 1, lo - 1]) {
      if (next < 0 || next >= lines.length) continue;
      const add = estimateTokens(numbered[next]!) + 1;
      if (cost + add > maxTokens) continue;
      cost += add;
      if (next > hi) hi = next;
      else lo = next;
      grew = true;
    }
    if (!grew) break;
  }
  // Fewer than 3 lines of code is not worth its header.
  if (hi - lo < 2 && lines.length >= 3) return undefined;
  return { code: numbered.slice(lo, hi + 1).join('\n'), start: startLine + lo, count: hi - lo + 1 };
}

function clipChars(text: string, max: number): string {
  const single = text.replace(/[\r\n]+/g, ' ');
  return single.length > max ? `${single.slice(0, max - 1)}…` : single;
}

/**
 * The prompt budget for a model taking `maxInputTokens` a request: 5/8 of it (5,000 of an 8,000-token
 * request), the rest for tool schemas, tool results and corrections; at most 24,000 (more context
 * rarely helps a focused fix and costs on every request of the conversation), at least 2,000.
 */
export function promptBudgetFor(maxInputTokens: number): number {
  return Math.max(2_000, Math.min(Math.floor(maxInputTokens * 0.625), 24_000));
}
