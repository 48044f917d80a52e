/**
 * The parser registry: every language registered once, a log offered to every parser that
 * recognises it, mixed logs read by each, no parser answering for another runner's output, and a
 * parser that throws costing only its own failures.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LogParser } from '../../../src/reports/logs/log-parser.js';
import { LOG_PARSERS, parseLog, parseLogDetailed } from '../../../src/reports/logs/registry.js';
import { PROJECTS, readFixture } from './traceback-fixtures.js';

/** Each fixture project's main log, and the language its failures must be read as. */
const FIXTURE_LOGS: Array<[project: string, log: string, language: string, failures: number]> = [
  ['pytest', 'output.log', 'python', 6],
  ['unittest', 'output.log', 'python', 5],
  ['go', 'output.log', 'go', 7],
  ['cargo', 'output.log', 'rust', 4],
  ['maven', 'output.log', 'java', 5],
  ['vitest', 'output.log', 'javascript', 6],
  ['jest', 'output.log', 'javascript', 6],
];

describe('LOG_PARSERS', () => {
  it('registers each language once', () => {
    expect(LOG_PARSERS.map((p) => p.language).sort()).toEqual(['go', 'java', 'javascript', 'python', 'rust']);
  });
});

describe('parseLog', () => {
  it('a pytest log and a go test log concatenated: both runners’ failures, in log order', () => {
    const pytest = readFixture('pytest', 'output.log');
    const go = readFixture('go', 'output.log');
    const failures = parseLog(`${pytest}\n${go}`);
    expect(failures.map((f) => f.language)).toEqual([...Array(6).fill('python'), ...Array(7).fill('go')]);
    expect(failures.map((f) => f.test?.name)).toEqual([
      'test_line_total_no_discount_below_ten',
      'test_checkout_empty_cart',
      'test_parse_quantity_rejects_words',
      'test_load_order_invalid_json',
      'test_apply_unknown_coupon',
      'test_bulk_discount_at_ten',
      'TestTotal/two_pens',
      'TestTotalOfThree',
      'TestAddToNewCart',
      'TestNormalize',
      'TestPercent',
      'TestNormalizeTrims',
      'TestPatternRejectsBadCodes',
    ]);
    const starts = failures.map((f) => f.logLines!.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('the other order (go first) gives the same failures, in the new log order', () => {
    const failures = parseLog(`${readFixture('go', 'output.log')}\n${readFixture('pytest', 'output.log')}`);
    expect(failures.map((f) => f.language)).toEqual([...Array(7).fill('go'), ...Array(6).fill('python')]);
  });

  it.each(FIXTURE_LOGS)('%s/%s: read as %s only, no other parser answers', (project, log, language, count) => {
    const failures = parseLog(readFixture(project, log));
    expect(new Set(failures.map((f) => f.language))).toEqual(new Set([language]));
    expect(failures).toHaveLength(count);
  });

  it('every log of every fixture project is read by its own language’s parser alone', () => {
    const languageOf: Record<string, string> = {
      pytest: 'python',
      unittest: 'python',
      go: 'go',
      cargo: 'rust',
      maven: 'java',
    };
    let logs = 0;
    for (const project of readdirSync(PROJECTS)) {
      if (!statSync(path.join(PROJECTS, project)).isDirectory()) continue;
      for (const log of readdirSync(path.join(PROJECTS, project)).filter((f) => f.endsWith('.log'))) {
        const languages = new Set(parseLog(readFixture(project, log)).map((f) => f.language));
        expect([...languages], `${project}/${log}`).toEqual([languageOf[project] ?? 'javascript']);
        logs++;
      }
    }
    expect(logs).toBeGreaterThanOrEqual(20);
  });

  it('a log of a job that ran no tests gives nothing', () => {
    const log = [
      'Run actions/checkout@v5',
      'Syncing repository: octo/app',
      'npm ci',
      'added 312 packages in 4s',
      'Build succeeded.',
    ].join('\n');
    expect(parseLog(log)).toEqual([]);
    expect(parseLog('')).toEqual([]);
  });
});

describe('parseLogDetailed', () => {
  const broken: LogParser = {
    language: 'rust',
    detect: () => true,
    parse: () => {
      throw new Error('parser bug');
    },
  };

  it('a parser that throws is reported; the other parsers’ failures are kept', () => {
    const python = LOG_PARSERS.find((p) => p.language === 'python')!;
    const result = parseLogDetailed(readFixture('pytest', 'output.log'), [python, broken]);
    expect(result.errors).toEqual([{ language: 'rust', message: 'parser bug' }]);
    expect(result.failures).toHaveLength(6);
  });

  it('a parser whose detect says no is not run', () => {
    const result = parseLogDetailed('anything', [{ ...broken, detect: () => false }]);
    expect(result).toEqual({ failures: [], errors: [] });
  });
});
