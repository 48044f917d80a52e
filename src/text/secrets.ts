/**
 * Secret scrubbing for everything sent to a model (prompt, tool results, file reads).
 *
 * Two layers: the exact values of the step's own credentials (and the encodings they travel in:
 * base64 at every byte alignment, as inside a `Basic` header, base64url, and URL-encoding), then
 * common token shapes. Shapes are deliberately tight (prefix + length + charset) so source code
 * survives: a scrubbed line the model wants to edit would no longer match the file.
 */

import { escapeRegex } from './escape-regex.js';
import { compactMatcher, compactText } from './compact-match.js';

export const REDACTED = '[REDACTED]';

/** Values shorter than this are not scrubbed by value: replacing `ab12` everywhere shreds text. */
export const MIN_SECRET_LENGTH = 6;

/**
 * Environment variables whose values are credentials: scrubbed from everything sent to a model,
 * and kept from an agent command's environment. One list for both, so no credential is kept from
 * the agent but sent to a model.
 */
export const CREDENTIAL_VARIABLE =
  /(^|_)(TOKEN|SECRETS?|PASSWORD|PASSWD|PASS|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?|AUTH)(_|$)/i;

interface TokenShape {
  name: string;
  pattern: RegExp;
  /** What every match holds: text without it skips the shape's (slower) pattern. */
  anchor: string | RegExp;
  /** Rewrite one match; defaults to replacing it whole. */
  replace?: (match: string, ...groups: string[]) => string;
  /** The whole text's redaction, when there is a faster way than `pattern` to the same result. */
  redact?: (text: string) => string;
}

// Boundaries: `(?<![A-Za-z0-9_-])` instead of `\b` so `risk-…` or `task_sk-…` do not start a match.
const NOT_TOKEN_BEFORE = '(?<![A-Za-z0-9_-])';

