import { describe, expect, it } from 'vitest';
import { BoundedText, clipText } from '../../../src/reports/junit/bounded-text.js';
import { hashIdParts, IdHashLog, IdHashSet, lastIdHash } from '../../../src/reports/junit/id-hash-set.js';
import { testId } from '../../../src/reports/test-run.js';

describe('clipText', () => {
  it('leaves short text alone and says how much of long text was cut', () => {
    expect(clipText('abc', 3)).toBe('abc');
    expect(clipText('abcdef', 3)).toBe('abc… [3 more characters cut]');
  });

  it('never splits a surrogate pair', () => {
    expect(clipText('ab🧪cd', 3)).toBe('ab… [4 more characters cut]');
  });
});

describe('BoundedText', () => {
  it('keeps everything while it fits', () => {
    const text = new BoundedText(10);
    for (const piece of ['ab', 'cd', 'efghij']) text.append(piece);
    expect(text.toString()).toBe('abcdefghij');
    expect(text.length).toBe(10);
  });

  it('keeps the head and the tail and counts what was cut, however the text arrives', () => {
    const source = Array.from({ length: 1000 }, (_, i) => `line ${i}\n`).join('');
    for (const piece of [1, 3, 64, 5000, source.length]) {
      const text = new BoundedText(100);
      for (let i = 0; i < source.length; i += piece) text.append(source.slice(i, i + piece));
      expect(text.toString()).toBe(
        `${source.slice(0, 50)}\n… [${source.length - 100} characters cut] …\n${source.slice(-50)}`,
      );
      expect(text.length).toBe(source.length);
    }
  });

  it('keeps surrogate pairs whole on both sides of the cut', () => {
    const text = new BoundedText(4);
    text.append('a🧪' + 'x'.repeat(10) + '🧪b');
    expect(text.toString()).toBe('a\n… [14 characters cut] …\nb');
  });

  it('starts over after reset', () => {
    const text = new BoundedText(4);
    text.append('abcdefgh');
    text.reset();
    text.append('xy');
    expect(text.toString()).toBe('xy');
  });
});

describe('IdHashSet', () => {
  it('tells added ids from new ones across growth', () => {
    const set = new IdHashSet(4);
    const ids = Array.from({ length: 50_000 }, (_, i) => `tests/test_${i % 97}.py::test_${i}`);
    for (const id of ids) expect(set.add(id)).toBe(true);
    expect(set.size).toBe(ids.length);
    for (const id of ids) {
      expect(set.has(id)).toBe(true);
      expect(set.add(id)).toBe(false);
    }
    expect(set.has('tests/test_1.py::test_50000')).toBe(false);
    expect(set.has('')).toBe(false);
    expect(set.add('')).toBe(true);
    expect(set.has('')).toBe(true);
  });

  it('hashes an id from its parts exactly as from the whole id testId builds', () => {
    const hashOf = (scope: string, name: string, prefix = ''): string => {
      hashIdParts(scope, name, prefix);
      return lastIdHash();
    };
    const parts = [
      { file: 'tests/test_cart.py', name: 'test_x[1]', prefix: 'TestCart::' },
      { file: 'tests/test_cart.py', name: 'test_x[1]', prefix: '' },
      { classname: 'com.example.CartTest', name: 'totals()', prefix: '' },
      { suite: 'root', name: 'a::b', prefix: '' },
      { suite: '', name: 'only a name', prefix: 'P::' },
    ];
    const seen = new Set<string>();
    for (const { prefix, ...p } of parts) {
      const scope = p.file ?? p.classname ?? p.suite ?? '';
      const whole = hashOf('', testId({ ...p, name: prefix + p.name }));
      expect(hashOf(scope, p.name, prefix)).toBe(whole);
      seen.add(whole);
    }
    expect(seen.size).toBe(parts.length);
    // The memo of the last scope must not leak into the next hash.
    expect(hashOf('a', 'b')).toBe(hashOf('', 'a::b'));
    expect(hashOf('a', 'b')).not.toBe(hashOf('a', 'c'));
  });
});

describe('IdHashLog', () => {
  it('counts distinct ids across blocks and answers membership, also after more are appended', () => {
    const log = new IdHashLog();
    const push = (scope: string, name: string): void => {
      hashIdParts(scope, name);
      log.pushHashed();
    };
    for (let i = 0; i < 150_000; i++) push(`tests/test_${i % 101}.py`, `test_${i}`);
    for (let i = 0; i < 1000; i++) push(`tests/test_${i % 101}.py`, `test_${i}`); // repeats
    expect(log.distinctCount).toBe(150_000);
    expect(log.has('tests/test_5.py::test_5')).toBe(true);
    expect(log.has('tests/test_5.py::test_6')).toBe(false);
    push('late', 'arrival');
    expect(log.has('late::arrival')).toBe(true);
    expect(log.distinctCount).toBe(150_001);
    expect(new IdHashLog().distinctCount).toBe(0);
  });
});
