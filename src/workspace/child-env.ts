/**
 * The environment of what self-heal runs for the code under repair, decided here and nowhere else.
 * A test run executes the patch a model or an agent just wrote, and an agent command is someone
 * else's program: neither gets self-heal's own credentials.
 *
 * - Test runs (`testRunEnvironment`) get the user's environment minus what self-heal itself was
 *   given: the action's inputs (`INPUT_*`, the API key and the token for pushing among them), the
 *   runner's tokens for the action (`ACTIONS_RUNTIME_TOKEN`, `ACTIONS_ID_TOKEN_REQUEST_*`, the cache
 *   and results URLs), the model providers' key variables, and any variable whose value is one of
 *   self-heal's secret values (`GITHUB_TOKEN` when it is the token self-heal pushes with).
 * - Agent commands (`agentEnvironment`) get that minus every variable that looks like a
 *   credential (`text/secrets.ts`), as before; `SELF_HEAL_AGENT_ENV` lists names an agent needs.
 * - `--pass-env NAME` (input `pass-env`) keeps a variable for both.
 *
 * What is scrubbed from text sent to a model is `text/secrets.ts`'s business, unchanged.
 */
import { CREDENTIAL_VARIABLE, MIN_SECRET_LENGTH } from '../text/secrets.js';

/** Variables that hold self-heal's own credentials or the runner's for the action. */
const SELF_HEAL_OWN =
  /^(INPUT_.*|ACTIONS_RUNTIME_TOKEN|ACTIONS_RUNTIME_URL|ACTIONS_ID_TOKEN_REQUEST_.*|ACTIONS_CACHE_URL|ACTIONS_RESULTS_URL|SELF_HEAL_API_KEY|OPENAI_API_KEY|ANTHROPIC_API_KEY|AZURE_OPENAI_API_KEY|COPILOT_GITHUB_TOKEN)$/i;

export interface ChildEnvironmentOptions {
  /** Secret values self-heal holds (the API key, the token it pushes with, `secrets`). */
  secrets?: readonly string[];
  /** Variable names the user keeps (`--pass-env`). */
  pass?: readonly string[];
}

function strip(
  env: NodeJS.ProcessEnv,
  options: ChildEnvironmentOptions,
  drop: (name: string) => boolean,
  extraPass: readonly string[] = [],
): NodeJS.ProcessEnv {
  const pass = new Set([...(options.pass ?? []), ...extraPass]);
  const values = new Set((options.secrets ?? []).map((s) => s.trim()).filter((s) => s.length >= MIN_SECRET_LENGTH));
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (!pass.has(name) && (drop(name) || values.has(value.trim()))) continue;
    out[name] = value;
  }
  return out;
}

/**
 * Whether a variable is one no child gets unless it is named: self-heal's own, one that looks like a
 * credential, or one holding a secret value (the agent's rule, the stricter one).
 */
export function isWithheldVariable(name: string, value: string, secrets: readonly string[] = []): boolean {
  if (SELF_HEAL_OWN.test(name) || CREDENTIAL_VARIABLE.test(name)) return true;
  const v = value.trim();
  return v.length >= MIN_SECRET_LENGTH && secrets.some((s) => s.trim() === v);
}

/** What a test run sees: the user's environment, not self-heal's credentials. */
export function testRunEnvironment(env: NodeJS.ProcessEnv, options: ChildEnvironmentOptions = {}): NodeJS.ProcessEnv {
  return strip(env, options, (name) => SELF_HEAL_OWN.test(name));
}

/** What an agent command sees: also no variable that looks like a credential, unless listed. */
export function agentEnvironment(env: NodeJS.ProcessEnv, options: ChildEnvironmentOptions = {}): NodeJS.ProcessEnv {
  const listed = (env.SELF_HEAL_AGENT_ENV ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return strip(env, options, (name) => SELF_HEAL_OWN.test(name) || CREDENTIAL_VARIABLE.test(name), listed);
}
