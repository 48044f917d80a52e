/**
 * Failures whose evidence points at the environment, not at the code: a variable the failing line
 * reads that is not set, a service that refused the connection, a host name that does not resolve,
 * a network that cannot be reached, a file outside the repository that is not there, cloud
 * credentials that were not found. Read from the failing tests' frames (the exception, its message,
 * the text of the triggering line) before any attempt, and said in the log and the summary with the
 * variable or the address. The rules are data (`RULES`), each with why; a failure no rule reads is
 * not an environment failure, and nothing here changes a verdict.
 */
import path from 'node:path';
import type { FailureFrame, SourceLocation } from '../contracts/failure-frame.js';
import type { EnvironmentCause } from '../contracts/heal-report.js';
import { oneLine } from '../text/untrusted-text.js';
import { normaliseType } from './failure-signature.js';

/** What a rule reads of one failure. */
export interface FailureText {
  type?: string;
  message: string;
  /** The triggering line's text (else the test's own line), when the frame carries it. */
  line?: string;
}

export interface RuleContext {
  /** The test runs' environment: a variable the line reads that is missing here is the cause. */
  env: NodeJS.ProcessEnv;
  /** The repository root: a missing file inside it is a path the code gets wrong, not the environment. */
  root: string;
}

/** What a rule found: the kind, the subject, and the sentence about it (the subject in backticks). */
interface Found {
  kind: EnvironmentCause['kind'];
  subject: string;
  say: (subject: string) => string;
}

interface Rule {
  name: string;
  why: string;
  read(failure: FailureText, context: RuleContext): Found | undefined;
}

