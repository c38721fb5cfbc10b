import type { StarterListQuery } from '../../../../common/listings/starters';
import { roundPosition } from './browse-query';
import { FrequencySketch } from './frequency-sketch';

/**
 * The channel a database trigger notifies when a starter, or what listings show of a member,
 * changes. The payload is the changed starter's category; empty means anything may have changed.
 */
export const LISTING_CHANGED_CHANNEL = 'listing_changed';

/** Where "closest" measures from when the question brings no position: the viewer's profile place. */
export interface ListingViewer {
  latitude: number | null;
  longitude: number | null;
}

/** Roughly what an entry holds in memory: JavaScript strings take two bytes per character. */
const sizeOf = (key: string, value: string) => 2 * (key.length + value.length) + 64;

/** The default bound: about 10,000 first pages of twelve listings, as JavaScript strings. */
export const DEFAULT_LISTING_CACHE_BYTES = 256 * 1024 * 1024;

/** A first page of twelve listings as the cache counts it (two bytes a character). */
const TYPICAL_ANSWER_BYTES = 24 * 1024;

/** The tag of answers that span every category (no category filter). */
const ALL = '*';

/**
 * Browse answers kept in memory until anything they show changes. The browse page is the
 * busiest call by far and most visitors ask the same few questions (a category, page one).
 * Every copy of the server forgets the answers a change can affect on the database's
 * `listing_changed` notification, and the copy that made a change does so at once: a change
 * to a dairy starter forgets the dairy answers and those over every category, and leaves the
 * beverage answers cached. The cache is bounded in bytes, not entries, so no stream of
 * distinct questions can grow it past `maxBytes`.
 *
 * Which answers it keeps is decided by how often their question is asked (decision 087): a
 * frequency sketch counts every asking, and a new answer that would push out the least
 * recently used one is kept only if its question was asked at least as often lately. So a
 * run of questions nobody asks twice replaces only answers as rarely asked, never the
 * popular ones.
 */
export class ListingCache {
  private readonly entries = new Map<
    string,
    { value: string; expires: number; size: number; tag: string }
  >();
  private bytes = 0;
  /** Questions answered from memory, and those computed (for /metrics). */
  hits = 0;
  misses = 0;
  /**
   * Counts of changes (all, full clears, per category): an answer computed before a change
   * that affects it is never stored after it.
   */
  private changes = 0;
  private clears = 0;
  private readonly categoryChanges = new Map<string, number>();

  private readonly maxBytes: number;
  /** One huge answer must not push out everything else. */
  private readonly maxEntryBytes: number;
  private readonly ttlMs: number;
  private readonly asked: FrequencySketch;

  constructor(options: { maxBytes?: number; maxEntryBytes?: number; ttlMs?: number } = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_LISTING_CACHE_BYTES;
    this.maxEntryBytes = options.maxEntryBytes ?? this.maxBytes / 8;
    this.ttlMs = options.ttlMs ?? 60_000;
    // Counters for several times the answers that fit, so the sketch tells them apart.
    this.asked = new FrequencySketch(Math.max(64, Math.ceil(this.maxBytes / TYPICAL_ANSWER_BYTES)));
  }

  /**
   * Key of a normalised question (a place by name is already its centre here); only 'closest'
   * without a position depends on who asks.
   */
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
      query.radiusKm ?? null,
      query.claimed ?? null,
      profile(viewer?.latitude, 90),
      profile(viewer?.longitude, 180),
    ]);
  }

  /** Bytes the cached answers hold now (never above maxBytes). */
  get size(): number {
    return this.bytes;
  }

  private stamp(tag: string): string {
    return tag === ALL ? `${this.changes}` : `${this.clears}:${this.categoryChanges.get(tag) ?? 0}`;
  }

  /** `category`: the one category the answer is about, if the question names one. */
  async get(key: string, compute: () => Promise<string>, category?: string): Promise<string> {
    const tag = category ?? ALL;
    this.asked.increment(key);
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) {
      // Most recently used last, so the oldest entry is the first to go.
      this.entries.delete(key);
      this.entries.set(key, hit);
      this.hits += 1;
      return hit.value;
    }
    this.misses += 1;
    const stamp = this.stamp(tag);
    const value = await compute();
    if (stamp === this.stamp(tag)) this.store(key, value, tag);
    return value;
  }

  private store(key: string, value: string, tag: string) {
    this.forget(key);
    const size = sizeOf(key, value);
    if (size > this.maxEntryBytes) return;
    if (this.bytes + size > this.maxBytes) {
      // Admission: the newcomer must have been asked at least as often as each answer it
      // would push out, oldest first; otherwise it is not kept and they stay.
      const wanted = this.asked.frequency(key);
      let freed = 0;
      const victims: string[] = [];
      for (const [old, entry] of this.entries) {
        if (this.bytes - freed + size <= this.maxBytes) break;
        if (this.asked.frequency(old) > wanted) return;
        victims.push(old);
        freed += entry.size;
      }
      for (const old of victims) this.forget(old);
    }
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs, size, tag });
    this.bytes += size;
  }

  private forget(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  /** Forgets the answers a change to a starter of `category` can affect. */
  invalidate(category: string): void {
    if (!category || category === ALL) return this.clear();
    this.changes += 1;
    this.categoryChanges.set(category, (this.categoryChanges.get(category) ?? 0) + 1);
    for (const [key, entry] of this.entries) {
      if (entry.tag === ALL || entry.tag === category) this.forget(key);
    }
  }

  clear(): void {
    this.changes += 1;
    this.clears += 1;
    this.entries.clear();
    this.bytes = 0;
  }
}
