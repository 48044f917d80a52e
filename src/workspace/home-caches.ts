/**
 * Folders under `$HOME` that hold package managers' and editors' caches: large, rewritten by
 * installs, and not what a test or an agent is asked about. The agent's escape scan and the test
 * runs' scan both pass over them.
 */
export const HOME_CACHES: ReadonlySet<string> = new Set([
  '.cache',
  '.npm',
  '.cargo',
  '.rustup',
  'go',
  '.m2',
  '.gradle',
  '.pyenv',
  '.nvm',
  '.local/share',
  '.vscode-server',
]);
