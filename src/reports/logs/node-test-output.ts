/**
 * node:test's two console formats.
 *
 * spec (the default): a tree of `▶ suite` / `✔ test` / `✖ test (1.2ms)` lines, then a
 * `✖ failing tests:` section where each failure is `test at file:line:col`, `✖ leaf name (1.2ms)`
 * and the error indented under it. That section names only the leaf, so the suite path is taken
 * from the tree above it, matched by leaf name in order. (Node 20 printed errors inside the tree.)
 *
 * TAP (`--test-reporter=tap`): `# Subtest: name` / `not ok N - name` lines nested by indentation,
 * each followed by a YAML block with `location`, `error`, `name`, `code` and a `stack` whose frames
 * have no `at`.
 */
import type { LogFailure, RawFrame } from './log-parser.js';
import { MAX_FRAMES, MAX_MESSAGE_CHARS } from './js-error-block.js';
import { clip } from './log-text.js';
import { parseFrameBody, parseStackLocation, type StackLocation } from './v8-stack.js';

/** A spec tree line: indentation, marker, text. Markers are single code points; no backtracking. */
const TREE_LINE = /^( *)(▶|✔|✖|﹣|ℹ|\*) (.*)$/;
/** ` (1.2ms)` and a ` # SKIP reason` directive at the end of a spec line. */
const SPEC_SUFFIX = / \(\d+(?:\.\d+)?m?s\)(?: # .*)?$| # (?:SKIP|TODO)\b.*$/;
/** Nesting deeper than this is not a test suite anyone wrote. */
const MAX_DEPTH = 64;
/** Failing leaves remembered for the `failing tests:` section. */
const MAX_REMEMBERED = 10_000;

export interface TreeLine {
  indent: number;
  marker: string;
  name: string;
}

export function readTreeLine(line: string): TreeLine | undefined {
  const m = TREE_LINE.exec(line);
  if (!m) return undefined;
  return { indent: m[1]!.length, marker: m[2]!, name: m[3]!.replace(SPEC_SUFFIX, '') };
}

/** A failing test the tree showed: its suite path, and its header when the error was printed under it. */
export interface FailedLeaf {
  path: string[];
  header?: number;
}

/** Follows the spec tree to know each failing leaf's suite path. */
export class SpecTree {
  private groups: Array<{ indent: number; name: string }> = [];
  private failedLeaves = new Map<string, FailedLeaf[]>();
  private remembered = 0;

  /**
   * Record a tree line; returns its path (suites above it, then its own name). `header` is the
   * index of the failure header made for it when the error is printed under it (Node 20).
   */
  observe(tree: TreeLine, header?: number): string[] {
    while (this.groups.length && this.groups[this.groups.length - 1]!.indent > tree.indent) this.groups.pop();
    const top = this.groups[this.groups.length - 1];
    if (top && top.indent === tree.indent) {
      // A suite ends with a line of its own name at its own indentation (`✖ total (2.1ms)` under
      // `▶ total`; Node 20 wrote `▶ total (2.1ms)`); a sibling line means it ended unannounced.
      this.groups.pop();
      if (top.name === tree.name) return [...this.path(), tree.name];
    }
    const path = [...this.path(), tree.name];
    if (tree.marker === '▶') {
      if (this.groups.length < MAX_DEPTH) this.groups.push({ indent: tree.indent, name: tree.name });
    } else if (tree.marker === '✖' && this.remembered < MAX_REMEMBERED) {
      const list = this.failedLeaves.get(tree.name) ?? [];
      list.push(header === undefined ? { path } : { path, header });
      this.failedLeaves.set(tree.name, list);
      this.remembered++;
    }
    return path;
  }

  /** The first not yet claimed failing leaf with this name, if the tree showed one. */
  claim(leaf: string): FailedLeaf | undefined {
    return this.failedLeaves.get(leaf)?.shift();
  }

  private path(): string[] {
    return this.groups.map((g) => g.name);
  }
}

/** `test at file:line:col`: where node:test says the failing test is defined. */
export function readTestAt(line: string): StackLocation | undefined {
  const t = line.trim();
  return t.startsWith('test at ') ? parseStackLocation(t.slice(8)) : undefined;
}

/* ----------------------------------- TAP ----------------------------------- */

const TAP_NOT_OK = /^( *)not ok \d+(?: - (.*))?$/;
const TAP_SUBTEST = /^( *)# Subtest: (.*)$/;
const YAML_KEY = /^( *)([A-Za-z_]\w*):(?: (.*))?$/;
/** A YAML block for one test is small; one that never ends is not TAP. */
const MAX_YAML_LINES = 2000;

interface YamlFields {
  [key: string]: { value?: string; block?: string[] } | undefined;
}

/** node's TAP writes YAML scalars plain, single-quoted (`''` escapes a quote) or as `|-` blocks. */
function yamlScalar(raw: string): string {
  const v = raw.trim();
  if (v.length >= 2 && v.startsWith("'") && v.endsWith("'")) return v.slice(1, -1).replace(/''/g, "'");
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) {
    try {
      return JSON.parse(v) as string;
    } catch {
      return v.slice(1, -1);
    }
  }
  return v;
}

