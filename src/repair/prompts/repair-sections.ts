/**
 * The sections of the user prompt of an attempt. Placeholders in `{braces}` are filled by
 * `repair/prompt.ts`; everything filled in is untrusted and already scrubbed.
 */

export const TASK_HEADER = `# Task
Attempt {attempt} of {maxAttempts}. The test command {testCommand} fails. Make these failing tests pass without changing the tests.
`;

export const FAILURE_HEADER = `
## Failing test {index}: {id}
`;

export const RAISED_IN_TEST = `- note: this was raised in the test itself; the bug is in the code it calls ({expression}). Its definition is among the source excerpts when it could be found; otherwise read that code with search or read_file before editing.
`;

export const SOURCE_HEADER = `
# Source excerpts (line numbers are a gutter, not part of the file)
`;

export const SOURCE_WINDOW = `
## {file} lines {start}-{end}{note}
{code}`;

/** After a source window's heading, when the window shows what a failing assertion calls. */
export const CALLEE_NOTE = ` (definition of {names}, called by a failing assertion)`;

/** After a source window's heading, when the window is a function the fault ranking suspects. */
export const RANKED_NOTE = ` (suspect {rank}: {why})`;
/** A copy of a suspect's statement elsewhere in its file (`loop/statement-copies.ts`). */
export const COPY_NOTE = ` (the same statement as line {line}{where}, but for its names: a fix there may be needed here too)`;
export const COPY_IN = ` in {name}`;

/** Under the source header, when the excerpts begin with the fault ranking's suspects. */
export const RANKING_NOTE = `The first excerpts are the functions most likely to hold the bug, ranked {how}; each says why.
`;

export const COMMIT_DIFF_HEADER = `
# What changed in the commit under test (often the cause)
`;

export const HISTORY_HEADER = `
# Earlier attempts that failed (do not propose these again)
`;

export const HISTORY_ATTEMPT = `
## Attempt {n}: {verdict}{files}
Why it failed: {feedback}
`;

export const OMITTED_NOTE = `
(Left out to fit the request size: {omitted}. Use read_file or search if you need them.)
`;

export const CLOSING = `
Propose the fix now with replace_in_file.`;

export const DIAGNOSTIC_HEADER = `
## Build error {index}: {what} at {where}
`;

export const DIAGNOSTIC_DEFINITION = `- {name} is defined at {where}:
`;
