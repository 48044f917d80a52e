/**
 * Test ids kept as hashes in typed arrays instead of JavaScript strings, so a report of millions of
 * passing tests can still be de-duplicated (reruns, shards) in bounded memory when only the
 * non-passing cases are kept. Equal hashes are not proof of equal ids: `merge-cases.ts` only uses a
 * hit to decide what to check exactly (a Map lookup, or reading the reports again), never to change
 * a result on its own.
 *
 * Ids are hashed from their parts (`scope`, `name`; the id is `scope::name`, see `testId`), so
 * the hot path for a passing case never builds the id string at all.
 */

/**
 * Passing ids' hashes, appended as they are read (no lookup per case: a hash table the size of a
 * big report misses the CPU caches on every insert), in one segment per report. A segment is
 * sorted in place when its report ends, which finds the ids repeated within that report; at the
 * end everything is sorted once (in place, no copy) to count distinct ids and to answer membership
 * by binary search. 8 bytes an id, all 64 bits of the hash kept. Only used when passing ids are
 * needed at all (several reports, or retries written as repeated cases: see merge-cases.ts).
 */
// Which word of a [word, word] pair is the high half of a uint64 on this machine.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const HIGH = LITTLE_ENDIAN ? 1 : 0;
const LOW = 1 - HIGH;

export class IdHashLog {
  /** Pairs of words laid out so the same memory reads as the uint64 hi·2³² + lo (see HIGH). */
  private words = new Uint32Array(2 * 4096);
  private fill = 0;
  /** Where the open segment starts, and the sorted segments before it ([start, end) word offsets). */
  private segmentStart = 0;
  private readonly segments: number[] = [];
  /** Words [0, sortedTo) are sorted as a whole (after `seal`). */
  private sortedTo = 0;
  private distinct = 0;

  /** Appends the id whose hash `hashIdParts` computed last. */
  pushHashed(): void {
    if (this.fill === this.words.length) {
      const grown = new Uint32Array(this.words.length * 2);
      grown.set(this.words);
      this.words = grown;
    }
    this.words[this.fill + LOW] = hashLo;
    this.words[this.fill + HIGH] = hashHi;
    this.fill += 2;
  }

  /** Whether the segment closed last held a hash more than once (an id repeated in one report). */
  lastSegmentRepeats = false;

  /**
   * Closes the segment of the report just read: sorts it and returns how many of its entries repeat
   * an id earlier in it whose hash no earlier segment holds (with `repeatsAreRuns`, none count).
   */
  endSegment(repeatsAreRuns: boolean, onRepeat?: (lo: number, hi: number) => void): number {
    const start = this.segmentStart;
    const end = this.fill;
    this.lastSegmentRepeats = false;
    if (end === start) return 0;
    this.sortRange(start, end);
    const sorted = this.words;
    for (let i = start + 2; i < end && !this.lastSegmentRepeats; i += 2) {
      if (sorted[i] === sorted[i - 2] && sorted[i + 1] === sorted[i - 1]) this.lastSegmentRepeats = true;
    }
    let repeats = 0;
    if (!repeatsAreRuns) {
      const words = this.words;
      for (let i = start + 2; i < end; i += 2) {
        if (words[i] !== words[i - 2] || words[i + 1] !== words[i - 1]) continue;
        const lo = words[i + LOW]!;
        const hi = words[i + HIGH]!;
        if (this.inSegments(lo, hi)) continue;
        repeats++;
        onRepeat?.(lo, hi);
      }
    }
    this.segments.push(start, end);
    this.segmentStart = end;
    return repeats;
  }

  /** How many distinct ids were appended. */
  get distinctCount(): number {
    this.seal();
    return this.distinct;
  }

  /** Whether an id with this hash was appended. */
  has(id: string): boolean {
    this.seal();
    hashIdParts('', id);
    return this.search(0, this.fill, hashLo, hashHi);
  }

  /** Whether a closed segment holds the hash (lo, hi). */
  private inSegments(lo: number, hi: number): boolean {
    const segments = this.segments;
    for (let s = 0; s < segments.length; s += 2) if (this.search(segments[s]!, segments[s + 1]!, lo, hi)) return true;
    return false;
  }

  /** Binary search of the sorted words [start, end) for the hash (lo, hi). */
  private search(start: number, end: number, lo: number, hi: number): boolean {
    const words = this.words;
    let low = start / 2;
    let high = end / 2 - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const h = words[2 * mid + HIGH]!;
      const l = words[2 * mid + LOW]!;
      if (h === hi && l === lo) return true;
      if (h < hi || (h === hi && l < lo)) low = mid + 1;
      else high = mid - 1;
    }
    return false;
  }

  /** Native sort of the pairs in [start, end) as 64-bit integers, in place. */
  private sortRange(start: number, end: number): void {
    const words = this.words;
    new BigUint64Array(words.buffer, words.byteOffset + start * 4, (end - start) / 2).sort();
  }

  private seal(): void {
    if (this.sortedTo === this.fill) return;
    // Passes not attributed to a report (custom sinks): a segment of their own, repeats not counted.
    if (this.segmentStart !== this.fill) this.endSegment(true);
    this.sortRange(0, this.fill);
    const words = this.words;
    let distinct = this.fill > 0 ? 1 : 0;
    for (let i = 2; i < this.fill; i += 2) if (words[i] !== words[i - 2] || words[i + 1] !== words[i - 1]) distinct++;
    this.distinct = distinct;
    this.sortedTo = this.fill;
    // Sorted as a whole, all of it now reads as one segment.
    this.segments.length = 0;
    this.segments.push(0, this.fill);
  }
}

