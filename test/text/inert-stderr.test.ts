import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { makeStderrInert } from '../../src/text/inert-stderr.js';
import { runnerCommands } from './runner-commands.js';

function capture(): { stream: NodeJS.WriteStream; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  return { stream, text: () => chunks.join('') };
}

describe('makeStderrInert', () => {
  it('makes what a dependency prints to stderr inert, as the SDK prints the runtime’s lines', () => {
    const { stream, text } = capture();
    const restore = makeStderrInert(stream);
    stream.write('[CLI subprocess] starting\r::add-mask::secret\n');
    stream.write(Buffer.from('[CLI subprocess] done ##[set-output name=result;]healed\n'));
    stream.write('::error file=a.js::boom\n');
    restore();
    expect(runnerCommands(text())).toEqual([]);
    expect(text()).toContain('starting');
    expect(text()).toContain('healed');
  });

  it('puts the original write back, and leaves plain text as it was', () => {
    const { stream, text } = capture();
    const original = stream.write;
    const restore = makeStderrInert(stream);
    stream.write('plain progress line\n');
    restore();
    expect(stream.write).toBe(original);
    stream.write('::notice::after\n');
    expect(text()).toBe('plain progress line\n::notice::after\n');
  });
});
