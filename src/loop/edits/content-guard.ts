/**
 * The guardrails that need a change's content, not only its path (`guardrails.ts` has the paths):
 * - a protected section of a shared file (`protection.ts`'s `PROTECTED_SECTIONS`): the sections
 *   before and after must be equal, whatever else changed;
 * - a new executable: a new file with an execute bit, or a `#!` script that is not a source module,
 *   is a program that could be run outside the tests (a hook, a task's command);
 * - code that patches a test framework (`framework-patching.ts`), in non-test source.
 * Applied to every model answer before it is written (`apply-edits.ts`) and to every path an agent
 * changed (`heal-loop.ts`), each refusal with a reason written for the model.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { languageForFile } from '../../syntax/tree-sitter.js';
import { findFrameworkPatching } from './framework-patching.js';
import { PROTECTED_SECTIONS, TEST_CLASSES, TEST_FILES } from './protection.js';
import { changedSection } from './sections.js';

export interface ContentChange {
  /** Repo-relative path. */
  path: string;
  /**
   * Content before the attempt; null when the attempt creates the file. A function is called only
   * when a rule needs it (reading it may take a git call).
   */
  before: string | null | (() => string | null);
  /** Content now; null when the attempt deletes the file. */
  after: string | null;
  /** The file has an execute bit now. */
  executable?: boolean;
}

export interface ContentGuardOptions {
  root: string;
  /** `--allow` globs: they lift section protection as they lift path protection. */
  allow?: readonly string[];
}

export type ContentCheck = (change: ContentChange) => Promise<string | null>;

/** Extensions of source modules: a `#!` line on one of them is not a new program outside the source. */
const SOURCE_EXTENSIONS = new Set([
  '.py',
  '.js',
  '.mjs',
  '.cjs',
  '.ts',
  '.mts',
  '.cts',
  '.tsx',
  '.jsx',
  '.rb',
  '.pl',
  '.php',
  '.go',
  '.rs',
  '.java',
  '.kt',
  '.swift',
]);

/** Framework-patching judgements remembered (by path and texts). */
const MAX_REMEMBERED = 64;

export function createContentGuard(options: ContentGuardOptions): ContentCheck {
  const allow = options.allow?.length ? picomatch([...options.allow], { dot: true }) : () => false;
  const rules = PROTECTED_SECTIONS.map((rule) => ({ rule, match: picomatch([...rule.files], { dot: true }) }));
  const isTest = picomatch([...TEST_FILES.patterns], { dot: true, nocase: true });
  const isTestClass = picomatch([...TEST_CLASSES.patterns], { dot: true });
  let own: Set<string> | undefined;
  const judged = new Map<string, string | null>();
  return async (change) => {
    const rel = change.path;
    let read: { text: string | null } | undefined;
    const before = () =>
      (read ??= { text: typeof change.before === 'function' ? change.before() : change.before }).text;
    if (!allow(rel)) {
      for (const { rule, match } of rules) {
        if (!match(rel)) continue;
        const label = changedSection(rule, before(), change.after);
        if (label !== null)
          return `\`${rel}\`: its \`${label}\` section is ${rule.what}, which is protected: ${rule.why} (${rule.rest})`;
      }
    }
    const after = change.after;
    if (after === null) return null;
    const program = newProgram(rel, after, change.executable === true, before);
    if (program) return program;
    if (isTest(rel) || isTestClass(rel) || !languageForFile(rel)) return null;
    own ??= ownModules(options.root);
    // A provider's dry run and the write that follows ask about the same texts: parsed once.
    const earlier = before();
    const key = createHash('sha1')
      .update(`${rel}\0${earlier ?? '\u0001'}\0${after}`)
      .digest('hex');
    if (!judged.has(key)) {
      if (judged.size >= MAX_REMEMBERED) judged.delete(judged.keys().next().value!);
      judged.set(key, await findFrameworkPatching(rel, earlier, after, { ownModules: own }));
    }
    return judged.get(key)!;
  };
}

function newProgram(rel: string, after: string, executable: boolean, before: () => string | null): string | null {
  const script = after.startsWith('#!') && !SOURCE_EXTENSIONS.has(path.extname(rel).toLowerCase());
  if ((!executable && !script) || before() !== null) return null;
  const what = executable ? 'executable file' : 'script (it starts with `#!`)';
  return `\`${rel}\` is a new ${what}: a fix adds no program that could run outside the tests (a hook, a task's command); put the change in the code under test`;
}

/**
 * The modules the repository is itself, which its own source may patch: its package's name, and
 * pytest when its tree is pytest's (`_pytest/` at the root or under `src/`).
 */
function ownModules(root: string): Set<string> {
  const own = new Set<string>();
  try {
    const name = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { name?: unknown }).name;
    if (typeof name === 'string' && name) own.add(name);
  } catch {
    // No package.json, or not one that names a package.
  }
  if (existsSync(path.join(root, '_pytest')) || existsSync(path.join(root, 'src', '_pytest'))) {
    own.add('_pytest');
    own.add('pytest');
  }
  return own;
}
