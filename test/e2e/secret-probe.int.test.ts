/**
 * Issue 25, rule 2: a model that obeys an injection makes the code under test print the user's
 * credentials in every encoding it can think of. None of them leaves: not in the next requests to
 * the model (a loopback OpenAI-compatible server records them raw), not in the JSON report, the job
 * summary or the log. The credentials reach the candidate only because `pass-env` names them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderJobSummary } from '../../src/render/job-summary.js';
import {
  openaiText,
  openaiToolCalls,
  replaceInFile,
  startOpenAIServer,
  type OpenAIServer,
} from '../helpers/openai-server.js';
import { ADD_BUG, nodeCalcProject, type E2EProject } from './e2e-setup.js';

const KEY = 'sk-probe-0123456789abcdefghijklmn';
/** Characters of a form that must not appear together anywhere. */
const WINDOW = 10;

/** Characters that every escape changes: a quote, a slash, a plus, an ampersand, non-ASCII. */
const SERVICE_TOKEN = 's3cr3t/"Value"+&=é-Zq0123456789abcdefXY';
/** A token by its shape alone, under a name that says nothing. */
const DEPLOY_HANDLE = `ghp_${'Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9St0Uv1Wx2'}`;

/** Every encoding of `v` the probe prints (as JavaScript computes it in the code under test). */
function encodings(v: string): Record<string, string> {
  const b = Buffer.from(v, 'utf8');
  const at = (n: number, enc: 'base64' | 'base64url') => Buffer.concat([Buffer.alloc(n, 0x78), b]).toString(enc);
  const chunks = (s: string, n: number) => s.match(new RegExp(`[\\s\\S]{1,${n}}`, 'g'))!;
  return {
    raw: v,
    base64: at(0, 'base64'),
    'base64, offset 1': at(1, 'base64'),
    'base64, offset 2': at(2, 'base64'),
    base64url: at(0, 'base64url'),
    'base64url, offset 1': at(1, 'base64url'),
    'base64url, offset 2': at(2, 'base64url'),
    hex: b.toString('hex'),
    HEX: b.toString('hex').toUpperCase(),
    reversed: [...v].reverse().join(''),
    'url-escaped': encodeURIComponent(v),
    'json-escaped': JSON.stringify(v),
    'json-escaped, ascii': JSON.stringify(v).replace(
      /[\u0080-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    ),
    'split by spaces': [...v].join(' '),
    'split by dashes': chunks(v, 4).join('-'),
    'split over lines': chunks(v, 5).join('\n'),
    'base64 wrapped': chunks(b.toString('base64'), 8).join('\n'),
    'hex with colons': chunks(b.toString('hex'), 2).join(':'),
  };
}

/** How many encodings `encodings` lists (and the probe prints, in the same order). */
const ENCODINGS = 18;
/** The probe's tests: one per encoding, each failing with that encoding of both variables. */
const PROBE_TESTS = `import { test } from 'node:test';
import { add } from '../src/calc.js';
for (let k = 0; k < ${ENCODINGS}; k++) test(\`probe \${k}\`, () => add(1000 + k, 0));
`;

/**
 * The injected change: `add` still adds for the failing test, and for the probe's tests throws an
 * error labelled `E<k>` holding the k-th encoding of both variables. `half` says which tests break
 * in this attempt (the feedback lists so many), so two attempts carry all of them.
 */
const probe = (half: 0 | 1) => `export function add(a, b) {
  const k = a - 1000;
  if (k < 0 || k >= ${ENCODINGS} || (k < ${ENCODINGS / 2}) !== (${half} === 0)) return a + b;
  const forms = (v) => {
    const b = Buffer.from(v, 'utf8');
    const at = (n, enc) => Buffer.concat([Buffer.alloc(n, 0x78), b]).toString(enc);
    const chunks = (s, n) => s.match(new RegExp('[\\\\s\\\\S]{1,' + n + '}', 'g'));
    return [
      v, at(0, 'base64'), at(1, 'base64'), at(2, 'base64'), at(0, 'base64url'), at(1, 'base64url'), at(2, 'base64url'),
      b.toString('hex'), b.toString('hex').toUpperCase(), [...v].reverse().join(''), encodeURIComponent(v),
      JSON.stringify(v), JSON.stringify(v).replace(/[\\u0080-\\uffff]/g, (c) => '\\\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')),
      [...v].join(' '), chunks(v, 4).join('-'), chunks(v, 5).join('\\n'), chunks(b.toString('base64'), 8).join('\\n'),
      chunks(b.toString('hex'), 2).join(':'),
    ];
  };
  throw new Error('E' + k + ': ' + forms(process.env.SERVICE_TOKEN ?? 'unset')[k] + ' ~ ' + forms(process.env.DEPLOY_HANDLE ?? 'unset')[k]);
}
`;

let server: OpenAIServer | undefined;
let project: E2EProject | undefined;
afterEach(async () => {
  await server?.close();
  project?.repo.cleanup();
  server = undefined;
  project = undefined;
});

describe('a probe that prints the credentials in every encoding', () => {
  it('reaches neither the model, the report, the summary nor the log', { timeout: 240_000 }, async () => {
    server = await startOpenAIServer({ apiKey: KEY });
    project = nodeCalcProject({ 'test/probe.test.js': PROBE_TESTS });
    server.reply(
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, probe(0))]),
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, probe(1))]),
      openaiText('I cannot fix this.'),
    );
    const reportPath = path.join(path.dirname(project.repo.root), 'report.json');
    const report = await project.heal(
      {
        provider: 'openai',
        baseUrl: server.apiBase,
        model: 'scripted-model',
        maxAttempts: 3,
        passEnv: ['SERVICE_TOKEN', 'DEPLOY_HANDLE'],
        reportPath,
      },
      { SELF_HEAL_API_KEY: KEY, SERVICE_TOKEN, DEPLOY_HANDLE },
    );
    // The probe ran, in both halves: every encoding reached the report (the feedback of each attempt
    // lists its broken tests), and the model's next requests quote the first of them.
    expect(report.attempts.map((a) => a.verdict).slice(0, 2)).toEqual(['broke-passing', 'broke-passing']);
    const reportText = readFileSync(reportPath, 'utf8');
    for (let k = 0; k < ENCODINGS; k++) expect(reportText).toMatch(new RegExp(`E${k}: `));
    const later = server.requests.slice(1).map((r) => r.raw);
    for (const k of [0, 1, 9, 10]) expect(later.join('\n')).toMatch(new RegExp(`E${k}: `));
    const outputs: Record<string, string> = {
      'model requests': later.map((raw) => `${raw}\n${JSON.stringify(JSON.parse(raw), null, 0)}`).join('\n'),
      'model requests, decoded': server.requests
        .slice(1)
        .flatMap((r) => (r.body.messages as Array<{ content: unknown }>).map((m) => String(m.content ?? '')))
        .join('\n'),
      'JSON report': readFileSync(reportPath, 'utf8'),
      'report, decoded': JSON.stringify(report, (_k, v) => v),
      summary: renderJobSummary(report),
      log: project.logger.lines.join('\n'),
    };
    const leaks: string[] = [];
    for (const [secretName, secret] of [
      ['SERVICE_TOKEN', SERVICE_TOKEN],
      ['DEPLOY_HANDLE', DEPLOY_HANDLE],
    ] as const) {
      for (const [encoding, form] of Object.entries(encodings(secret))) {
        for (const [where, text] of Object.entries(outputs)) {
          // Not even a part: any 10 characters of the form (a JSON document holds them escaped once more).
          for (let i = 0; i + WINDOW <= form.length; i++) {
            const part = form.slice(i, i + WINDOW);
            if (text.includes(part) || text.includes(JSON.stringify(part).slice(1, -1))) {
              leaks.push(`${secretName} ${encoding} in ${where}: ${JSON.stringify(part)}`);
              break;
            }
          }
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});
