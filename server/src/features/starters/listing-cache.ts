import type { StarterListQuery } from '../../../../common/starters';
import { roundPosition } from './browse-query';

/** The channel a database trigger notifies when a starter, or what listings show of a member, changes. */
export const LISTING_CHANGED_CHANNEL = 'listing_changed';

/** Where "closest" measures from when the question brings no position: the viewer's profile place. */
export interface ListingViewer {
  latitude: number | null;
  longitude: number | null;
}

/** Roughly what an entry holds in memory: JavaScript strings take two bytes per character. */
const sizeOf = (key: string, value: string) => 2 * (key.length + value.length) + 64;

/**
 * Browse answers kept in memory until anything they show changes. The browse page is the
 * busiest call by far and most visitors ask the same few questions (a category, page one).
 * Every copy of the server clears its cache on the database's `listing_changed` notification,
 * and the copy that made a change clears it at once. The cache is bounded in bytes, not
 * entries, so no stream of distinct questions can grow it past `maxBytes`.
 */
export class ListingCache {
  private readonly entries = new Map<string, { value: string; expires: number; size: number }>();
  private bytes = 0;
  /** Bumped on every clear: an answer computed before a change is never stored after it. */
  private generation = 0;

  private readonly maxBytes: number;
  /** One huge answer must not push out everything else. */
  private readonly maxEntryBytes: number;
  private readonly ttlMs: number;

  constructor(options: { maxBytes?: number; maxEntryBytes?: number; ttlMs?: number } = {}) {
    this.maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
    this.maxEntryBytes = options.maxEntryBytes ?? this.maxBytes / 8;
    this.ttlMs = options.ttlMs ?? 60_000;
  }

  /** Key of a normalised question; only 'closest' without a position depends on who asks. */
  static keyOf(query: StarterListQuery, viewer: ListingViewer | null): string {
    const usesProfile = query.sort === 'closest' && query.lat === undefined;
    const profile = (value: number | null | undefined, limit: number) =>
      usesProfile && value != null ? roundPosition(value, limit) : null;
    return JSON.stringify([
      query.limit,
      query.offset,
      query.category ?? null,
      query.subcategory ?? null,
      query.location ?? null,
      query.search ?? null,
      query.sort,
      query.lat ?? null,
      query.lng ?? null,
      profile(viewer?.latitude, 90),
      profile(viewer?.longitude, 180),
    ]);
  }

  /** Bytes the cached answers hold now (never above maxBytes). */
  get size(): number {
    return this.bytes;
  }

  async get(key: string, compute: () => Promise<string>): Promise<string> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) {
      // Most recently used last, so the oldest entry is the first to go.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const generation = this.generation;
    const value = await compute();
    if (generation === this.generation) this.store(key, value);
    return value;
  }

  private store(key: string, value: string) {
    this.forget(key);
    const size = sizeOf(key, value);
    if (size > this.maxEntryBytes) return;
    while (this.bytes + size > this.maxBytes) this.forget(this.entries.keys().next().value!);
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs, size });
    this.bytes += size;
  }

  private forget(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
  }
}
