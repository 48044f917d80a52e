/**
 * The Python parser on forms the fixture projects do not print (older Pythons, other pytest
 * options, plain logs), on hostile input, and on its bounds.
 */
import { describe, expect, it } from 'vitest';
import { pythonLogParser } from '../../../src/reports/logs/python.js';
import {
  MAX_FAILURES,
  MAX_FIELD,
  MAX_FRAMES,
  MAX_LOCALS,
  MAX_MESSAGE,
} from '../../../src/reports/logs/traceback-bounds.js';

const parse = (lines: string[]) => pythonLogParser.parse(lines.join('\n'));

describe('pytest sections', () => {
  it('a parametrised test: the title keeps its brackets, the summary id its ` - ` inside them', () => {
    const [f, ...rest] = parse([
      '=================================== FAILURES ===================================',
      '____________________________ test_ratio[1.5-a - b] _____________________________',
      '',
      "value = 1.5, label = 'a - b'",
      '',
      '    @pytest.mark.parametrize("value,label", [(1.5, "a - b")])',
      '    def test_ratio(value, label):',
      '>       assert ratio(value) == 2',
      'E       assert 3.0 == 2',
      '',
      'tests/test_ratio.py:7: AssertionError',
      '=========================== short test summary info ============================',
      'FAILED tests/test_ratio.py::test_ratio[1.5-a - b] - assert 3.0 == 2',
      '============================== 1 failed in 0.01s ===============================',
    ]);
    expect(rest).toEqual([]);
    expect(f!.test).toEqual({
      file: 'tests/test_ratio.py',
      id: 'tests/test_ratio.py::test_ratio[1.5-a - b]',
      name: 'test_ratio[1.5-a - b]',
      classname: 'tests.test_ratio',
    });
    expect(f!.frames).toEqual([
      {
        file: 'tests/test_ratio.py',
        line: 7,
        function: 'test_ratio',
        sourceLine: 'assert ratio(value) == 2',
        locals: [
          { name: 'value', value: '1.5' },
          { name: 'label', value: "'a - b'" },
        ],
      },
    ]);
    expect(f!.exceptionType).toBe('AssertionError');
    expect(f!.logLines).toEqual({ start: 2, end: 11 });
  });

  it('without a summary line the file comes from the test’s own frame', () => {
    const [f] = parse([
      '_________________________________ test_total __________________________________',
      'tests/test_cart.py:9: in test_total',
      '    assert total([1, 2]) == 4',
      'E   assert 3 == 4',
    ]);
    expect(f!.test).toEqual({ name: 'test_total', file: 'tests/test_cart.py' });
    expect(f!.frames).toEqual([
      { file: 'tests/test_cart.py', line: 9, function: 'test_total', sourceLine: 'assert total([1, 2]) == 4' },
    ]);
  });

  it('a fixture error is an error of the test it was set up for', () => {
    const [f] = parse([
      '==================================== ERRORS ====================================',
      '_______________________ ERROR at setup of test_checkout ________________________',
      'file /work/tests/test_cart.py, line 12',
      '  def test_checkout(db):',
      "E       fixture 'db' not found",
      '>       available fixtures: cache, capfd',
      '',
      '/work/tests/test_cart.py:12',
      '=========================== short test summary info ============================',
      'ERROR tests/test_cart.py::test_checkout',
    ]);
    expect(f!.kind).toBe('error');
    expect(f!.test).toMatchObject({ name: 'test_checkout', id: 'tests/test_cart.py::test_checkout' });
    expect(f!.message).toContain("fixture 'db' not found");
  });

  it('a traceback in the captured output is the test’s output, not another failure', () => {
    const failures = parse([
      '_________________________________ test_total __________________________________',
      'tests/test_cart.py:9: in test_total',
      '    assert total([1, 2]) == 4',
      'E   assert 3 == 4',
      '----------------------------- Captured stderr call -----------------------------',
      'Traceback (most recent call last):',
      '  File "/work/app/worker.py", line 3, in run',
      '    job()',
      'RuntimeError: logged and swallowed by the code under test',
    ]);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.exceptionType).toBe('AssertionError');
  });

  it('`pytest.fail`, `pytest.raises` and friends: the E line names pytest’s own outcome types', () => {
    const [f] = parse([
      '_________________________________ test_raises _________________________________',
      '',
      '    def test_raises():',
      '>       with pytest.raises(ValueError):',
      "E       Failed: DID NOT RAISE <class 'ValueError'>",
      '',
      'tests/test_x.py:4: Failed',
    ]);
    expect(f!.exceptionType).toBe('Failed');
    expect(f!.message).toBe("DID NOT RAISE <class 'ValueError'>");
  });

  it('a summary line that no section explains still names a failure (--tb=no)', () => {
    const failures = parse([
      '=========================== short test summary info ============================',
      'FAILED tests/test_a.py::TestA::test_b - ZeroDivisionError: division by zero',
      "ERROR tests/test_c.py - ModuleNotFoundError: No module named 'x'",
      '========================= 1 failed, 1 error in 0.02s ==========================',
    ]);
    expect(failures).toEqual([
      {
        language: 'python',
        kind: 'failure',
        test: {
          file: 'tests/test_a.py',
          id: 'tests/test_a.py::TestA::test_b',
          name: 'test_b',
          classname: 'tests.test_a.TestA',
        },
        exceptionType: 'ZeroDivisionError',
        message: 'division by zero',
        frames: [],
        logLines: { start: 2, end: 2 },
      },
      {
        language: 'python',
        kind: 'error',
        test: { file: 'tests/test_c.py', id: 'tests/test_c.py', name: 'tests.test_c' },
        exceptionType: 'ModuleNotFoundError',
        message: "No module named 'x'",
        frames: [],
        logLines: { start: 3, end: 3 },
      },
    ]);
  });

  it('--tb=line with fewer summary lines than failures leaves the tests unnamed rather than guess', () => {
    const failures = parse([
      '=================================== FAILURES ===================================',
      'E   assert 1 == 2',
      '/work/tests/test_a.py:3: assert 1 == 2',
      'E   assert 3 == 4',
      '/work/tests/test_a.py:7: assert 3 == 4',
      '=========================== short test summary info ============================',
      'FAILED tests/test_a.py::test_one - assert 1 == 2',
    ]);
    const located = failures.filter((f) => f.frames.length > 0);
    expect(located.map((f) => f.frames[0]!.line)).toEqual([3, 7]);
    expect(located.every((f) => f.test === undefined)).toBe(true);
  });
});

