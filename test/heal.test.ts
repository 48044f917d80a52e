import { afterEach, describe, expect, it } from 'vitest';
import { healFixture, type HealFixture } from './loop/heal-fixture.js';
import { HealReport } from '../src/loop/heal-report.js';

const FIX = [['replace', 'src/calc.js', 'return a - b;\n}\n\nexport function mul', 'return a + b;\n}\n\nexport function mul']];

let fixture: HealFixture | undefined;
afterEach(() => {
  fixture?.repo.cleanup();
  fixture = undefined;
});

describe('heal() on a node:test project with the command provider', () => {
  it('fixes the bug on the first attempt and commits it', async () => {
    fixture = healFixture('node-calc');
    const head = fixture.repo.git('rev-parse', 'HEAD').trim();
    const report = await fixture.run([FIX as never]);
    console.log(fixture.logger.lines.join('\n'));
    expect(report.result).toBe('healed');
    expect(HealReport.parse(report)).toEqual(report);
    expect(report.attempts.map((a) => a.verdict)).toEqual(['accepted']);
    expect(report.commit?.message.split('\n')[0]).toBe('fix: make adds pass (self-heal)');
    expect(fixture.repo.git('rev-parse', 'HEAD~1').trim()).toBe(head);
  });
});
