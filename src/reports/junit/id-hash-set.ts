/**
 * A set of test ids kept as 64-bit hashes in typed arrays: 8 bytes a slot instead of a JavaScript
 * string, so a report of millions of passing tests can still be de-duplicated (reruns, shards) in
 * bounded memory when only the non-passing cases are kept. Equal hashes are not proof of equal
 * ids: `parse-junit.ts` only uses a hit to decide what to re-check exactly, never to change a
 * failing result on its own.
 */
export class IdHashSet {
  private lo: Uint32Array;
  private hi: Uint32Array;
  private used = 0;

  constructor(initialCapacity = 1024) {
    let capacity = 16;
    while (capacity < initialCapacity * 2) capacity *= 2;
    this.lo = new Uint32Array(capacity);
    this.hi = new Uint32Array(capacity);
  }

  get size(): number {
    return this.used;
  }

  /** Adds the id; returns false when an equal hash was already there. */
  add(id: string): boolean {
    hashId(id);
    if (this.find(hashLo, hashHi) >= 0) return false;
    if ((this.used + 1) * 2 > this.lo.length) this.grow();
    this.insert(hashLo, hashHi);
    this.used++;
    return true;
  }

  has(id: string): boolean {
    hashId(id);
    return this.find(hashLo, hashHi) >= 0;
  }

  private find(lo: number, hi: number): number {
    const mask = this.lo.length - 1;
    let slot = lo & mask;
    for (;;) {
      const l = this.lo[slot]!;
      const h = this.hi[slot]!;
      if (l === 0 && h === 0) return -1;
      if (l === lo && h === hi) return slot;
      slot = (slot + 1) & mask;
    }
  }

  private insert(lo: number, hi: number): void {
    const mask = this.lo.length - 1;
    let slot = lo & mask;
    while (this.lo[slot] !== 0 || this.hi[slot] !== 0) slot = (slot + 1) & mask;
    this.lo[slot] = lo;
    this.hi[slot] = hi;
  }

  private grow(): void {
    const oldLo = this.lo;
    const oldHi = this.hi;
    this.lo = new Uint32Array(oldLo.length * 2);
    this.hi = new Uint32Array(oldHi.length * 2);
    for (let i = 0; i < oldLo.length; i++) {
      if (oldLo[i] !== 0 || oldHi[i] !== 0) this.insert(oldLo[i]!, oldHi[i]!);
    }
  }
}

// The last hash computed: two module-level numbers instead of an allocated pair per call.
let hashLo = 0;
let hashHi = 0;

/** Two independent 32-bit hashes of the string (FNV-1a and a multiply-rotate mix) in one pass. */
function hashId(id: string): void {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9 ^ id.length;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  b ^= b >>> 16;
  hashLo = a >>> 0;
  hashHi = b >>> 0;
  // (0, 0) marks an empty slot.
  if (hashLo === 0 && hashHi === 0) hashHi = 1;
}
