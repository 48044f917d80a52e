import { describe, expect, it } from 'vitest';
import {
  jsonTextProblem,
  parseJsonBounded,
  pruneDeep,
  TOO_DEEP,
  TOOL_ARGUMENT_BOUNDS,
  valueProblem,
} from '../../src/text/bounded-json.js';

const deepText = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

describe('bounded JSON', () => {
  it('scans the text once: depth outside strings, size', () => {
    const bounds = { maxDepth: 3, maxBytes: 100 };
    expect(jsonTextProblem('{"a":[[1]]}', bounds)).toBeNull();
    expect(jsonTextProblem('{"a":[[[1]]]}', bounds)).toBe('nested deeper than 3 levels');
    // Brackets inside strings, and escaped quotes, count nothing.
    expect(jsonTextProblem('{"a":"[[[[\\"[[[["}', bounds)).toBeNull();
    expect(jsonTextProblem(`"${'x'.repeat(200)}"`, bounds)).toBe('larger than 0 KiB');
  });

  it('parses 200,000 levels without a stack: refused, with the reason', () => {
    expect(parseJsonBounded(deepText(200_000), TOOL_ARGUMENT_BOUNDS)).toEqual({
      ok: false,
      reason: 'nested deeper than 64 levels',
    });
    expect(parseJsonBounded('{"path": "a"}', TOOL_ARGUMENT_BOUNDS)).toEqual({ ok: true, value: { path: 'a' } });
    expect(parseJsonBounded('{"path": ', TOOL_ARGUMENT_BOUNDS)).toMatchObject({ ok: false, reason: /^not valid JSON/ });
  });

  it('walks a parsed value without recursion, and prunes one in place', () => {
    const value = JSON.parse(`{"a": ${deepText(200_000)}}`) as unknown;
    expect(valueProblem(value, TOOL_ARGUMENT_BOUNDS)).toBe('nested deeper than 64 levels');
    const pruned = pruneDeep(value, 5) as { a: unknown };
    // Serialisable again: the part below level 5 is a marker.
    expect(JSON.stringify(pruned)).toBe(`{"a":[[[[${JSON.stringify(TOO_DEEP)}]]]]}`);
    expect(valueProblem(pruned, { maxDepth: 64, maxBytes: 1000 })).toBe('nested deeper than 64 levels');
    expect(valueProblem({ a: 'x'.repeat(2000) }, { maxDepth: 64, maxBytes: 1024 })).toBe('larger than 1 KiB');
    expect(valueProblem({ path: 'src/a.js', old_text: '', new_text: 'x' }, TOOL_ARGUMENT_BOUNDS)).toBeNull();
  });
});
