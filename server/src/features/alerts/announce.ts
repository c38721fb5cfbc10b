import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { ALERT_RADIUS_MAX_KM, ANNOUNCE_RINGS_KM } from '../../../../common/listings/alerts';
import { categoryName, subcategoryLabel } from '../../../../common/listings/catalogue';
import { membersWhoMayNotAct } from '../../access/members';
import { publiclyVisible } from '../../access/starter-access';
import * as clock from '../../clock/clock';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { wakeJob } from '../../jobs/wake';
import { rowsOf } from '../../db/rows';
import { alertRings, starters } from '../../db/schema';
import { wordTokens } from './alert-words';
import { chordOf, chordOfSql, EARTH_RADIUS_M, earthOf } from '../places/earth';
import { notifyMany } from '../notifications/notifications.service';
import { notificationLinks } from '../../../../common/notifications/notifications';
import { blockedEitherWay } from '../blocks/blocks.service';
import { membersWhoHid } from '../saved/saved.service';
import { askOpen } from '../../access/ask-access';
import { DAY_MS, MINUTE_MS } from '../../../../common/site/time';

/** A listing is still announced this long after its last ring is due (a server down a while). */
const LATE_MS = DAY_MS;
/** Listings looked at per run, newest first. */
const BATCH = 500;

/** The listing facts matching needs. */
export interface ListingToMatch {
  id: number;
  userId: string;
  latitude: number;
  longitude: number;
  category: string;
  subcategory: string;
  tokens: string[];
  /** For the bell: "New for your alert: <title>". */
  title: string;
}

/** Tokens of everything a listing says it is: title, type, description, category and type names. */
export function listingTokens(s: {
  title: string;
  starterType: string;
  description: string;
  customDescription: string | null;
  category: string;
  subcategory: string;
}): string[] {
  return wordTokens(
    [
      s.title,
      s.starterType,
      s.description,
      s.customDescription ?? '',
      categoryName(s.category),
      subcategoryLabel(s.category, s.subcategory),
    ].join(' '),
  );
}

/** Which ring is due `elapsedMs` after posting: 0 (5 km) … 3 (the alert's own radius). */
export function ringDue(elapsedMs: number, ringMinutes: number): number {
  const last = ANNOUNCE_RINGS_KM.length;
  if (ringMinutes <= 0) return last;
  return Math.min(last, Math.floor(elapsedMs / (ringMinutes * MINUTE_MS)));
}

const ringKm = (ring: number) =>
  ring < ANNOUNCE_RINGS_KM.length ? ANNOUNCE_RINGS_KM[ring]! : ALERT_RADIUS_MAX_KM;

/** How far a listing has been announced (the `alert_rings` row), or nothing yet. */
export interface RingsDone {
  ring: number | null;
}

/**
 * Six boxes that together cover the box of half-side `outer` (metres, SQL) around the listing
 * less a cube inside the circle of `innerM` already announced: alerts at the listing's own place
 * and nearby, often thousands, are then never read for a farther ring. The boxes are in the
 * earth's 3-D coordinates, as ll_to_earth and its GiST index are; a point in the inner cube
 * lies within 0.99 × `innerM` (its corner is 0.99 × `innerM` from the centre), so the exact
 * distance test after it decides every alert the boxes let through.
 */
