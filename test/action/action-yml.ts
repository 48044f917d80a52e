/**
 * Reads the `inputs:` and `outputs:` maps of action.yml. No YAML library is installed, and the file
 * keeps to a small subset (2-space keys, 4-space properties, plain/quoted scalars and `>-` blocks),
 * which this reader checks as it goes rather than guessing.
 */
import { readFileSync } from 'node:fs';

export interface ActionYmlEntry {
  description: string;
  default?: string;
  required?: boolean;
}

function scalar(raw: string, where: string): string {
  const v = raw.trim();
  if (v.startsWith("'")) {
    if (!v.endsWith("'") || v.length < 2) throw new Error(`${where}: unterminated single-quoted scalar`);
    return v.slice(1, -1).replace(/''/g, "'");
  }
  if (v.startsWith('"')) return JSON.parse(v) as string;
  return v;
}

export function readActionYml(file: string): {
  name: string;
  inputs: Record<string, ActionYmlEntry>;
  outputs: Record<string, ActionYmlEntry>;
  runs: Record<string, string>;
} {
  const lines = readFileSync(file, 'utf8').split('\n');
  const result = {
    name: '',
    inputs: {} as Record<string, ActionYmlEntry>,
    outputs: {} as Record<string, ActionYmlEntry>,
    runs: {} as Record<string, string>,
  };
  let section = '';
  let entry: Record<string, unknown> | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const where = `action.yml:${i + 1}`;
    if (/^\s*(#.*)?$/.test(line)) continue;
    const top = /^([\w-]+):\s*(.*)$/.exec(line);
    if (top) {
      section = top[1]!;
      if (section === 'name') result.name = scalar(top[2]!, where);
      continue;
    }
    if (section === 'runs') {
      const m = /^ {2}([\w-]+):\s*(.*)$/.exec(line);
      if (m) result.runs[m[1]!] = scalar(m[2]!, where);
      continue;
    }
    if (section !== 'inputs' && section !== 'outputs') continue;
    const key = /^ {2}([\w-]+):\s*$/.exec(line);
    if (key) {
      entry = {};
      (result[section] as Record<string, unknown>)[key[1]!] = entry;
      continue;
    }
    const prop = /^ {4}([\w-]+):\s*(.*)$/.exec(line);
    if (!prop || !entry) throw new Error(`${where}: unexpected line in ${section}: ${line}`);
    let value = prop[2]!;
    if (value === '>-' || value === '|') {
      const block: string[] = [];
      while (i + 1 < lines.length && /^ {6}/.test(lines[i + 1]!)) block.push(lines[++i]!.trim());
      value = block.join(value === '>-' ? ' ' : '\n');
    } else value = scalar(value, where);
    entry[prop[1]!] = prop[1] === 'required' ? value === 'true' : value;
  }
  return result;
}
