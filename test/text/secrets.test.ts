import { describe, expect, it } from 'vitest';
import { createScrubber, REDACTED, secretForms } from '../../src/text/secrets.js';

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
