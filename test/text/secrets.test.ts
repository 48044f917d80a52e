import { describe, expect, it } from 'vitest';
import { createScrubber, REDACTED, secretForms } from '../../src/text/secrets.js';
import { compactMatcher } from '../../src/text/compact-match.js';

// Realistic samples, built at run time so no scanner mistakes this file for a leak.
const gh = (prefix: string) => `${prefix}_${'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5b'.slice(0, 36)}`;
const SAMPLES: Record<string, string> = {
  'github classic PAT': gh('ghp'),
  'github OAuth': gh('gho'),
  'github user-to-server': gh('ghu'),
  'github server-to-server': gh('ghs'),
  'github refresh': gh('ghr'),
  'github fine-grained': `github_pat_11ABCDEFG0${'a1B2c3D4e5'.repeat(8)}`,
  'openai legacy': `sk-${'Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8'.repeat(2)}`,
  'openai project': `sk-proj-${'Ab1_Cd2-Ef3Gh4'.repeat(6)}`,
  anthropic: `sk-ant-api03-${'Zy9Xw8_Vu7-Ts6'.repeat(7)}AA`,
  'aws access key': 'AKIA' + 'IOSFODNN7EXAMPLE',
  'aws session key': 'ASIA' + 'Y34FZKBOKMUTVV7A',
  'slack bot': ['xoxb', '123456789012', '1234567890123', 'AbCdEfGhIjKlMnOpQrStUvWx'].join('-'),
  npm: `npm_${'a1B2c3D4e5F6'.repeat(3)}`,
  gitlab: `glpat-${'Ab1Cd2Ef3Gh4Ij5Kl6Mn'}`,
  jwt: [
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9',
    'eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ',
    'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  ].join('.'),
};

describe('createScrubber: token shapes', () => {
  const scrub = createScrubber([]);
  for (const [name, token] of Object.entries(SAMPLES)) {
    it(`redacts a ${name} token inside a log line`, () => {
      const line = `2026-11-02T10:00:00Z env: TOKEN=${token} (from CI)`;
      const out = scrub(line);
      expect(out).not.toContain(token);
      expect(out).toContain(REDACTED);
      expect(out).toMatch(/^2026-11-02T10:00:00Z env: TOKEN=/);
      expect(out).toMatch(/\(from CI\)$/);
    });
  }

  it('redacts a private key block whole, and an unterminated one to the end of its base64 lines', () => {
    const body = [
      'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7',
      'VJTUt9Us8cKjMzEfYyjiWA4R4/M2bS1GB4t7NXp98C3SC6dVMvDu',
    ].join('\n');
    const text = `before\n-----BEGIN RSA PRIVATE KEY-----\n${body}\n-----END RSA PRIVATE KEY-----\nafter`;
    const out = scrub(text);
    expect(out).not.toContain('MIIEvQ');
    expect(out).toContain('before\n');
    expect(out).toContain('\nafter');
    const truncated = scrub(`x\n-----BEGIN OPENSSH PRIVATE KEY-----\n${body}\n... log truncated ...`);
    expect(truncated).not.toContain('VJTUt9');
    expect(truncated).toContain('log truncated');
  });

  it('redacts Bearer and Basic authorization headers but keeps the header names', () => {
    const out = scrub(
      'Authorization: Bearer abc123DEF456ghi789JKL\nauthorization: Basic eC1hY2Nlc3MtdG9rZW46c2VjcmV0dmFsdWU=',
    );
    expect(out).toBe(`Authorization: Bearer ${REDACTED}\nauthorization: Basic ${REDACTED}`);
  });

  it('redacts the password of a credentialed URL and keeps the user and host', () => {
    expect(scrub('remote: https://x-access-token:s3cr3tValue99@github.com/o/r.git')).toBe(
      `remote: https://x-access-token:${REDACTED}@github.com/o/r.git`,
    );
  });

  it('redacts aws_secret_access_key assignments', () => {
    const out = scrub('aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
    expect(out).toBe(`aws_secret_access_key = ${REDACTED}`);
  });

  it('keeps near-misses: code and prose that only look like tokens', () => {
    const survivors = [
      'ghp_short',
      'the ghp_ prefix marks classic tokens',
      'import sklearn  # sk-learn-compatible-estimators-here',
      'risk-assessment-for-the-quarterly-report-2026',
      'task_sk-abcdefghij',
      'AKIAshort and AKIA_IOSFODNN7EXAMPLE',
      'xoxb-',
      'npm_config_cache=/tmp/npm',
      'The Bearer authentication scheme',
      'headers["Authorization"] = f"Bearer {token}"',
      'const jwt = "eyJ"; // prefix of a JWT',
      'postgres://localhost:5432/db',
      'def test_api_key_is_required(): assert config.api_key is None',
      'expected 1234567890123456 to equal 42',
    ];
    for (const text of survivors) expect(scrub(text), text).toBe(text);
  });

  it('is idempotent', () => {
    const text = Object.values(SAMPLES).join(' | ');
    const once = scrub(text);
    expect(scrub(once)).toBe(once);
  });
});

describe('createScrubber: the step’s own credential values', () => {
  const secret = 'my-deploy-password-1234';
  const scrub = createScrubber([secret, 'short', '']);

  it('redacts the exact value, its URL-encoded form and its base64 forms at every alignment', () => {
    expect(scrub(`pw=${secret};`)).toBe(`pw=${REDACTED};`);
    const weird = 'p@ss w/rd+tail&more';
    const scrubWeird = createScrubber([weird]);
    expect(scrubWeird(`url?pw=${encodeURIComponent(weird)}`)).not.toContain(encodeURIComponent(weird));
    for (const prefix of ['', 'u:', 'us:', 'user:']) {
      const b64 = Buffer.from(`${prefix}${secret}`).toString('base64');
      const out = scrub(`X-Auth: ${b64}`);
      expect(out, prefix).toContain(REDACTED);
      // No 8-char run of the secret's inner base64 survives.
      for (const form of secretForms([secret])) if (form.length > 8) expect(out).not.toContain(form);
    }
  });

  it('ignores values shorter than 6 characters so text is not shredded', () => {
    expect(scrub('a short story')).toBe('a short story');
  });

  it('redacts a secret printed inside a larger text, many times', () => {
    const log = Array.from({ length: 1000 }, (_, i) => `line ${i}: ${secret}`).join('\n');
    const out = scrub(log);
    expect(out).not.toContain(secret);
    expect(out.split(REDACTED)).toHaveLength(1001);
  });
});

describe('createScrubber: every encoding a known value travels in', () => {
  const secret = 's3cr3t/"Value"+&=é-Zq0123456789abcdefXY';
  const scrub = createScrubber([secret]);
  const b = Buffer.from(secret, 'utf8');
  const at = (n: number, enc: 'base64' | 'base64url') => Buffer.concat([Buffer.alloc(n, 0x78), b]).toString(enc);
  const chunks = (s: string, n: number) => s.match(new RegExp(`[\\s\\S]{1,${n}}`, 'g'))!;
  const FORMS: Record<string, string> = {
    raw: secret,
    'base64 (3 alignments)': `${at(0, 'base64')} ${at(1, 'base64')} ${at(2, 'base64')}`,
    'base64url (3 alignments)': `${at(0, 'base64url')} ${at(1, 'base64url')} ${at(2, 'base64url')}`,
    hex: b.toString('hex'),
    HEX: b.toString('hex').toUpperCase(),
    reversed: [...secret].reverse().join(''),
    'url-escaped': encodeURIComponent(secret),
    'json-escaped': JSON.stringify(secret),
    'json-escaped, ascii only': JSON.stringify(secret).replace(/é/g, '\\u00e9'),
    'split by spaces': [...secret].join(' '),
    'split by dashes': chunks(secret, 4).join('-'),
    'split over lines': chunks(secret, 5).join('\n'),
    'base64 wrapped at 8': chunks(b.toString('base64'), 8).join('\n'),
    'hex with colons': chunks(b.toString('hex'), 2).join(':'),
    'hex, \\x per byte': chunks(b.toString('hex'), 2)
      .map((h) => `\\x${h}`)
      .join(''),
    'python bytes repr': `b'${secret.replace('é', '\\xc3\\xa9')}'`,
    'hex, 0x and commas': chunks(b.toString('hex'), 2)
      .map((h) => `0x${h}`)
      .join(', '),
  };

  it.each(Object.entries(FORMS))('%s', (_name, form) => {
    const out = scrub(`before «${form}» after`);
    expect(out).toContain(REDACTED);
    expect(out.startsWith('before «')).toBe(true);
    expect(out.endsWith('» after')).toBe(true);
    // Not a run of 10 characters of it survives.
    for (let i = 0; i + 10 <= form.length; i++) expect(out).not.toContain(form.slice(i, i + 10));
  });

  it('leaves text alone that only shares letters with it, and stays idempotent', () => {
    const prose = 'the value of s3 and cr3t: 0123 4567 89ab cdef are separate words in this sentence';
    expect(scrub(prose)).toBe(prose);
    const once = scrub(Object.values(FORMS).join('\n'));
    expect(scrub(once)).toBe(once);
  });

  it('finds a value with few letters and digits only literally: joined words must not match by chance', () => {
    const short = createScrubber(['ab-12-cd']);
    expect(short('x ab-12-cd y')).toBe(`x ${REDACTED} y`);
    expect(short('ab 12 cd')).toBe('ab 12 cd');
  });
});

describe('compactMatcher', () => {
  it('finds needles across separators, merging overlaps, in order', () => {
    const match = compactMatcher(['abcdef', 'cdefgh', 'zz99zz'])!;
    expect(match('xx a-b-c-d-e-f-g-h yy z z 9 9 z z')).toEqual([
      [3, 18],
      [22, 33],
    ]);
    expect(match('nothing here')).toEqual([]);
    expect(compactMatcher([])).toBeNull();
  });
});

describe('url credentials, found from each ://', () => {
  const pattern = /(\b[a-z][a-z0-9+.-]{1,20}:\/\/[^/\s:@]{1,200}:)([^@\s/]{6,500})@/gi;
  const byPattern = (text: string) => text.replace(pattern, (_m, head: string) => `${head}${REDACTED}@`);
  const scrub = createScrubber([]);
  it.each([
    'git clone https://x-access-token:s3cr3tValue99@github.com/o/r.git',
    'postgres://app:pw-is-long@db:5432/app and redis://:another-secret@cache:6379',
    'x+y.z://user:pppppp@host',
    '_http://user:pppppp@host',
    'a-very-long-scheme-name-over-twenty-chars://user:pppppp@host',
    'https://user:short@host',
    'text://no-at-sign:pppppppp and then',
    'http://localhost:8080/path',
  ])('%s: as the pattern would', (text) => {
    expect(scrub(text)).toBe(byPattern(text));
  });
});
