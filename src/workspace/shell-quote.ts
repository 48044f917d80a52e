/**
 * POSIX shell quoting for untrusted words (test names, file paths) that go into `sh -c` command
 * lines. Single quotes make every byte literal except the single quote itself, which is closed,
 * escaped and reopened (`'\''`). This is the only quoting that is safe for `$`, backticks,
 * backslashes, newlines and `;|&` all at once.
 */

/** Quote one word so `sh` reads it back byte for byte. */
export function shellQuote(word: string): string {
  if (word.includes('\0')) throw new Error('cannot shell-quote a string containing a NUL byte');
  // Plain words stay readable in logs and summaries; anything else is single-quoted.
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Quote and join words with spaces. */
export function shellQuoteAll(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}
