/**
 * Shared files read into sections, so a change is judged by the part it touches: a change to
 * `pyproject.toml`'s dependencies is not a change to its `[tool.pytest.ini_options]`. Each format
 * becomes a list of entries (a key path, its value as written, and the label a refusal names);
 * the protected entries (`protection.ts`'s `PROTECTED_SECTIONS`) before and after must be equal.
 *
 * These are small tolerant readers, not validators: TOML tables and dotted keys (values kept as
 * written, multi-line strings and arrays followed), JSON with comments and trailing commas
 * (tsconfig), INI sections with continuation lines, go.mod directives, pom.xml plugins and
 * properties, and Gradle's test blocks. A JSON file that does not parse after the change is refused
 * (its protected sections cannot be told apart); the others read whatever they find.
 */
import picomatch from 'picomatch';
import type { SectionFormat, SectionRule } from './protection.js';

export interface SectionEntry {
  /** Key path, one string per level. */
  path: string[];
  /** The value as written (normalised whitespace where the format does not care). */
  value: string;
  /** How a refusal names the section: `[tool.pytest.ini_options]`, `scripts`. */
  label: string;
}

/** Entries of a file, or null when it cannot be read in its format. */
export function readSections(format: SectionFormat, text: string): SectionEntry[] | null {
  switch (format) {
    case 'toml':
      return readToml(text);
    case 'json':
      return readJson(text);
    case 'ini':
      return readIni(text);
    case 'go-mod':
      return readGoMod(text);
    case 'pom':
      return readPom(text);
    case 'gradle':
      return readGradle(text);
  }
}

/** The first protected section `rule` says changed between two texts (null: none); `before` null: a new file. */
export function changedSection(rule: SectionRule, before: string | null, after: string | null): string | null {
  const matchers = rule.sections.map((s) => s.split('/').map((seg) => picomatch(seg, { nocase: true, dot: true })));
  // JSON entries are named by the protected key they are in (`scripts`, `compilerOptions.paths`).
  const protectedEntries = (entries: SectionEntry[]) =>
    entries.flatMap((e) => {
      const m = matchers.find((p) => overlaps(e.path, p));
      if (!m) return [];
      return [e.label ? e : { ...e, label: e.path.slice(0, m.length).join('.') || '(the whole file)' }];
    });
  const read = (text: string | null) => (text === null ? [] : readSections(rule.format, text));
  const old = read(before);
  const now = read(after);
  if (now === null) return `the whole file (it no longer reads as ${rule.format})`;
  // A file that did not read before is compared by what reads now: every protected entry is new.
  const a = protectedEntries(old ?? []);
  const b = protectedEntries(now);
  const key = (e: SectionEntry) => `${e.path.join('\u0000')}\u0001${e.value}`;
  const seen = new Map<string, number>();
  for (const e of a) seen.set(key(e), (seen.get(key(e)) ?? 0) + 1);
  for (const e of b) {
    const n = seen.get(key(e)) ?? 0;
    if (n === 0) return e.label;
    seen.set(key(e), n - 1);
  }
  for (const e of a) if ((seen.get(key(e)) ?? 0) > 0) return e.label;
  return null;
}

/** A key path inside a protected section, equal to it, or holding it (an inline table). */
function overlaps(keyPath: readonly string[], pattern: ReadonlyArray<(s: string) => boolean>): boolean {
  const n = Math.min(keyPath.length, pattern.length);
  for (let i = 0; i < n; i++) if (!pattern[i]!(keyPath[i]!)) return false;
  return true;
}

// ---------------------------------------------------------------------------------------- TOML

