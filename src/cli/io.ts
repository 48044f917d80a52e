/** What a CLI command may touch of the process: injected so commands are testable without spawning. */
export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export type CommandMain = (argv: string[], io: CliIO) => Promise<number>;
