import { describe, expect, it } from 'vitest';
import { FailureFrame } from '../../src/contracts/failure-frame.js';
import { buildAnnotations, formatAnnotations } from '../../src/render/annotations.js';
import { runnerCommands } from '../text/runner-commands.js';

function frame(i: number, overrides: Partial<FailureFrame> = {}): FailureFrame {
  return FailureFrame.parse({
    id: `tests/test_calc.py::test_${i}`,
    suite: 'pytest',
    name: `test_${i}`,
    kind: 'failure',
    exceptionType: 'AssertionError',
    message: `assert ${i} == ${i + 1}`,
    triggering: { file: 'calc.py', line: 10 + i, column: 5 },
    test: { file: 'tests/test_calc.py', line: 3 + i },
    stack: [],
    droppedFrames: 0,
    locals: null,
    language: 'python',
    evidence: ['junit'],
    ...overrides,
  });
}

describe('buildAnnotations', () => {
  it('points at the triggering line, titled with the test name', () => {
    const [a] = buildAnnotations([frame(1)]);
    expect(a).toEqual({
      level: 'error',
      title: 'test_1',
      message: 'AssertionError: assert 1 == 2',
      file: 'calc.py',
      line: 11,
      col: 5,
    });
  });

  it('falls back to the test line, and leaves file out when nothing is known', () => {
    const [a, b] = buildAnnotations([
      frame(1, { triggering: null }),
      frame(2, { triggering: null, test: null, exceptionType: null, message: '' }),
    ]);
    expect(a).toMatchObject({ file: 'tests/test_calc.py', line: 4 });
    expect(b!.file).toBeUndefined();
    expect(b!.line).toBeUndefined();
    expect(b!.message).toBe('failure in test_2');
  });

  it('caps errors at 10 and counts the rest in one notice', () => {
    const list = buildAnnotations(Array.from({ length: 23 }, (_, i) => frame(i)));
    expect(list.filter((a) => a.level === 'error')).toHaveLength(10);
    expect(list).toHaveLength(11);
    expect(list[10]).toMatchObject({ level: 'notice' });
    expect(list[10]!.message).toMatch(/^13 more failing tests/);
  });

  it('annotates healed failures as notices', () => {
    const list = buildAnnotations(
      Array.from({ length: 12 }, (_, i) => frame(i)),
      { healed: true },
    );
    expect(list[0]).toMatchObject({
      level: 'notice',
      title: 'test_0',
      message: 'Fixed by self-heal: AssertionError: assert 0 == 1',
      file: 'calc.py',
      line: 10,
    });
    expect(list.every((a) => a.level === 'notice')).toBe(true);
    expect(list[10]!.message).toMatch(/^2 more fixed tests not annotated/);
  });

  it('prefixes paths when the frames are relative to a subfolder of the workspace', () => {
    const [a] = buildAnnotations([frame(1)], { pathPrefix: 'packages/calc' });
    expect(a!.file).toBe('packages/calc/calc.py');
  });
});

describe('formatAnnotations', () => {
  it('a hostile test name and message issue exactly one error, with their text intact', () => {
    const name = 'test_x,file=evil.py::error::pwned\n::add-mask::x';
    const message = 'boom\n::set-output name=result::healed\n##[error]legacy 100%';
    const lines = formatAnnotations(buildAnnotations([frame(1, { name, exceptionType: null, message })]));
    const commands = runnerCommands(lines.join('\n'));
    expect(commands).toEqual([
      { command: 'error', properties: { title: name, file: 'calc.py', line: '11', col: '5' }, data: message },
    ]);
  });
});
