// The flaky bench's agent (`--provider command`): it never reads the failure, it makes one change
// per attempt to the fixture's limits (`src/limits.ts` or `limits.py`), varied by attempt so the
// loop never sees the same diff twice. BENCH_FLAKY_CHANGE picks which:
// - harmless: more retries (nothing the flaky test reads);
// - wrong: a longer timeout, what a model might propose for "31234 is not less than 30000"; it makes
//   the test pass a little more often (values just over the old limit), and fixes nothing.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const context = JSON.parse(readFileSync(process.env.SELF_HEAL_CONTEXT, 'utf8'));
const root = context.root ?? process.cwd();
const n = context.attempt;
const ts = path.join(root, 'src/limits.ts');
const file = existsSync(ts) ? ts : path.join(root, 'limits.py');
const text = readFileSync(file, 'utf8');
const underscored = (v) => String(v).replace(/\B(?=(\d{3})+(?!\d))/g, '_');
const changes = {
  harmless: file === ts ? ['retries: 3', `retries: ${3 + n}`] : ['"retries": 3', `"retries": ${3 + n}`],
  wrong:
    file === ts
      ? ['timeoutMs: 30_000', `timeoutMs: ${underscored(30_000 + 500 * n)}`]
      : ['"timeout_ms": 30_000', `"timeout_ms": ${underscored(30_000 + 500 * n)}`],
};
const [from, to] = changes[process.env.BENCH_FLAKY_CHANGE] ?? changes.harmless;
if (!text.includes(from)) throw new Error(`${from} not found in ${file}`);
writeFileSync(file, text.replace(from, to));
if (process.env.SELF_HEAL_RESULT) {
  const why =
    process.env.BENCH_FLAKY_CHANGE === 'wrong'
      ? 'The request takes a little longer than the timeout allows: the timeout is raised to give it headroom.'
      : 'The request needs more retries to get through: the retry count is raised.';
  writeFileSync(process.env.SELF_HEAL_RESULT, JSON.stringify({ notes: why }));
}
