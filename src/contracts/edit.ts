/** One `replace_in_file` edit, as every provider proposes it. Paths are repo-relative. */
export interface Edit {
  path: string;
  /** Exact text to find in the file (must match once). Empty only when creating a new file. */
  oldText: string;
  newText: string;
}

/** Why an edit was refused or could not be applied; sent back to the model, never dropped silently. */
export interface EditProblem {
  /** Index of the edit in the answer. */
  index: number;
  path: string;
  kind: 'guardrail' | 'no-match' | 'ambiguous' | 'too-large' | 'invalid';
  message: string;
  /** For `no-match`: the closest real lines of the file, to help the model retry. */
  nearest?: { startLine: number; text: string };
}

export interface EditCheck {
  ok: boolean;
  problems: EditProblem[];
}
