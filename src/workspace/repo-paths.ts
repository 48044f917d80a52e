/**
 * Maps a path exactly as a runner printed it in a stack frame to a repo-relative path, and decides
 * whether the frame is the user's: a frame counts only when it maps to a file of the repository
 * (git-tracked) outside vendored, runtime and generated code (STYLE habit 4).
 *
 * Reports often come from another machine (a CI runner, a container, a colleague's laptop), so an
 * absolute path that is not under the root is matched by its longest suffix that names a repository
 * file; a relative guess (Java prints `pkg/sub/File.java`, Go prints `file_test.go`) is matched by
 * the repository files that end with it.
 */
import path from 'node:path';

export type PathVerdict =
  | { kind: 'user'; path: string }
  /** Third-party code: installed packages, vendored trees, build caches. */
  | { kind: 'vendored'; reason: string }
  /** The language runtime, standard library or test framework internals. */
  | { kind: 'runtime'; reason: string }
  /** Maps to no file of the repository (or to several, with nothing to choose between them). */
  | { kind: 'outside'; reason: string };

/** Repo-relative locations that make one candidate more likely when a short path is ambiguous. */
export interface ResolveHints {
  /** Files already known to be involved (the test file, other frames of the same trace). */
  files?: readonly string[];
  /** Directories known to be involved (a Go package directory). */
  dirs?: readonly string[];
}

export interface PathResolver {
  /** Repository root, absolute, with forward slashes. */
  readonly root: string;
  readonly files: ReadonlySet<string>;
  resolve(raw: string, hints?: ResolveHints): PathVerdict;
  /** Repo-relative directories that are the longest suffix of a package path (`example.com/m/pkg` → `pkg`). */
  directoriesFor(scope: string): string[];
}

/** Longer printed paths are refused (Linux PATH_MAX is 4096). */
const MAX_PATH_LENGTH = 4096;

/** Segments that mark installed or vendored third-party code wherever they appear. */
const VENDORED_SEGMENTS = new Set([
  'node_modules',
  'bower_components',
  'jspm_packages',
  '.pnpm-store',
  '.yarn',
  'site-packages',
  'dist-packages',
  '__pypackages__',
  '.venv',
  'venv',
  '.tox',
  '.nox',
  '.eggs',
  'vendor',
  '.cargo',
  '.m2',
  '.gradle',
]);

/**
 * Path patterns of runtimes, standard libraries and toolchains, matched against the normalised path
 * (forward slashes). Each names the producer that prints such paths.
 */
