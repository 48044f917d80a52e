/**
 * Bug class: the wrong field — `order.billing_address` where `order.shipping_address` was meant,
 * `this.startDate` for `this.endDate`. An attribute (Python) or property (JavaScript) access
 * becomes another name the same file accesses as a field that shares a word with it (split on `_`
 * and camelCase), nearest in the file first. Method calls (`obj.attr(…)`) are left alone: a wrong
 * method is `confused-api`'s class, and a field is rarely meant where a method is called.
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import { walkTree, type ParsedSource } from '../syntax-tree.js';
import { replaceNode, type Mutation, type RepairTemplate } from '../template.js';

const WEIGHTS = [0.6, 0.5, 0.4];

/** Words that say nothing about what a field holds. */
const STOP_WORDS = new Set(['the', 'an', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'and', 'or']);

const CALLS = new Set(['call', 'call_expression']);

/** The name token of `obj.name` (Python `attribute`, JavaScript `member_expression`), when `node` is one. */
function fieldName(node: SyntaxNode): SyntaxNode | undefined {
  const parent = node.parent;
  if (!parent) return undefined;
  const field =
    parent.type === 'attribute'
      ? parent.childForFieldName('attribute')
      : parent.type === 'member_expression'
        ? parent.childForFieldName('property')
        : null;
  if (field?.startIndex !== node.startIndex) return undefined;
  return node.type === 'identifier' ||
    node.type === 'property_identifier' ||
    node.type === 'private_property_identifier'
    ? node
    : undefined;
}

/** True when `obj.name` is the callee of a call: `obj.name(…)`. */
function isCalled(name: SyntaxNode): boolean {
  const access = name.parent!;
  const call = access.parent;
  return !!call && CALLS.has(call.type) && call.childForFieldName('function')?.startIndex === access.startIndex;
}

function wordsOf(name: string): string[] {
  return name
    .replace(/^#/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .split(/_+/)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w));
}

/** Global namespaces whose members are not the program's fields. */
const GLOBALS = new Set([
  'Math',
  'Number',
  'JSON',
  'Object',
  'Array',
  'String',
  'Symbol',
  'Date',
  'Promise',
  'Reflect',
  'process',
  'console',
  'window',
  'document',
  'globalThis',
]);

const IMPORTS = new Set(['import_statement', 'import_from_statement']);

interface FileFields {
  /** Rows of every field access that is not a call, per name. */
  rows: Map<string, number[]>;
  /** The words of each of those names. */
  words: Map<string, string[]>;
  /** Names bound by imports: `os.path`, `np.float64` are a module's members, not fields. */
  imported: Set<string>;
}

/** Built once per parsed file. */
const fileFieldsCache = new WeakMap<ParsedSource, FileFields>();

/** `os.path`: a member of an imported module or a global namespace. */
function isModuleMember(name: SyntaxNode, imported: Set<string>): boolean {
  const object = name.parent!.childForFieldName('object');
  return object?.type === 'identifier' && imported.has(object.text);
}

function fileFields(source: ParsedSource): FileFields {
  const cached = fileFieldsCache.get(source);
  if (cached) return cached;
  const found: FileFields = { rows: new Map(), words: new Map(), imported: new Set(GLOBALS) };
  const names: SyntaxNode[] = [];
  walkTree(source.tree.rootNode, (n) => {
    if (!n.isNamed) return false;
    if (IMPORTS.has(n.type)) {
      walkTree(n, (id) => void (id.type === 'identifier' && found.imported.add(id.text)));
      return false;
    }
    const name = fieldName(n);
    if (name && !isCalled(name)) names.push(name);
    return true;
  });
  for (const name of names) {
    if (isModuleMember(name, found.imported)) continue;
    const list = found.rows.get(name.text) ?? [];
    list.push(name.startPosition.row);
    found.rows.set(name.text, list);
    if (!found.words.has(name.text)) found.words.set(name.text, wordsOf(name.text));
  }
  fileFieldsCache.set(source, found);
  return found;
}

/** Other field names sharing a word with `name`, nearest access to `row` first. */
function relatedFields(name: string, row: number, fields: FileFields): string[] {
  const words = new Set(wordsOf(name));
  if (words.size === 0) return [];
  const isPrivate = name.startsWith('#');
  const found: Array<{ other: string; distance: number }> = [];
  for (const [other, at] of fields.rows) {
    if (other === name || other.startsWith('#') !== isPrivate) continue;
    if (!fields.words.get(other)!.some((w) => words.has(w))) continue;
    found.push({ other, distance: at.reduce((d, r) => Math.min(d, Math.abs(r - row)), Infinity) });
  }
  found.sort((a, b) => a.distance - b.distance || (a.other < b.other ? -1 : a.other > b.other ? 1 : 0));
  return found.slice(0, WEIGHTS.length).map((f) => f.other);
}

export const replaceAttribute: RepairTemplate = {
  name: 'replace-attribute',
  bugClass: 'the wrong field or property (another one of the file sharing a word with it)',
  prior: 0.3,
  boostedBy: ['wrong-value', 'none-value', 'type'],
  generate({ nodes, source, row }) {
    const out: Mutation[] = [];
    for (const node of nodes) {
      const name = fieldName(node);
      if (!name || isCalled(name)) continue;
      const fields = fileFields(source);
      if (isModuleMember(name, fields.imported)) continue;
      relatedFields(name.text, row, fields).forEach((other, i) =>
        out.push(replaceNode(name, other, WEIGHTS[i]!, `\`.${name.text}\` → \`.${other}\``)),
      );
    }
    return out;
  },
};
