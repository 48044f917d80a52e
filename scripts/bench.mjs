// `npm run bench`: runs every benchmark under scripts/bench/ in turn (each prints its own table and
// the command that reproduces it). `npm run bench -- junit` runs only the ones whose name matches;
// the arguments after the name go to each of them (`npm run bench -- real-projects --no-builtin`).
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const dir = path.join(path.dirname(new URL(import.meta.url).pathname), 'bench');
const [filter, ...rest] = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => /\.(mjs|ts)$/.test(f) && !f.startsWith('_'))
  .filter((f) => !filter || f.includes(filter))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n## bench: ${file}\n`);
  const args = [...(file.endsWith('.ts') ? ['--import', 'tsx'] : []), path.join(dir, file), ...rest];
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    failed++;
    console.error(`bench ${file} failed with status ${result.status}`);
  }
}
process.exitCode = failed ? 1 : 0;