describe('unittest and plain tracebacks', () => {
  it('Python < 3.11 headers (`test_x (pkg.mod.Class)`) and a docstring line before the rule', () => {
    const [f] = parse([
      '======================================================================',
      'FAIL: test_total (tests.test_cart.CartTest)',
      'Totals include every line.',
      '----------------------------------------------------------------------',
      'Traceback (most recent call last):',
      '  File "/work/tests/test_cart.py", line 9, in test_total',
      '    self.assertEqual(total([1, 2]), 4)',
      'AssertionError: 3 != 4',
      '',
      '----------------------------------------------------------------------',
      'Ran 1 test in 0.001s',
    ]);
    expect(f!.test).toEqual({
      name: 'test_total',
      classname: 'tests.test_cart.CartTest',
      id: 'tests.test_cart.CartTest.test_total',
    });
    expect(f!.message).toBe('3 != 4');
    expect(f!.logLines).toEqual({ start: 2, end: 9 });
  });

  it('a module unittest could not import is an error', () => {
    const [f] = parse([
      '======================================================================',
      'ERROR: test_cart (unittest.loader._FailedTest.test_cart)',
      '----------------------------------------------------------------------',
      'ImportError: Failed to import test module: test_cart',
      'Traceback (most recent call last):',
      '  File "/usr/lib/python3.12/unittest/loader.py", line 396, in _find_test_path',
      '    module = self._get_module_from_name(name)',
      '  File "/work/tests/test_cart.py", line 1, in <module>',
      '    import cartz',
      "ModuleNotFoundError: No module named 'cartz'",
      '',
      '',
      '----------------------------------------------------------------------',
    ]);
    expect(f!.kind).toBe('error');
    expect(f!.exceptionType).toBe('ModuleNotFoundError');
    expect(f!.frames.at(-1)).toEqual({
      file: '/work/tests/test_cart.py',
      line: 1,
      function: '<module>',
      sourceLine: 'import cartz',
    });
  });

  it('a traceback anywhere in a log (logger.exception): the message ends at the blank line', () => {
    const [f, ...rest] = parse([
      '2026-11-29T10:00:00.1234567Z ERROR:worker:job failed',
      '2026-11-29T10:00:00.1234567Z Traceback (most recent call last):',
      '2026-11-29T10:00:00.1234567Z   File "/app/worker.py", line 12, in run',
      '2026-11-29T10:00:00.1234567Z     result = step(job)',
      '2026-11-29T10:00:00.1234567Z   File "/app/steps.py", line 4, in step',
      '2026-11-29T10:00:00.1234567Z     return job["id"] / 0',
      '2026-11-29T10:00:00.1234567Z            ~~~~~~~~~~^~~',
      '2026-11-29T10:00:00.1234567Z ZeroDivisionError: division by zero',
      '2026-11-29T10:00:00.1234567Z ',
      '2026-11-29T10:00:00.1234567Z INFO:worker:next job',
    ]);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({
      kind: 'failure',
      exceptionType: 'ZeroDivisionError',
      message: 'division by zero',
      logLines: { start: 2, end: 8 },
    });
    expect(f!.frames).toEqual([
      { file: '/app/worker.py', line: 12, function: 'run', sourceLine: 'result = step(job)' },
      { file: '/app/steps.py', line: 4, function: 'step', sourceLine: 'return job["id"] / 0' },
    ]);
  });

  it('ANSI colours do not hide a traceback', () => {
    const [f] = pythonLogParser.parse(
      '\u001b[31mTraceback (most recent call last):\u001b[0m\n  File "\u001b[35m/app/a.py\u001b[0m", line \u001b[35m3\u001b[0m, in \u001b[35mf\u001b[0m\n\u001b[1;35mKeyError\u001b[0m: \u001b[35m\'x\'\u001b[0m\n',
    );
    expect(f).toMatchObject({
      exceptionType: 'KeyError',
      message: "'x'",
      frames: [{ file: '/app/a.py', line: 3, function: 'f' }],
    });
  });

  it('a raise inside `except` without `from` translates its context: the context’s stack is read', () => {
    const [f] = parse([
      'Traceback (most recent call last):',
      '  File "/app/config.py", line 8, in load',
      '    return json.loads(text)',
      '  File "/usr/lib/python3.12/json/__init__.py", line 346, in loads',
      '    return _default_decoder.decode(s)',
      'json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)',
      '',
      'During handling of the above exception, another exception occurred:',
      '',
      'Traceback (most recent call last):',
      '  File "/app/main.py", line 3, in <module>',
      '    load("x")',
      '  File "/app/config.py", line 10, in load',
      '    raise ConfigError("bad config")',
      'config.ConfigError: bad config',
    ]);
    expect(f!.exceptionType).toBe('config.ConfigError');
    expect(f!.frames.map((fr) => `${fr.file}:${fr.line}`)).toEqual([
      '/app/main.py:3',
      '/app/config.py:8',
      '/usr/lib/python3.12/json/__init__.py:346',
    ]);
    expect(f!.chain).toEqual([
      {
        relation: 'context',
        exceptionType: 'json.decoder.JSONDecodeError',
        message: 'Expecting value: line 1 column 1 (char 0)',
        frames: [
          { file: '/app/config.py', line: 8, function: 'load', sourceLine: 'return json.loads(text)' },
          {
            file: '/usr/lib/python3.12/json/__init__.py',
            line: 346,
            function: 'loads',
            sourceLine: 'return _default_decoder.decode(s)',
          },
        ],
      },
    ]);
  });

  it('a cause caught in another function than the one that failed is kept apart (nothing to join)', () => {
    const [f] = parse([
      'Traceback (most recent call last):',
      '  File "/app/a.py", line 2, in helper',
      '    raise KeyError("k")',
      "KeyError: 'k'",
      '',
      'The above exception was the direct cause of the following exception:',
      '',
      'Traceback (most recent call last):',
      '  File "/app/b.py", line 5, in main',
      '    raise RuntimeError("wrapped") from saved',
      'RuntimeError: wrapped',
    ]);
    expect(f!.frames).toEqual([
      { file: '/app/b.py', line: 5, function: 'main', sourceLine: 'raise RuntimeError("wrapped") from saved' },
    ]);
    expect(f!.chain?.[0]).toMatchObject({ relation: 'cause', exceptionType: 'KeyError' });
  });

  it('a SyntaxError frame has no function; an exception without a message has an empty one', () => {
    const [syntax, stop] = parse([
      'Traceback (most recent call last):',
      '  File "/app/main.py", line 1, in <module>',
      '    import broken',
      '  File "/app/broken.py", line 3',
      '    def f(:',
      '          ^',
      'SyntaxError: invalid syntax',
      '',
      'Traceback (most recent call last):',
      '  File "/app/gen.py", line 9, in take',
      '    return next(items)',
      'StopIteration',
    ]);
    expect(syntax!.frames.at(-1)).toEqual({ file: '/app/broken.py', line: 3, sourceLine: 'def f(:' });
    expect(stop).toMatchObject({ exceptionType: 'StopIteration', message: '' });
  });

  it('a lowercase word before a colon is a message, not an exception type', () => {
    const [f] = parse([
      'Traceback (most recent call last):',
      '  File "/app/a.py", line 1, in <module>',
      'error: something odd happened',
    ]);
    expect(f!.exceptionType).toBeUndefined();
    expect(f!.message).toBe('error: something odd happened');
  });
});

