import { describe, expect, it } from 'vitest';
import type { FailureFrame } from '../../src/contracts/failure-frame.js';
import {
  compareFailures,
  describeSignature,
  failureSignature,
  LINE_SLACK,
  normaliseMessage,
  normaliseType,
  VOLATILE,
} from '../../src/loop/failure-signature.js';

function frame(over: Partial<FailureFrame>): FailureFrame {
  return {
    id: 'tests/test_orders.py::test_total',
    suite: 'pytest',
    name: 'test_total',
    kind: 'failure',
    exceptionType: 'AssertionError',
    message: 'assert 10 == 30',
    triggering: { file: 'tests/test_orders.py', line: 6, function: 'test_total' },
    test: { file: 'tests/test_orders.py', line: 6 },
    stack: [{ file: 'tests/test_orders.py', line: 6, function: 'test_total' }],
    droppedFrames: 0,
    locals: null,
    language: 'python',
    evidence: ['junit'],
    ...over,
  };
}

const ci = failureSignature(frame({}), undefined);

describe('the same failure in two runs', () => {
  it('is the same when type, frame and message agree', () => {
    expect(compareFailures(ci, failureSignature(frame({}), undefined))).toBe('same');
  });

  it('differs in type: ModuleNotFoundError here, AssertionError in CI', () => {
    const here = failureSignature(
      frame({ exceptionType: 'ModuleNotFoundError', message: "No module named 'x'" }),
      undefined,
    );
    expect(compareFailures(ci, here)).toBe('type');
    expect(describeSignature(here)).toBe('ModuleNotFoundError at tests/test_orders.py:6');
  });

  it('differs in the triggering frame: another file', () => {
    const here = failureSignature(
      frame({
        triggering: { file: 'orders.py', line: 40, function: 'total' },
        stack: [{ file: 'orders.py', line: 40, function: 'total' }],
      }),
      undefined,
    );
    expect(compareFailures(ci, here)).toBe('frame');
  });

  it(`lets the line move up to ${LINE_SLACK} lines, or anywhere in the same function`, () => {
    const at = (line: number) =>
      failureSignature(frame({ triggering: { file: 'tests/test_orders.py', line }, stack: [] }), undefined);
    const near = at(6 + LINE_SLACK);
    const far = at(7 + LINE_SLACK);
    const sameFunction = failureSignature(
      frame({ triggering: { file: 'tests/test_orders.py', line: 90, function: 'test_total' }, stack: [] }),
      undefined,
    );
    expect(compareFailures(ci, near)).toBe('same');
    expect(compareFailures(ci, far)).toBe('frame');
    expect(compareFailures(ci, sameFunction)).toBe('same');
  });

  it('matches a shallower stack whose triggering frame is in the deeper one', () => {
    const deep = failureSignature(
      frame({
        triggering: { file: 'orders.py', line: 9, function: 'total' },
        stack: [
          { file: 'tests/test_orders.py', line: 6, function: 'test_total' },
          { file: 'orders.py', line: 9, function: 'total' },
        ],
      }),
      undefined,
    );
    expect(compareFailures(ci, deep)).toBe('same');
    expect(compareFailures(deep, ci)).toBe('same');
  });

  it('never differs on a detail one side does not have', () => {
    const bare = failureSignature(frame({ exceptionType: null, triggering: null, stack: [], message: '' }), undefined);
    expect(compareFailures(ci, bare)).toBe('same');
    expect(compareFailures(bare, ci)).toBe('same');
  });

  it('reads the report case when the run has no frame', () => {
    const fromCase = failureSignature(undefined, {
      id: 'x',
      name: 'x',
      suite: 's',
      status: 'failed',
      failure: { type: 'builtins.KeyError', message: "'ORDERS_API_URL'" },
    });
    expect(fromCase).toEqual({ type: 'KeyError', stack: [], message: "'ORDERS_API_URL'" });
  });

  it('tells a message that changed from a different failure', () => {
    const other = failureSignature(frame({ message: 'assert 20 == 30' }), undefined);
    expect(compareFailures(ci, other)).toBe('message');
  });
});

describe('exception types', () => {
  it.each([
    ['builtins.KeyError', 'KeyError'],
    ['AssertionError [ERR_ASSERTION]', 'AssertionError'],
    ['org.opentest4j.AssertionFailedError', 'AssertionFailedError'],
    ['_pytest.outcomes.Failed', 'Failed'],
    ['Cart$Error', 'Error'],
    ['', undefined],
    [null, undefined],
  ])('%s is %s', (raw, type) => {
    expect(normaliseType(raw)).toBe(type);
  });
});

describe('what differs in every run of a deterministic failure', () => {
  const samples: Record<string, [string, string]> = {
    "object addresses (Python's `<Cart object at 0x7f3a…>`)": [
      'assert <Cart object at 0x7f3a2c1d9e50> == None',
      'assert <Cart object at 0x7f88aa01bc10> == None',
    ],
    'UUIDs a test or its fixture generates': [
      'order 1b4e28ba-2fa1-11d2-883f-0016d3cca427 not found',
      'order 6fa459ea-ee8a-3ca4-894e-db77e160355e not found',
    ],
    'timestamps of the moment the test ran': [
      'expired at 2026-12-06T23:59:01.123Z',
      'expired at 2026-12-07T00:00:14.456Z',
    ],
    "temporary directories (pytest's `tmp_path`, `mkdtemp`) are new in every run": [
      "no file '/tmp/pytest-of-root/pytest-12/test_a0/out.json'",
      "no file '/tmp/pytest-of-root/pytest-13/test_a0/out.json'",
    ],
  };
  it('has a sample for every entry', () => {
    expect(Object.keys(samples).sort()).toEqual(VOLATILE.map((v) => v.why).sort());
  });
  it.each(Object.entries(samples))('masks %s', (_why, [a, b]) => {
    expect(a).not.toBe(b);
    expect(normaliseMessage(a)).toBe(normaliseMessage(b));
  });
  it('keeps numbers: a value that changes from run to run is a sign of flakiness', () => {
    expect(normaliseMessage('expected 31234 to be less than 30000')).not.toBe(
      normaliseMessage('expected 35011 to be less than 30000'),
    );
  });
});
