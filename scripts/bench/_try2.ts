import { checkSpecialCases } from '../../src/repair/special-cases/check-special-cases.js';
import { readTestFacts } from '../../src/repair/special-cases/test-facts.js';
import { recentFixes } from './_special-case-real-fixes.js';
for (const f of recentFixes(25)) {
  if (!f.id.includes(process.argv[2] ?? 'commander@5629947a2f')) continue;
  const facts = await readTestFacts(f.frames, f.source, f.access);
  console.log(f.id, JSON.stringify(await checkSpecialCases(f.patch, facts), null, 1), facts.data);
}
