/**
 * The contract of a repair template: one bug class, a prior (how often that class causes a one-line
 * bug, relative to the others), and a generator of concrete text mutations on the syntax tree of
 * one suspicious line. Templates are general: they never know which program they run on.
 */
import type { SyntaxNode } from '../../syntax/tree-sitter.js';
import type { FailureHint } from './failure-hints.js';
import type { Scope } from './scope.js';
import type { ParsedSource } from './syntax-tree.js';

/** Replace `text.slice(start, end)` by `text` (UTF-16 offsets into the source). */
export interface Mutation {
  start: number;
  end: number;
  text: string;
  /** Likelihood of this mutation within its template, in (0, 1]; multiplies the template prior. */
  weight: number;
  /** What the mutation does, for the report ("`<` → `<=`"). */
  description: string;
}

export interface TemplateContext {
  source: ParsedSource;
  /** The suspicious line, 0-based. */
  row: number;
  /** Every node (named and anonymous) that starts on `row`, in document order. */
  nodes: SyntaxNode[];
  /** The function around the line, when there is one. */
  scope?: Scope;
}

export interface RepairTemplate {
  /** Stable name, used in the report and for ordering ties. */
  readonly name: string;
  /** The bug class this template repairs, in words. */
  readonly bugClass: string;
  /** Relative frequency of the class among one-line bugs, in (0, 1]. */
  readonly prior: number;
  /** Failure evidence that makes this class likelier (an IndexError for off-by-one, a None for a guard). */
  readonly boostedBy: readonly FailureHint[];
  generate(context: TemplateContext): Mutation[];
}

/** A mutation replacing one node by new text. */
export function replaceNode(node: SyntaxNode, text: string, weight: number, description: string): Mutation {
  return { start: node.startIndex, end: node.endIndex, text, weight, description };
}
