import type { CliIO } from '../io.js';

export async function main(_argv: string[], io: CliIO): Promise<number> {
  io.stderr('self-heal demo: not implemented yet\n');
  return 2;
}
