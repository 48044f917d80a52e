/**
 * Where the Copilot runtime comes from. The committed bundle never contains it (the platform package
 * is about 115 MB); it is taken, in this order, from
 * 1. `copilot-path` (`--copilot-path`): an explicit executable, the copilot CLI or the runtime wrapper;
 * 2. a `copilot` executable on `PATH` (GitHub's docs install it with `npm install -g @github/copilot`);
 * 3. the SDK's platform package installed beside this code (a development checkout, an npm install of
 *    the CLI), at exactly the pinned version;
 * 4. the runner's tool cache, keyed by the pinned version (a previous run's install);
 * 5. an install of the pinned platform package with the runner's npm into the tool cache.
 * Steps 4 and 5 need a tool cache (the action provides one); without it the error says what to change.
 */
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CREDENTIAL_VARIABLE } from '../../text/secrets.js';
import { runCommand } from '../../workspace/run-tests.js';
import { ProviderError } from '../provider.js';

/**
 * The one pin: the runtime version the bundled `@github/copilot-sdk` speaks, equal to the SDK's own
 * version (its platform packages are published with it). A test checks it against package.json.
 */
export const COPILOT_RUNTIME_VERSION = '1.0.14';

/**
 * The registry's integrity of the platform packages this machine could verify (2026-12-01). npm
 * checks every tarball against the registry's integrity anyway; a pinned value here also refuses a
 * registry that serves another tarball under the same version.
 */
const PINNED_INTEGRITY: Record<string, string> = {
  'linux-x64': 'sha512-1wlAVTK1z7ovAez0tixr+f77TnjB3fqKobamu1pG7FYyCTwQuyU4p1aWNXF9j/u1d7rxSY1n9cAxrtEAUkizbg==',
  'linuxmusl-x64': 'sha512-tNNeJl53hXEkqeGudNAsHQk9OrSUbt2EdPhtugcQxscabaEFutd7KwQH6jmvvYW7Sifgl59ySWTd4ok/9I94kg==',
};

/** A store of installed runtimes keyed by version and platform (the runner's tool cache). */
export interface RuntimeCache {
  /** The folder of an earlier install, or undefined. */
  find(version: string, platform: string): string | undefined;
  /** Copy `folder` into the cache; returns the cached folder. */
  save(folder: string, version: string, platform: string): Promise<string>;
  /** Where installs are staged (RUNNER_TEMP). */
  tempDir?: string;
}

export interface ResolveRuntimeOptions {
  copilotPath?: string;
  env: NodeJS.ProcessEnv;
  cache?: RuntimeCache;
  log: (message: string) => void;
  /** Folders whose `node_modules` may hold the platform package; default: above this module. */
  packageRoots?: string[];
  /** The npm to install with (default `npm` on PATH). */
  npmCommand?: string;
  installTimeoutMs?: number;
}

export interface ResolvedRuntime {
  path: string;
  source: 'copilot-path' | 'PATH' | 'package' | 'tool-cache' | 'installed';
  /** Milliseconds the on-demand install took (npm and the copy into the cache). */
  installMs?: number;
}

/** `linux-x64`, `linuxmusl-arm64`, `darwin-arm64`, `win32-x64`, … as the platform packages are named. */
export function runtimePlatform(platform = process.platform, arch = process.arch): string {
  if (platform === 'linux') {
    const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
    return `${header?.glibcVersionRuntime ? 'linux' : 'linuxmusl'}-${arch}`;
  }
  return `${platform}-${arch}`;
}

export function runtimePackageName(platform = runtimePlatform()): string {
  return `@github/copilot-sdk-${platform}`;
}

/** The runtime wrapper inside an unpacked platform package. */
function wrapperIn(packageDir: string, platform: string): string {
  return path.join(
    packageDir,
    'prebuilds',
    platform,
    platform.startsWith('win32') ? 'copilot-runtime.exe' : 'copilot-runtime',
  );
}

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  const names = process.platform === 'win32' ? [`${name}.cmd`, `${name}.exe`, name] : [name];
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const n of names) {
      const candidate = path.join(dir, n);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return undefined;
}

function packageVersion(dir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

function installedPackage(roots: string[], platform: string): string | undefined {
  for (const root of roots) {
    for (let dir = root; ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'node_modules', ...runtimePackageName(platform).split('/'));
      if (packageVersion(candidate) === COPILOT_RUNTIME_VERSION && isExecutableFile(wrapperIn(candidate, platform)))
        return wrapperIn(candidate, platform);
      if (path.dirname(dir) === dir) break;
    }
  }
  return undefined;
}

function defaultPackageRoots(): string[] {
  try {
    return [path.dirname(fileURLToPath(import.meta.url))];
  } catch {
    return [];
  }
}

