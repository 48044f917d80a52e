/**
 * What a failing statement's own text says: its strings and regular expressions as written, the
 * phrases worth finding in the source, the names a string may give a function, and the qualified
 * names of a failure message.
 */
import { describe, expect, it } from 'vitest';
import {
  isName,
  isPhrase,
  literalsOf,
  messageNamesOf,
  phraseLines,
} from '../../../src/repair/ranking/failure-evidence.js';

describe('failure evidence', () => {
  it('reads strings and regular expressions, escapes as written', () => {
    expect(
      literalsOf(`assert.throws(() => yaml.load('foo: "1" bar: "2"'), /bad indentation of a mapping entry/)`),
    ).toEqual(['foo: "1" bar: "2"', 'bad indentation of a mapping entry']);
    expect(literalsOf(`with pytest.raises(ValueError, match=r"bad \\[range\\]"): parse("a\\"b")`)).toEqual([
      'bad \\[range\\]',
      'a\\"b',
    ]);
    // A regular expression's escaped punctuation is written plainly in the source that raises it.
    expect(literalsOf('expect(f).toThrow(/expected a \\(name\\)/)')).toEqual(['expected a (name)']);
    // Division is not a regular expression.
    expect(literalsOf('assert total(a) / 2 == half / 2')).toEqual([]);
    expect(literalsOf("to({type: 'root', children: [{type: 'text', value: 'a'}]})")).toEqual(['root', 'text', 'a']);
  });

  it('tells phrases from names', () => {
    expect(isPhrase('bad indentation of a mapping entry')).toBe(true);
    expect(isPhrase('withoutTrailingSlash')).toBe(false);
    expect(isPhrase('a b')).toBe(false);
    expect(isName('root')).toBe(true);
    expect(isName('withoutTrailingSlash')).toBe(true);
    expect(isName('a')).toBe(false);
    expect(isName('two words')).toBe(false);
  });

  it('finds the lines that hold a phrase', () => {
    const text = "if (bad) {\n  throwError(state, 'bad indentation of a mapping entry');\n}\n";
    expect(phraseLines(text, ['bad indentation of a mapping entry'])).toEqual(
      new Map([[2, 'bad indentation of a mapping entry']]),
    );
  });

  it('reads the qualified names of a message, not its file names', () => {
    expect(
      messageNamesOf(
        'uint_slice_test.go:81: expected no error; got invalid argument "0x1" for "--uis" flag: strconv.ParseUint: parsing "0x1": invalid syntax',
      ),
    ).toEqual(['strconv.ParseUint']);
    expect(
      messageNamesOf("AttributeError: 'NoneType' object has no attribute 'x' in pkg/mod.py, see os.path.join."),
    ).toEqual(['os.path.join']);
    expect(messageNamesOf('e.g. 1.5 and a.b')).toEqual([]);
  });
});
