/**
 * The `-c` overrides every git call of self-heal carries, so that no configuration (the
 * repository's, an included file's, the user's global one) makes git run a program: see
 * `workspace/git.ts`. Fixed keys are always overridden; the commands of named drivers (filters, diff
 * and merge drivers) can only be overridden by name, so the configuration is
 * listed once (`git config --list`, which runs nothing) and listed again whenever one of the files
 * it came from, or one that could be included or read, changes (a stat fingerprint per call).
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Overrides independent of what is configured. */
const FIXED: readonly string[] = [
  'core.fsmonitor=false',
  'core.hooksPath=/dev/null',
  'core.pager=cat',
  'core.editor=:',
  'sequence.editor=:',
  'core.askPass=',
  'core.sshCommand=ssh',
  'core.gitProxy=',
  'core.alternateRefsCommand=',
  // An empty value resets the list of helpers.
  'credential.helper=',
  'protocol.ext.allow=never',
  'commit.gpgSign=false',
  'tag.gpgSign=false',
  'push.gpgSign=false',
  // `log` and `show` of a signed commit verify it with the configured program.
  'log.showSignature=false',
  'gpg.program=gpg',
  'gpg.ssh.program=ssh-keygen',
  'gpg.x509.program=gpgsm',
  // Automatic gc and maintenance detach a process that outlives the run.
  'gc.auto=0',
  'gc.autoDetach=false',
  'maintenance.auto=false',
  'submodule.recurse=false',
].flatMap((pair) => ['-c', pair]);

/** git-lfs's own filter commands (`git lfs install`), kept so LFS files do not all read as modified. */
const LFS_FILTER: Readonly<Record<string, string>> = {
  clean: 'git-lfs clean -- %f',
  smudge: 'git-lfs smudge -- %f',
  process: 'git-lfs filter-process',
};

const DRIVER_KEY = /^(filter|diff|merge)\.(.+)\.([^.]+)$/;
const INCLUDE_KEY = /^include(?:if\..*)?\.path$/i;

interface Listed {
  fingerprint: string;
  /** Files whose change means the listing is stale. */
  files: string[];
  overrides: string[];
}

const cache = new Map<string, Listed>();

