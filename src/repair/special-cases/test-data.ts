/**
 * The data the failing tests read from the repository, as the special-casing check reads it: which
 * files a test file names (JSON, YAML, CSV and text fixtures, `testdata/`-style folders, its
 * snapshot files, helper modules holding a table), found statically from its text, and the values
 * in them with the role each likely has (an input, an expected value, or either). Everything here
 * is bounded: a few dozen files, each under the parser's size cap, a few thousand values.
 */
import path from 'node:path';
import type { SyntaxNode } from '../../syntax/tree-sitter.js';
import type { ObservedRead } from '../../workspace/recorders/test-reads.js';
import { parseSource, type Family } from '../builtin/syntax-tree.js';
import { literalValue, unwrap } from './literal-values.js';

/** Data files read per run, and the files listed per data folder. */
export const MAX_DATA_FILES = 32;
export const MAX_FOLDER_FILES = 32;
/** Values taken from one data file; a large fixture is sampled from its top. */
const MAX_VALUES_PER_FILE = 4_000;
const MAX_DEPTH = 12;
/** Paths and folders looked up per test file: a test file full of path-like strings is sampled. */
const MAX_CANDIDATES = 256;
const MAX_FOLDERS = 16;

export type DataRole = 'input' | 'expected' | 'either';

export interface DataValue {
  /** A canonical literal key (`n:5`, `s:abc`, `l:[n:2,n:3]`), as `literalValue` gives it. */
  key: string;
  role: DataRole;
  /** The case (row, record, snapshot) it belongs to, numbered per file. */
  row: number;
  /** 0-based line of the file it is on (the first line that holds its text). */
  line: number;
}

const DATA_FILE = /\.(json|jsonl|ya?ml|csv|tsv|txt|snap|ambr)$/i;
const DATA_FOLDERS = new Set([
  'testdata',
  'test_data',
  'test-data',
  'fixtures',
  '__fixtures__',
  'data',
  'cases',
  'golden',
  'goldens',
  'snapshots',
  'resources',
  'samples',
]);
/** A helper module counts as test data when it lives with the tests or is named for its cases. */
const TEST_FOLDER = /(^|\/)(tests?|__tests__|specs?|testing|fixtures|__fixtures__|testdata|test_data)\//;
const HELPER_NAME = /(^|[_.-])(cases|fixtures?|helpers?|data|conftest|testdata|tables?|vectors|examples)([_.-]|$)/i;
/** Conventional names of an expected value (as in `test-facts.ts`), and of an input. */
const EXPECTED_KEY =
  /^(expected|expect|exp|expectation|want|wanted|answer|ans|result|res|output|out|correct|truth|golden|should|then)(_\w+)?$|_(expected|want|result|output)$/i;
const INPUT_KEY = /^(input|inputs|in|args?|arguments|params?|given|when|query|source|src|x|y|a|b|n)(_\w+)?$/i;

function repoPath(p: string): string | undefined {
  const normal = path.posix.normalize(p.replace(/\\/g, '/'));
  if (normal.startsWith('/') || normal === '..' || normal.startsWith('../') || normal === '.') return undefined;
  return normal;
}

