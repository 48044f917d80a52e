/** Escape a literal for JavaScript, Python and RE2 regular expressions (no `-`/`/`: the `u`/`v` flags reject them). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
