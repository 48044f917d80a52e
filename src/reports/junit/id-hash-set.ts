/**
 * Test ids kept as 53-bit hashes (numbers) instead of strings, so a run of millions of passing
 * tests can be de-duplicated across reports when only the non-passing cases are kept. Equal
 * hashes are no proof of equal ids: merge-cases.ts uses a hit only to decide what to check exactly
 * (a Map lookup, or reading the reports again), never to change a result on its own. Ids are
 * hashed from their parts (`scope::prefix+name`, see `testId`), so a passing case's id is never built.
 */

/** The hash `hashIdParts` computed last, and its two 32-bit lanes while it runs. */
let lastHash = 0;
let laneA = 0;
let laneB = 0;

/**
 * Every id pushed, by hash: the latest segment (report) it was pushed in, as `segment` when that is
 * the first one too, else as `-segment - 1`.
 */
export class IdHashLog {
  private readonly segments = new Map<number, number>();
  private segment = 0;
  /** Hashes pushed again in the open segment that no earlier segment holds (one entry per repeat). */
  private repeats: string[] = [];
  private repeated = false;

  /** Appends the id whose hash `hashIdParts` computed last. */
  pushHashed(): void {
    const seen = this.segments.get(lastHash);
    const latest = seen === undefined ? -1 : seen >= 0 ? seen : -seen - 1;
    if (latest !== this.segment) {
      this.segments.set(lastHash, seen === undefined ? this.segment : -this.segment - 1);
    } else {
      this.repeated = true;
      if (seen === this.segment) this.repeats.push(lastIdHash());
    }
  }

  /**
   * Closes the segment of the report just read: the hashes it held more than once that no earlier
   * segment holds (`repeats`, as `lastIdHash` gives them), and whether it held any hash twice.
   */
  endSegment(): { repeats: string[]; repeated: boolean } {
    const closed = { repeats: this.repeats, repeated: this.repeated };
    this.repeats = [];
    this.repeated = false;
    this.segment++;
    return closed;
  }

  /** How many distinct ids were appended. */
  get distinctCount(): number {
    return this.segments.size;
  }

  /** Whether an id with this hash was appended. */
  has(id: string): boolean {
    hashIdParts('', id);
    return this.segments.has(lastHash);
  }
}

/** A set of id hashes (the ids of kept cases: few, probed for every logged pass). */
export class IdHashSet {
  private readonly hashes = new Set<number>();

  /** `expected`: how many ids it will hold, a hint a `Set` does not need. */
  constructor(_expected?: number) {}

  get size(): number {
    return this.hashes.size;
  }

  /** Adds the id; false when an equal hash was already there. */
  add(id: string): boolean {
    hashIdParts('', id);
    if (this.hashes.has(lastHash)) return false;
    this.hashes.add(lastHash);
    return true;
  }

  has(id: string): boolean {
    hashIdParts('', id);
    return this.hasHashed();
  }

  /** Whether the id whose hash `hashIdParts` computed last may be in the set. */
  hasHashed(): boolean {
    return this.hashes.has(lastHash);
  }
}

/**
 * Hashes the id `scope::prefix+name` (`prefix+name` when the scope is empty, as `testId` builds
 * it) without building it: FNV-1a and a multiply-add hash over the same characters, each finished
 * with murmur3's avalanche, 53 bits of them kept.
 */
export function hashIdParts(scope: string, name: string, prefix = ''): void {
  laneA = 0x811c9dc5;
  laneB = 0x9e3779b9;
  if (scope.length > 0) {
    mix(scope);
    mix('::');
  }
  mix(prefix);
  mix(name);
  let a = laneA;
  let b = laneB ^ ((scope.length > 0 ? scope.length + 2 : 0) + prefix.length + name.length);
  b = Math.imul(b ^ (b >>> 16), 0x85ebca6b);
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  lastHash = ((b ^ (b >>> 16)) & 0x1fffff) * 2 ** 32 + ((a ^ (a >>> 13)) >>> 0);
}

function mix(text: string): void {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    laneA = Math.imul(laneA ^ c, 0x01000193);
    laneB = Math.imul((laneB + c) | 0, 0x9e3779b1);
  }
}

/** The last hash `hashIdParts` computed, as a string (a key for the rare maps by hash, and tests). */
export function lastIdHash(): string {
  return lastHash.toString(16);
}