const RUNTIME_PATTERNS: Array<[RegExp, string]> = [
  // CPython standard library: /usr/lib/python3.12/…, ~/.pyenv/versions/3.11.7/lib/python3.11/…,
  // Windows C:\hostedtoolcache\windows\Python\3.12.0\x64\Lib\…
  [/(^|\/)lib\/python\d+(\.\d+)*t?\//i, 'python stdlib'],
  [/(^|\/)python\d*(\.\d+)*\/(x64|x86|arm64)\/lib\//i, 'python stdlib'],
  [/(^|\/)\.pyenv\/versions\//, 'python runtime'],
  [/(^|\/)hostedtoolcache\//i, 'runner tool cache'],
  // Go: GOROOT of the official tarball, Debian's golang-go, and the module cache.
  [/^\/usr\/local\/go\/src\//, 'GOROOT'],
  [/^\/usr\/lib\/go(-[\d.]+)?\/src\//, 'GOROOT'],
  [/(^|\/)sdk\/go[\d.]+\/src\//, 'GOROOT'],
  [/(^|\/)go\/pkg\/mod\//, 'go module cache'],
  // `-trimpath` builds print standard-library frames GOROOT-relative.
  [/^(runtime|testing|reflect|internal|sync|os)\/[^/]+\.go$/, 'go std'],
  [/^_testmain\.go$/, 'go test main'],
  // Rust: the standard library as compiled into the toolchain, and toolchain installs.
  [/(^|\/)rustc\/[0-9a-f]{7,64}\//, 'rust std'],
  [/(^|\/)library\/(core|std|alloc|test|proc_macro)\/src\//, 'rust std'],
  [/(^|\/)\.rustup\/toolchains\//, 'rust toolchain'],
  // Java: frames arrive as package-path guesses; JDK and test-framework packages are never the user's.
  [/(^|\/)java\.base\//, 'jdk'],
  [/(^|\/)jdk\.internal/, 'jdk'],
  [/^(java|javax|jdk|sun)\/(lang|util|io|nio|net|security|time|text|math|beans|base|internal)\//, 'jdk'],
  [/(^|\/)org[./]junit[./]/, 'junit'],
  [/(^|\/)junit\/framework\//, 'junit'],
  [/(^|\/)org[./](opentest4j|apache\/maven\/surefire|gradle)[./]/, 'test framework'],
  // JavaScript runners when they are not under node_modules (global installs, bundled runners).
  [/(^|\/)@vitest\//, 'vitest'],
  [/(^|\/)vitest\/dist\//, 'vitest'],
  [/(^|\/)jest-(circus|jasmine2|runner|runtime)\//, 'jest'],
  [/(^|\/)mocha\/lib\//, 'mocha'],
];

/** Pseudo-files and URL schemes of runtimes: nothing on disk corresponds to them. */
function runtimePseudoFile(p: string): string | undefined {
  if (/^node:/.test(p)) return 'node internals';
  if (/^<.*>$/.test(p) || p.startsWith('<frozen ')) return 'runtime pseudo-file';
  if (/^(native|\[native code\]|anonymous|evalmachine\.<anonymous>)$/.test(p)) return 'native code';
  // Node before `node:` URLs printed internals as bare `internal/…js` and core modules as `events.js`.
  if (/^internal\/.+\.js$/.test(p)) return 'node internals';
  return undefined;
}

/** A printed path, normalised: URL schemes removed, forward slashes, `.`/`..` resolved. */
interface NormalisedPath {
  path: string;
  absolute: boolean;
  /** Windows paths compare case-insensitively. */
  caseInsensitive: boolean;
}

function decodeUri(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Normalise; returns a runtime verdict instead when the path is a runtime pseudo-file. */
function normalise(raw: string): NormalisedPath | { runtime: string } {
  let p = raw.trim().replace(/^['"(]+|['")]+$/g, '');
  const pseudo = runtimePseudoFile(p);
  if (pseudo) return { runtime: pseudo };
  // webpack://<namespace>/./src/a.js is the user's file under a bundler namespace;
  // webpack://<namespace>/webpack/bootstrap and friends are the bundler's own runtime.
  const webpack = /^webpack:\/\/[^/]*\/(.*)$/.exec(p);
  if (webpack) {
    p = webpack[1]!;
    if (/^(\.\/)?(webpack|\(webpack\))\//.test(p)) return { runtime: 'webpack runtime' };
  }
  if (/^file:\/\//i.test(p)) {
    // file:///home/x → /home/x; file:///C:/x → C:/x; file://host/share → //host/share
    p = decodeUri(p.replace(/^file:\/\//i, ''));
    if (/^\/[A-Za-z]:[\\/]/.test(p)) p = p.slice(1);
    else if (!p.startsWith('/')) p = `//${p}`;
  }
  p = p.replace(/\\/g, '/').replace(/^\/\/\?\//, '');
  const drive = /^[A-Za-z]:\//.test(p);
  const absolute = drive || p.startsWith('/');
  if (absolute) {
    const prefix = drive ? p.slice(0, 2).toUpperCase() : '';
    p = prefix + path.posix.normalize(drive ? p.slice(2) : p);
  } else {
    // A relative path cannot climb above the root it is relative to; keep what follows the `..`s
    // (it is matched by suffix anyway).
    p = path.posix.normalize(p).replace(/^(\.\.\/)+/, '');
    if (p === '.' || p === '..') p = '';
  }
  return { path: p.replace(/\/+$/, ''), absolute, caseInsensitive: drive };
}

/**
 * Workspace layouts of GitHub-hosted runners: Linux, macOS, Windows (`D:\a\repo\repo`), container
 * jobs (`/__w/repo/repo`) and Docker actions (`/github/workspace`). What follows is repo-relative
 * unless the checkout used a `path:`, which suffix matching covers.
 */
const RUNNER_WORKSPACE = [
  /^\/home\/runner\/work\/[^/]+\/[^/]+\/(.+)$/,
  /^\/Users\/runner\/work\/[^/]+\/[^/]+\/(.+)$/,
  /^[A-Z]:\/a\/[^/]+\/[^/]+\/(.+)$/,
  /^\/__w\/[^/]+\/[^/]+\/(.+)$/,
  /^\/github\/workspace\/(.+)$/,
];

function classifyBySegments(p: string): PathVerdict | undefined {
  for (const segment of p.split('/')) {
    if (VENDORED_SEGMENTS.has(segment.toLowerCase())) return { kind: 'vendored', reason: segment };
  }
  return undefined;
}

function classifyByRuntimePattern(p: string): PathVerdict | undefined {
  for (const [pattern, reason] of RUNTIME_PATTERNS) {
    if (pattern.test(p)) return { kind: 'runtime', reason };
  }
  return undefined;
}

/** Normalise a root directory the same way printed paths are normalised. */
function normaliseRoot(root: string): NormalisedPath {
  const n = normalise(path.resolve(root));
  if ('runtime' in n) throw new Error(`not a directory path: ${root}`);
  return n;
}

function relativeTo(root: NormalisedPath, p: NormalisedPath): string | undefined {
  const a = root.caseInsensitive || p.caseInsensitive ? root.path.toLowerCase() : root.path;
  const b = root.caseInsensitive || p.caseInsensitive ? p.path.toLowerCase() : p.path;
  if (a === '/') return p.path.slice(1);
  if (b === a) return '';
  if (b.startsWith(`${a}/`)) return p.path.slice(root.path.length + 1);
  return undefined;
}

/** How many leading directory segments two repo-relative paths share. */
export function sharedDepth(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  let n = 0;
  while (n < x.length - 1 && n < y.length - 1 && x[n] === y[n]) n++;
  return n;
}

export function createPathResolver(root: string, files: Iterable<string>): PathResolver {
  const rootPath = normaliseRoot(root);
  const index = new RepoFileIndex(files);
  return {
    root: rootPath.path,
    files: index.tracked,
    resolve: (raw, hints) => resolvePath(rootPath, index, raw, hints),
    directoriesFor: (scope) => index.directoriesFor(scope),
  };
}

/** The repository's files, indexed for the lookups a printed path needs. */
class RepoFileIndex {
  readonly tracked = new Set<string>();
  private readonly byBasename = new Map<string, string[]>();
  private readonly directories = new Set<string>();
  private readonly lowerCase = new Map<string, string>();

  constructor(files: Iterable<string>) {
    for (const file of files) {
      const f = file.replace(/\\/g, '/');
      this.tracked.add(f);
      this.lowerCase.set(f.toLowerCase(), f);
      const base = f.slice(f.lastIndexOf('/') + 1);
      const list = this.byBasename.get(base);
      if (list) list.push(f);
      else this.byBasename.set(base, [f]);
      for (let i = f.indexOf('/'); i !== -1; i = f.indexOf('/', i + 1)) this.directories.add(f.slice(0, i));
    }
  }

  lookup(rel: string, caseInsensitive: boolean): string | undefined {
    if (this.tracked.has(rel)) return rel;
    return caseInsensitive ? this.lowerCase.get(rel.toLowerCase()) : undefined;
  }

  /** The longest suffix of `p` (whole segments) that is a repository file: `/tmp/x/src/a.py` → `src/a.py`. */
  longestTrackedSuffix(p: NormalisedPath): string | undefined {
    const segments = p.path.split('/').filter(Boolean);
    const start = p.caseInsensitive && /^[A-Z]:$/.test(segments[0] ?? '') ? 1 : 0;
    for (let k = start; k < segments.length; k++) {
      const found = this.lookup(segments.slice(k).join('/'), p.caseInsensitive);
      if (found) return found;
    }
    return undefined;
  }

  /** Repository files that end with the relative guess `p` (`pkg/A.java` → `src/main/java/pkg/A.java`). */
  filesEndingWith(p: string, hints: ResolveHints | undefined): string | 'ambiguous' | undefined {
    const base = p.slice(p.lastIndexOf('/') + 1);
    const candidates = (this.byBasename.get(base) ?? []).filter((f) => f === p || f.endsWith(`/${p}`));
    if (candidates.length <= 1) return candidates[0];
    // Several files end the same way (`src/lib.rs` in every crate, `calc_test.go` in two packages):
    // prefer the one nearest to what the hints say is involved.
    const anchors = [...(hints?.files ?? []), ...(hints?.dirs ?? []).map((d) => `${d}/`)];
    let best: string[] = [];
    let bestScore = -1;
    for (const candidate of candidates) {
      const score = Math.max(0, ...anchors.map((a) => sharedDepth(candidate, a)));
      if (score > bestScore) {
        best = [candidate];
        bestScore = score;
      } else if (score === bestScore) best.push(candidate);
    }
    return best.length === 1 && bestScore > 0 ? best[0] : 'ambiguous';
  }

  directoriesFor(scope: string): string[] {
    const segments = scope.replace(/\\/g, '/').split(/[/.]/).filter(Boolean);
    for (let k = 0; k < segments.length; k++) {
      const dir = segments.slice(k).join('/');
      if (this.directories.has(dir)) return [dir];
    }
    return [];
  }
}

/** `PathResolver.resolve`: a printed path judged against the root and the repository's files. */
function resolvePath(rootPath: NormalisedPath, index: RepoFileIndex, raw: string, hints?: ResolveHints): PathVerdict {
  // No file system has paths this long; a hostile one would make suffix matching quadratic.
  if (raw.length > MAX_PATH_LENGTH) return { kind: 'outside', reason: 'path too long' };
  const n = normalise(raw);
  if ('runtime' in n) return { kind: 'runtime', reason: n.runtime };
  if (!n.path) return { kind: 'outside', reason: 'empty path' };
  let fromRoot: string | undefined;
  let underRoot = false;
  if (n.absolute) {
    fromRoot = relativeTo(rootPath, n);
    underRoot = fromRoot !== undefined;
    for (const layout of underRoot ? [] : RUNNER_WORKSPACE) {
      const m = layout.exec(n.path);
      if (m) {
        fromRoot = m[1]!;
        break;
      }
    }
  }
  // Markers are judged on the part below the root, so a root that itself lives under, say,
  // `/srv/vendor/` does not make every file look vendored.
  const judged = fromRoot ?? n.path;
  const vendored = classifyBySegments(judged);
  if (vendored) return vendored;
  const exact =
    fromRoot !== undefined
      ? index.lookup(fromRoot, n.caseInsensitive)
      : n.absolute
        ? undefined
        : index.lookup(n.path, false);
  if (exact) return { kind: 'user', path: exact };
  // Runtime patterns only for paths that are not a repository file as printed: a Go repository's
  // own `internal/x.go` must not be mistaken for the standard library's.
  const runtime = classifyByRuntimePattern(judged);
  if (runtime) return runtime;
  // Under the root but not tracked: generated or build output, never matched elsewhere by suffix.
  if (underRoot) return { kind: 'outside', reason: 'not tracked by git' };
  let candidate = index.longestTrackedSuffix(n);
  if (!candidate && !n.absolute) {
    const found = index.filesEndingWith(n.path, hints);
    if (found === 'ambiguous')
      return { kind: 'outside', reason: `ambiguous: several repository files end with ${n.path}` };
    candidate = found;
  }
  if (!candidate) return { kind: 'outside', reason: 'not a file of the repository' };
  return classifyBySegments(candidate) ?? { kind: 'user', path: candidate };
}

/** Where the test code lives, by each ecosystem's convention (used when no report says so). */
export function looksLikeTestFile(file: string): boolean {
  const base = file.slice(file.lastIndexOf('/') + 1);
  if (/^test_.*\.py$|_test\.py$|^conftest\.py$/.test(base)) return true;
  if (/\.(test|spec)\.[cm]?[jt]sx?$/.test(base)) return true;
  if (/_test\.go$/.test(base)) return true;
  if (/(^Test.*|.*Tests?|.*IT)\.(java|kt)$/.test(base)) return true;
  return /(^|\/)(tests?|__tests__|spec|src\/test)\//.test(file);
}

/**
 * `raw` relative to `root` when it is an absolute path under it (normalised as printed paths are),
 * whether git tracks it or not; undefined otherwise. For names that must not depend on where the
 * repository sits on disk (the reports stage's test ids), where `resolve` answers for tracked files.
 */
export function pathUnderRoot(root: string, raw: string): string | undefined {
  if (raw.length > MAX_PATH_LENGTH) return undefined;
  const n = normalise(raw);
  if ('runtime' in n || !n.absolute) return undefined;
  return relativeTo(normaliseRoot(root), n) || undefined;
}
