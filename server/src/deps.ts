import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { LiveEvents } from './features/messages/live-events';
import type { ListingCache } from './features/starters/listing-cache';
import type { RateLimiter } from './plugins/rate-limit';

/**
 * What every feature receives, built once by `buildApp`: each routes plugin is
 * `xRoutes(app, deps)` and each service takes the `Pick<AppDeps, …>` it needs as its first
 * argument. Shared infrastructure lives here rather than in a route file, so two features
 * never hold two copies of it.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  /** `database.db`: the query builder most services need. */
  db: Db;
  limiter: RateLimiter;
  /** Browse answers, cleared on every server copy when anything they show changes. */
  listings: ListingCache;
  /** Live events to members' open streams, fanned out through Postgres to every copy. */
  live: LiveEvents;
}
