/**
 * The Java parser on forms the Maven fixture does not print (Surefire 2, Gradle, JUnit 4, nested
 * causes, suppressed exceptions), on hostile input and on its bounds.
 */
import { describe, expect, it } from 'vitest';
import { javaLogParser } from '../../../src/reports/logs/java.js';
import { MAX_FAILURES, MAX_FRAMES, MAX_MESSAGE } from '../../../src/reports/logs/traceback-bounds.js';

const parse = (lines: string[]) => javaLogParser.parse(lines.join('\n'));

describe('test headers', () => {
  it('Surefire 2: `[ERROR] method(pkg.Class)  Time elapsed … <<< FAILURE!`, JUnit 4 assertion', () => {
    const [f, ...rest] = parse([
      'Running com.example.CalcTest',
      'Tests run: 2, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 0.05 sec <<< FAILURE! - in com.example.CalcTest',
      '[ERROR] addsTwoNumbers(com.example.CalcTest)  Time elapsed: 0.01 sec  <<< FAILURE!',
      'java.lang.AssertionError: expected:<4> but was:<5>',
      '\tat org.junit.Assert.fail(Assert.java:89)',
      '\tat org.junit.Assert.assertEquals(Assert.java:647)',
      '\tat com.example.CalcTest.addsTwoNumbers(CalcTest.java:14)',
      '',
    ]);
    expect(rest).toEqual([]);
    expect(f).toEqual({
      language: 'java',
      kind: 'failure',
      test: { classname: 'com.example.CalcTest', name: 'addsTwoNumbers', id: 'com.example.CalcTest#addsTwoNumbers' },
      exceptionType: 'java.lang.AssertionError',
      message: 'expected:<4> but was:<5>',
      frames: [
        { file: 'com/example/CalcTest.java', line: 14, function: 'com.example.CalcTest.addsTwoNumbers' },
        { file: 'org/junit/Assert.java', line: 647, function: 'org.junit.Assert.assertEquals' },
        { file: 'org/junit/Assert.java', line: 89, function: 'org.junit.Assert.fail' },
      ],
      logLines: { start: 4, end: 7 },
    });
  });

  it('Surefire 3 parameterised names keep their dotted parameter types', () => {
    const [f] = parse([
      '[ERROR] com.example.CalcTest.parses(java.lang.String)[2] -- Time elapsed: 0.003 s <<< FAILURE!',
      'org.opentest4j.AssertionFailedError: expected: <1> but was: <2>',
      '\tat com.example.CalcTest.parses(CalcTest.java:30)',
    ]);
    expect(f!.test).toEqual({
      classname: 'com.example.CalcTest',
      name: 'parses(java.lang.String)[2]',
      id: 'com.example.CalcTest#parses(java.lang.String)[2]',
    });
  });

  it('Gradle: the `Class > test() FAILED` header, full and short exception formats', () => {
    const failures = parse([
      'com.example.CalcTest > addsTwoNumbers() FAILED',
      '    org.opentest4j.AssertionFailedError: expected: <4> but was: <5>',
      '        at app//org.junit.jupiter.api.AssertionUtils.fail(AssertionUtils.java:55)',
      '        at app//com.example.CalcTest.addsTwoNumbers(CalcTest.java:14)',
      '',
      'com.example.CalcTest > divides() FAILED',
      '    java.lang.ArithmeticException at CalcTest.java:21',
    ]);
    expect(failures.map((f) => [f.test?.name, f.exceptionType, f.frames.at(-1)?.file, f.frames.at(-1)?.line])).toEqual([
      ['addsTwoNumbers', 'org.opentest4j.AssertionFailedError', 'org/junit/jupiter/api/AssertionUtils.java', 55],
      ['divides', 'java.lang.ArithmeticException', 'com/example/CalcTest.java', 21],
    ]);
    expect(failures[0]!.frames[0]!.function).toBe('com.example.CalcTest.addsTwoNumbers');
  });

  it('a header not followed by its trace does not name a later, unrelated trace', () => {
    const [f] = parse([
      '[ERROR] com.example.ATest.first -- Time elapsed: 0.01 s <<< FAILURE!',
      '[INFO] something else',
      '[INFO] and more',
      '[INFO] and more',
      '[INFO] and more',
      'java.lang.IllegalStateException: from elsewhere',
      '\tat com.example.Worker.run(Worker.java:3)',
    ]);
    expect(f!.test).toBeUndefined();
    expect(f!.exceptionType).toBe('java.lang.IllegalStateException');
  });

  it('the results summary adds the failures no trace explains', () => {
    const failures = parse([
      '[ERROR] Failures: ',
      '[ERROR]   CalcTest.adds:14 expected: <4> but was: <5>',
      '[ERROR] Errors: ',
      '[ERROR]   CalcTest.divides:21->helper:40 » Arithmetic / by zero',
      '[ERROR] Tests run: 2, Failures: 1, Errors: 1, Skipped: 0',
    ]);
    expect(failures).toEqual([
      {
        language: 'java',
        kind: 'failure',
        test: { classname: 'CalcTest', name: 'adds', id: 'CalcTest#adds' },
        message: 'expected: <4> but was: <5>',
        frames: [{ file: 'CalcTest.java', line: 14, function: 'CalcTest.adds' }],
        logLines: { start: 2, end: 2 },
      },
      {
        language: 'java',
        kind: 'failure',
        test: { classname: 'CalcTest', name: 'divides', id: 'CalcTest#divides' },
        message: '/ by zero',
        frames: [
          { file: 'CalcTest.java', line: 21, function: 'CalcTest.divides' },
          { file: 'CalcTest.java', line: 40, function: 'CalcTest.helper' },
        ],
        logLines: { start: 4, end: 4 },
        exceptionType: 'Arithmetic',
      },
    ]);
  });
});