function aroundInner(listing: ListingToMatch, outer: SQL, innerM: number): SQL[] {
  const lat = (listing.latitude * Math.PI) / 180;
  const lng = (listing.longitude * Math.PI) / 180;
  const centre = [
    EARTH_RADIUS_M * Math.cos(lat) * Math.cos(lng),
    EARTH_RADIUS_M * Math.cos(lat) * Math.sin(lng),
    EARTH_RADIUS_M * Math.sin(lat),
  ];
  const inner = sql`${(0.99 * innerM) / Math.sqrt(3)}::float8`;
  type Span = 'all' | 'inner' | 'below' | 'above';
  const bounds = (c: number, span: Span): [SQL, SQL] => {
    const minus = (h: SQL) => sql`${c}::float8 - (${h})`;
    const plus = (h: SQL) => sql`${c}::float8 + (${h})`;
    if (span === 'all') return [minus(outer), plus(outer)];
    if (span === 'inner') return [minus(inner), plus(inner)];
    return span === 'below' ? [minus(outer), minus(inner)] : [plus(inner), plus(outer)];
  };
  const slabs: [Span, Span, Span][] = [
    ['below', 'all', 'all'],
    ['above', 'all', 'all'],
    ['inner', 'below', 'all'],
    ['inner', 'above', 'all'],
    ['inner', 'inner', 'below'],
    ['inner', 'inner', 'above'],
  ];
  return slabs.map((spans) => {
    const [low, high] = [0, 1].map((end) =>
      sql.join(
        spans.map((span, axis) => bounds(centre[axis]!, span)[end]!),
        sql`, `,
      ),
    );
    return sql`cube(ARRAY[${low}]::float8[], ARRAY[${high}]::float8[])`;
  });
}

/**
 * The alerts of rings `fromRing + 1` … `ring` that `listing` matches and has not been announced
 * to, with their member's time zone and the ring each lies in: only alerts farther out than
 * ring `fromRing` (-1: from the listing itself) are looked at. An alert matches when its place
 * lies within the ring and within its own radius, the listing fits its category, type and
 * words, its member may act, is not the giver, has no block either way with the giver and has not hidden the listing. The
 * alerts come from indexes: the GiST index on the alert's place (earth_box, or the boxes around
 * the rings already announced), then category/type and tokens on the rows inside the box.
 */