/** `a."b.c" . d` → ['a', 'b.c', 'd']. */
function splitDottedKey(raw: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const ch of raw) {
    if (quote) {
      if (ch === quote) quote = null;
      else current += ch;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '.') {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  parts.push(current.trim());
  return parts.filter((p) => p !== '');
}

/** Where a TOML value continues past its line: an open multi-line string or bracket. */
interface TomlScan {
  string: '"""' | "'''" | null;
  depth: number;
}

/** Advance the scan over one line of a value; comments outside strings end the line. */
function scanTomlLine(line: string, scan: TomlScan): void {
  for (let i = 0; i < line.length; i++) {
    if (scan.string) {
      if (line.startsWith(scan.string, i)) {
        scan.string = null;
        i += 2;
      } else if (scan.string === '"""' && line[i] === '\\') i++;
      continue;
    }
    const ch = line[i]!;
    if (line.startsWith('"""', i) || line.startsWith("'''", i)) {
      scan.string = line.slice(i, i + 3) as TomlScan['string'];
      i += 2;
    } else if (ch === '"' || ch === "'") {
      const end = ch === '"' ? closingQuote(line, i) : line.indexOf("'", i + 1);
      i = end < 0 ? line.length : end;
    } else if (ch === '#') return;
    else if (ch === '[' || ch === '{') scan.depth++;
    else if (ch === ']' || ch === '}') scan.depth = Math.max(0, scan.depth - 1);
  }
}

function closingQuote(line: string, from: number): number {
  for (let i = from + 1; i < line.length; i++) {
    if (line[i] === '\\') i++;
    else if (line[i] === '"') return i;
  }
  return -1;
}

const TOML_HEADER = /^\s*\[(\[)?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/;

function readToml(text: string): SectionEntry[] {
  const entries: SectionEntry[] = [];
  let table: string[] = [];
  let label = '';
  let open: SectionEntry | null = null;
  const scan: TomlScan = { string: null, depth: 0 };
  for (const line of text.split(/\r?\n/)) {
    if (open) {
      open.value += `\n${line}`;
      scanTomlLine(line, scan);
      if (!scan.string && scan.depth === 0) open = null;
      continue;
    }
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const header = TOML_HEADER.exec(line);
    if (header && !trimmed.includes('=')) {
      table = splitDottedKey(header[2]!);
      label = `[${header[1] ? '[' : ''}${table.join('.')}${header[1] ? ']' : ''}]`;
      entries.push({ path: table, value: header[1] ? '[[]]' : '[]', label });
      continue;
    }
    const eq = keyValueSplit(trimmed);
    if (eq < 0) continue;
    const key = splitDottedKey(trimmed.slice(0, eq));
    const path = [...table, ...key];
    const entry = { path, value: trimmed.slice(eq + 1).trim(), label: label || `${key.join('.')}` };
    entries.push(entry);
    scanTomlLine(trimmed.slice(eq + 1), scan);
    if (scan.string || scan.depth > 0) open = entry;
  }
  return entries;
}

/** The `=` of a `key = value` line (outside the key's quotes), or -1. */
function keyValueSplit(line: string): number {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '=') return i;
  }
  return -1;
}

// ---------------------------------------------------------------------------------------- JSON

/** JSON with `//` and `/* *\/` comments and trailing commas (tsconfig's JSONC), as plain JSON. */
export function stripJsonComments(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') {
      const end = closingQuote(text, i);
      const stop = end < 0 ? text.length : end + 1;
      out += text.slice(i, stop);
      i = stop - 1;
    } else if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else out += ch;
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

function readJson(text: string): SectionEntry[] | null {
  let value: unknown;
  try {
    value = JSON.parse(stripJsonComments(text.replace(/^\uFEFF/, '')));
  } catch {
    return null;
  }
  const entries: SectionEntry[] = [];
  const walk = (v: unknown, path: string[]) => {
    if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0) {
      for (const [k, child] of Object.entries(v)) walk(child, [...path, k]);
      return;
    }
    entries.push({ path, value: JSON.stringify(v), label: '' });
  };
  walk(value, []);
  return entries;
}

// ----------------------------------------------------------------------------------------- INI

