/** Bad usage or configuration: the CLI prints the message (which names the flag and what it expects) and exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
