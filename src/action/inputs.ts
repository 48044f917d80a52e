/**
 * The action's inputs: ONE zod schema whose keys are spelled exactly as in `action.yml` (a test
 * reads action.yml and compares keys and defaults), read from the runner's `INPUT_*` variables.
 *
 * A bad value fails the step with one message per bad input that names it, echoes the value (masked
 * when it is a credential) and says what is expected, in the manner of actions/checkout's
 * `input-helper.ts`. Credentials are handed to `mask` (core.setSecret) the moment they are read,
 * before anything is validated or logged.
 */
import path from 'node:path';
import { z } from 'zod';
import {
  MAX_ATTEMPTS_HARD_CAP,
  PROVIDER_CHOICES,
  ProviderName,
  type HealOptionsInput,
} from '../contracts/heal-options.js';

/** The inputs that hold credentials: masked as soon as read, never echoed. */
export const SECRET_INPUTS = ['api-key', 'github-token'] as const;

const MAX_TEXT = 10_000;

const YAML_TRUE = ['true', 'True', 'TRUE'];
const YAML_FALSE = ['false', 'False', 'FALSE'];

/** YAML 1.2 core-schema booleans, as `core.getBooleanInput` accepts them. */
const booleanInput = (fallback: boolean) =>
  z
    .string()
    .transform((v) => (v === '' ? String(fallback) : v))
    .refine((v) => YAML_TRUE.includes(v) || YAML_FALSE.includes(v), {
      message: 'expected true or false',
    })
    .transform((v) => YAML_TRUE.includes(v));

const integerInput = (fallback: number, min: number, max: number) =>
  z
    .string()
    .transform((v) => (v === '' ? String(fallback) : v))
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, {
      message: `expected a whole number from ${min} to ${max}`,
    })
    .transform(Number);

const numberInput = (fallback: number, min: number, max: number, unit: string) =>
  z
    .string()
    .transform((v) => (v === '' ? String(fallback) : v))
    .refine((v) => /^\d+(\.\d+)?$/.test(v) && Number(v) > min && Number(v) <= max, {
      message: `expected a number of ${unit} above ${min} and at most ${max}`,
    })
    .transform(Number);

const textInput = (what = 'text') => z.string().max(MAX_TEXT, `expected ${what} of at most ${MAX_TEXT} characters`);

/**
 * Split a list input: one item per line, or comma-separated. Commas inside `{…}` belong to a glob
 * (`reports/{unit,e2e}.xml`), so they do not split.
 */
export function splitList(value: string): string[] {
  const items: string[] = [];
  for (const line of value.split(/\r?\n/)) {
    let depth = 0;
    let current = '';
    for (const c of line) {
      if (c === '{') depth++;
      else if (c === '}') depth = Math.max(0, depth - 1);
      if (c === ',' && depth === 0) {
        items.push(current);
        current = '';
      } else current += c;
    }
    items.push(current);
  }
  return items.map((s) => s.trim()).filter(Boolean);
}

/** A credential: one line, no spaces (a pasted token with a newline would break the auth header). */
const tokenInput = () =>
  z
    .string()
    .refine((v) => !/\s/.test(v) && v.length <= 4_096, { message: 'expected a token without spaces or line breaks' });

const listInput = (what: string) =>
  textInput(what)
    .transform(splitList)
    .refine((items) => items.every((i) => !i.includes('\0')), { message: `expected ${what} without NUL bytes` });

export const DeliveryModeInput = z.enum(['auto', 'commit', 'pull-request', 'patch']);
export type DeliveryModeInput = z.infer<typeof DeliveryModeInput>;