export function matchingAlerts(listing: ListingToMatch, ring: number, fromRing = -1): SQL {
  const outer = ringKm(ring);
  // The last ring reaches as far as the widest alert: its box is no wider (alerts_radius_idx).
  const box =
    ring < ANNOUNCE_RINGS_KM.length
      ? sql`${outer * 1000}::float8`
      : sql`COALESCE((SELECT max(radius_km) FROM alerts), 0) * 1000`;
  const at = earthOf(listing.latitude, listing.longitude);
  const place = sql`a.earth_point`;
  // Straight-line distances (chordOf): the same order as along the surface.
  const gap = sql`cube_distance(${at}, ${place})`;
  const within = (metres: number) => sql`${gap} <= ${chordOf(metres)}::float8`;
  const [near, mid, far] = ANNOUNCE_RINGS_KM.map((km) => km * 1000) as [number, number, number];
  const tokens = sql`ARRAY[${sql.join(
    listing.tokens.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;
  // Farther out than the rings already announced: nearer alerts were told then (or held).
  const beyond =
    fromRing >= 0
      ? sql`AND a.radius_km > ${ringKm(fromRing)}::float8 AND NOT ${within(ringKm(fromRing) * 1000)}`
      : sql``;
  const inBox =
    fromRing >= 0
      ? sql`(${sql.join(
          aroundInner(listing, box, ringKm(fromRing) * 1000).map(
            (cube) => sql`${cube} @> ${place}`,
          ),
          sql` OR `,
        )})`
      : sql`earth_box(${at}, ${box}) @> ${place}`;
  return sql`
      SELECT a.id, a.user_id, a.ask_id, COALESCE(u.time_zone, 'UTC') AS tz,
        CASE WHEN ${within(near)} THEN 0 WHEN ${within(mid)} THEN 1
             WHEN ${within(far)} THEN 2 ELSE 3 END AS ring
      FROM alerts a
      JOIN users u ON u.id = a.user_id
      WHERE ${inBox}
        AND ${gap} <= ${chordOfSql(sql`LEAST(a.radius_km, ${outer}::float8) * 1000`)}
        ${beyond}
        AND (a.category IS NULL OR a.category = ${listing.category})
        AND (a.subcategory IS NULL OR a.subcategory = ${listing.subcategory})
        AND a.search_tokens <@ ${listing.tokens.length ? tokens : sql`'{}'::text[]`}
        AND a.user_id <> ${listing.userId}
        AND a.user_id NOT IN (${membersWhoMayNotAct()})
        AND a.user_id NOT IN (${blockedEitherWay(listing.userId)})
        AND a.user_id NOT IN (${membersWhoHid(listing.id)})
        -- An ask's own alert hears only while the ask is open (decision 141).
        AND (a.ask_id IS NULL OR a.ask_id IN (SELECT asks.id FROM asks WHERE ${askOpen()}))
        -- NOT IN over a set read once: NOT EXISTS probed the index once per alert (~2,000 at
        -- the busiest place, README: Alerts).
        AND a.id NOT IN (
          SELECT m.alert_id FROM alert_matches m WHERE m.starter_id = ${listing.id}::int)`;
}

/**
 * Whether it is day (07:00–21:59) now for a member in time zone `zone` (SQL text, an IANA
 * name): their phone is pushed, and an immediate alert mailed, only then (decision 126).
 */
export function awakeIn(zone: SQL): SQL {
  return sql`EXTRACT(HOUR FROM (${clock.sqlNow()} AT TIME ZONE ${zone})) BETWEEN 7 AND 21`;
}

/**
 * The statement announcing `listing` to the alerts of rings `fromRing + 1` … `ring`
 * (`matchingAlerts`). One row per (alert, listing), inserted with ON CONFLICT DO NOTHING: two
 * copies racing announce each match once. Answers the members told (one per announcement) and
 * those of them for whom it is day, whose phones may be pushed.
 */
export function matchingStatement(listing: ListingToMatch, ring: number, fromRing = -1): SQL {
  return sql`
    WITH found AS (${matchingAlerts(listing, ring, fromRing)}
    ),
    told AS (
      INSERT INTO alert_matches (alert_id, starter_id, user_id, ring, announced_at)
      SELECT id, ${listing.id}::int, user_id, ring, ${clock.sqlNow()} FROM found
      ON CONFLICT DO NOTHING
      RETURNING alert_id, user_id
    )
    SELECT (SELECT COALESCE(array_agg(user_id), '{}') FROM told) AS told,
      (SELECT COALESCE(array_agg(t.user_id), '{}') FROM told t JOIN found f ON f.id = t.alert_id
        WHERE f.ask_id IS NULL) AS alerted,
      (SELECT COALESCE(array_agg(t.user_id), '{}') FROM told t JOIN found f ON f.id = t.alert_id
        WHERE ${awakeIn(sql`f.tz`)}) AS awake`;
}

/**
 * Announces one listing up to `ring`, nearest first (decision 063): only the rings not yet
 * announced are matched (decision 099). Records how far it got in `alert_rings`, and rings
 * each told member's bell once, however many of their alerts matched, at any hour: only the
 * push waits for the member's day (decision 126). Returns how many alerts were told. Run it in
 * a transaction: the announcements, the bells and the record go together.
 */
export async function announceListing(
  db: DbOrTx,
  listing: ListingToMatch,
  ring: number,
  done?: RingsDone,
): Promise<number> {
  const known = done ??
    rowsOf<{ ring: number }>(
      await db.execute(sql`SELECT ring FROM alert_rings WHERE starter_id = ${listing.id}`),
    ).map((r) => ({ ring: Number(r.ring) }))[0] ?? { ring: null };
  const doneRing = known.ring ?? -1;
  if (doneRing >= ring) return 0;
  const [row] = rowsOf<{
    told: string[] | string;
    alerted: string[] | string;
    awake: string[] | string;
  }>(await db.execute(matchingStatement(listing, ring, doneRing)));
  const told = parseTextArray(row?.told);
  await db.execute(sql`
    INSERT INTO alert_rings (starter_id, ring) VALUES (${listing.id}, ${ring})
    ON CONFLICT (starter_id) DO UPDATE SET ring = GREATEST(alert_rings.ring, excluded.ring)`);
  // One bell per member: "New for your alert" when one of their own alerts matched, else
  // (only an ask's alert did) "New for your ask".
  const alerted = new Set(parseTextArray(row?.alerted));
  const asked = [...new Set(told)].filter((id) => !alerted.has(id));
  const pushTo = [...new Set(parseTextArray(row?.awake))];
  for (const [members, key] of [
    [[...alerted], 'mail:notifications.alert'],
    [asked, 'mail:notifications.askMatch'],
  ] as const) {
    await notifyMany(
      db,
      members,
      {
        kind: 'alert_match',
        title: { key, values: { title: listing.title } },
        url: notificationLinks.starter(listing.id),
        tag: `alert:${listing.id}`,
      },
      { pushTo: pushTo.filter((id) => members.includes(id)) },
    );
  }
  // Immediate alerts' mail goes at once (the alert-mail job decides by the member's hour).
  if (told.length > 0) await wakeJob(db, 'alert-mail');
  return told.length;
}

/** A text[] as the drivers answer it: an array (postgres.js, PGlite) or its literal. */
function parseTextArray(value: string[] | string | null | undefined): string[] {
  if (!value) return [];
  if (Array.isArray(value)) return value;
  const inner = value.slice(1, -1);
  return inner ? inner.split(',').map((v) => v.replace(/^"|"$/g, '')) : [];
}

/**
 * The announcing job's run: each new listing still wholly available (none of its portions
 * reserved or given, not claimed) gets the rings due since it was posted, every
 * `announceRingMinutes`; once one is reserved or claimed it widens no further. Listings are
 * found by the (created_at) index of listed starters, and only those with a ring due that has
 * not gone out; alerts by theirs. Each listing is announced in its own transaction.
 */
export async function announceNewListings({
  db,
  config,
  stopping = () => false,
}: {
  db: Db;
  config: Pick<Config, 'announceRingMinutes'>;
  /** Ends the run between two listings: a server shutting down does not wait for a backlog. */
  stopping?: () => boolean;
}): Promise<number> {
  const ringMinutes = config.announceRingMinutes;
  const lastRingMs = ringMinutes * MINUTE_MS * ANNOUNCE_RINGS_KM.length;
  const since = new Date(clock.nowMs() - lastRingMs - LATE_MS);
  const now = clock.sqlNow();
  const ringMs = ringMinutes * MINUTE_MS;
  // ringDue in SQL: the ring due for a listing posted at created_at.
  const due =
    ringMs <= 0
      ? sql`${ANNOUNCE_RINGS_KM.length}::int`
      : sql`CASE ${sql.join(
          ANNOUNCE_RINGS_KM.map(
            (_, ring) =>
              sql`WHEN ${starters.createdAt} > ${now} - make_interval(secs => ${((ring + 1) * ringMs) / 1000}::float8) THEN ${ring}::int`,
          ),
          sql` `,
        )} ELSE ${ANNOUNCE_RINGS_KM.length}::int END`;
  const candidates = await db
    .select({
      id: starters.id,
      userId: starters.userId,
      latitude: starters.latitude,
      longitude: starters.longitude,
      category: starters.category,
      subcategory: starters.subcategory,
      title: starters.title,
      starterType: starters.starterType,
      description: starters.description,
      customDescription: starters.customDescription,
      createdAt: starters.createdAt,
      doneRing: alertRings.ring,
    })
    .from(starters)
    .leftJoin(alertRings, eq(alertRings.starterId, starters.id))
    .where(
      and(
        publiclyVisible(),
        gt(starters.createdAt, since),
        sql`NOT ${starters.isClaimed} AND ${starters.portionsReserved} = 0 AND ${starters.portionsGiven} = 0`,
        sql`${starters.latitude} IS NOT NULL AND ${starters.longitude} IS NOT NULL`,
        sql`(${alertRings.ring} IS NULL OR ${alertRings.ring} < ${due})`,
      ),
    )
    .orderBy(desc(starters.createdAt))
    .limit(BATCH);
  let announced = 0;
  for (const s of candidates) {
    if (stopping()) break;
    const ring = ringDue(clock.nowMs() - s.createdAt.getTime(), ringMinutes);
    const listing: ListingToMatch = {
      id: s.id,
      userId: s.userId,
      latitude: s.latitude!,
      longitude: s.longitude!,
      category: s.category,
      subcategory: s.subcategory,
      tokens: listingTokens(s),
      title: s.title,
    };
    const done = { ring: s.doneRing };
    announced += await db.transaction((tx) => announceListing(tx, listing, ring, done));
  }
  return announced;
}
