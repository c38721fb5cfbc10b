import type { StarterListQuery } from '../../../../common/starters';

/** The asker's profile place: all an answer can depend on besides the question. */
type Asker = { latitude: number | null; longitude: number | null } | null;

/** The channel a database trigger notifies when any starter or member row changes. */
export const LISTING_CHANGED_CHANNEL = 'listing_changed';

/**
 * Browse answers kept in memory until anything they show changes. The browse page is the
 * busiest call by far and most visitors ask the same few questions (a category, page one).
 * Every copy of the server clears its cache on the database's `listing_changed` notification,
 * so a new, claimed, removed or deleted starter shows at once everywhere. Answers are kept as
 * the JSON they are sent as, so a repeated question costs no serialising either.
 */
export class ListingCache {
  private readonly entries = new Map<string, { value: string; expires: number }>();
  /** Bumped on every clear: an answer computed before a change is never stored after it. */
  private generation = 0;

  constructor(
    private readonly maxEntries = 500,
    private readonly ttlMs = 60_000,
  ) {}

  /** Only 'closest' without a position of its own depends on who asks (their profile's place). */
  static keyOf(query: StarterListQuery, viewer: Asker): string {
    const usesProfile = query.sort === 'closest' && query.lat === undefined;
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
      usesProfile ? (viewer?.latitude ?? null) : null,
      usesProfile ? (viewer?.longitude ?? null) : null,
    ]);
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
    if (generation === this.generation) {
      this.entries.delete(key);
      if (this.entries.size >= this.maxEntries) {
        this.entries.delete(this.entries.keys().next().value!);
      }
      this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    }
    return value;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
