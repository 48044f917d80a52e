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
 * Every passing id's hash, appended as it is read (no lookup per case: a hash table the size of a
 * big report misses the CPU caches on every insert), sorted once at the end to count distinct ids
 * and to answer membership by binary search. 8 bytes an id, all 64 bits of the hash kept.
 */
// Which word of a [word, word] pair is the high half of a uint64 on this machine.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const HIGH = LITTLE_ENDIAN ? 1 : 0;
const LOW = 1 - HIGH;

export class IdHashLog {
  private static readonly BLOCK = 64 * 1024;
  private blocks: Uint32Array[] = [];
  /** Pairs of words laid out so the same memory reads as the uint64 hi·2³² + lo (see HIGH). */
  private current = new Uint32Array(2 * IdHashLog.BLOCK);
  private fill = 0;
  private sorted = new Uint32Array(0);
  private distinct = 0;
  private dirty = false;

  /** Appends the id whose hash `hashIdParts` computed last. */
  pushHashed(): void {
    if (this.fill === this.current.length) {
      this.blocks.push(this.current);
      this.current = new Uint32Array(2 * IdHashLog.BLOCK);
      this.fill = 0;
    }
    this.current[this.fill + LOW] = hashLo;
    this.current[this.fill + HIGH] = hashHi;
    this.fill += 2;
    this.dirty = true;
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
    const sorted = this.sorted;
    let low = 0;
    let high = sorted.length / 2 - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const hi = sorted[2 * mid + HIGH]!;
      const lo = sorted[2 * mid + LOW]!;
      if (hi === hashHi && lo === hashLo) return true;
      if (hi < hashHi || (hi === hashHi && lo < hashLo)) low = mid + 1;
      else high = mid - 1;
    }
    return false;
  }

  private seal(): void {
    if (!this.dirty) return;
    this.dirty = false;
    let total = this.sorted.length + this.fill;
    for (const block of this.blocks) total += block.length;
    const all = new Uint32Array(total);
    all.set(this.sorted, 0);
    let offset = this.sorted.length;
    for (const block of this.blocks) {
      all.set(block, offset);
      offset += block.length;
    }
    all.set(this.current.subarray(0, this.fill), offset);
    // Native sort of the pairs as 64-bit integers.
    new BigUint64Array(all.buffer, all.byteOffset, all.length / 2).sort();
    let distinct = all.length > 0 ? 1 : 0;
    for (let i = 2; i < all.length; i += 2) if (all[i] !== all[i - 2] || all[i + 1] !== all[i - 1]) distinct++;
    this.sorted = all;
    this.distinct = distinct;
    this.blocks = [];
    this.fill = 0;
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
    // Copies: the memo outlives the chunk its arguments were sliced from (see ownString).
    memoScope = scope.length === 0 ? scope : (' ' + scope).slice(1);
    memoPrefix = prefix.length === 0 ? prefix : (' ' + prefix).slice(1);
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

/** The last hash `hashIdParts` computed, as one string (for tests). */
export function lastIdHash(): string {
  return `${hashHi.toString(16).padStart(8, '0')}${hashLo.toString(16).padStart(8, '0')}`;
}