const TOKEN_SHAPES: TokenShape[] = [
  {
    name: 'private key block',
    anchor: 'PRIVATE KEY',
    // An unterminated block (a truncated log) is redacted to the end of its base64 lines.
    pattern:
      /-----BEGIN ([A-Z0-9 ]{0,40})PRIVATE KEY( BLOCK)?-----(?:[\s\S]{0,16384}?-----END [A-Z0-9 ]{0,40}PRIVATE KEY( BLOCK)?-----|(?:\r?\n[A-Za-z0-9+/=:\- ]{0,200}){0,400})/g,
    replace: () => `-----BEGIN PRIVATE KEY-----${REDACTED}-----END PRIVATE KEY-----`,
  },
  // GitHub: classic PATs, OAuth, user-to-server, server-to-server, refresh tokens (36+ chars after the prefix).
  {
    name: 'github token',
    anchor: /gh[pousr]_/,
    pattern: new RegExp(`${NOT_TOKEN_BEFORE}gh[pousr]_[A-Za-z0-9]{30,255}(?![A-Za-z0-9])`, 'g'),
  },
  {
    name: 'github fine-grained token',
    anchor: 'github_pat_',
    pattern: new RegExp(`${NOT_TOKEN_BEFORE}github_pat_[A-Za-z0-9_]{22,255}`, 'g'),
  },
  // OpenAI (`sk-`, `sk-proj-`, `sk-svcacct-`) and Anthropic (`sk-ant-api03-`): a digit is required so
  // prose such as `sk-learn-compatible-estimators-here` survives.
  {
    name: 'api key (sk-)',
    anchor: 'sk-',
    pattern: new RegExp(`${NOT_TOKEN_BEFORE}sk-(?=[A-Za-z0-9_-]{0,200}[0-9])[A-Za-z0-9_-]{20,300}`, 'g'),
  },
  { name: 'aws access key id', anchor: /AKIA|ASIA/, pattern: /(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])/g },
  {
    name: 'aws secret access key',
    anchor: /aws_secret_access_key/i,
    pattern: /(aws_secret_access_key\s*[=:]\s*["']?)([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/gi,
    replace: (_m, head) => `${head}${REDACTED}`,
  },
  {
    name: 'slack token',
    anchor: 'xox',
    pattern: new RegExp(`${NOT_TOKEN_BEFORE}xox[baprs]-[A-Za-z0-9-]{10,250}`, 'g'),
  },
  {
    name: 'npm token',
    anchor: 'npm_',
    pattern: new RegExp(`${NOT_TOKEN_BEFORE}npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])`, 'g'),
  },
  { name: 'gitlab token', anchor: 'glpat-', pattern: new RegExp(`${NOT_TOKEN_BEFORE}glpat-[A-Za-z0-9_-]{20,80}`, 'g') },
  {
    name: 'jwt',
    anchor: 'eyJ',
    pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,4096}\.eyJ[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{8,4096}/g,
  },
  {
    name: 'bearer header',
    anchor: 'Bearer',
    // A digit is required so `Bearer authentication` in prose survives.
    pattern: /\b(Bearer\s+)(?=[A-Za-z0-9._~+/-]{0,2048}[0-9])[A-Za-z0-9._~+/-]{16,2048}=*/g,
    replace: (_m, head) => `${head}${REDACTED}`,
  },
  {
    name: 'basic auth header',
    anchor: /authorization/i,
    pattern: /(authorization\s*:\s*basic\s+)[A-Za-z0-9+/]{8,2048}={0,2}/gi,
    replace: (_m, head) => `${head}${REDACTED}`,
  },
  {
    name: 'url credentials',
    anchor: '://',
    // https://user:password@host — keep the user (often `x-access-token`), drop the password.
    pattern: /(\b[a-z][a-z0-9+.-]{1,20}:\/\/[^/\s:@]{1,200}:)([^@\s/]{6,500})@/gi,
    replace: (_m, head) => `${head}${REDACTED}@`,
    redact: redactUrlPasswords,
  },
];

/**
 * The `url credentials` shape, found from each `://` with the scheme checked behind it: the pattern
 * itself is tried at every word of the text (a fifth of the scrubber's time on a large log).
 */
function redactUrlPasswords(text: string): string {
  return text.replace(/:\/\/[^/\s:@]{1,200}:([^@\s/]{6,500})@/g, (match: string, password: string, at: number) => {
    const from = Math.max(0, at - 22);
    const before = (from === 0 ? ' ' : '') + text.slice(from, at);
    if (!/[^A-Za-z0-9_][a-z][a-z0-9+.-]{1,20}$/i.test(before)) return match;
    return `${match.slice(0, match.length - password.length - 1)}${REDACTED}@`;
  });
}

/** Base64 forms of `value` as it appears inside a longer base64 stream, at each of the 3 byte alignments. */
function base64Forms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const forms: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes])
      .toString('base64')
      .replace(/=+$/, '');
    // Char i covers bits [6i, 6i+6): keep only the chars that depend on the value's bits alone.
    const start = Math.ceil((8 * offset) / 6);
    const end = Math.floor((8 * (offset + bytes.length)) / 6);
    const inner = encoded.slice(start, end);
    if (inner.length >= MIN_SECRET_LENGTH) {
      forms.push(inner);
      const url = inner.replace(/\+/g, '-').replace(/\//g, '_');
      if (url !== inner) forms.push(url);
    }
  }
  return forms;
}

