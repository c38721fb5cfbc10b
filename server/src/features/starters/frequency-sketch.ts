/**
 * How often each question was asked lately, approximately, in fixed memory: a count-min
 * sketch of small counters (TinyLFU, Einziger et al.). Four counters per key, each in its
 * own row; the estimate is the smallest. Every `sampleSize` increments all counters halve,
 * so what was popular yesterday gives way to what is popular now.
 */
export class FrequencySketch {
  private readonly rows: Uint8Array[];
  private readonly mask: number;
  private readonly sampleSize: number;
  private additions = 0;

  /** `expectedKeys`: about how many distinct keys matter at once (the cache's capacity). */
  constructor(expectedKeys: number) {
    // At least 4 × 4 KiB: small enough never to matter, wide enough that strays rarely collide.
    let width = 4096;
    while (width < expectedKeys * 2) width *= 2;
    this.mask = width - 1;
    this.rows = Array.from({ length: 4 }, () => new Uint8Array(width));
    this.sampleSize = 10 * width;
  }

  private indexes(key: string): [number, number, number, number] {
    // FNV-1a and a second multiplicative hash; the rows use h1 + i·h2 (double hashing).
    let h1 = 0x811c9dc5;
    let h2 = 0x9747b28c;
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995);
      h2 ^= h2 >>> 15;
    }
    h2 |= 1;
    const m = this.mask;
    return [h1 & m, (h1 + h2) & m, (h1 + 2 * h2) & m, (h1 + 3 * h2) & m];
  }

  /** One more asking of `key`. */
  increment(key: string): void {
    const idx = this.indexes(key);
    let added = false;
    for (let r = 0; r < 4; r++) {
      const row = this.rows[r]!;
      const i = idx[r]!;
      if (row[i]! < 15) {
        row[i]! += 1;
        added = true;
      }
    }
    if (added && ++this.additions >= this.sampleSize) this.age();
  }

  /** About how often `key` was asked lately (never less than the truth, up to 15). */
  frequency(key: string): number {
    const idx = this.indexes(key);
    let min = 15;
    for (let r = 0; r < 4; r++) min = Math.min(min, this.rows[r]![idx[r]!]!);
    return min;
  }

  private age(): void {
    for (const row of this.rows) for (let i = 0; i < row.length; i++) row[i]! >>= 1;
    this.additions = Math.floor(this.additions / 2);
  }
}
