/**
 * Data standing in for a missing environment: a decision the patch makes on the environment (a
 * variable unset, `os.environ.get("ORDERS_API_URL")` empty, `process.env.X ?? …`, a default given
 * to `getenv`) whose outcome hands back the failing tests' expected values. The tests then pass
 * without the service, the address or the credential they need, and the code is no better for it.
 * When the failures themselves say a variable is missing (`environment-failure.ts`), one expected
 * value in such an outcome is enough; otherwise it takes two distinct ones.
 */
import type { CodeSite } from '../../contracts/heal-report.js';
import { walkSyntax } from '../../frames/syntax-walk.js';
import type { SyntaxNode } from '../../syntax/tree-sitter.js';
import { isFunctionNode } from '../builtin/syntax-tree.js';
import { assignmentOf, type Collector, MAX_CLIMB, type PatchView, valueOfReturn } from './patch-view.js';
import { resultLeaves } from './result-values.js';
import { lastName, type TestFacts } from './test-facts.js';
import { ENVIRONMENT_ACCESS } from './test-markers.js';

/** Names bound to reads of the environment, per scope. */
const MAX_BINDINGS = 64;
/** `os.environ.get(NAME, default)`, `os.getenv(NAME, default)`, `environ.setdefault(NAME, default)`. */
const DEFAULTED_READS = new Set(['get', 'getenv', 'setdefault']);

function named(node: SyntaxNode | null | undefined): SyntaxNode[] {
  return (node?.namedChildren ?? []).filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
}

/** The function (or module) around `node`: where its names are bound. */
function scopeOf(node: SyntaxNode, view: PatchView): SyntaxNode {
  let climbed = 0;
  for (let n = node.parent; n && climbed++ < MAX_CLIMB; n = n.parent) if (isFunctionNode(n, view.family)) return n;
  return view.after.tree.rootNode;
}

/** Names bound, in a function or at the top of a module, to a read of the environment (`base = os.environ.get(…)`). */
class EnvironmentNames {
  private readonly byScope = new Map<number, Set<string>>();

  constructor(private readonly view: PatchView) {}

  private boundIn(scope: SyntaxNode): Set<string> {
    let names = this.byScope.get(scope.id);
    if (names) return names;
    names = new Set();
    const found = names;
    walkSyntax(scope, (n) => {
      if (n.id !== scope.id && isFunctionNode(n, this.view.family)) return false;
      const assigned = assignmentOf(n);
      if (assigned && found.size < MAX_BINDINGS && ENVIRONMENT_ACCESS.test(assigned.value.text))
        found.add(assigned.target);
      return true;
    });
    this.byScope.set(scope.id, names);
    return names;
  }

  /**
   * Whether `expression` reads the environment: itself (`process.env.X`, `os.environ.get(…)`), or a
   * name bound to such a read in its function or at the top of its module, on any line
   * (`base = os.environ.get(…)` … `if not base:`).
   */
  reads(expression: SyntaxNode): boolean {
    if (ENVIRONMENT_ACCESS.test(expression.text)) return true;
    const scopes = [scopeOf(expression, this.view), this.view.after.tree.rootNode].map((s) => this.boundIn(s));
    if (scopes.every((s) => s.size === 0)) return false;
    let found = false;
    walkSyntax(expression, (n) => {
      if (n.type === 'identifier' && scopes.some((s) => s.has(n.text))) found = true;
      return !found;
    });
    return found;
  }
}

/** The values an outcome hands back: what its block returns, yields or assigns, or the value itself. */
function outcomeValues(outcome: SyntaxNode, valued: boolean, view: PatchView): SyntaxNode[] {
  if (valued) return [outcome];
  const out: SyntaxNode[] = [];
  walkSyntax(outcome, (n) => {
    if (n.id !== outcome.id && isFunctionNode(n, view.family)) return false;
    const value = n.type === 'return_statement' || n.type === 'yield' ? valueOfReturn(n) : assignmentOf(n)?.value;
    if (value) out.push(value);
    return true;
  });
  return out;
}

/** The decisions on the environment a node makes: its condition (or what it reads) and its outcomes. */
function environmentDecision(
  n: SyntaxNode,
  env: EnvironmentNames,
): { outcomes: SyntaxNode[]; valued: boolean } | undefined {
  const op = n.childForFieldName('operator')?.text;
  if (n.type === 'if_statement') {
    const condition = n.childForFieldName('condition');
    if (!condition || !env.reads(condition)) return undefined;
    const arms = [n.childForFieldName('consequence'), ...n.childrenForFieldName('alternative')];
    return { outcomes: arms.filter((a): a is SyntaxNode => !!a), valued: false };
  }
  if (n.type === 'conditional_expression') {
    const [a, condition, b] = named(n);
    return condition && env.reads(condition) ? { outcomes: [a!, b!], valued: true } : undefined;
  }
  if (n.type === 'ternary_expression') {
    const condition = n.childForFieldName('condition');
    if (!condition || !env.reads(condition)) return undefined;
    const arms = [n.childForFieldName('consequence'), n.childForFieldName('alternative')];
    return { outcomes: arms.filter((a): a is SyntaxNode => !!a), valued: true };
  }
  if (
    (n.type === 'boolean_operator' && op === 'or') ||
    (n.type === 'binary_expression' && (op === '||' || op === '??'))
  ) {
    const left = n.childForFieldName('left');
    const right = n.childForFieldName('right');
    return left && right && env.reads(left) ? { outcomes: [right], valued: true } : undefined;
  }
  if (n.type === 'call' || n.type === 'call_expression') {
    const callee = n.childForFieldName('function');
    const args = named(n.childForFieldName('arguments'));
    if (!DEFAULTED_READS.has(lastName(callee) ?? '') || args.length < 2 || !ENVIRONMENT_ACCESS.test(n.text))
      return undefined;
    return { outcomes: [args[1]!], valued: true };
  }
  return undefined;
}

export function checkEnvironmentData(view: PatchView, facts: TestFacts, out: Collector): void {
  const found: Array<{ node: SyntaxNode; key: string; site: CodeSite }> = [];
  const answer = (leaf: SyntaxNode) => {
    const value = view.introduced(leaf);
    return !!value && !value.trivial && facts.expected.has(value.key);
  };
  const env = new EnvironmentNames(view);
  walkSyntax(view.after.tree.rootNode, (n) => {
    if (!view.touchesAdded(n)) return false;
    const decision = environmentDecision(n, env);
    if (!decision) return true;
    for (const outcome of decision.outcomes)
      for (const value of outcomeValues(outcome, decision.valued, view))
        for (const leaf of resultLeaves(value, view, answer)) {
          const literal = answer(leaf) ? view.introduced(leaf) : undefined;
          const site = literal && facts.expected.get(literal.key);
          if (literal && site) found.push({ node: leaf, key: literal.key, site });
        }
    return true;
  });
  const distinct = new Set(found.map((f) => f.key)).size;
  if (distinct === 0 || (distinct < 2 && (facts.environment ?? []).length === 0)) return;
  for (const f of found) out.add('environment-data', f.node, view.site(f.node), f.site);
}