/** The variable a line of Python, JavaScript/TypeScript, Go, Java, Rust or Ruby reads from the environment. */
const ENV_READS: readonly RegExp[] = [
  /os\.environ\s*\[\s*['"]([A-Za-z_]\w*)['"]\s*\]/,
  /os\.environ\.get\(\s*['"]([A-Za-z_]\w*)['"]/,
  /os\.getenv\(\s*['"]([A-Za-z_]\w*)['"]/,
  /process\.env\.([A-Za-z_]\w*)/,
  /process\.env\[\s*['"`]([A-Za-z_]\w*)['"`]\s*\]/,
  /import\.meta\.env\.([A-Za-z_]\w*)/,
  /os\.(?:Getenv|LookupEnv)\(\s*"([A-Za-z_]\w*)"\s*\)/,
  /System\.getenv\(\s*"([A-Za-z_]\w*)"\s*\)/,
  /env::var\(\s*"([A-Za-z_]\w*)"\s*\)/,
  /ENV(?:\.fetch\(\s*|\[\s*)['"]([A-Za-z_]\w*)['"]/,
];

/** How the cloud SDKs say they found no credentials (AWS's botocore and JS SDK, Google's auth, Azure's identity). */
const CREDENTIAL_WORDS =
  /Unable to locate credentials|Could not load credentials from any providers|could not find default credentials|DefaultAzureCredential failed|NoCredentialsError|CredentialsProviderError|DefaultCredentialsError/i;

/** host:port (or [v6]:port) in a message. */
const ADDRESS = /((?:\[[0-9a-f:.]+\]|[A-Za-z0-9_.-]+):\d{1,5})\b/i;

function unset(env: NodeJS.ProcessEnv, name: string): boolean {
  return (env[name] ?? '') === '';
}

function addressIn(message: string): string | undefined {
  const pool = /host='([^']+)',\s*port=(\d+)/.exec(message);
  if (pool) return `${pool[1]}:${pool[2]}`;
  const pg = /server at "([^"]+)"[^,]*, port (\d+)/.exec(message);
  if (pg) return `${pg[1]}:${pg[2]}`;
  const refused =
    /(?:ECONNREFUSED|connecting to|dial tcp|connect to|Connection refused[^A-Za-z0-9]*\(?)\s*([^\s,;)]+:\d{1,5})/i.exec(
      message,
    );
  if (refused) return refused[1];
  return ADDRESS.exec(message)?.[1];
}

function hostIn(message: string): string | undefined {
  const patterns = [
    /getaddrinfo (?:ENOTFOUND|EAI_AGAIN) ([A-Za-z0-9_.-]+)/,
    /lookup ([A-Za-z0-9_.-]+)(?: on \S+)?: (?:no such host|server misbehaving)/,
    /Could not resolve host:? '?([A-Za-z0-9_.-]+)/i,
    /host='([^']+)'/,
    /Failed to resolve '([^']+)'/,
  ];
  for (const p of patterns) {
    const m = p.exec(message);
    if (m) return m[1];
  }
  return undefined;
}

function outsideRepo(file: string, root: string): boolean {
  if (file.startsWith('~')) return true;
  if (!path.isAbsolute(file)) return false;
  const rel = path.relative(root, file);
  return rel.startsWith('..') || path.isAbsolute(rel);
}

export const RULES: readonly Rule[] = [
  {
    name: 'missing-variable',
    why: "a KeyError at a line that indexes `os.environ` is Python's way of saying the variable is not set",
    read: ({ type, message, line }) => {
      if (type !== 'KeyError' || !line || !/environ/.test(line)) return undefined;
      const name = /^\s*(?:KeyError:\s*)?['"]([A-Za-z_]\w*)['"]\s*$/.exec(message)?.[1];
      return name ? variable(name, 'is not set (KeyError reading os.environ)') : undefined;
    },
  },
  {
    name: 'unset-variable-read',
    why: 'the failing line reads a variable that the test runs here do not have: whatever it fails with (`undefined`, `None`, an invalid URL), the configuration is missing',
    read: ({ line }, { env }) => {
      if (!line) return undefined;
      for (const pattern of ENV_READS) {
        const name = pattern.exec(line)?.[1];
        if (name && unset(env, name)) return variable(name, 'is read by the failing line and is not set here');
      }
      return undefined;
    },
  },
  {
    name: 'connection-refused',
    why: 'nothing listens at the address: a service the tests need is not running in this job',
    read: ({ type, message }) => {
      if (!/ECONNREFUSED|connection refused|Error 111 connecting/i.test(message) && type !== 'ConnectionRefusedError')
        return undefined;
      const at = addressIn(message);
      return {
        kind: 'service',
        subject: at ?? 'a service',
        say: (s) => `the connection to ${at ? `\`${s}\`` : s} was refused: nothing listens there in this job`,
      };
    },
  },
  {
    name: 'name-resolution',
    why: 'the host name does not resolve: no network, or a host this job cannot reach',
    read: ({ type, message }) => {
      const dns =
        /getaddrinfo|ENOTFOUND|EAI_AGAIN|no such host|Name or service not known|Temporary failure in name resolution|nodename nor servname|Could not resolve host|NameResolutionError|Failed to resolve/i;
      if (!dns.test(message) && type !== 'gaierror') return undefined;
      const host = hostIn(message);
      return {
        kind: 'host',
        subject: host ?? 'a host',
        say: (s) => `the host name ${host ? `\`${s}\`` : 'of a service'} does not resolve in this job`,
      };
    },
  },
  {
    name: 'unreachable-network',
    why: 'the network or host cannot be reached from this job',
    read: ({ message }) => {
      if (!/ENETUNREACH|EHOSTUNREACH|Network is unreachable|No route to host/i.test(message)) return undefined;
      const at = addressIn(message);
      return {
        kind: 'host',
        subject: at ?? 'a host',
        say: (s) => `${at ? `\`${s}\`` : s} cannot be reached from this job`,
      };
    },
  },
  {
    name: 'missing-outside-file',
    why: 'a file outside the repository (a configuration or a secret the job provides) is not there; a missing file inside it is a path the code may get wrong, and is not read as the environment',
    read: ({ message }, { root }) => {
      const m =
        /ENOENT: no such file or directory, \w+ '([^']+)'/.exec(message) ??
        /No such file or directory: '([^']+)'/.exec(message) ??
        /open ([^\s:]+): no such file or directory/.exec(message);
      const file = m?.[1];
      if (!file || !outsideRepo(file, root)) return undefined;
      return { kind: 'file', subject: file, say: (s) => `the file \`${s}\` is not there in this job` };
    },
  },
  {
    name: 'missing-credentials',
    why: "the cloud SDKs' own words for credentials they did not find (AWS, Google Cloud, Azure)",
    read: ({ type, message }) => {
      // The SDK's sentence when the message has it, else the exception's name.
      const m = CREDENTIAL_WORDS.exec(message) ?? CREDENTIAL_WORDS.exec(type ?? '');
      if (!m) return undefined;
      return { kind: 'credentials', subject: m[0], say: (s) => `no credentials were found in this job (\`${s}\`)` };
    },
  },
];

function variable(name: string, what: string): Found {
  return { kind: 'variable', subject: name, say: (s) => `the environment variable \`${s}\` ${what}` };
}

function lineText(loc: SourceLocation | null): string | undefined {
  if (!loc) return undefined;
  const { snippet } = loc;
  const fromSnippet = snippet ? snippet.lines[loc.line - snippet.startLine] : undefined;
  return fromSnippet ?? loc.expression;
}

/** What the rules read of a frame. */
export function failureText(frame: FailureFrame): FailureText {
  const type = normaliseType(frame.exceptionType);
  const line = lineText(frame.triggering) ?? lineText(frame.test);
  return { ...(type ? { type } : {}), message: frame.message, ...(line ? { line } : {}) };
}

/** At most this many causes are listed (the first of each test and subject). */
const MAX_CAUSES = 20;

/** The environment causes of the frames' failures, the first rule that reads each, one per test and subject. */
export function findEnvironmentCauses(frames: readonly FailureFrame[], context: RuleContext): EnvironmentCause[] {
  const causes: EnvironmentCause[] = [];
  const seen = new Set<string>();
  for (const frame of frames) {
    const text = failureText(frame);
    for (const rule of RULES) {
      const found = rule.read(text, context);
      if (!found) continue;
      const key = `${frame.id}\u0000${found.kind}\u0000${found.subject}`;
      if (!seen.has(key)) {
        seen.add(key);
        const at = frame.triggering ?? frame.test;
        const subject = oneLine(found.subject, 200);
        causes.push({
          test: frame.id,
          kind: found.kind,
          subject,
          ...(at ? { at: `${at.file}:${at.line}` } : {}),
          detail: found.say(subject),
        });
      }
      break;
    }
    if (causes.length >= MAX_CAUSES) break;
  }
  return causes;
}