/** The string literals of a source text (a plain scan: data paths are short, one-line strings). */
function quotedStrings(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.slice(0, 256 * 1024).matchAll(/(["'`])([^"'`\n\\]{1,200})\1/g)) out.add(m[2]!);
  return [...out];
}

/** Python `from .cases import X`, `from tests.helpers import X`, `import cases`; JS relative imports and requires. */
function importedModules(file: string, text: string): string[] {
  const dir = path.posix.dirname(file);
  const out: string[] = [];
  if (file.endsWith('.py')) {
    for (const m of text.matchAll(/^\s*(?:from\s+(\.*)([\w.]*)\s+import|import\s+([\w.]+))/gm)) {
      const dots = m[1] ?? '';
      const dotted = (m[2] ?? m[3] ?? '').replace(/\./g, '/');
      if (!dotted) continue;
      const base = dots.length > 0 ? path.posix.join(dir, '../'.repeat(dots.length - 1)) : undefined;
      for (const root of base !== undefined ? [base] : [dir, '.']) out.push(path.posix.join(root, `${dotted}.py`));
    }
    return out;
  }
  for (const m of text.matchAll(/(?:from\s+|require\s*\(\s*|import\s*\(\s*)(["'])(\.{1,2}\/[^"'\n]{1,200})\1/g)) {
    const spec = path.posix.join(dir, m[2]!);
    if (/\.(json|[cm]?[jt]sx?)$/.test(spec)) out.push(spec.replace(/\.js$/, '.ts'), spec);
    else for (const ext of ['.ts', '.js', '.mjs', '.cjs', '/index.ts', '/index.js']) out.push(spec + ext);
  }
  return out;
}

/**
 * Files and folders a test file may read its cases from: paths it names (relative to the test's
 * folder or to the repository, and under a data folder it names), its snapshot files, its helper
 * modules and `conftest.py`. Candidates only: the caller keeps those that exist.
 */
export function testDataCandidates(file: string, text: string): { files: string[]; folders: string[] } {
  const dir = path.posix.dirname(file);
  const base = path.posix.basename(file);
  const strings = quotedStrings(text);
  const folderNames = strings.filter((s) => DATA_FOLDERS.has(s.replace(/\/$/, '').split('/').pop() ?? ''));
  // Conventional places first, so that a file full of path-like strings cannot push them out.
  const files: string[] = [
    path.posix.join(dir, '__snapshots__', `${base}.snap`),
    path.posix.join(dir, '__snapshots__', `${base.replace(/\.py$/, '')}.ambr`),
  ];
  if (file.endsWith('.py')) files.push(path.posix.join(dir, 'conftest.py'));
  for (const module of importedModules(file, text)) {
    if (module !== file && (TEST_FOLDER.test(module) || HELPER_NAME.test(path.posix.basename(module))))
      files.push(module);
  }
  for (const s of strings) {
    if (!DATA_FILE.test(s)) continue;
    files.push(path.posix.join(dir, s), s);
    for (const folder of folderNames) files.push(path.posix.join(dir, folder, s), path.posix.join(folder, s));
  }
  const folders = folderNames.flatMap((folder) => [path.posix.join(dir, folder), folder]);
  const clean = (list: string[]) =>
    [...new Set(list.map(repoPath).filter((p): p is string => p !== undefined))].filter((p) => p !== file);
  return { files: clean(files).slice(0, MAX_CANDIDATES), folders: clean(folders).slice(0, MAX_FOLDERS) };
}

/** A file a data folder holds that is worth reading: a data file, not a binary or a module. */
export function isDataFile(file: string): boolean {
  return DATA_FILE.test(file);
}

/**
 * Files in a data format that the tools of a test run read for themselves, not as a test's data:
 * seen read in a recorded run, they are no test facts. By base name, each with why.
 */
export const TOOL_FILES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^package(-lock)?\.json$|^npm-shrinkwrap\.json$/, 'npm and the runners read the package manifest and lockfile'],
  [/^[tj]sconfig(\.[\w-]+)?\.json$/, 'TypeScript and the runners read the compiler configuration'],
  [
    /^(jest|vitest|ava|\.mocharc|babel|\.babelrc|\.swcrc|\.c8rc|\.nycrc)(\.[\w-]+)*(\.json|\.ya?ml)?$/,
    'runner and transform configuration',
  ],
  [/^\.(eslintrc|prettierrc|stylelintrc)(\.json|\.ya?ml)?$/, 'linter and formatter configuration'],
  [/^(lerna|nx|turbo|rush|deno)\.json$|^pnpm-(workspace|lock)\.yaml$|^\.yarnrc\.yml$/, 'workspace tool configuration'],
  [/^(requirements|constraints)([\w.-]*)\.txt$|^Pipfile\.lock$/, 'Python dependency lists'],
  [/^(\.pre-commit-config|codecov|\.codecov|mkdocs|docker-compose|compose)\.ya?ml$/, 'CI and tool configuration'],
  [/^(LICEN[CS]E|COPYING|NOTICE|AUTHORS|CHANGELOG|README)([\w.-]*)\.txt$/i, 'project documents'],
];

/**
 * The data files among the reads a recorded run observed (`workspace/recorders/test-reads.ts`),
 * each with the test file it is attributed to: the file of the test that read it, when that is a
 * failing test's file, else the first failing test file. Tool files and the test files themselves
 * are left out.
 */
export function observedDataFiles(reads: readonly ObservedRead[], testFiles: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const read of reads) {
    const base = path.posix.basename(read.file);
    if (out.has(read.file) || !isDataFile(read.file) || testFiles.includes(read.file)) continue;
    if (TOOL_FILES.some(([pattern]) => pattern.test(base))) continue;
    const own = read.test?.split('::')[0];
    const by = own && testFiles.includes(own) ? own : (testFiles[0] ?? own ?? read.file);
    out.set(read.file, by);
  }
  return out;
}

type Plain = string | number | boolean | null | Plain[] | { [key: string]: Plain };

/** Collects values with their role; the line of each is found from its text in the file. */
class ValueSink {
  readonly values: DataValue[] = [];
  private row = 0;
  constructor(private readonly text: string) {}

  nextRow(): void {
    this.row++;
  }

  add(key: string, role: DataRole, raw: string): void {
    if (this.values.length >= MAX_VALUES_PER_FILE) return;
    const at = raw ? this.text.indexOf(raw) : -1;
    const line = at < 0 ? 0 : this.text.slice(0, at).split('\n').length - 1;
    this.values.push({ key, role, row: this.row, line });
  }

  /** A scalar, and a numeric string both as the text and as the number (CSV cells, JSON keys). */
  scalar(value: string | number | boolean | null, role: DataRole): void {
    if (typeof value === 'number') {
      if (Number.isFinite(value)) this.add(`n:${Object.is(value, -0) ? 0 : value}`, role, String(value));
      return;
    }
    if (typeof value === 'boolean') return this.add(`b:${value}`, role, String(value));
    if (value === null) return this.add('null', role, 'null');
    this.add(`s:${value}`, role, value);
    const trimmed = value.trim();
    if (/^-?\d+(\.\d+)?$/.test(trimmed)) this.add(`n:${Number(trimmed)}`, role, value);
  }

  /** A JSON-shaped value: rows (arrays of arrays) end in their expected value; records name theirs. */
  plain(value: Plain, role: DataRole, depth = 0): void {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      const key = listKey(value);
      if (key) this.add(key, role, '');
      const rows = value.length > 0 && value.every((v) => Array.isArray(v));
      for (const item of value) {
        if (rows || (item !== null && typeof item === 'object')) this.nextRow();
        if (rows && role !== 'expected') this.row_(item as Plain[], depth);
        else this.plain(item, role, depth + 1);
      }
      return;
    }
    if (value !== null && typeof value === 'object') {
      const record = Object.keys(value).some((k) => EXPECTED_KEY.test(k));
      for (const [k, v] of Object.entries(value)) {
        const own: DataRole = EXPECTED_KEY.test(k) ? 'expected' : INPUT_KEY.test(k) || record ? 'input' : role;
        // A mapping (`{"abc": "ABC"}`) has its inputs as keys; a record's keys are field names.
        if (!record) this.scalar(k, 'input');
        this.plain(v, own, depth + 1);
      }
      return;
    }
    this.scalar(value, role);
  }

  /** One row of a table: the last cell is the expected value, the others inputs. */
  private row_(cells: Plain[], depth: number): void {
    cells.forEach((c, i) => this.plain(c, i === cells.length - 1 ? 'expected' : 'input', depth + 1));
  }
}

function listKey(items: Plain[]): string | undefined {
  const keys: string[] = [];
  for (const v of items.slice(0, 65)) {
    if (typeof v === 'number') keys.push(`n:${v}`);
    else if (typeof v === 'string') keys.push(`s:${v}`);
    else if (typeof v === 'boolean') keys.push(`b:${v}`);
    else return undefined;
  }
  return keys.length > 0 && keys.length <= 64 ? `l:[${keys.join(',')}]` : undefined;
}

/** CSV/TSV cells, with double-quoted cells (`"a, b"`) kept whole. */
function csvCells(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"' && quoted && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (c === delimiter && !quoted) {
      cells.push(cell);
      cell = '';
    } else {
      cell += c;
    }
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

/** A delimited table: the header names the expected column, else it is the last one. */
function readDelimited(text: string, sink: ValueSink, delimiter = ','): boolean {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() && !l.trimStart().startsWith('#'));
  if (lines.length === 0 || !lines.every((l) => l.includes(delimiter))) return false;
  const first = csvCells(lines[0]!, delimiter);
  const header = first.every((c) => /^[A-Za-z_][\w ]*$/.test(c)) && lines.length > 1;
  const named = header ? first.findIndex((c) => EXPECTED_KEY.test(c)) : -1;
  for (const line of header ? lines.slice(1) : lines) {
    const cells = csvCells(line, delimiter);
    const expectedAt = named >= 0 ? named : cells.length - 1;
    sink.nextRow();
    cells.forEach((c, i) => sink.scalar(c, i === expectedAt ? 'expected' : 'input'));
  }
  return true;
}

function yamlScalar(raw: string): Plain {
  const v = raw.replace(/\s+#.*$/, '').trim();
  if (/^(['"]).*\1$/.test(v)) return v.slice(1, -1);
  if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(v)) return Number(v);
  if (/^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
  if (/^(null|~)$/i.test(v)) return null;
  if (/^\[.*\]$/.test(v))
    return v
      .slice(1, -1)
      .split(',')
      .map((s) => yamlScalar(s));
  return v;
}

/** YAML by lines: `key: value` pairs and `- item` entries; a list item starts a new case. */
function readYaml(text: string, sink: ValueSink): void {
  for (const line of text.split(/\r?\n/)) {
    const item = /^\s*-\s+(.*)$/.exec(line);
    if (item) sink.nextRow();
    const body = item ? item[1]! : line;
    const pair = /^\s*([\w"' .-]+?)\s*:\s+(.+)$/.exec(body);
    if (pair) {
      const key = pair[1]!.replace(/^["']|["']$/g, '');
      const role: DataRole = EXPECTED_KEY.test(key) ? 'expected' : INPUT_KEY.test(key) ? 'input' : 'either';
      const value = yamlScalar(pair[2]!);
      if (Array.isArray(value)) sink.plain(value, role === 'either' ? 'input' : role);
      else sink.plain(value, role);
    } else if (item && !/:\s*$/.test(body)) {
      const value = yamlScalar(body);
      if (Array.isArray(value)) {
        sink.plain([value], 'either');
      } else sink.plain(value, 'either');
    }
  }
}

/** Jest/Vitest `exports[`name 1`] = `value`;` and syrupy `# name: …` blocks: expected values. */
function readSnapshots(text: string, sink: ValueSink): void {
  const blocks = [
    ...[...text.matchAll(/exports\[`[^`]*`\]\s*=\s*`([\s\S]*?)`;/g)].map((m) => m[1]!),
    ...[...text.matchAll(/^# name: .*\n([\s\S]*?)^# ---/gm)].map((m) => m[1]!),
  ];
  for (const block of blocks) {
    sink.nextRow();
    const value = block.trim();
    const quoted = /^(["'])([\s\S]*)\1$/.exec(value);
    if (quoted) sink.scalar(quoted[2]!, 'expected');
    else if (/^-?\d+(\.\d+)?$/.test(value)) sink.scalar(Number(value), 'expected');
    else
      for (const m of value.matchAll(/^\s*"?[\w$-]+"?\s*[:=]\s*(.+?),?$/gm))
        sink.plain(yamlScalar(m[1]!.replace(/^"(.*)"$/, "'$1'")), 'expected');
  }
}

/** A literal node as a plain value, or undefined when any part of it is computed. */
function nodeValue(node: SyntaxNode, family: Family, depth = 0): Plain | undefined {
  const n = unwrap(node);
  if (depth > MAX_DEPTH) return undefined;
  if (['list', 'tuple', 'array', 'set'].includes(n.type)) {
    const items = n.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
    const out = items.map((c) => nodeValue(c, family, depth + 1));
    return out.every((v) => v !== undefined) ? (out as Plain[]) : undefined;
  }
  if (n.type === 'dictionary' || n.type === 'object') {
    const out: Record<string, Plain> = {};
    for (const pair of n.namedChildren) {
      if (!pair || pair.type !== 'pair') continue;
      const k = pair.childForFieldName('key');
      const v = pair.childForFieldName('value');
      const key = k && (k.type === 'property_identifier' ? k.text : nodeValue(k, family, depth + 1));
      const value = v ? nodeValue(v, family, depth + 1) : undefined;
      if (key === undefined || key === null || typeof key === 'object' || value === undefined) return undefined;
      out[String(key)] = value;
    }
    return out;
  }
  const key = literalValue(n, family)?.key;
  if (key === undefined) return undefined;
  if (key.startsWith('n:')) return Number(key.slice(2));
  if (key.startsWith('s:')) return key.slice(2);
  if (key.startsWith('b:')) return key === 'b:true';
  return key === 'null' ? null : undefined;
}

/** The literal tables a helper module binds at its top level (`CASES = [...]`, `export const cases = [...]`). */
async function readModuleTables(file: string, text: string, sink: ValueSink): Promise<void> {
  const parsed = await parseSource(file, text);
  if (!parsed) return;
  try {
    const stack: SyntaxNode[] = [parsed.tree.rootNode];
    while (stack.length > 0) {
      const n = stack.pop()!;
      const value =
        n.type === 'assignment'
          ? n.childForFieldName('right')
          : n.type === 'variable_declarator'
            ? n.childForFieldName('value')
            : null;
      if (value && ['list', 'tuple', 'array', 'dictionary', 'object', 'set'].includes(unwrap(value).type)) {
        const plain = nodeValue(value, parsed.family);
        if (plain !== undefined) sink.plain(plain, 'either');
        continue;
      }
      // Top-level statements and the declarations inside them; not into function bodies.
      if (
        [
          'module',
          'program',
          'expression_statement',
          'lexical_declaration',
          'variable_declaration',
          'export_statement',
        ].includes(n.type)
      )
        for (const c of n.namedChildren) if (c) stack.push(c);
    }
  } finally {
    parsed.tree.delete();
  }
}

/** The values of one data file by its kind; a file that does not parse gives none. */
export async function readDataValues(file: string, text: string): Promise<DataValue[]> {
  const sink = new ValueSink(text);
  const ext = path.posix.extname(file).toLowerCase();
  if (ext === '.json') {
    try {
      sink.plain(JSON.parse(text) as Plain, 'either');
    } catch {
      // Not JSON after all (a comment, a template): nothing read.
    }
  } else if (ext === '.jsonl') {
    for (const line of text.split('\n')) {
      try {
        sink.nextRow();
        if (line.trim()) sink.plain(JSON.parse(line) as Plain, 'either');
      } catch {
        // A bad line is skipped.
      }
    }
  } else if (ext === '.csv' || ext === '.tsv') {
    readDelimited(text, sink, ext === '.tsv' ? '\t' : ',');
  } else if (ext === '.yaml' || ext === '.yml') {
    readYaml(text, sink);
  } else if (ext === '.snap' || ext === '.ambr') {
    readSnapshots(text, sink);
  } else if (ext === '.txt') {
    if (text.trim()) sink.scalar(text.trim(), 'either');
  } else {
    await readModuleTables(file, text, sink);
  }
  return sink.values;
}

/**
 * What a string literal decodes to when it is JSON- or CSV-shaped (a table parsed at import
 * time), as literal keys; undefined for any other string.
 */
export function decodedKeys(value: string): Set<string> | undefined {
  const text = value.trim();
  if (text.length < 5 || text.length > 64 * 1024) return undefined;
  const sink = new ValueSink(text);
  if (/^[[{]/.test(text)) {
    try {
      sink.plain(JSON.parse(text) as Plain, 'either');
    } catch {
      return undefined;
    }
  } else if (!(/[,\t]/.test(text) && readDelimited(text, sink, text.includes('\t') ? '\t' : ','))) {
    return undefined;
  }
  // Keys written as CSV (`{"2,3": 5}`) hold inputs too.
  for (const v of [...sink.values])
    if (v.key.startsWith('s:') && v.key.includes(',')) readDelimited(v.key.slice(2), sink);
  return new Set(sink.values.map((v) => v.key));
}