/** Every literal form of the given secrets that must never appear, longest first. */
export function secretForms(secretValues: string[]): string[] {
  const forms = new Set<string>();
  for (const raw of secretValues) {
    const value = raw.trim();
    if (value.length < MIN_SECRET_LENGTH) continue;
    forms.add(value);
    const encoded = encodeURIComponent(value);
    if (encoded !== value) forms.add(encoded);
    for (const form of base64Forms(value)) forms.add(form);
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/**
 * A value's letters and digits must be at least this many for the separator-blind forms: below,
 * text joined across spaces and punctuation would match by chance.
 */
export const MIN_COMPACT_LENGTH = 8;

/** Letters and digits of `text`: a form needs enough of them to be told from text joined by chance. */
function alnumCount(text: string): number {
  return text.replace(/[^A-Za-z0-9]+/g, '').length;
}

/**
 * The encodings a value travels in, each seen through `compact` (so split by whitespace or any
 * separator, and base64 and base64url alike): raw, reversed, hex (both cases, also as `0xNN` or
 * `\xNN` per byte, and Python's bytes repr), base64 at the three byte alignments, URL-escaped,
 * JSON-escaped (also with every non-ASCII character as `\uXXXX`).
 */
export function compactSecretForms(secretValues: string[]): string[] {
  const forms = new Set<string>();
  for (const raw of secretValues) {
    const value = raw.trim();
    if (alnumCount(value) < MIN_COMPACT_LENGTH) continue;
    const bytes = Buffer.from(value, 'utf8');
    const hex = bytes.toString('hex');
    const perByte = (prefix: string) => [...bytes].map((b) => `${prefix}${b.toString(16).padStart(2, '0')}`).join('');
    // Python's bytes repr: printable ASCII as is, the rest as \xNN.
    const bytesRepr = [...bytes]
      .map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`))
      .join('');
    const json = JSON.stringify(value).slice(1, -1);
    const asciiJson = json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    for (const form of [
      value,
      [...value].reverse().join(''),
      hex,
      hex.toUpperCase(),
      perByte('0x'),
      perByte('\\x'),
      bytesRepr,
      encodeURIComponent(value),
      json,
      asciiJson,
      ...base64Forms(value),
    ]) {
      const c = compactText(form);
      if (alnumCount(c) >= MIN_COMPACT_LENGTH) forms.add(c);
    }
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

function redactSpans(text: string, spans: ReadonlyArray<[number, number]>): string {
  if (spans.length === 0) return text;
  let out = '';
  let from = 0;
  for (const [start, end] of spans) {
    out += text.slice(from, start) + REDACTED;
    from = end;
  }
  return out + text.slice(from);
}

/**
 * Build the scrubber for one run. The returned function is pure and idempotent:
 * `scrub(scrub(x)) === scrub(x)`.
 */
export function createScrubber(secretValues: string[]): (text: string) => string {
  // Values with enough letters and digits are found by the separator-blind pass, in every
  // encoding; the literal pass is left with the short ones.
  const forms = secretForms(secretValues.filter((v) => alnumCount(v) < MIN_COMPACT_LENGTH));
  // One alternation keeps the scan linear in the text for any number of secrets.
  const exact = forms.length > 0 ? new RegExp(forms.map(escapeRegex).join('|'), 'g') : null;
  const blind = compactMatcher(compactSecretForms(secretValues));
  return (text: string): string => {
    if (!text) return text;
    let out = exact ? text.replace(exact, REDACTED) : text;
    if (blind) out = redactSpans(out, blind(out));
    for (const shape of TOKEN_SHAPES) {
      if (typeof shape.anchor === 'string' ? !out.includes(shape.anchor) : !shape.anchor.test(out)) continue;
      shape.pattern.lastIndex = 0;
      if (shape.redact) out = shape.redact(out);
      else
        out = shape.replace
          ? out.replace(shape.pattern, shape.replace as (substring: string, ...args: string[]) => string)
          : out.replace(shape.pattern, REDACTED);
    }
    return out;
  };
}

/** A URL with a password in it, however short (`postgres://app:pw@db/app`). */
const URL_WITH_PASSWORD = /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^/\s:@]{0,200}:[^@\s/]{1,500}@/i;

function matchesShape(shape: TokenShape, text: string): boolean {
  shape.pattern.lastIndex = 0;
  const found = shape.pattern.test(text);
  shape.pattern.lastIndex = 0;
  return found;
}

/** The shapes that are a credential on their own (not a header or an assignment that holds one). */
const TOKENS = new Set([
  'private key block',
  'github token',
  'github fine-grained token',
  'api key (sk-)',
  'aws access key id',
  'slack token',
  'npm token',
  'gitlab token',
  'jwt',
]);

/** Whether a text holds a token of a known shape (a GitHub or OpenAI key, an AWS key id, a JWT, a private key). */
export function looksLikeToken(text: string): boolean {
  return TOKEN_SHAPES.some((shape) => TOKENS.has(shape.name) && matchesShape(shape, text));
}

/**
 * Whether a value looks like a credential by itself, whatever its variable is called: one of the
 * token shapes above, or a URL with a password.
 */
export function looksLikeCredential(value: string): boolean {
  return URL_WITH_PASSWORD.test(value) || TOKEN_SHAPES.some((shape) => matchesShape(shape, value));
}

/** The names of the token shapes, for documentation and tests. */
export const TOKEN_SHAPE_NAMES: readonly string[] = TOKEN_SHAPES.map((s) => s.name);
