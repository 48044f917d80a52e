/**
 * The model sees a build's diagnostics (issue 27 point 5): in the same packed first request as the
 * failing tests, each at its place with its numbered window and the definition of the symbol it
 * names; scrubbed; compact when the budget is tight; a warning that failed nothing is left out.
 */
import { describe, expect, it } from 'vitest';
import type { DiagnosticFrame } from '../../src/contracts/failure-frame.js';
import { buildPrompt, DEFAULT_PROMPT_TOKENS, type PromptInput } from '../../src/repair/prompt.js';
import { createScrubber } from '../../src/text/secrets.js';

const SECRET = 'sk-live-0123456789abcdefghij';
const scrub = createScrubber([SECRET]);

const TS2339: DiagnosticFrame = {
  id: 'tsc:TS2339:src/price.ts:3',
  tool: 'tsc',
  category: 'type',
  code: 'TS2339',
  severity: 'error',
  fails: true,
  message: `Property 'qty' does not exist on type 'Item'. ${SECRET}`,
  file: 'src/price.ts',
  line: 3,
  column: 68,
  snippet: {
    startLine: 1,
    lines: [
      "import type { Item } from './item.js';",
      '',
      'export const lineTotal = (item: Item): number => item.price * item.qty;',
    ],
  },
  related: [],
  definitions: [
    {
      name: 'Item',
      file: 'src/item.ts',
      snippet: {
        startLine: 2,
        lines: ['export interface Item {', '  name: string;', '  price: number;', '  quantity: number;', '}'],
      },
    },
  ],
};

const input = (diagnostics: DiagnosticFrame[]): PromptInput => ({
  attempt: 1,
  maxAttempts: 3,
  testCommand: 'npm test',
  failures: [],
  diagnostics,
  sources: [],
  history: [],
});

describe('diagnostics in the prompt', () => {
  it('each at its place, with its window and the definition it names, scrubbed', () => {
    const { user } = buildPrompt(input([TS2339]), { maxInputTokens: DEFAULT_PROMPT_TOKENS, scrub });
    expect(user).toContain('## Build error 1: TS2339 (tsc) at src/price.ts:3:68');
    expect(user).toContain("Property 'qty' does not exist on type 'Item'.");
    expect(user).toContain('3 | export const lineTotal = (item: Item): number => item.price * item.qty;');
    expect(user).toContain('- Item is defined at src/item.ts:2:');
    expect(user).toContain('5 |   quantity: number;');
    expect(user).not.toContain(SECRET);
  });

  it('a warning that failed nothing is not a task', () => {
    const warning = { ...TS2339, code: 'eqeqeq', tool: 'eslint', severity: 'warning' as const, fails: false };
    const { user } = buildPrompt(input([warning]), { maxInputTokens: DEFAULT_PROMPT_TOKENS, scrub });
    expect(user).not.toContain('Build error');
  });

  it('past the first, the rest are compact when the budget is tight, and the omission is said', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ ...TS2339, id: `d${i}`, line: i + 1 }));
    const { user, omitted } = buildPrompt(input(many), { maxInputTokens: 2_000, scrub });
    expect(user).toContain('## Build error 1: TS2339 (tsc) at src/price.ts:1:68');
    expect(user).toContain('- Item is defined at src/item.ts:2:');
    expect(omitted.some((o) => /build error \d+/.test(o))).toBe(true);
  });
});