/** npm gets the step's environment minus credentials: the public registry needs none. */
function npmEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || CREDENTIAL_VARIABLE.test(name) || /^INPUT_/.test(name)) continue;
    out[name] = value;
  }
  return out;
}

function lastLines(text: string, max = 400): string {
  const t = text.trim().replace(/\s+/g, ' ');
  return t.length > max ? `…${t.slice(-max)}` : t;
}

const NOT_INSTALLABLE_HINT =
  'Install it in an earlier step with `npm install -g @github/copilot`, or set copilot-path (--copilot-path) to a copilot executable.';

/** Install the pinned platform package with npm into a staging folder, verify it, and cache it. */
async function install(
  options: ResolveRuntimeOptions,
  cache: RuntimeCache,
  platform: string,
): Promise<ResolvedRuntime> {
  const started = Date.now();
  const spec = `${runtimePackageName(platform)}@${COPILOT_RUNTIME_VERSION}`;
  const staging = mkdtempSync(path.join(cache.tempDir ?? os.tmpdir(), 'self-heal-copilot-'));
  try {
    options.log(`copilot: installing the runtime ${spec} with npm (about 115 MB; cached for the next run)`);
    const npm = options.npmCommand ?? 'npm';
    const result = await runCommand({
      command: `${npm} install --no-audit --no-fund --ignore-scripts --prefer-offline --loglevel=error --prefix . ${spec}`,
      cwd: staging,
      timeoutMs: options.installTimeoutMs ?? 10 * 60_000,
      env: npmEnvironment(options.env),
      maxOutputBytes: 32 * 1024,
    });
    if (result.timedOut || result.exitCode !== 0) {
      throw new ProviderError(
        `The Copilot runtime ${spec} could not be installed (npm ${result.timedOut ? 'timed out' : `exited ${result.exitCode ?? result.signal}`}: ${lastLines(result.output)})`,
        'config',
        false,
        NOT_INSTALLABLE_HINT,
      );
    }
    const packageDir = path.join(staging, 'node_modules', ...runtimePackageName(platform).split('/'));
    const lock = JSON.parse(readFileSync(path.join(staging, 'package-lock.json'), 'utf8')) as {
      packages?: Record<string, { version?: string; integrity?: string }>;
    };
    const entry = lock.packages?.[`node_modules/${runtimePackageName(platform)}`];
    const pinned = PINNED_INTEGRITY[platform];
    if (entry?.version !== COPILOT_RUNTIME_VERSION || (pinned && entry.integrity !== pinned)) {
      throw new ProviderError(
        `The Copilot runtime npm installed is not the pinned one (${entry?.version ?? 'no version'}, integrity ${entry?.integrity ?? 'unknown'})`,
        'config',
        false,
        `Check the npm registry the runner uses; ${NOT_INSTALLABLE_HINT}`,
      );
    }
    if (!isExecutableFile(wrapperIn(packageDir, platform))) {
      throw new ProviderError(
        `The Copilot runtime ${spec} has no runtime for ${platform} inside`,
        'config',
        false,
        NOT_INSTALLABLE_HINT,
      );
    }
    const cached = await cache.save(packageDir, COPILOT_RUNTIME_VERSION, platform);
    return { path: wrapperIn(cached, platform), source: 'installed', installMs: Date.now() - started };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

export async function resolveCopilotRuntime(options: ResolveRuntimeOptions): Promise<ResolvedRuntime> {
  const explicit = options.copilotPath?.trim();
  if (explicit) {
    if (!isExecutableFile(explicit)) {
      throw new ProviderError(
        `copilot-path '${explicit}' is not an executable file`,
        'config',
        false,
        'Set copilot-path (--copilot-path) to the copilot CLI or the runtime, or leave it empty to find or install it.',
      );
    }
    return { path: explicit, source: 'copilot-path' };
  }
  const fromPath = onPath('copilot', options.env);
  if (fromPath) return { path: fromPath, source: 'PATH' };
  const platform = runtimePlatform();
  const packaged = installedPackage(options.packageRoots ?? defaultPackageRoots(), platform);
  if (packaged) return { path: packaged, source: 'package' };
  if (!options.cache) {
    throw new ProviderError(
      'No Copilot runtime was found: no copilot on PATH and no tool cache to install it into',
      'config',
      false,
      NOT_INSTALLABLE_HINT,
    );
  }
  const cached = options.cache.find(COPILOT_RUNTIME_VERSION, platform);
  if (cached && existsSync(wrapperIn(cached, platform)))
    return { path: wrapperIn(cached, platform), source: 'tool-cache' };
  return install(options, options.cache, platform);
}
