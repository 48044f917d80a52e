/**
 * Files that look like credentials, by name or by content: never shown to a model (its read and
 * search tools, the prompt's source windows), tracked or not. Each rule says why; the first that
 * matches is the reason a refusal gives.
 */
import picomatch from 'picomatch';
import { looksLikeToken } from './secrets.js';

/** Extensions of data files: `*secret*` or `*credential*` in such a name is a credential file, not code. */
const DATA = '{json,yaml,yml,toml,ini,cfg,conf,properties,xml,txt,env,csv}';

export const CREDENTIAL_FILE_NAMES: ReadonlyArray<{ patterns: readonly string[]; why: string }> = [
  {
    patterns: ['**/.env', '**/.env.*', '!**/.env.{example,sample,template,dist,defaults}'],
    why: 'an environment file, where keys and passwords are kept',
  },
  {
    patterns: ['**/*.{pem,key,p12,pfx,jks,keystore,ppk,p8}', '**/id_{rsa,dsa,ecdsa,ed25519}'],
    why: 'a private key or a key store',
  },
  {
    patterns: [
      '**/.{npmrc,pypirc,netrc,git-credentials,dockercfg,htpasswd,pgpass}',
      '**/_netrc',
      '**/.docker/config.json',
      '**/.kube/config',
      '**/kubeconfig',
    ],
    why: "a tool's login file (registry, git, docker, kubernetes, database)",
  },
  {
    patterns: [
      '**/gha-creds-*.json',
      '**/*service[-_]account*.json',
      '**/*serviceaccount*.json',
      '**/.aws/credentials',
    ],
    why: "a cloud login's credentials (google-github-actions/auth writes gha-creds-*.json into the workspace)",
  },
  { patterns: [`**/*{secret,credential}*.${DATA}`], why: 'a data file named for secrets or credentials' },
  {
    patterns: ['**/*{secret,credential}*', '!**/*{secret,credential}*.*'],
    why: 'a file without an extension named for secrets or credentials',
  },
  { patterns: ['**/*.tfstate', '**/*.tfstate.backup'], why: 'Terraform state, which holds the secrets it created' },
];

/**
 * `key` given a literal value: quoted (`"client_secret": "…"`, `client_secret = '…'`), or bare at
 * the start of a line (YAML, INI, .env). Code that reads one (`x.refresh_token === undefined`,
 * `client_secret: process.env.X`) is not a credential.
 */
function assignsValue(text: string, key: string): boolean {
  const quoted = new RegExp(`\\b${key}\\b["']?\\s*(?::|=(?!=))\\s*["'][^"'\\s]{8,}["']`, 'i');
  const bare = new RegExp(`^\\s*${key}\\s*[:=]\\s*([^\\s"'{}()\\[\\],;]{8,})\\s*$`, 'im');
  if (quoted.test(text)) return true;
  const value = bare.exec(text)?.[1];
  return value !== undefined && !/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)+$/.test(value);
}

export const CREDENTIAL_CONTENT: ReadonlyArray<{ test: (text: string) => boolean; what: string }> = [
  { test: (t) => /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY( BLOCK)?-----/.test(t), what: 'a private key' },
  { test: (t) => assignsValue(t, 'client_secret'), what: 'a client_secret' },
  { test: (t) => assignsValue(t, 'refresh_token'), what: 'a refresh_token' },
  { test: (t) => /"private_key(_id)?"\s*:/.test(t), what: "a service account's private_key" },
  { test: (t) => /\baws_secret_access_key\b\s*[:=]/i.test(t), what: 'an aws_secret_access_key' },
  {
    test: looksLikeToken,
    what: 'a token (ghp_, github_pat_, sk-, AKIA, xox, npm_, glpat-, a JWT)',
  },
];

const nameRules = CREDENTIAL_FILE_NAMES.map((rule) => {
  const include = rule.patterns.filter((p) => !p.startsWith('!'));
  const exclude = rule.patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  const yes = picomatch(include, { dot: true, nocase: true });
  const no = exclude.length ? picomatch(exclude, { dot: true, nocase: true }) : () => false;
  return { match: (rel: string) => yes(rel) && !no(rel), why: rule.why };
});

/** Why a repo-relative path looks like a credential file by its name, or null. */
export function credentialNameReason(rel: string): string | null {
  return nameRules.find((r) => r.match(rel))?.why ?? null;
}

/** What credential a file's text holds, or null (only the first 256 KiB are looked at). */
export function credentialContentReason(text: string): string | null {
  const head = text.length > 256 * 1024 ? text.slice(0, 256 * 1024) : text;
  return CREDENTIAL_CONTENT.find((r) => r.test(head))?.what ?? null;
}

/** The refusal for a file a model may not see, or null when it may. */
export function credentialFileRefusal(rel: string, text?: string): string | null {
  const byName = credentialNameReason(rel);
  if (byName) return `\`${rel}\` looks like a credential file (${byName}): it is never shown`;
  const byContent = text === undefined ? null : credentialContentReason(text);
  if (byContent) return `\`${rel}\` holds what looks like a credential (${byContent}): it is never shown`;
  return null;
}
