/** Descriptions of the tools offered to chat models (text only; the schemas live with the tools). */

export const REPLACE_IN_FILE_DESCRIPTION = `Replace one exact, unique piece of text in a repository file. old_text must be copied exactly from the file (whitespace included, without line numbers) and match exactly once; include enough context lines to make it unique. Tests and CI files are protected. Call it once per change; several calls per answer are fine.`;

export const READ_FILE_DESCRIPTION = `Read lines of a repository file (line-numbered). Limited calls per attempt.`;

export const SEARCH_DESCRIPTION = `Search the repository's tracked files for a literal string; returns matching lines as path:line: text. Limited calls per attempt.`;
