/** Writes the JSON report atomically (a reader never sees half a report). */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { HealReport } from '../contracts/heal-report.js';

export function writeReportFile(file: string, report: HealReport): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(report, null, 2)}\n`);
  renameSync(tmp, file);
}
