/**
 * Which of a Go test's printed messages is its failure. `go test` prints `t.Log` and `t.Errorf`
 * alike (`cart_test.go:14: text`), so the log parser cannot tell them apart and guesses the last
 * message; here the printed lines are read in the repository's source, and the failure is the first
 * message that was not printed by a log call:
 *
 * - `t.Log`/`t.Logf` (and `t.Skip…`, which prints the same way) explain, they do not fail;
 * - `t.Errorf`/`t.Fatalf`, `t.Error`/`t.Fatal`, and any other call on the line (a helper marked with
 *   `t.Helper()` reports at its caller's line, `assert.Equal(t, …)` too) are failures;
 * - several failures in one test (two `t.Errorf`): the first is the first thing that went wrong;
 * - a `t.Fatal` ends the test, so when it is the failure it is also the last message.
 *
 * When no printed line reads as a failure (the file is not in the repository, the line is no call),
 * the parser's guess stands.
 */
import type { SyntaxNode } from '../syntax/tree-sitter.js';
import { firstCodeOnLine, type ParsedSource } from './expression.js';

export type MessageLineKind = 'log' | 'failure';

/** Methods of `testing.T`/`B`/`F`/`TB` whose output is no failure. */
const NOT_FAILING = new Set(['Log', 'Logf', 'Skip', 'Skipf', 'SkipNow']);

/**
 * What printed a message at 1-based `line` of a Go file: a log call, a failure, or `undefined` when
 * the line holds no code (a comment, a blank line, out of range) or the file is not Go.
 */
export function classifyMessageLine(source: ParsedSource, line: number): MessageLineKind | undefined {
  if (source.language !== 'go') return undefined;
  const first = firstCodeOnLine(source, line);
  if (!first) return undefined;
  // The statement the line belongs to (a multi-line `t.Logf(` reports one of its lines).
  let node: SyntaxNode | null = first.node;
  while (node && node.type !== 'expression_statement' && node.type !== 'block' && node.type !== 'source_file')
    node = node.parent;
  if (node?.type === 'expression_statement' && isNotFailingCall(node.namedChildren[0] ?? null)) return 'log';
  return 'failure';
}

function isNotFailingCall(node: SyntaxNode | null): boolean {
  if (node?.type !== 'call_expression') return false;
  const callee = node.childForFieldName('function');
  if (callee?.type !== 'selector_expression') return false;
  const method = callee.childForFieldName('field')?.text;
  return method !== undefined && NOT_FAILING.has(method);
}
