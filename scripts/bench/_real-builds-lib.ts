/**
 * Helpers of the real-builds bench (scripts/bench/real-builds.ts): the offline Cargo manifest of the
 * `cargo-offline` setup step, and whether a check's log shows the pinned diagnostics (by substrings
 * read off the real output, not by self-heal's parsers: the bench must not judge self-heal with them).
 */

export interface PinnedDiagnostic {
  tool: string;
  code: string | null;
  file: string;
  line: number | null;
  message: string;
  /** Substrings of the check's log (ANSI removed) that show this diagnostic. */
  evidence: string[];
}

/**
 * Cargo.toml without its dependency tables and benches, each optional dependency kept as an empty
 * feature so that `cfg(feature = "…")` stays known: cargo resolves optional and dev dependencies even
 * for a plain build, and no registry but npm's is reachable here.
 */
export function cargoOffline(manifest: string): string {
  const kept: string[] = [];
  const optional: string[] = [];
  let table = '';
  for (const line of manifest.split('\n')) {
    if (line.startsWith('[')) table = line.trim();
    const dropped = table.startsWith('[[bench]]') || /^\[.*dependencies\]$/.test(table);
    if (dropped && table === '[dependencies]' && /optional\s*=\s*true/.test(line)) {
      optional.push(line.split('=')[0]!.trim());
    }
    if (!dropped) kept.push(line);
  }
  let text = kept.join('\n').trimEnd() + '\n';
  if (optional.length && !/^\[features\]/m.test(text)) {
    text += `\n[features]\n${optional.map((name) => `${name} = []\n`).join('')}`;
  }
  return text;
}

/** Terminal escape sequences out: Prettier and rustfmt colour their output under CI=true. */
export function withoutAnsi(text: string): string {
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]|\u001b\][^\u0007]*\u0007|\u001b\(B/g, '');
}

/** How many of the pinned diagnostics the log shows (every evidence substring of one present). */
export function diagnosticsFound(log: string, diagnostics: PinnedDiagnostic[]): number {
  const text = withoutAnsi(log);
  return diagnostics.filter((d) => d.evidence.length > 0 && d.evidence.every((e) => text.includes(e))).length;
}
