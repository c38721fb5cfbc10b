/**
 * Alerts at scale (issue 21, decisions 062, 063, 099). Prints figures; asserts nothing.
 *
 *   node --import tsx bench/alerts.ts             # matching, PGlite in a temporary folder
 *   BENCH_DATABASE_URL=postgres://… node --import tsx bench/alerts.ts   # PGlite, then Postgres
 *
 * Matching: 100,000 stored alerts by 10,000 members, at the same 420 gazetteer places and with
 * the same skew as the browse bench's starters (a few places far more common than others; an
 * alert stores its known place's centre), a third with words, half with a category (half of
 * those also a type), radii 5–100 km. A new listing is posted at the busiest place and at a
 * middling one, and announced ring by ring as the announcing job does
 * (features/alerts/announce.ts): matching (the alerts a ring reaches, read alone, nothing
 * written) and announcing (the ring's whole transaction: matching, the announcements, the bells
 * and the ring record) are each timed. The bare ceiling is the simplest indexed query (one
 * alert by its key) in the same run.
 *
 * BENCH_ALERTS (100000), BENCH_RUNS (40), BENCH_DB (pglite,postgres), BENCH_EXPLAIN=1 prints
 * EXPLAIN ANALYZE of each ring's matching statement. Browse while publishing: bench/alerts-mix.ts.
 * BENCH_DATABASE_URL names a database the bench may empty (never the `test` database).
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/src/db/client';
import { rowsOf } from '../server/src/db/rows';
import { ANNOUNCE_RINGS_KM } from '../common/listings/alerts';
import {
  announceListing,
  listingTokens,
  matchingAlerts,
} from '../server/src/features/alerts/announce';
import { MEMBERS, seedAlerts } from './alerts-seed';
import { openBenchDatabase } from './database';
import { quantile } from './load';
import { gazetteerPlaces, type BenchPlace } from './seed';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const url = process.env.BENCH_DATABASE_URL;
const kinds = (process.env.BENCH_DB ?? (url ? 'pglite,postgres' : 'pglite')).split(',');
const RINGS = ANNOUNCE_RINGS_KM.length + 1;

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1)).padStart(6) + ' ms';

async function timeBare(db: Db, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await db.execute(sql`SELECT id, radius_km FROM alerts WHERE id = ${1 + ((i * 7919) % ALERTS)}`);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

async function matchAt(kind: string, db: Db, place: BenchPlace, label: string, lines: string[]) {
  const [listing] = rowsOf<{ id: number }>(
    await db.execute(sql`INSERT INTO starters (user_id, title, description, category, subcategory,
      starter_type, location, latitude, longitude)
      VALUES ('alerts-bench-giver', 'Milk kefir grains', 'Healthy grains fed daily with whole milk.',
        'dairy', 'kefir', 'Kefir grains', ${place.name}, ${place.latitude}, ${place.longitude})
      RETURNING id`),
  );
  const id = Number(listing!.id);
  const tokens = listingTokens({
    title: 'Milk kefir grains',
    starterType: 'Kefir grains',
    description: 'Healthy grains fed daily with whole milk.',
    customDescription: null,
    category: 'dairy',
    subcategory: 'kefir',
  });
  const toMatch = {
    id,
    userId: 'alerts-bench-giver',
    latitude: place.latitude,
    longitude: place.longitude,
    category: 'dairy',
    subcategory: 'kefir',
    tokens,
    title: 'Milk kefir grains',
  };
  const times: number[][] = Array.from({ length: RINGS }, () => []);
  // Matching alone: which alerts a ring reaches, read through the indexes, nothing written.
  const matching: number[][] = Array.from({ length: RINGS }, () => []);
  const totals: number[] = [];
  const told: number[] = Array.from({ length: RINGS }, () => 0);
  for (let run = 0; run < RUNS; run++) {
    // Each run announces the listing afresh, ring after ring; the previous run's rows go first.
    await db.execute(sql`DELETE FROM alert_matches WHERE starter_id = ${id}`);
    await db.execute(sql`DELETE FROM notifications WHERE kind = 'alert_match'`);
    await db.execute(sql`DELETE FROM alert_rings WHERE starter_id = ${id}`);
    let total = 0;
    for (let ring = 0; ring < RINGS; ring++) {
      const m0 = performance.now();
      await db.execute(
        sql`SELECT count(*) FROM (${matchingAlerts(toMatch, ring, ring - 1)}) AS reached`,
      );
      matching[ring]!.push(performance.now() - m0);
      const t0 = performance.now();
      const n = await db.transaction((tx) => announceListing(tx, toMatch, ring));
      const t = performance.now() - t0;
      times[ring]!.push(t);
      total += t;
      told[ring] = n;
    }
    totals.push(total);
  }
  if (process.env.BENCH_EXPLAIN) {
    for (let ring = 0; ring < RINGS; ring++) {
      await db.execute(sql`DELETE FROM alert_matches WHERE starter_id = ${id}`);
      await db
        .execute(sql`DELETE FROM alert_rings WHERE starter_id = ${id}`)
        .catch(() => undefined);
      const plan = rowsOf<Record<string, string>>(
        await db.execute(
          sql`EXPLAIN (ANALYZE, BUFFERS) SELECT count(*) FROM (${matchingAlerts(toMatch, ring, ring - 1)}) AS reached`,
        ),
      );
      console.log(
        `\n${kind} ${label} ring ${ring}:\n` + plan.map((r) => Object.values(r)[0]).join('\n'),
      );
    }
  }
  const [inside] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM alerts
      WHERE earth_distance(ll_to_earth(latitude, longitude), ll_to_earth(${place.latitude}::float8, ${place.longitude}::float8)) <= 100000`),
  );
  lines.push(`  listing at ${label} (${place.name}; ${inside!.n} alerts within 100 km)`);
  for (let ring = 0; ring < RINGS; ring++) {
    const t = times[ring]!.sort((a, b) => a - b);
    const m = matching[ring]!.sort((a, b) => a - b);
    const km = ring < ANNOUNCE_RINGS_KM.length ? `${ANNOUNCE_RINGS_KM[ring]} km` : "alert's radius";
    lines.push(
      `    ring ${ring} (${km.padEnd(14)}) told ${String(told[ring]).padStart(5)}   matching p50 ${ms(quantile(m, 0.5))}   p99 ${ms(quantile(m, 0.99))}   announcing p50 ${ms(quantile(t, 0.5))}   p99 ${ms(quantile(t, 0.99))}`,
    );
  }
  totals.sort((a, b) => a - b);
  lines.push(
    `    all rings of one listing, announcing                                             p50 ${ms(quantile(totals, 0.5))}   p99 ${ms(quantile(totals, 0.99))}`,
  );
}

async function benchMatching(kind: string): Promise<string[]> {
  const { database, dir } = await openBenchDatabase(kind, 'alerts-bench-');
  const db = database.db;
  const places = gazetteerPlaces(420);
  const started = performance.now();
  await seedAlerts(db, ALERTS, places);
  await db.execute(sql`INSERT INTO users (id, email, username)
    VALUES ('alerts-bench-giver', 'giver@alerts.bench.test', 'alerts_bench_giver') ON CONFLICT DO NOTHING`);
  const lines = [
    `${kind}: ${ALERTS} alerts by ${MEMBERS} members at ${places.length} places, stored in ${((performance.now() - started) / 1000).toFixed(1)} s; ${RUNS} runs`,
  ];
  // Warm the caches and the JIT on a listing nobody times.
  await matchAt(kind, db, places[1]!, 'warm-up', []);
  // Busiest: the place the skew favours most. Middling: the median place's share.
  await matchAt(kind, db, places[0]!, 'the busiest place', lines);
  await matchAt(kind, db, places[Math.floor(places.length * 0.3)]!, 'a middling place', lines);
  const bare = await timeBare(db, 500);
  lines.push(
    `  bare ceiling: one alert by its key             p50 ${ms(quantile(bare, 0.5))}   p99 ${ms(quantile(bare, 0.99))}`,
  );
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return lines;
}

async function main() {
  const all: string[] = [];
  for (const kind of kinds) {
    const lines = await benchMatching(kind);
    console.log(lines.join('\n'));
    all.push(...lines);
  }
  console.log('\nsummary\n' + all.join('\n'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
