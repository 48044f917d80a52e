import { describe, expect, it } from 'vitest';
import {
  CREDENTIAL_CONTENT,
  CREDENTIAL_FILE_NAMES,
  credentialContentReason,
  credentialFileRefusal,
  credentialNameReason,
} from '../../src/text/credential-files.js';

describe('credential files by name, rule by rule', () => {
  // Each rule of CREDENTIAL_FILE_NAMES, in order, with paths it must and must not match.
  const CASES: Array<[string[], string[]]> = [
    [
      ['.env', 'app/.env.production', '.env.local'],
      ['.env.example', 'config/.env.sample', 'env.ts'],
    ],
    [
      ['deploy/server.key', 'certs/site.pem', 'keys/id_ed25519', 'store.jks', 'apple/AuthKey.p8'],
      ['keys/id_ed25519.pub', 'src/key.ts'],
    ],
    [
      ['.npmrc', 'home/.netrc', '.git-credentials', '.docker/config.json', '.kube/config', 'kubeconfig'],
      ['npmrc.md', 'docker/config.ts'],
    ],
    [['gha-creds-5f1c0a9e.json', 'ci/my-service-account.json', '.aws/credentials'], ['gha-creds.md']],
    [
      ['config/secrets.yaml', 'client_secret_123.json', 'credentials.json', 'app/Secrets.TOML'],
      ['src/text/secrets.ts', 'lib/credentials.py'],
    ],
    [['deploy/secrets', 'etc/credentials'], ['deploy/secrets.sh']],
    [['infra/terraform.tfstate', 'infra/terraform.tfstate.backup'], ['infra/main.tf']],
  ];

  it('has a case for every rule', () => expect(CASES).toHaveLength(CREDENTIAL_FILE_NAMES.length));

  it.each(CASES.map((c, i) => [CREDENTIAL_FILE_NAMES[i]!.why, ...c] as const))('%s', (why, yes, no) => {
    for (const p of yes) expect(credentialNameReason(p), p).toBe(why);
    for (const p of no) expect(credentialNameReason(p), p).toBeNull();
  });
});

describe('credential files by content, rule by rule', () => {
  const CASES: string[] = [
    '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----',
    '{"client_id": "x", "client_secret": "GOCSPX-abcdefgh"}',
    'refresh_token: 1//0g-abc',
    '{ "type": "service_account", "private_key_id": "abc" }',
    'aws_secret_access_key = wJalrXUtnFEMI',
    `const t = 'ghp_${'Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9St0Uv1Wx2'}';`,
  ];

  it('has a case for every rule', () => expect(CASES).toHaveLength(CREDENTIAL_CONTENT.length));

  it.each(CASES.map((text, i) => [CREDENTIAL_CONTENT[i]!.what, text] as const))('%s', (what, text) => {
    expect(credentialContentReason(text)).toBe(what);
  });

  it('leaves code that only talks about them', () => {
    for (const text of [
      'def refresh(token): return token',
      'const clientSecret = process.env.CLIENT_SECRET;',
      'if (body.refresh_token === undefined) throw new Error("no refresh token")',
      "headers['Authorization'] = `Bearer ${token}`",
      'const config = {\n  client_secret: process.env.CLIENT_SECRET\n};',
      "if (!client_secret) fail('client_secret is missing')",
    ])
      expect(credentialContentReason(text), text).toBeNull();
  });

  it('says why, by name first', () => {
    expect(credentialFileRefusal('src/a.js', "client_secret = 'GOCSPX-abcdefgh'")).toBe(
      '`src/a.js` holds what looks like a credential (a client_secret): it is never shown',
    );
    expect(credentialFileRefusal('.env', '')).toMatch(/^`\.env` looks like a credential file \(an environment file/);
    expect(credentialFileRefusal('src/a.js', 'ok')).toBeNull();
  });
});
