/**
 * workflow_run mode: the failed run's test reports come from its artifacts, downloaded through the
 * API (artifacts belong to the run, so listing them covers every job, and each matrix shard's upload
 * is one artifact). Each artifact is extracted into its own folder under one report directory, so
 * shards with the same file names (`junit.xml` from every shard) merge without overwriting.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { GitHubApi } from './github-api.js';
import { DEFAULT_UNZIP_LIMITS, extractZip, type UnzipLimits } from './unzip.js';

export interface CollectLimits {
  maxArtifacts: number;
  /** Per artifact zip, compressed. */
  maxZipBytes: number;
  unzip: UnzipLimits;
}

export const DEFAULT_COLLECT_LIMITS: CollectLimits = {
  maxArtifacts: 100,
  maxZipBytes: 256 * 1024 * 1024,
  unzip: DEFAULT_UNZIP_LIMITS,
};

export interface CollectedArtifact {
  name: string;
  /** Folder under the report directory. */
  folder: string;
  files: string[];
}

export interface CollectResult {
  dir: string;
  artifacts: CollectedArtifact[];
  /** Artifacts not used, each with the reason (expired, too large, bad zip). */
  skipped: { name: string; reason: string }[];
}

/** What the baseline reads from an artifact (the `<dir>/**\/*.xml` glob of action/run.ts). */
function isReport(name: string): boolean {
  return name.toLowerCase().endsWith('.xml');
}

/** A folder name for an artifact: its name with anything unusual replaced, made unique. */
function folderFor(name: string, taken: Set<string>): string {
  const base =
    name
      .replace(/[^A-Za-z0-9._-]/g, '_')
      .replace(/^\.+/, '_')
      .slice(0, 100) || 'artifact';
  let folder = base;
  for (let i = 2; taken.has(folder); i++) folder = `${base}-${i}`;
  taken.add(folder);
  return folder;
}

export async function collectRunReports(
  api: GitHubApi,
  runId: number,
  dir: string,
  log: (message: string) => void,
  limits: CollectLimits = DEFAULT_COLLECT_LIMITS,
): Promise<CollectResult> {
  mkdirSync(dir, { recursive: true });
  const listed = await api.listRunArtifacts(runId);
  log(`run ${runId} has ${listed.length} artifact${listed.length === 1 ? '' : 's'}`);
  const result: CollectResult = { dir, artifacts: [], skipped: [] };
  const taken = new Set<string>();
  for (const artifact of listed) {
    const skip = (reason: string) => {
      result.skipped.push({ name: artifact.name, reason });
      log(`skipped artifact ${JSON.stringify(artifact.name)}: ${reason}`);
    };
    if (artifact.expired) {
      skip('expired');
      continue;
    }
    if (result.artifacts.length >= limits.maxArtifacts) {
      skip(`more than ${limits.maxArtifacts} artifacts`);
      continue;
    }
    if (artifact.sizeInBytes > limits.maxZipBytes) {
      skip(`${artifact.sizeInBytes} bytes, more than the limit of ${limits.maxZipBytes}`);
      continue;
    }
    let zip: Buffer;
    try {
      zip = await api.downloadArtifact(artifact.id, limits.maxZipBytes);
    } catch (error) {
      skip(`download failed: ${(error as Error).message}`);
      continue;
    }
    const folder = folderFor(artifact.name, taken);
    try {
      // Only the reports: they land in the work tree, where a test runner could pick up anything else.
      const files = extractZip(zip, path.join(dir, folder), limits.unzip, isReport);
      result.artifacts.push({ name: artifact.name, folder, files });
      log(
        `artifact ${JSON.stringify(artifact.name)}: ${files.length} file${files.length === 1 ? '' : 's'} → ${folder}/`,
      );
    } catch (error) {
      skip(`not a usable zip: ${(error as Error).message}`);
    }
  }
  return result;
}
