/** What a CLI command may touch of the process: injected so commands are testable without spawning. */
export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /**
   * Whether the Actions runner reads each stream for workflow commands (see inert-output.ts).
   * Unset: both when `GITHUB_ACTIONS=true`. The entry leaves out a stream redirected to a file.
   */
  runnerReads?: RunnerReads;
}

export interface RunnerReads {
  stdout: boolean;
  stderr: boolean;
}

export type CommandMain = (argv: string[], io: CliIO) => Promise<number>;