function statPrint(file: string): string {
  try {
    const st = statSync(file, { bigint: true });
    return `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
  } catch {
    return '-';
  }
}

function fingerprint(files: readonly string[]): string {
  return files.map(statPrint).join('|');
}

function expandHome(p: string, env: NodeJS.ProcessEnv): string {
  return p.startsWith('~/') ? path.join(env.HOME ?? os.homedir(), p.slice(2)) : p;
}

/** Config files git reads even when they do not exist yet (created later, they must be noticed). */
function standardFiles(cwd: string, env: NodeJS.ProcessEnv): string[] {
  const home = env.HOME ?? os.homedir();
  const files = [
    env.GIT_CONFIG_GLOBAL ?? path.join(home, '.gitconfig'),
    env.GIT_CONFIG_GLOBAL ? '' : path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'git', 'config'),
    env.GIT_CONFIG_NOSYSTEM ? '' : (env.GIT_CONFIG_SYSTEM ?? '/etc/gitconfig'),
    // The repository's own: `.git/config` of the work tree or any parent (where git finds it).
  ];
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    files.push(path.join(dir, '.git', 'config'), path.join(dir, '.git', 'config.worktree'));
    if (path.dirname(dir) === dir) break;
  }
  return files.filter(Boolean);
}

function overridesFor(entries: ReadonlyArray<{ key: string; value: string }>): string[] {
  const filters = new Set<string>();
  const diffs = new Set<string>();
  const merges = new Set<string>();
  let lfsStandard = true;
  let external = false;
  for (const { key, value } of entries) {
    const driver = DRIVER_KEY.exec(key);
    if (driver) {
      const [, section, name, field] = driver as unknown as [string, string, string, string];
      if (section === 'filter') {
        filters.add(name);
        const lfs = LFS_FILTER[field.toLowerCase()];
        if (name === 'lfs' && lfs !== undefined && lfs !== value) lfsStandard = false;
      } else if (section === 'diff') diffs.add(name);
      else merges.add(name);
      continue;
    }
    if (key === 'diff.external') external = true;
  }
  // A driver is neutralised whole: emptying only the command that is set would leave one that a
  // later include sets (the listing is redone then, but not before the call that reads it).
  if (lfsStandard) filters.delete('lfs');
  const pairs: string[] = [];
  for (const name of filters)
    pairs.push(
      `filter.${name}.clean=`,
      `filter.${name}.smudge=`,
      `filter.${name}.process=`,
      `filter.${name}.required=false`,
    );
  for (const name of diffs) pairs.push(`diff.${name}.command=`, `diff.${name}.textconv=`);
  for (const name of merges) pairs.push(`merge.${name}.driver=`);
  // Empty: a diff that does not pass --no-ext-diff then fails instead of running the program.
  if (external) pairs.push('diff.external=');
  return pairs.flatMap((pair) => ['-c', pair]);
}

/**
 * List the configuration: `key`, `value` and the file each came from. Runs `git config`, which
 * reads configuration and runs nothing. A directory that is not a repository still has global and
 * system configuration; a failure (no git, no directory) lists nothing, and the git call itself fails.
 */
function listConfig(
  cwd: string,
  env: NodeJS.ProcessEnv,
): { entries: Array<{ key: string; value: string }>; files: string[] } {
  let stdout: string;
  try {
    stdout = execFileSync('git', ['config', '--list', '--show-origin', '-z'], {
      cwd,
      env: { ...env, GIT_OPTIONAL_LOCKS: '0' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    stdout = (error as { stdout?: string }).stdout ?? '';
  }
  const entries: Array<{ key: string; value: string }> = [];
  const files = new Set<string>();
  // Records: origin NUL key LF value NUL.
  const parts = stdout.split('\0');
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const origin = parts[i]!;
    const record = parts[i + 1]!;
    const nl = record.indexOf('\n');
    const key = nl < 0 ? record : record.slice(0, nl);
    const value = nl < 0 ? '' : record.slice(nl + 1);
    entries.push({ key, value });
    const file = origin.startsWith('file:') ? path.resolve(cwd, origin.slice(5)) : null;
    if (file) files.add(file);
    if (INCLUDE_KEY.test(key) && value) {
      const target = expandHome(value, env);
      files.add(path.isAbsolute(target) ? target : path.resolve(file ? path.dirname(file) : cwd, target));
    }
  }
  return { entries, files: [...files] };
}

/**
 * The variables that decide which configuration git reads: the files (`HOME`, `XDG_CONFIG_HOME`,
 * `GIT_CONFIG_GLOBAL`, `GIT_CONFIG_SYSTEM`, `GIT_CONFIG_NOSYSTEM`, `GIT_DIR`) and the entries given
 * in the environment itself (`GIT_CONFIG_PARAMETERS`, `GIT_CONFIG_COUNT`/`_KEY_n`/`_VALUE_n`).
 */
function configSources(env: NodeJS.ProcessEnv): string {
  return Object.keys(env)
    .filter(
      (name) => name === 'HOME' || name === 'XDG_CONFIG_HOME' || name === 'GIT_DIR' || name.startsWith('GIT_CONFIG'),
    )
    .sort()
    .map((name) => `${name}=${env[name] ?? ''}`)
    .join('\0');
}

/**
 * The `-c` arguments for a git call in `cwd` with `env`, memoised per directory and the variables
 * that decide what configuration git reads.
 */
export function gitConfigOverrides(cwd: string, env: NodeJS.ProcessEnv): string[] {
  const key = `${cwd}\0${configSources(env)}`;
  const known = cache.get(key);
  if (known && fingerprint(known.files) === known.fingerprint) return [...FIXED, ...known.overrides];
  // Stat first, list second: a file written between the two is seen as changed by the next call.
  const standard = standardFiles(cwd, env);
  const before = standard.map(statPrint);
  const { entries, files } = listConfig(cwd, env);
  const extra = files.filter((f) => !standard.includes(f));
  const listed: Listed = {
    files: [...standard, ...extra],
    fingerprint: [...before, ...extra.map(statPrint)].join('|'),
    overrides: overridesFor(entries),
  };
  // Bounded: one entry per directory and environment git runs in, a handful per run.
  if (cache.size > 64) cache.clear();
  cache.set(key, listed);
  return [...FIXED, ...listed.overrides];
}
