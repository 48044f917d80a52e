/**
 * Where a test case lives in the repository. Reports disagree about what they say: xunit1 and
 * jest-junit give `file` (and pytest xunit1 a `line`), surefire and pytest's xunit2 give only a
 * dotted classname, vitest puts the file in `classname`, Go reporters give the package path.
 */
import type { TestCase } from '../reports/test-run.js';
import type { PathResolver } from '../workspace/repo-paths.js';

export interface TestWhereabouts {
  /** The test's file, repo-relative, when one could be named. */
  file?: string;
  /** Directories that probably hold it (a Go package), to choose among same-named files. */
  dirs: string[];
}

const FILE_NAME = /\.(py|[cm]?[jt]sx?|java|kt|go|rs)$/i;
const PATH_LIKE = /[/\\]|\.(py|[cm]?[jt]sx?|java|kt|go|rs)$/i;

function userPath(resolver: PathResolver, raw: string, dirs: string[]): string | undefined {
  const verdict = resolver.resolve(raw, { dirs });
  return verdict.kind === 'user' ? verdict.path : undefined;
}

/** Files a dotted classname could live in: a Python module (or a class in it), a Java/Kotlin class. */
function dottedCandidates(classname: string): string[] {
  const outer = classname.replace(/\$.*$/, ''); // Java inner classes: `CalcTest$Nested`
  const parts = outer.split('.').filter(Boolean);
  const out: string[] = [];
  for (let n = parts.length; n >= 1 && n >= parts.length - 2; n--) {
    const base = parts.slice(0, n).join('/');
    out.push(`${base}.py`, `${base}.java`, `${base}.kt`);
  }
  return out;
}

export function locateTestFile(c: TestCase, resolver: PathResolver): TestWhereabouts {
  const scopes = [c.classname, c.suite].filter((s): s is string => !!s);
  // pytest names a module that failed to import as a case without classname: `broken.test_x`.
  if (!c.classname && /^[\w]+(\.[\w]+)+$/.test(c.name)) scopes.push(c.name);
  // A scope that is no file may be a package path (`example.com/shop/cart`) or name (`cart`).
  const dirs = [...new Set(scopes.flatMap((s) => (FILE_NAME.test(s) ? [] : resolver.directoriesFor(s))))];
  if (c.file) {
    const file = userPath(resolver, c.file, dirs);
    if (file) return { file, dirs };
  }
  for (const scope of scopes) {
    if (PATH_LIKE.test(scope)) {
      const file = userPath(resolver, scope, dirs);
      if (file) return { file, dirs };
    } else if (/^[\w$]+(\.[\w$]+)*$/.test(scope)) {
      for (const candidate of dottedCandidates(scope)) {
        const file = userPath(resolver, candidate, dirs);
        if (file) return { file, dirs };
      }
    }
  }
  return { dirs };
}