/** Keys exactly as in action.yml. Empty string means "use the default", as for a missing input. */
export const ActionInputs = z.object({
  'test-command': z
    .string()
    .min(1, 'expected the shell command that runs the tests')
    .max(MAX_TEXT, `expected a command of at most ${MAX_TEXT} characters`),
  junit: listInput('globs of JUnit XML reports'),
  log: textInput('a log file path'),
  'working-directory': textInput('a folder path').transform((v) => v || '.'),
  'max-attempts': integerInput(3, 1, MAX_ATTEMPTS_HARD_CAP),
  provider: z
    .string()
    .transform((v) => v || 'auto')
    .refine((v) => (ProviderName.options as readonly string[]).includes(v), {
      message: `expected one of ${PROVIDER_CHOICES.join(', ')}`,
    })
    .transform((v) => v as z.infer<typeof ProviderName>),
  model: textInput('a model name'),
  'base-url': z
    .string()
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), { message: 'expected an http:// or https:// URL' }),
  'agent-command': textInput('a shell command'),
  'copilot-path': textInput('a path to the copilot executable'),
  'rerun-command': textInput('a command template'),
  protect: listInput('globs'),
  allow: listInput('globs'),
  timeout: numberInput(600, 0, 6 * 3600, 'seconds'),
  'max-tokens': integerInput(200_000, 1, 100_000_000),
  'max-seconds': numberInput(1800, 1, 6 * 3600, 'seconds'),
  'api-key': tokenInput(),
  'github-token': tokenInput(),
  mode: z
    .string()
    .transform((v) => v || 'auto')
    .refine((v) => (DeliveryModeInput.options as readonly string[]).includes(v), {
      message: `expected one of ${DeliveryModeInput.options.join(', ')}`,
    })
    .transform((v) => v as DeliveryModeInput),
  'dry-run': booleanInput(false),
  'max-self-heal-commits': integerInput(1, 0, 100),
  'dispatch-workflow': z.string().refine((v) => v === '' || /^(\d+|[\w.-]+\.ya?ml)$/.test(v), {
    message: 'expected a workflow file name such as ci.yml, or a workflow id',
  }),
  verify: z
    .string()
    .transform((v) => v || 'auto')
    .refine((v) => ['runner', 'ci', 'auto'].includes(v), { message: 'expected one of runner, ci, auto' })
    .transform((v) => v as 'runner' | 'ci' | 'auto'),
  'ci-workflow': z.string().refine((v) => v === '' || /^(\d+|[\w.-]+\.ya?ml)$/.test(v), {
    message: 'expected a workflow file name such as ci.yml, or a workflow id',
  }),
  'ci-poll-seconds': numberInput(10, 0.01, 600, 'seconds'),
  'verify-subset': textInput('a shell command'),
  localise: z
    .string()
    .transform((v) => v || 'record')
    .refine((v) => ['record', 'static'].includes(v), { message: 'expected one of record, static' })
    .transform((v) => v as 'record' | 'static'),
  'allow-unsafe-pull-request-target': booleanInput(false),
  'allow-special-cases': booleanInput(false),
  'allow-dependency-changes': booleanInput(false),
  'pass-env': listInput('variable names').refine((items) => items.every((i) => !i.includes('=')), {
    message: 'expected variable names without =',
  }),
});
export type ActionInputs = z.output<typeof ActionInputs>;
export type ActionInputName = keyof z.input<typeof ActionInputs>;
export const INPUT_NAMES = Object.keys(ActionInputs.shape) as ActionInputName[];

export interface InputProblem {
  input: ActionInputName;
  message: string;
}

/** One or more inputs are invalid: `message` has one line per bad input. */
export class InputError extends Error {
  constructor(readonly problems: InputProblem[]) {
    super(problems.map((p) => p.message).join('\n'));
    this.name = 'InputError';
  }
}

/** The runner's rule (as `core.getInput`): `INPUT_<NAME>`, spaces to `_`, upper-cased, dashes kept. */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}

function echo(name: ActionInputName, value: string): string {
  if ((SECRET_INPUTS as readonly string[]).includes(name)) return '***';
  const clipped = value.length > 200 ? `${value.slice(0, 199)}…` : value;
  return JSON.stringify(clipped);
}

