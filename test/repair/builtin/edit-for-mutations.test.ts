import { describe, expect, it } from 'vitest';
import { applyMutations, buildEdit } from '../../../src/repair/builtin/edit-for-mutations.js';

describe('buildEdit', () => {
  it('uses the whole changed line when it is unique', () => {
    const text = 'a = 1\nif a < 2:\n    a = 3\n';
    const at = text.indexOf('<');
    const built = buildEdit('f.py', text, [{ start: at, end: at + 1, text: '<=', weight: 1, description: '' }])!;
    expect(built.edit).toEqual({ path: 'f.py', oldText: 'if a < 2:', newText: 'if a <= 2:' });
    expect(built.result).toBe('a = 1\nif a <= 2:\n    a = 3\n');
  });

  it('widens a repeated line with its neighbours until it matches once', () => {
    const text = 'def f(x):\n    return 0\n\ndef g(x):\n    return 0\n';
    const at = text.lastIndexOf('0');
    const built = buildEdit('f.py', text, [{ start: at, end: at + 1, text: '1', weight: 1, description: '' }])!;
    expect(built.edit.oldText).toBe('def g(x):\n    return 0');
    expect(built.edit.newText).toBe('def g(x):\n    return 1');
    expect(text.split(built.edit.oldText).length).toBe(2);
  });

  it('attaches an insertion at a line start to that line', () => {
    const text = 'def f(x):\n    return x.y\n';
    const at = text.indexOf('    return');
    const built = buildEdit('f.py', text, [
      { start: at, end: at, text: '    if x is None:\n        return None\n', weight: 1, description: '' },
    ])!;
    expect(built.edit.oldText).toBe('    return x.y');
    expect(built.edit.newText).toBe('    if x is None:\n        return None\n    return x.y');
  });

  it('refuses overlapping or no-op mutations', () => {
    expect(
      applyMutations('abc', [
        { start: 0, end: 2, text: 'x', weight: 1, description: '' },
        { start: 1, end: 3, text: 'y', weight: 1, description: '' },
      ]),
    ).toBeUndefined();
    expect(buildEdit('f.py', 'a = 1\n', [{ start: 4, end: 5, text: '1', weight: 1, description: '' }])).toBeUndefined();
  });

  it('combines two mutations of one file into one edit spanning both lines', () => {
    const text = 'x = 1\ny = 2\nz = 3\n';
    const built = buildEdit('f.py', text, [
      { start: 4, end: 5, text: '10', weight: 1, description: '' },
      { start: 16, end: 17, text: '30', weight: 1, description: '' },
    ])!;
    expect(built.edit).toEqual({ path: 'f.py', oldText: 'x = 1\ny = 2\nz = 3', newText: 'x = 10\ny = 2\nz = 30' });
  });
});
