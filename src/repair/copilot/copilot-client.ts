/**
 * A Copilot runtime client on a fresh temporary config home (no user settings, MCP servers or
 * session store take part), with an environment that holds no credential but the token it is given.
 * A logged-in user (no token) keeps the user's own config home. `stop` ends the client and removes
 * the home whatever happens.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CopilotClient, RuntimeConnection } from '@github/copilot-sdk';
import type { CopilotAuth } from './copilot-auth.js';
import { runtimeError } from './copilot-errors.js';

const STOP_GRACE_MS = 5_000;

/** Variables the runtime may need besides the token: the path, locale, temp, proxies, certificates, hosts. */
const RUNTIME_ENV =
  /^(PATH|Path|PATHEXT|SystemRoot|SYSTEMROOT|ComSpec|TMPDIR|TEMP|TMP|LANG|LC_[A-Z]+|TZ|(HTTPS?|NO|ALL)_PROXY|(https?|no|all)_proxy|NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|GH_HOST|COPILOT_API_URL)$/;

export interface StartedClient {
  client: CopilotClient;
  /** The config home, also the session's working directory. */
  home: string;
  stop: () => Promise<void>;
}

export interface ClientOptions {
  runtimePath: string;
  auth: CopilotAuth;
  env: NodeJS.ProcessEnv;
  scrub: (text: string) => string;
}

/** The runtime's environment: nothing from the step but what it needs, and a config home of its own. */
export function runtimeEnvironment(env: NodeJS.ProcessEnv, home: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined && RUNTIME_ENV.test(name)) out[name] = value;
  if (home) {
    out.HOME = home;
    out.USERPROFILE = home;
    out.XDG_CONFIG_HOME = path.join(home, 'config');
    out.XDG_CACHE_HOME = path.join(home, 'cache');
  } else if (env.HOME) out.HOME = env.HOME;
  return out;
}

export async function startCopilotClient(options: ClientOptions): Promise<StartedClient> {
  const { auth, runtimePath } = options;
  const home = mkdtempSync(path.join(os.tmpdir(), 'self-heal-copilot-home-'));
  const ownHome = !auth.loggedInUser;
  const client = new CopilotClient({
    connection: RuntimeConnection.forStdio({ path: runtimePath }),
    mode: 'empty',
    ...(ownHome ? { baseDirectory: home } : {}),
    workingDirectory: home,
    env: runtimeEnvironment(options.env, ownHome ? home : undefined),
    ...(auth.token ? { gitHubToken: auth.token } : {}),
    useLoggedInUser: auth.loggedInUser,
    logLevel: 'error',
  });
  const stop = async () => {
    try {
      await withTimeout(client.stop(), STOP_GRACE_MS);
    } catch {
      await client.forceStop().catch(() => {});
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  };
  try {
    await client.start();
  } catch (error) {
    await stop();
    throw runtimeError(`The Copilot runtime at ${runtimePath} did not start`, error, options.scrub, false);
  }
  return { client, home, stop };
}

/** `promise`, or a rejection after `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
