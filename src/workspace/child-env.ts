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
 * - Once the runs execute a candidate's code (`candidateRunEnvironment`), they also lose every
 *   variable that looks like a credential, by name or by value (`CANDIDATE_WITHHELD`): the baseline
 *   and its confirmation ran as CI did, a patch a model wrote does not get the user's keys.
 * - Agent commands (`agentEnvironment`) get that minus every variable that looks like a
 *   credential (`text/secrets.ts`), as before; `SELF_HEAL_AGENT_ENV` lists names an agent needs.
 * - `--pass-env NAME` (input `pass-env`) keeps a variable for all of them.
 *
 * What is scrubbed from text sent to a model is `text/secrets.ts`'s business, unchanged.
 */
import { CREDENTIAL_VARIABLE, looksLikeCredential, MIN_SECRET_LENGTH } from '../text/secrets.js';

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

/**
 * What a candidate's test runs do not get unless `pass-env` names it: each rule with why. Names
 * are matched whole-word (`CREDENTIAL_VARIABLE`) or by a part no other variable holds; values by
 * their shape, whatever the variable is called.
 */
export const CANDIDATE_WITHHELD: ReadonlyArray<{ why: string; test: (name: string, value: string) => boolean }> = [
  { why: "self-heal's own credential, or the runner's for the action", test: (name) => SELF_HEAL_OWN.test(name) },
  {
    why: 'its name says it is a credential (TOKEN, SECRET, PASSWORD, API_KEY, AUTH, …)',
    test: (name) => CREDENTIAL_VARIABLE.test(name),
  },
  {
    why: 'its name holds SECRET, PASSWORD, PASSWD or CREDENTIAL (CLIENTSECRET, DBPASSWORD)',
    test: (name) => /SECRET|PASSW(?:OR)?D|CREDENTIAL/i.test(name),
  },
  {
    why: 'its value is shaped like a token (ghp_, github_pat_, sk-, AKIA, xox, npm_, glpat-, a JWT, a private key) or is a URL with a password',
    test: (_name, value) => looksLikeCredential(value),
  },
];

/** Whether a variable looks like a credential, by name or by value (`CANDIDATE_WITHHELD`). */
export function isCredentialVariable(name: string, value: string): boolean {
  return CANDIDATE_WITHHELD.some((rule) => rule.test(name, value));
}

/**
 * Whether a variable's value is a secret to scrub from everything self-heal writes. An action input
 * (`INPUT_*`) is one only when its name or value says so: the provider, mode and paths are not
 * secrets (scrubbed, `provider: copilot` blanked every "copilot" in the log), and the key, token and
 * `secrets` inputs reach the scrubber as options.
 */
export function holdsSecretValue(name: string, value: string): boolean {
  if (/^INPUT_/i.test(name)) return CREDENTIAL_VARIABLE.test(name) || looksLikeCredential(value);
  return isCredentialVariable(name, value);
}

/**
 * What a candidate's test run sees: the test runs' environment without any variable that looks like
 * a credential, unless passed. `withheld`: the names left out, for the log and the feedback.
 */
export function candidateRunEnvironment(
  env: NodeJS.ProcessEnv,
  options: ChildEnvironmentOptions = {},
): { env: NodeJS.ProcessEnv; withheld: string[] } {
  const withheld: string[] = [];
  const pass = new Set(options.pass ?? []);
  const out = testRunEnvironment(env, options);
  for (const [name, value] of Object.entries(out)) {
    if (value === undefined || pass.has(name) || !isCredentialVariable(name, value)) continue;
    delete out[name];
    withheld.push(name);
  }
  return { env: out, withheld: withheld.sort() };
}
