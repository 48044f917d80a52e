/**
 * The action issues workflow commands on stdout only (`@actions/core` writes them there), so
 * nothing on stderr is ever meant as one. Some dependencies print untrusted text to stderr
 * themselves: @github/copilot-sdk 1.0.14 echoes every line the Copilot runtime writes as
 * `[CLI subprocess] …`, and the runner reads a lone `\r` as a line break, so a `\r::add-mask::…` or
 * a `##[set-output …]` inside it would be obeyed. While the action runs (and the CLI, when the
 * runner reads its stderr), every stderr write is made inert line by line (`inertLines`).
 */
import { inertLines } from './workflow-commands.js';

type Write = NodeJS.WriteStream['write'];

/** Wrap `stream.write`; the returned function puts the original back. */
export function makeStderrInert(stream: NodeJS.WriteStream = process.stderr): () => void {
  const original: Write = stream.write;
  // Each write is read as starting a line (the safe side); the SDK writes one whole line per call.
  const write = function (this: unknown, chunk: unknown, ...rest: unknown[]): boolean {
    const text =
      typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString('utf8') : chunk;
    const out = typeof text === 'string' ? inertLines(text) : text;
    return (original as (...a: unknown[]) => boolean).call(stream, out, ...rest);
  };
  stream.write = write as Write;
  return () => {
    if (stream.write === (write as Write)) stream.write = original;
  };
}