/**
 * Read and validate every input. `mask` receives each credential before anything else happens.
 * Throws an InputError listing every bad input.
 */
export function readInputs(env: NodeJS.ProcessEnv, mask: (secret: string) => void): ActionInputs {
  const raw: Record<string, string> = {};
  for (const name of INPUT_NAMES) {
    const value = env[inputVariable(name)] ?? '';
    // Lists and commands keep inner newlines; surrounding whitespace never matters.
    raw[name] = value.trim();
    if ((SECRET_INPUTS as readonly string[]).includes(name) && raw[name]) mask(raw[name]);
  }
  const problems: InputProblem[] = [];
  const parsed: Record<string, unknown> = {};
  for (const name of INPUT_NAMES) {
    const result = (ActionInputs.shape[name] as z.ZodType).safeParse(raw[name]);
    if (result.success) parsed[name] = result.data;
    else problems.push(problem(name, raw[name]!, result.error.issues[0]?.message ?? 'invalid value'));
  }
  if (problems.length) throw new InputError(problems);
  return parsed as ActionInputs;
}

function problem(name: ActionInputName, value: string, expected: string): InputProblem {
  const shown = value === '' ? 'an empty value' : `the value ${echo(name, value)}`;
  return { input: name, message: `Input '${name}' has ${shown}: ${expected}.` };
}

export interface HealOptionsContext {
  /** `GITHUB_WORKSPACE`: working-directory is relative to it. */
  workspace: string;
  /** Where the JSON report goes (under RUNNER_TEMP). */
  reportPath: string;
}

/**
 * The heal options of these inputs. The loop does not commit (`commit: false`): delivery makes the
 * commit itself, authored as the Actions bot with the self-heal trailers. A CI work tree is dirty
 * with the failed run's reports and build output, so `allowDirty` is on; delivery commits only the
 * files of the accepted diff.
 */
export function toHealOptions(inputs: ActionInputs, context: HealOptionsContext): HealOptionsInput {
  const cwd = path.resolve(context.workspace, inputs['working-directory']);
  const apiKey = inputs['api-key'];
  const secrets = [inputs['api-key'], inputs['github-token']].filter((s) => s.length > 0);
  return {
    cwd,
    testCommand: inputs['test-command'],
    junit: inputs.junit,
    ...(inputs.log ? { log: inputs.log } : {}),
    maxAttempts: inputs['max-attempts'],
    provider: inputs.provider,
    ...(inputs.model ? { model: inputs.model } : {}),
    ...(inputs['base-url'] ? { baseUrl: inputs['base-url'] } : {}),
    ...(inputs['agent-command'] ? { agentCommand: inputs['agent-command'] } : {}),
    ...(inputs['copilot-path'] ? { copilotPath: path.resolve(context.workspace, inputs['copilot-path']) } : {}),
    // Copilot authenticates with the workflow's token (`permissions: copilot-requests: write`).
    ...(inputs['github-token'] ? { githubToken: inputs['github-token'] } : {}),
    ...(inputs['rerun-command'] ? { rerunCommand: inputs['rerun-command'] } : {}),
    protect: inputs.protect,
    allow: inputs.allow,
    timeoutSeconds: inputs.timeout,
    maxTokens: inputs['max-tokens'],
    maxSeconds: inputs['max-seconds'],
    reportPath: context.reportPath,
    commit: false,
    allowDirty: true,
    allowSpecialCases: inputs['allow-special-cases'],
    ...(apiKey ? { apiKey } : {}),
    secrets,
    passEnv: inputs['pass-env'],
    allowDependencyChanges: inputs['allow-dependency-changes'],
    verify: inputs.verify,
    localise: inputs.localise,
    ...(inputs['verify-subset'] ? { verifySubset: inputs['verify-subset'] } : {}),
  };
}
