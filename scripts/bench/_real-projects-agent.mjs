// The real-projects bench's agent (`--provider command`): saves the prompt self-heal gave it, then
// applies exactly the real fix's source part, which the bench computed from the mirror at run time
// (`git diff <parent> <fix> -- <source paths>`) into BENCH_FIX_PATCH. It never reads the prompt to
// decide anything: the bench measures self-heal's verdict on a known-correct fix.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const context = JSON.parse(readFileSync(process.env.SELF_HEAL_CONTEXT, 'utf8'));
const promptDir = process.env.BENCH_PROMPT_DIR;
if (promptDir) {
  mkdirSync(promptDir, { recursive: true });
  // `prompt` is {system, user}: the same text a chat model would be sent.
  const { prompt } = context;
  const text = typeof prompt === 'string' ? prompt : [prompt?.system, prompt?.user].filter(Boolean).join('\n\n');
  writeFileSync(path.join(promptDir, `attempt-${context.attempt}.txt`), text);
}
execFileSync('git', ['apply', '--whitespace=nowarn', process.env.BENCH_FIX_PATCH], {
  cwd: context.root ?? process.cwd(),
  stdio: 'inherit',
  timeout: 60_000,
});
if (process.env.SELF_HEAL_RESULT) {
  writeFileSync(process.env.SELF_HEAL_RESULT, JSON.stringify({ notes: 'applied the real fix (bench agent)' }));
}
