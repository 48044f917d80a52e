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
 * the first one too, else as `-segment - 1`. A linear-probing table in typed arrays (a hash of 0
 * marks an empty slot), at most half full: 24 to 48 bytes an id and no allocation per id, where a
 * `Map` of numbers took 60 and 40% more time on the bench's 400,000 passing ids in 4 shards.
 */
export class IdHashLog {
  private hashes = new Float64Array(1 << 12);
  private segments = new Int32Array(1 << 12);
  private size = 0;
  private segment = 0;
  /** Hashes pushed again in the open segment that no earlier segment holds (one entry per repeat). */
  private repeats: string[] = [];
  private repeated = false;

  /** Appends the id whose hash `hashIdParts` computed last. */
  pushHashed(): void {
    const slot = this.slotOf(lastHash);
    if (this.hashes[slot] === 0) {
      this.hashes[slot] = lastHash;
      this.segments[slot] = this.segment;
      if (++this.size * 2 > this.hashes.length) this.grow();
      return;
    }
    const seen = this.segments[slot]!;
    if ((seen >= 0 ? seen : -seen - 1) !== this.segment) {
      this.segments[slot] = -this.segment - 1;
    } else {
      this.repeated = true;
      if (seen === this.segment) this.repeats.push(lastIdHash());
    }
  }

  private slotOf(hash: number): number {
    const mask = this.hashes.length - 1;
    let slot = (hash >>> 0) & mask;
    while (this.hashes[slot] !== 0 && this.hashes[slot] !== hash) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(): void {
    const { hashes, segments } = this;
    this.hashes = new Float64Array(hashes.length * 2);
    this.segments = new Int32Array(hashes.length * 2);
    for (let i = 0; i < hashes.length; i++) {
      if (hashes[i] === 0) continue;
      const slot = this.slotOf(hashes[i]!);
      this.hashes[slot] = hashes[i]!;
      this.segments[slot] = segments[i]!;
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
    return this.size;
  }

  /** Whether an id with this hash was appended. */
  has(id: string): boolean {
    hashIdParts('', id);
    return this.hashes[this.slotOf(lastHash)] === lastHash;
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
 * with murmur3's avalanche, 53 bits of them kept (0 is read as 1: it marks an empty slot).
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
  lastHash = ((b ^ (b >>> 16)) & 0x1fffff) * 2 ** 32 + ((a ^ (a >>> 13)) >>> 0) || 1;
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
