/**
 * Progress logging by phase. The CLI writes plain lines to stderr; the action maps groups to
 * `core.startGroup` and neutralises workflow commands in anything echoed from untrusted output.
 */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  /** Run `fn` inside a named, collapsible phase. */
  group<T>(name: string, fn: () => Promise<T>): Promise<T>;
}

export const silentLogger: Logger = {
  info: () => {},
  warn: () => {},
  group: (_name, fn) => fn(),
};