/** An open-addressing set of 64-bit id hashes (the ids of kept cases: small, probed for every pass). */
export class IdHashSet {
  /** Slot i holds its hash at [2i] (low half) and [2i + 1] (high half). */
  private slots: Uint32Array;
  private capacity: number;
  private used = 0;

  constructor(initialCapacity = 1024) {
    let capacity = 16;
    while (capacity < initialCapacity * 2) capacity *= 2;
    this.capacity = capacity;
    this.slots = new Uint32Array(capacity * 2);
  }

  get size(): number {
    return this.used;
  }

  /** Adds the id; returns false when an equal hash was already there. */
  add(id: string): boolean {
    hashIdParts('', id);
    return this.addHashed();
  }

  has(id: string): boolean {
    hashIdParts('', id);
    return this.hasHashed();
  }

  /** Adds the id whose hash `hashIdParts` computed last. */
  addHashed(): boolean {
    const slot = this.find(hashLo, hashHi);
    if (slot >= 0) return false;
    if ((this.used + 1) * 2 > this.capacity) {
      this.grow();
      this.insert(hashLo, hashHi);
    } else {
      // find() returned the complement of the empty slot where the hash goes.
      this.slots[2 * ~slot] = hashLo;
      this.slots[2 * ~slot + 1] = hashHi;
    }
    this.used++;
    return true;
  }

  /** Whether the id whose hash `hashIdParts` computed last may be in the set. */
  hasHashed(): boolean {
    return this.find(hashLo, hashHi) >= 0;
  }

  /** The slot holding (lo, hi), or the bitwise complement of the empty slot where it would go. */
  private find(lo: number, hi: number): number {
    const slots = this.slots;
    const mask = this.capacity - 1;
    let slot = lo & mask;
    for (;;) {
      const l = slots[2 * slot]!;
      const h = slots[2 * slot + 1]!;
      if (l === 0 && h === 0) return ~slot;
      if (l === lo && h === hi) return slot;
      slot = (slot + 1) & mask;
    }
  }

  private insert(lo: number, hi: number): void {
    const slots = this.slots;
    const mask = this.capacity - 1;
    let slot = lo & mask;
    while (slots[2 * slot] !== 0 || slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
    slots[2 * slot] = lo;
    slots[2 * slot + 1] = hi;
  }

  private grow(): void {
    const old = this.slots;
    this.capacity *= 2;
    this.slots = new Uint32Array(this.capacity * 2);
    for (let i = 0; i < old.length; i += 2) {
      if (old[i] !== 0 || old[i + 1] !== 0) this.insert(old[i]!, old[i + 1]!);
    }
  }
}

// The last hash computed: two module-level numbers instead of an allocated pair per call.
let hashLo = 0;
let hashHi = 0;

// The hash state after the last scope and prefix: consecutive cases share them (same file and
// class), so mostly only the name is hashed.
let memoScope = '';
let memoPrefix = '';
let memoA = 0x811c9dc5;
let memoB = 0x9e3779b9;
let memoLength = 0;

/**
 * Hashes the id `scope::prefix+name` (`prefix+name` when the scope is empty, as `testId` builds
 * it) without building it: FNV-1a and a multiply-add hash over the same characters (two independent
 * 32-bit lanes that run in parallel), each finished with murmur3's avalanche: 64 bits.
 */
export function hashIdParts(scope: string, name: string, prefix = ''): void {
  if (scope !== memoScope || prefix !== memoPrefix) {
    let a = 0x811c9dc5;
    let b = 0x9e3779b9;
    if (scope.length > 0) {
      for (let i = 0; i < scope.length; i++) {
        const c = scope.charCodeAt(i);
        a = Math.imul(a ^ c, 0x01000193);
        b = Math.imul((b + c) | 0, 0x9e3779b1);
      }
      for (let k = 0; k < 2; k++) {
        a = Math.imul(a ^ 58 /* : */, 0x01000193);
        b = Math.imul((b + 58) | 0, 0x9e3779b1);
      }
    }
    for (let i = 0; i < prefix.length; i++) {
      const c = prefix.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul((b + c) | 0, 0x9e3779b1);
    }
    // Kept as given (no copy): the reader passes the same owned strings while they do not change,
    // so the test above is a pointer comparison (a slice kept here pins one chunk at most).
    memoScope = scope;
    memoPrefix = prefix;
    memoA = a;
    memoB = b;
    memoLength = (scope.length > 0 ? scope.length + 2 : 0) + prefix.length;
  }
  let a = memoA;
  let b = memoB;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul((b + c) | 0, 0x9e3779b1);
  }
  // Length and a final avalanche (murmur3's fmix32) on both halves.
  b ^= memoLength + name.length;
  b = Math.imul(b ^ (b >>> 16), 0x85ebca6b);
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  b ^= b >>> 16;
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  a ^= a >>> 13;
  hashLo = a >>> 0;
  hashHi = b >>> 0;
  // (0, 0) marks an empty slot.
  if (hashLo === 0 && hashHi === 0) hashHi = 1;
}

/** The last hash `hashIdParts` computed, as one string (a key for the rare maps by hash, and tests). */
export function lastIdHash(): string {
  return hashKey(hashLo, hashHi);
}

/** A hash's two halves as one string. */
export function hashKey(lo: number, hi: number): string {
  return `${(hi >>> 0).toString(16).padStart(8, '0')}${(lo >>> 0).toString(16).padStart(8, '0')}`;
}
