import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import * as clock from '../../clock/clock';
import { rowsOf } from '../../db/rows';
import { alertRings, starters } from '../../db/schema';
import { publiclyVisible } from '../../access/starter-access';
import type { AppDeps } from '../../deps';
import { deliveryRegistry } from './delivery-counters';

/** Label of every request no route matched: its path is whatever a client typed. */
export const UNMATCHED_ROUTE = 'unmatched';

/** New listings older than this are no longer announced (see announce.ts), so no lag either. */
const ANNOUNCE_LOOKBACK = sql`interval '1 day'`;

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export interface Metrics {
  /** The Prometheus text exposition of this copy. */
  render(): Promise<string>;
  contentType: string;
}

/**
 * What an operator watches (decision 134). Everything is labelled by kind, never by who or what:
 * routes are their templates (`/api/starters/:id`), so no id, token, address or email is ever a
 * label. Job lag and database figures are read at scrape time with cheap queries.
 */
export function installMetrics(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'database' | 'db' | 'listings' | 'live'>,
): Metrics {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'cultureshare_http_request_duration_seconds',
    help: 'Requests answered, by method, route template and status class, and how long they took.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'cultureshare_database_roundtrip_seconds',
    help: 'Time of a trivial query (SELECT 1) at scrape time.',
    registers: [registry],
    async collect() {
      const started = performance.now();
      await deps.database.ping();
      this.set((performance.now() - started) / 1000);
    },
  });
  new Gauge({
    name: 'cultureshare_database_waiting_queries',
    help: 'Queries waiting for the database: the embedded database thread queue, or the pool.',
    registers: [registry],
    collect() {
      this.set(deps.database.waiting());
    },
  });
  new Gauge({
    name: 'cultureshare_job_lag_seconds',
    help: 'How long the oldest due item of a queue has waited (0 when none is due).',
    labelNames: ['job'],
    registers: [registry],
    async collect() {
      const lag = await jobLag(deps.db);
      for (const [job, seconds] of Object.entries(lag)) this.set({ job }, seconds);
    },
  });
  new Gauge({
    name: 'cultureshare_live_event_streams',
    help: 'Live event streams (Server-Sent Events) open on this copy.',
    registers: [registry],
    collect() {
      this.set(deps.live.streamCount());
    },
  });
  new Counter({
    name: 'cultureshare_browse_cache_hits_total',
    help: 'Browse questions answered from this copy memory.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(deps.listings.hits);
    },
  });
  new Counter({
    name: 'cultureshare_browse_cache_misses_total',
    help: 'Browse questions computed by the database.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(deps.listings.misses);
    },
  });

  return {
    contentType: registry.contentType,
    async render() {
      return Registry.merge([registry, deliveryRegistry]).metrics();
    },
  };
}

/** Seconds the oldest due mail, push and new-listing announcement have waited. */
async function jobLag(db: AppDeps['db']): Promise<Record<string, number>> {
  const now = clock.sqlNow();
  const [row] = rowsOf<{ mail: string | null; push: string | null; announce: string | null }>(
    await db.execute(sql`SELECT
      (SELECT EXTRACT(EPOCH FROM ${now} - min(next_attempt_at)) FROM mail_outbox
        WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${now})::text AS mail,
      (SELECT EXTRACT(EPOCH FROM ${now} - min(next_attempt_at)) FROM push_outbox
        WHERE next_attempt_at <= ${now})::text AS push,
      (SELECT EXTRACT(EPOCH FROM ${now} - min(${starters.createdAt})) FROM ${starters}
        WHERE ${starters.createdAt} > ${now} - ${ANNOUNCE_LOOKBACK}
          AND ${starters.latitude} IS NOT NULL AND ${publiclyVisible()}
          AND NOT EXISTS (SELECT 1 FROM ${alertRings} WHERE ${alertRings.starterId} = ${starters.id})
      )::text AS announce`),
  );
  const seconds = (v: string | null | undefined) => Math.max(0, Number(v ?? 0));
  return {
    mail: seconds(row?.mail),
    push: seconds(row?.push),
    'alert-announce': seconds(row?.announce),
  };
}

/** Whether an Authorization header carries `token` as a bearer token, in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (v: string) => crypto.createHash('sha256').update(v).digest();
  return crypto.timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}
