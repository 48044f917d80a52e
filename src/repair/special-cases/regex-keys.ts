/**
 * Regular expressions as sets of keys: a regex the patch writes that only lists literal strings
 * (`^(3 ft|12 in)$`, `/^(?:MCMXCIV|LVIII)$/`) matches exactly those strings, so a condition on it
 * compares the argument with each of them, as `x in ("3 ft", "12 in")` does. A regex with any real
 * pattern in an alternative (a class, a repetition, a wildcard) is a computation, not a list.
 */
import type { SyntaxNode } from '../../syntax/tree-sitter.js';
import type { Family } from '../builtin/syntax-tree.js';
import { literalValue, unwrap, type LiteralValue } from './literal-values.js';
import { lastName } from './test-facts.js';

/** Calls that test a regex against a string: `re.fullmatch(p, s)`, `p.match(s)`, `/p/.test(s)`, `s.match(/p/)`. */
const REGEX_TESTS = new Set(['match', 'fullmatch', 'search', 'test', 'exec', 'matchAll', 'findall', 'finditer']);
/** Calls that build a regex from its source: `re.compile(p)`, `new RegExp(p)`, `RegExp(p)`. */
const REGEX_BUILDERS = new Set(['compile', 'RegExp']);
/** Alternatives read per regex: a longer one is no short list of cases. */
const MAX_ALTERNATIVES = 64;
const MAX_SOURCE_CHARS = 4_000;

function argumentsOf(call: SyntaxNode): SyntaxNode[] {
  return (call.childForFieldName('arguments')?.namedChildren ?? []).filter(
    (c): c is SyntaxNode => c !== null && c.type !== 'comment',
  );
}

/** The source of a regex node: a JS regex literal, a string, or a builder call over one. */
function regexSource(
  node: SyntaxNode,
  family: Family,
  resolve: (n: SyntaxNode) => SyntaxNode,
): { node: SyntaxNode; source: string } | undefined {
  const n = resolve(unwrap(node));
  if (n.type === 'regex') {
    const pattern = n.childForFieldName('pattern');
    return pattern ? { node: n, source: pattern.text } : undefined;
  }
  const key = literalValue(n, family)?.key;
  if (key?.startsWith('s:')) return { node: n, source: key.slice(2) };
  if (n.type === 'call' || n.type === 'call_expression' || n.type === 'new_expression') {
    const callee = n.childForFieldName(n.type === 'new_expression' ? 'constructor' : 'function');
    if (!REGEX_BUILDERS.has(lastName(callee) ?? '')) return undefined;
    const [first] = argumentsOf(n);
    return first ? regexSource(first, family, resolve) : undefined;
  }
  return undefined;
}

/**
 * The literal strings a regex lists, or undefined when any alternative is a real pattern. Anchors,
 * groups (named or not) and escaped punctuation are syntax; what is left of each alternative must
 * be plain text.
 */
export function regexAlternatives(source: string): string[] | undefined {
  if (source.length === 0 || source.length > MAX_SOURCE_CHARS) return undefined;
  const plain = source
    .replace(/^\(\?[aiLmsux]+\)/, '')
    .replace(/\(\?P?<[A-Za-z_]\w*>|\(\?:/g, '(')
    .replace(/\\[AZzbB]|[\^$]/g, '');
  const out: string[] = [];
  for (const raw of plain.split('|')) {
    const text = raw.replace(/[()]/g, '');
    // An escape of a letter or digit is a class (`\d`, `\s`, `\w`), and these are patterns.
    if (/\\[A-Za-z0-9]|(?<!\\)[[\]*+?{}.]/.test(text)) return undefined;
    out.push(text.replace(/\\(.)/g, '$1'));
    if (out.length > MAX_ALTERNATIVES) return undefined;
  }
  return out.length > 0 && out.every((a) => a.length > 0) ? out : undefined;
}

/** A string as the key of a literal value: numerals as numbers, as the tests' facts hold them. */
export function textValue(text: string): LiteralValue {
  const key = /^-?\d+(\.\d+)?$/.test(text.trim()) ? `n:${Number(text.trim())}` : `s:${text}`;
  return { key, trivial: ['n:0', 'n:1', 'n:-1', 's:'].includes(key) };
}

/**
 * The strings a regex test in a condition lists (`re.fullmatch(r"3 ft|12 in", s)`, `PAT.match(s)`
 * with `PAT = re.compile(…)`, `/^(a|b)$/.test(s)`, `s.match(/…/)`), with the regex node they are
 * written in; undefined when `call` is no such test, or its regex is a real pattern.
 */
export function regexKeys(
  call: SyntaxNode,
  family: Family,
  resolve: (n: SyntaxNode) => SyntaxNode,
): Array<{ node: SyntaxNode; value: LiteralValue }> | undefined {
  if (call.type !== 'call' && call.type !== 'call_expression') return undefined;
  const callee = call.childForFieldName('function');
  if (!REGEX_TESTS.has(lastName(callee) ?? '')) return undefined;
  const object = callee?.childForFieldName('object') ?? undefined;
  const candidates = [object, ...argumentsOf(call)].filter((c): c is SyntaxNode => c !== undefined);
  for (const candidate of candidates) {
    const regex = regexSource(candidate, family, resolve);
    if (!regex) continue;
    // `s.match(x)` where `s` is the argument: only a regex-shaped source is a regex.
    if (regex.node.type !== 'regex' && candidate === object && lastName(callee) === 'match' && family === 'js')
      continue;
    const alternatives = regexAlternatives(regex.source);
    if (alternatives) return alternatives.map((a) => ({ node: regex.node, value: textValue(a) }));
  }
  return undefined;
}
