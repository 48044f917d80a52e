/**
 * The environment rules, entry by entry, on the messages real tools print (captured with Python
 * 3, Node 20 and Go on this machine: a socket to a closed port, a name under `.invalid`, a file
 * that is not there, an unset variable), and on failures that are the code's.
 */
import { describe, expect, it } from 'vitest';
import type { FailureFrame } from '../../src/contracts/failure-frame.js';
import { findEnvironmentCauses, RULES, type FailureText } from '../../src/loop/environment-causes.js';

const context = { env: { HOME: '/root', ORDERS_TOKEN: 'set' }, root: '/work/repo' };

const read = (name: string, failure: FailureText) => RULES.find((r) => r.name === name)!.read(failure, context);

/** Each rule: failures it reads (with the subject it names), and one it must not. */
const CASES: Record<string, { reads: Array<[FailureText, string]>; not: FailureText[] }> = {
  'missing-variable': {
    reads: [
      [
        { type: 'KeyError', message: "'ORDERS_API_URL'", line: '    return os.environ["ORDERS_API_URL"]' },
        'ORDERS_API_URL',
      ],
      [{ type: 'KeyError', message: "KeyError: 'DB_HOST'", line: "host = os.environ['DB_HOST']" }, 'DB_HOST'],
    ],
    not: [{ type: 'KeyError', message: "'sku-1'", line: 'return prices[sku]' }],
  },
  'unset-variable-read': {
    reads: [
      [
        { type: 'TypeError', message: 'Invalid URL', line: 'const url = new URL(process.env.ORDERS_API_URL);' },
        'ORDERS_API_URL',
      ],
      [
        {
          type: 'TypeError',
          message: "'NoneType' object has no attribute 'rstrip'",
          line: 'base = os.getenv("API_BASE").rstrip("/")',
        },
        'API_BASE',
      ],
      [{ message: 'parse "": empty url', line: 'u, err := url.Parse(os.Getenv("ORDERS_URL"))' }, 'ORDERS_URL'],
    ],
    not: [{ type: 'TypeError', message: 'Invalid URL', line: 'const url = new URL(process.env.ORDERS_TOKEN);' }],
  },
  'connection-refused': {
    reads: [
      [{ type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432' }, '127.0.0.1:5432'],
      [{ message: 'dial tcp 127.0.0.1:6379: connect: connection refused' }, '127.0.0.1:6379'],
      [{ type: 'ConnectionRefusedError', message: '[Errno 111] Connection refused' }, 'a service'],
      [
        {
          type: 'OperationalError',
          message:
            'connection to server at "localhost" (127.0.0.1), port 5432 failed: Connection refused\n\tIs the server running on that host and accepting TCP/IP connections?',
        },
        'localhost:5432',
      ],
    ],
    not: [{ type: 'AssertionError', message: 'expected 200 to be 404' }],
  },
  'name-resolution': {
    reads: [
      [{ type: 'Error', message: 'getaddrinfo ENOTFOUND orders.invalid' }, 'orders.invalid'],
      [{ message: 'dial tcp: lookup orders.invalid on 10.255.255.53:53: no such host' }, 'orders.invalid'],
      [{ type: 'gaierror', message: '[Errno -2] Name or service not known' }, 'a host'],
    ],
    not: [{ type: 'ValueError', message: 'unknown host type: mirror' }],
  },
  'unreachable-network': {
    reads: [[{ type: 'Error', message: 'connect ENETUNREACH 10.1.2.3:443' }, '10.1.2.3:443']],
    not: [{ type: 'Error', message: 'route not found: /orders' }],
  },
  'missing-outside-file': {
    reads: [
      [
        { type: 'FileNotFoundError', message: "[Errno 2] No such file or directory: '/etc/orders/config.yml'" },
        '/etc/orders/config.yml',
      ],
      [
        { type: 'Error', message: "ENOENT: no such file or directory, open '/etc/orders/config.yml'" },
        '/etc/orders/config.yml',
      ],
      [{ message: 'open /etc/orders/config.yml: no such file or directory' }, '/etc/orders/config.yml'],
    ],
    not: [
      { type: 'FileNotFoundError', message: "[Errno 2] No such file or directory: 'data/prices.csv'" },
      { type: 'Error', message: "ENOENT: no such file or directory, open '/work/repo/data/prices.csv'" },
    ],
  },
  'missing-credentials': {
    reads: [
      [{ type: 'NoCredentialsError', message: 'Unable to locate credentials' }, 'Unable to locate credentials'],
      [
        { type: 'CredentialsProviderError', message: 'Could not load credentials from any providers' },
        'Could not load credentials from any providers',
      ],
    ],
    not: [{ type: 'PermissionError', message: "[Errno 13] Permission denied: 'out.txt'" }],
  },
};

describe('environment rules', () => {
  it('has cases for every rule', () => {
    expect(Object.keys(CASES).sort()).toEqual(RULES.map((r) => r.name).sort());
    for (const rule of RULES) expect(rule.why.length).toBeGreaterThan(20);
  });
  for (const [name, { reads, not }] of Object.entries(CASES)) {
    describe(name, () => {
      it.each(reads)('reads %j', (failure, subject) => {
        expect(read(name, failure)?.subject).toBe(subject);
      });
      it.each(not.map((f) => [f]))('does not read %j', (failure) => {
        expect(read(name, failure)).toBeUndefined();
      });
    });
  }
});

describe('environment causes of frames', () => {
  const frame = (over: Partial<FailureFrame>): FailureFrame => ({
    id: 'tests/test_orders.py::test_total',
    suite: 'pytest',
    name: 'test_total',
    kind: 'failure',
    exceptionType: 'KeyError',
    message: "KeyError: 'ORDERS_API_URL'",
    triggering: {
      file: 'orders.py',
      line: 5,
      snippet: { startLine: 3, lines: ['', 'def api_url():', '    return os.environ["ORDERS_API_URL"]'] },
    },
    test: { file: 'tests/test_orders.py', line: 5 },
    stack: [],
    droppedFrames: 0,
    locals: null,
    language: 'python',
    evidence: ['junit'],
    ...over,
  });

  it('names the variable and where it was read, once per test', () => {
    const causes = findEnvironmentCauses([frame({}), frame({})], context);
    expect(causes).toEqual([
      {
        test: 'tests/test_orders.py::test_total',
        kind: 'variable',
        subject: 'ORDERS_API_URL',
        at: 'orders.py:5',
        detail: 'the environment variable `ORDERS_API_URL` is not set (KeyError reading os.environ)',
      },
    ]);
  });

  it('reads nothing into a failure of the code', () => {
    const assertion = frame({ exceptionType: 'AssertionError', message: 'assert 10 == 30', triggering: null });
    expect(findEnvironmentCauses([assertion], context)).toEqual([]);
  });

  it('bounds a subject from an untrusted message', () => {
    const long = `/etc/${'x'.repeat(5_000)}`;
    const [cause] = findEnvironmentCauses(
      [frame({ exceptionType: 'FileNotFoundError', message: `[Errno 2] No such file or directory: '${long}'` })],
      context,
    );
    expect(cause!.subject.length).toBeLessThanOrEqual(200);
    expect(cause!.detail.length).toBeLessThan(300);
  });
});
