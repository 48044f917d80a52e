/**
 * The environment the Actions runner gives a JavaScript action's process: `INPUT_*` for every input
 * of action.yml (defaults filled, names upper-cased with dashes kept), the file commands
 * (`GITHUB_OUTPUT`, `GITHUB_STEP_SUMMARY`, `GITHUB_ENV`, `GITHUB_STATE`), the event payload at
 * `GITHUB_EVENT_PATH`, and the `GITHUB_*`/`RUNNER_*` variables. Plus readers for what the step wrote.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readActionYml } from './action-yml.js';

const ROOT = path.join(import.meta.dirname, '..', '..');
const EVENTS = path.join(import.meta.dirname, 'events');

export interface RunnerSetup {
  workspace: string;
  event: string;
  /** Event payload file name under test/action/events, with `__KEY__` placeholders. */
  payload?: string;
  substitutions?: Record<string, string>;
  inputs: Record<string, string>;
  sha?: string;
  ref?: string;
  apiUrl?: string;
  token?: string;
  base?: NodeJS.ProcessEnv;
}

export interface RunnerFiles {
  env: NodeJS.ProcessEnv;
  temp: string;
  outputs(): Record<string, string>;
  summary(): string;
  cleanup(): void;
}

/** Parse GITHUB_OUTPUT as the runner does: `name=value` lines and `name<<DELIM` … `DELIM` blocks. */
export function parseFileCommand(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line) continue;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const value: string[] = [];
      while (++i < lines.length && lines[i] !== heredoc[2]) value.push(lines[i]!);
      out[heredoc[1]!] = value.join('\n');
      continue;
    }
    const eq = line.indexOf('=');
    if (eq > 0) out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}

export function createRunnerEnv(setup: RunnerSetup): RunnerFiles {
  const temp = mkdtempSync(path.join(tmpdir(), 'runner-'));
  const files = path.join(temp, '_runner_file_commands');
  mkdirSync(files);
  const runnerTemp = path.join(temp, '_temp');
  mkdirSync(runnerTemp);
  const output = path.join(files, 'set_output');
  const summary = path.join(files, 'step_summary');
  for (const f of [
    output,
    summary,
    path.join(files, 'add_path'),
    path.join(files, 'set_env'),
    path.join(files, 'save_state'),
  ])
    writeFileSync(f, '');
  const env: NodeJS.ProcessEnv = {
    ...setup.base,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: setup.workspace,
    GITHUB_REPOSITORY: 'octo/shop',
    GITHUB_REPOSITORY_OWNER: 'octo',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: setup.apiUrl ?? 'http://127.0.0.1:9/unused',
    GITHUB_EVENT_NAME: setup.event,
    GITHUB_RUN_ID: '42',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_RUN_NUMBER: '7',
    GITHUB_ACTOR: 'octocat',
    GITHUB_WORKFLOW: 'ci',
    GITHUB_JOB: 'test',
    GITHUB_SHA: setup.sha ?? '',
    GITHUB_REF: setup.ref ?? '',
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_ENV: path.join(files, 'set_env'),
    GITHUB_PATH: path.join(files, 'add_path'),
    GITHUB_STATE: path.join(files, 'save_state'),
    RUNNER_TEMP: runnerTemp,
    RUNNER_OS: 'Linux',
  };
  if (setup.payload) {
    let text = readFileSync(path.join(EVENTS, setup.payload), 'utf8');
    for (const [k, v] of Object.entries(setup.substitutions ?? {})) text = text.split(`__${k}__`).join(v);
    const eventPath = path.join(files, 'event.json');
    writeFileSync(eventPath, text);
    env.GITHUB_EVENT_PATH = eventPath;
  }
  const yml = readActionYml(path.join(ROOT, 'action.yml'));
  for (const [name, def] of Object.entries(yml.inputs)) {
    const value = def.default === '${{ github.token }}' ? (setup.token ?? 'ghs_test_token') : (def.default ?? '');
    env[`INPUT_${name.toUpperCase()}`] = value;
  }
  for (const [name, value] of Object.entries(setup.inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  return {
    env,
    temp,
    outputs: () => parseFileCommand(readFileSync(output, 'utf8')),
    summary: () => (existsSync(summary) ? readFileSync(summary, 'utf8') : ''),
    cleanup: () => rmSync(temp, { recursive: true, force: true }),
  };
}
