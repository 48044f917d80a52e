import { describe, expect, it } from 'vitest';
import { parseSearchReplaceBlocks } from '../../../src/repair/chat/search-replace-blocks.js';
import { diffChanges, editChanges, findTriedAttempt } from '../../../src/repair/chat/tried-edits.js';
import { parseReadCall, parseReplaceCall } from '../../../src/repair/chat/repair-tools.js';

describe('parseSearchReplaceBlocks', () => {
  it('reads several blocks, with paths above fences or bare, decorated or not', () => {
    const text = [
      'Two changes:',
      '',
      '**src/a.py**',
      '```python',
      '<<<<<<< SEARCH',
      'x = 1',
      '=======',
      'x = 2',
      '>>>>>>> REPLACE',
      '```',
      '`lib/b.js`',
      '<<<<<<< SEARCH',
      '  return a - b;',
      '=======',
      '  return a + b;',
      '>>>>>>> REPLACE',
      '<<<<<<< SEARCH',
      'const c = 3;',
      '=======',
      '>>>>>>> REPLACE',
    ].join('\n');
    const { edits, errors } = parseSearchReplaceBlocks(text);
    expect(errors).toEqual([]);
    expect(edits).toEqual([
      { path: 'src/a.py', oldText: 'x = 1\n', newText: 'x = 2\n' },
      { path: 'lib/b.js', oldText: '  return a - b;\n', newText: '  return a + b;\n' },
      // No path line: the previous block's file, as aider does; an empty REPLACE deletes.
      { path: 'lib/b.js', oldText: 'const c = 3;\n', newText: '' },
    ]);
  });

  it('reports unterminated blocks and blocks without a path', () => {
    expect(parseSearchReplaceBlocks('<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE').errors[0]).toMatch(
      /no file path/,
    );
    expect(parseSearchReplaceBlocks('a.py\n<<<<<<< SEARCH\nx\n=======\ny').errors[0]).toMatch(/no >>>>>>> REPLACE end/);
    expect(parseSearchReplaceBlocks('a.py\n<<<<<<< SEARCH\nx\ny').errors[0]).toMatch(/no ======= divider/);
    expect(parseSearchReplaceBlocks('plain prose, no blocks')).toEqual({ edits: [], errors: [], dropped: 0 });
  });
});

describe('tried edits', () => {
  const diff =
    'diff --git a/src/c.py b/src/c.py\n--- a/src/c.py\n+++ b/src/c.py\n@@ -2,3 +2,3 @@\n def f():\n-    return a*b\n+    return a + b\n';
  const attempt = {
    n: 2,
    diff,
    files: ['src/c.py'],
    verdict: 'targets-failed' as const,
    feedback: 'f',
    tokens: { input: 0, output: 0 },
    durationMs: 0,
  };

  it('sees the same change made with different context and whitespace', () => {
    const edit = { path: 'src/c.py', oldText: 'def f():\n    return a*b\n', newText: 'def f():\n    return a + b  \n' };
    expect(editChanges([edit])).toEqual(diffChanges(diff));
    expect(findTriedAttempt([edit], [attempt])?.n).toBe(2);
  });

  it('does not confuse a different change or another file', () => {
    expect(
      findTriedAttempt([{ path: 'src/c.py', oldText: '    return a*b\n', newText: '    return a - b\n' }], [attempt]),
    ).toBeUndefined();
    expect(
      findTriedAttempt([{ path: 'src/d.py', oldText: '    return a*b\n', newText: '    return a + b\n' }], [attempt]),
    ).toBeUndefined();
  });
});

describe('tool arguments', () => {
  it('refuses edits that change nothing and strips path decoration', () => {
    expect(
      parseReplaceCall({ id: '1', name: 'replace_in_file', arguments: { path: 'a', old_text: 'x', new_text: 'x' } }),
    ).toMatchObject({ ok: false, reason: expect.stringMatching(/nothing would change/) });
    expect(
      parseReplaceCall({
        id: '1',
        name: 'replace_in_file',
        arguments: { path: '`./src/a.py`', old_text: 'x', new_text: 'y' },
      }),
    ).toEqual({ ok: true, value: { path: 'src/a.py', oldText: 'x', newText: 'y' } });
    expect(
      parseReplaceCall({
        id: '1',
        name: 'replace_in_file',
        arguments: { path: 'a', old_text: 'x'.repeat(70_000), new_text: 'y' },
      }),
    ).toMatchObject({ ok: false });
  });

  it('reads line ranges given as numbers or numeric strings, bounded', () => {
    expect(parseReadCall({ id: '1', name: 'read_file', arguments: { path: 'a.py', start_line: '10' } })).toEqual({
      ok: true,
      value: { path: 'a.py', range: { start: 10, end: 209 } },
    });
    expect(
      parseReadCall({ id: '1', name: 'read_file', arguments: { path: 'a.py', start_line: 5, end_line: 2 } }),
    ).toEqual({ ok: true, value: { path: 'a.py', range: { start: 5, end: 5 } } });
    expect(parseReadCall({ id: '1', name: 'read_file', arguments: { path: 'a.py' } })).toEqual({
      ok: true,
      value: { path: 'a.py' },
    });
  });
});

describe('blocks over the bound', () => {
  it('counts the blocks it does not read', () => {
    const block = (i: number) => `src/f${i}.js\n<<<<<<< SEARCH\n=======\nexport const f${i} = ${i};\n>>>>>>> REPLACE\n`;
    const parsed = parseSearchReplaceBlocks(Array.from({ length: 25 }, (_, i) => block(i)).join('\n'));
    expect(parsed.edits).toHaveLength(20);
    expect(parsed.dropped).toBe(5);
    expect(parseSearchReplaceBlocks(block(1)).dropped).toBe(0);
  });
});