describe('bounds and hostile input', () => {
  it('deep recursion: the outermost and the deepest frames are kept, MAX_FRAMES in all', () => {
    const frames: string[] = [];
    for (let k = 1; k <= 5000; k++) frames.push(`  File "/app/rec.py", line ${k}, in f`, '    return f(n - 1)');
    const [f] = parse([
      'Traceback (most recent call last):',
      ...frames,
      '  [Previous line repeated 996 more times]',
      'RecursionError: maximum recursion depth exceeded',
    ]);
    expect(f!.frames).toHaveLength(MAX_FRAMES);
    expect(f!.frames[0]!.line).toBe(1);
    expect(f!.frames.at(-1)!.line).toBe(5000);
    expect(f!.exceptionType).toBe('RecursionError');
  });

  it('a 5 MB line inside a failure: the message is clipped, the frames still read', () => {
    const huge = 'x'.repeat(5 * 1024 * 1024);
    const [f] = parse([
      '_________________________________ test_big ____________________________________',
      'tests/test_big.py:3: in test_big',
      '    assert render() == ""',
      `E   AssertionError: ${huge}`,
      '=========================== short test summary info ============================',
    ]);
    expect(f!.exceptionType).toBe('AssertionError');
    expect(f!.message.length).toBeLessThanOrEqual(MAX_MESSAGE);
    expect(f!.message).toContain('characters omitted');
    expect(f!.frames).toEqual([
      { file: 'tests/test_big.py', line: 3, function: 'test_big', sourceLine: 'assert render() == ""' },
    ]);
  });

  it('a 5 MB line with no structure is no failure', () => {
    expect(pythonLogParser.parse(`Traceback (most recent call last):${'_ '.repeat(2_500_000)}`)).toEqual([]);
    expect(pythonLogParser.parse(`_${'_ x'.repeat(1_000_000)}_`)).toEqual([]);
  });

  it('100k lines of section headers: failures stop at MAX_FAILURES', () => {
    const lines: string[] = [];
    for (let k = 0; k < 50_000; k++) lines.push(`____ test_${k} ____`, `E   assert ${k} == 0`);
    const failures = parse(lines);
    expect(failures).toHaveLength(MAX_FAILURES);
    expect(failures[0]!.test?.name).toBe('test_0');
  });

  it('100k lines of a single traceback’s frames: one failure, bounded frames', () => {
    const lines = ['Traceback (most recent call last):'];
    for (let k = 0; k < 100_000; k++) lines.push(`  File "/app/m${k}.py", line ${k + 1}, in f${k}`);
    lines.push('ValueError: end');
    const failures = parse(lines);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.frames).toHaveLength(MAX_FRAMES);
    expect(failures[0]!.frames[0]!.function).toBe('f0');
    expect(failures[0]!.frames.at(-1)!.function).toBe('f99999');
    expect(failures[0]!.message).toBe('end');
  });

  it('names, paths, locals and line numbers are bounded; absurd line numbers drop the frame', () => {
    const longName = `test_${'n'.repeat(3000)}`;
    const locals = Array.from({ length: 80 }, (_, k) => `v${k}         = ${'y'.repeat(k === 0 ? 10_000 : 1)}`);
    const [f] = parse([
      `____ ${longName} ____`,
      '',
      `    def ${longName}():`,
      '>       assert False',
      'E       assert False',
      '',
      ...locals,
      '',
      `${'d/'.repeat(1500)}t.py:3: AssertionError`,
    ]);
    expect(f!.test!.name!.length).toBeLessThanOrEqual(MAX_FIELD);
    expect(f!.frames[0]!.file.length).toBeLessThanOrEqual(MAX_FIELD);
    expect(f!.locals).toHaveLength(MAX_LOCALS);
    expect(f!.locals![0]!.value.length).toBeLessThan(1000);
    const two = parse([
      '____ test_two ____',
      'Traceback (most recent call last):',
      '  File "/app/a.py", line 99999999999999999999, in f',
      '  File "/app/a.py", line 0, in g',
      '  File "/app/a.py", line 4, in h',
      'ValueError: v',
    ]);
    expect(two[0]!.frames).toEqual([{ file: '/app/a.py', line: 4, function: 'h' }]);
  });

  it('untrusted text is returned as printed (escaping is the renderers’ job), never executed or unescaped', () => {
    const [f] = parse([
      '____ test_x ____',
      'tests/t.py:1: in test_x',
      '    x()',
      'E   ValueError: <img src=x onerror=alert(1)> ::error::pwned @admin `rm -rf`',
    ]);
    expect(f!.message).toBe('<img src=x onerror=alert(1)> ::error::pwned @admin `rm -rf`');
  });

  it('empty and whitespace-only logs give nothing', () => {
    expect(pythonLogParser.parse('')).toEqual([]);
    expect(pythonLogParser.parse('\n\n   \r\n')).toEqual([]);
  });
});

describe('detect', () => {
  it('recognises pytest, unittest and tracebacks, not other runners', () => {
    expect(pythonLogParser.detect('collected 3 items\n============================= test session starts ==')).toBe(
      true,
    );
    expect(pythonLogParser.detect('FAILED tests/test_a.py::test_b - assert 1')).toBe(true);
    expect(pythonLogParser.detect('Traceback (most recent call last):')).toBe(true);
    expect(pythonLogParser.detect('--- FAIL: TestX (0.00s)\n    x_test.go:3: no')).toBe(false);
    expect(pythonLogParser.detect(' FAIL  test/a.test.ts > adds\nAssertionError: expected 1 to be 2')).toBe(false);
  });
});