describe('traces', () => {
  it('two levels of Caused by: the root’s frames completed level by level, the chain nearest first', () => {
    const [f] = parse([
      'Exception in thread "main" java.lang.RuntimeException: request failed',
      '\tat com.example.Api.handle(Api.java:20)',
      '\tat com.example.Main.main(Main.java:5)',
      'Caused by: java.io.UncheckedIOException: read failed',
      '\tat com.example.Store.read(Store.java:40)',
      '\tat com.example.Api.handle(Api.java:18)',
      '\t... 1 more',
      'Caused by: java.io.FileNotFoundException: /data/x (No such file or directory)',
      '\tat java.base/java.io.FileInputStream.open0(Native Method)',
      '\tat java.base/java.io.FileInputStream.<init>(FileInputStream.java:157)',
      '\tat com.example.Store.read(Store.java:38)',
      '\t... 2 more',
    ]);
    expect(f!.exceptionType).toBe('java.lang.RuntimeException');
    expect(f!.message).toBe('request failed');
    expect(f!.frames.map((fr) => `${fr.function}:${fr.line}`)).toEqual([
      'com.example.Main.main:5',
      'com.example.Api.handle:18',
      'com.example.Store.read:38',
      'java.io.FileInputStream.<init>:157',
    ]);
    expect(f!.chain?.map((c) => [c.relation, c.exceptionType, c.message, c.frames.length])).toEqual([
      ['cause', 'java.io.UncheckedIOException', 'read failed', 3],
      ['cause', 'java.io.FileNotFoundException', '/data/x (No such file or directory)', 4],
    ]);
  });

  it('suppressed exceptions are skipped; their frames do not leak into the trace', () => {
    const [f] = parse([
      'java.lang.IllegalStateException: close failed',
      '\tat com.example.Res.use(Res.java:9)',
      '\tSuppressed: java.io.IOException: flush',
      '\t\tat com.example.Res.close(Res.java:30)',
      '\t\t... 1 more',
      '\tat com.example.Main.main(Main.java:4)',
    ]);
    expect(f!.frames.map((fr) => fr.line)).toEqual([4, 9]);
  });

  it('a multi-line message, inner classes, lambdas, Kotlin files and frames without a line', () => {
    const [f] = parse([
      'org.opentest4j.AssertionFailedError: expected: <a',
      'b> but was: <c>',
      '\tat com.example.Outer$Inner.lambda$run$0(Outer.java:12)',
      '\tat com.example.Util.call(Util.kt:7)',
      '\tat jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)',
      '\tat com.example.Gen.x(Unknown Source)',
    ]);
    expect(f!.message).toBe('expected: <a\nb> but was: <c>');
    expect(f!.frames).toEqual([
      { file: 'com/example/Util.kt', line: 7, function: 'com.example.Util.call' },
      { file: 'com/example/Outer.java', line: 12, function: 'com.example.Outer$Inner.lambda$run$0' },
    ]);
  });

  it('a dotted line that no frame follows is not an exception', () => {
    expect(parse(['com.example.inventory', 'nothing here', 'java.util.List'])).toEqual([]);
  });
});

describe('bounds and hostile input', () => {
  it('100k frames: MAX_FRAMES kept, the outermost and the throw site among them', () => {
    const lines = ['java.lang.StackOverflowError'];
    for (let k = 0; k < 100_000; k++) lines.push(`\tat com.example.Rec.f(Rec.java:${k + 1})`);
    const [f, ...rest] = parse(lines);
    expect(rest).toEqual([]);
    expect(f!.frames).toHaveLength(MAX_FRAMES);
    expect(f!.frames[0]!.line).toBe(100_000);
    expect(f!.frames.at(-1)!.line).toBe(1);
  });

  it('100k lines of traces: failures stop at MAX_FAILURES', () => {
    const lines: string[] = [];
    for (let k = 0; k < 50_000; k++) lines.push(`java.lang.IllegalStateException: ${k}`, `\tat a.B.c(B.java:${k + 1})`);
    expect(parse(lines)).toHaveLength(MAX_FAILURES);
  });

  it('a 5 MB message line is clipped; a 5 MB frame line is no frame', () => {
    const [f] = parse([`java.lang.IllegalStateException: ${'m'.repeat(5 * 1024 * 1024)}`, '\tat a.B.c(B.java:3)']);
    expect(f!.message.length).toBeLessThanOrEqual(MAX_MESSAGE);
    expect(f!.frames).toEqual([{ file: 'a/B.java', line: 3, function: 'a.B.c' }]);
    expect(parse(['java.lang.X: y', `\tat ${'a.'.repeat(2_500_000)}c(B.java:3)`])).toEqual([]);
  });

  it('absurd `... N more` and line numbers do not break the trace', () => {
    const [f] = parse([
      'java.lang.RuntimeException: outer',
      '\tat a.B.c(B.java:99999999999999999999)',
      '\tat a.B.d(B.java:4)',
      'Caused by: java.lang.Error: inner',
      '\tat a.B.e(B.java:5)',
      '\t... 99999999999999999999 more',
    ]);
    expect(f!.frames.map((fr) => fr.line)).toEqual([4, 5]);
  });
});

describe('detect', () => {
  it('recognises JVM frames and Surefire summaries, not V8 frames', () => {
    expect(javaLogParser.detect('\tat com.example.A.b(A.java:3)')).toBe(true);
    expect(javaLogParser.detect('Tests run: 3, Failures: 1, Errors: 0')).toBe(true);
    expect(javaLogParser.detect('    at add (/app/src/calc.js:3:9)\n    at Object.<anonymous> (test.js:1:1)')).toBe(
      false,
    );
  });
});