function readIni(text: string): SectionEntry[] {
  const entries: SectionEntry[] = [];
  let section = '';
  let open: SectionEntry | null = null;
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith(';')) continue;
    if (open && /^\s/.test(line)) {
      open.value += `\n${trimmed}`;
      continue;
    }
    open = null;
    const header = /^\[([^\]]+)\]/.exec(trimmed);
    if (header) {
      section = header[1]!.trim();
      entries.push({ path: [section], value: '[]', label: `[${section}]` });
      continue;
    }
    const sep = trimmed.search(/[=:]/);
    const key = (sep < 0 ? trimmed : trimmed.slice(0, sep)).trim().toLowerCase();
    open = { path: [section, key], value: sep < 0 ? '' : trimmed.slice(sep + 1).trim(), label: `[${section}]` };
    entries.push(open);
  }
  return entries;
}

// -------------------------------------------------------------------------------------- go.mod

function readGoMod(text: string): SectionEntry[] {
  const entries: SectionEntry[] = [];
  let block: string | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (line === '') continue;
    if (block) {
      if (line === ')') block = null;
      else entries.push(goDirective(block, line));
      continue;
    }
    const open = /^(\w+)\s*\($/.exec(line);
    if (open) {
      block = open[1]!;
      continue;
    }
    const word = /^(\w+)\s+(.*)$/.exec(line);
    if (word) entries.push(goDirective(word[1]!, word[2]!));
  }
  return entries;
}

function goDirective(directive: string, rest: string): SectionEntry {
  const [left, right] = rest.split('=>').map((s) => s.trim().replace(/\s+/g, ' '));
  return { path: [directive, left ?? ''], value: right ?? '', label: `${directive} ${left ?? ''}`.trim() };
}

// ------------------------------------------------------------------------------------- pom.xml

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

function readPom(text: string): SectionEntry[] {
  const xml = text.replace(/<!--[\s\S]*?-->/g, '');
  const entries: SectionEntry[] = [];
  for (const m of xml.matchAll(/<plugin>([\s\S]*?)<\/plugin>/g)) {
    const id = /<artifactId>\s*([^<\s]+)\s*<\/artifactId>/.exec(m[1]!)?.[1] ?? '';
    entries.push({ path: ['plugin', id], value: squash(m[1]!), label: `the ${id} plugin` });
  }
  for (const block of xml.matchAll(/<properties>([\s\S]*?)<\/properties>/g)) {
    for (const p of block[1]!.matchAll(/<([\w.-]+)>([\s\S]*?)<\/\1>/g))
      entries.push({ path: ['properties', p[1]!], value: squash(p[2]!), label: `the ${p[1]} property` });
  }
  for (const name of ['testSourceDirectory', 'testResources']) {
    for (const m of xml.matchAll(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'g')))
      entries.push({ path: [name], value: squash(m[1]!), label: `<${name}>` });
  }
  return entries;
}

// -------------------------------------------------------------------------------------- Gradle

/** `test { … }`, `tasks.test { … }`, `tasks.withType<Test> { … }`, `tasks.named("test") { … }`, `testOptions { … }`. */
const GRADLE_TEST_BLOCK =
  /(?:^|[^\w.])(?:tasks\s*\.\s*)?(?:test|testOptions|withType\s*(?:\(\s*Test(?:::class(?:\.java)?)?\s*\)|<\s*Test\s*>)|named\s*(?:<\s*Test\s*>\s*)?\(\s*["']test["'][^)]*\)|getByName\s*\(\s*["']test["']\s*\)|register\s*(?:<\s*Test\s*>\s*)?\(\s*["'][^"']*["'][^)]*\))\s*(?:\.\s*configure\s*)?\{/g;

function readGradle(text: string): SectionEntry[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const entries: SectionEntry[] = [];
  for (const m of code.matchAll(GRADLE_TEST_BLOCK)) {
    const open = m.index! + m[0].length - 1;
    let depth = 0;
    let end = open;
    for (; end < code.length; end++) {
      if (code[end] === '{') depth++;
      else if (code[end] === '}' && --depth === 0) break;
    }
    entries.push({ path: ['test'], value: squash(code.slice(m.index!, end + 1)), label: 'the test task' });
  }
  for (const m of code.matchAll(/^\s*(?:tasks\s*\.\s*)?test\s*\.[^\n]*/gm))
    entries.push({ path: ['test'], value: squash(m[0]), label: 'the test task' });
  return entries;
}