/** Read the `---` … `...` block starting at `lines[start]`; top-level keys only. */
function readYaml(lines: readonly string[], start: number): { fields: YamlFields; end: number } | undefined {
  const open = lines[start];
  if (open === undefined || open.trim() !== '---') return undefined;
  const base = open.length - open.trimStart().length;
  const fields: YamlFields = {};
  let current: string[] | undefined;
  const limit = Math.min(lines.length, start + MAX_YAML_LINES);
  for (let i = start + 1; i < limit; i++) {
    const line = lines[i]!;
    const indent = line.length - line.trimStart().length;
    if (line.trim() === '...' && indent === base) return { fields, end: i };
    const key = indent === base ? YAML_KEY.exec(line) : null;
    if (key) {
      const raw = key[3] ?? '';
      if (/^[|>][-+]?$/.test(raw.trim()) || raw.trim() === '') {
        current = [];
        fields[key[2]!] = { block: current };
      } else {
        current = undefined;
        fields[key[2]!] = { value: yamlScalar(raw) };
      }
    } else if (current && (indent > base || line.trim() === '')) {
      current.push(line);
    }
  }
  return undefined;
}

/** Failures from node:test's TAP output (also any TAP producer that writes node's YAML keys). */
export function parseTapFailures(lines: readonly string[], lineOffset: number, max: number): LogFailure[] {
  const failures: LogFailure[] = [];
  const subtests: Array<{ indent: number; name: string }> = [];
  for (let i = 0; i < lines.length && failures.length < max; i++) {
    const line = lines[i]!;
    const sub = TAP_SUBTEST.exec(line);
    if (sub) {
      const indent = sub[1]!.length;
      while (subtests.length && subtests[subtests.length - 1]!.indent >= indent) subtests.pop();
      if (subtests.length < MAX_DEPTH) subtests.push({ indent, name: sub[2]!.trim() });
      continue;
    }
    const notOk = TAP_NOT_OK.exec(line);
    if (!notOk) continue;
    const indent = notOk[1]!.length;
    let title = (notOk[2] ?? '').trim();
    if (/ # (?:TODO|SKIP)\b/i.test(title)) continue; // a failing TODO does not fail the run
    title = title.replace(/ # .*$/, '');
    const yaml = readYaml(lines, i + 1);
    if (!yaml) continue;
    const f = yaml.fields;
    const field = (k: string) => f[k]?.value ?? blockText(f[k]?.block);
    // A suite that failed because its tests did is not a failure of its own.
    if (field('failureType') === 'subtestsFailed') {
      i = yaml.end;
      continue;
    }
    const path = subtests.filter((s) => s.indent < indent).map((s) => s.name);
    const frames = tapFrames((f.stack?.block ?? []).map((l) => l.trim()));
    const location = field('location') ? parseStackLocation(field('location')!) : undefined;
    const failure: LogFailure = {
      language: 'javascript',
      test: { name: clip([...path, title].join(' > '), 500) },
      message: clip(field('error') ?? '', MAX_MESSAGE_CHARS),
      frames,
      logLines: { start: lineOffset + i + 1, end: lineOffset + yaml.end + 1 },
    };
    if (location) {
      failure.test!.file = location.file;
      failure.test!.line = location.line;
    }
    const type = field('name');
    if (type) failure.exceptionType = type;
    failure.kind = field('type') === 'suite' || field('failureType') === 'hookFailed' ? 'error' : 'failure';
    failures.push(failure);
    i = yaml.end;
  }
  return failures;
}

/** A YAML block scalar's text: its common indentation removed, trailing blank lines dropped. */
function blockText(block: string[] | undefined): string | undefined {
  if (!block) return undefined;
  const indents = block.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length);
  const dedent = indents.length ? Math.min(...indents) : 0;
  const lines = block.map((l) => l.slice(dedent).trimEnd());
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

function tapFrames(stack: string[]): RawFrame[] {
  const frames: RawFrame[] = [];
  for (const line of stack) {
    const body = line.startsWith('at ') ? line.slice(3) : line;
    const frame = parseFrameBody(body);
    if (frame) frames.push(frame);
    if (frames.length >= MAX_FRAMES) break;
  }
  return frames.reverse();
}
