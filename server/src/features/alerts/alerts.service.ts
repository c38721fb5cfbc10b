import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  ALERT_SEARCH_MAX_LENGTH,
  TIME_ZONE_MESSAGE,
  describeAlert,
  type Alert,
  type AlertFrequency,
  type AlertList,
  type CreateAlert,
  type UpdateAlert,
} from '../../../../common/listings/alerts';
import { categoryName, subcategoryLabel } from '../../../../common/listings/catalogue';
import { requireStarter } from '../../access/starter-access';
import * as clock from '../../clock/clock';
import type { DbOrTx } from '../../db/client';
import { alertMatches, alerts, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, HttpError, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { findPlace } from '../places/places.service';
import { wordTokens } from './alert-words';

type Deps = Pick<AppDeps, 'db'>;
type AlertRow = typeof alerts.$inferSelect;

/** A member keeps at most this many alerts. */
export const ALERTS_PER_MEMBER = 50;

const toAlert = (row: AlertRow): Alert => ({
  id: row.id,
  search: row.search,
  category: row.category,
  subcategory: row.subcategory,
  location: row.place,
  radiusKm: row.radiusKm,
  frequency: row.frequency as Alert['frequency'],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** "Dairy › Kefir", "Dairy", or null: what an alert's category and type read as in a mail. */
export function alertTypeName(row: Pick<AlertRow, 'category' | 'subcategory'>): string | null {
  if (!row.category) return null;
  const name = categoryName(row.category);
  return row.subcategory ? `${name} › ${subcategoryLabel(row.category, row.subcategory)}` : name;
}

export const alertDescription = (row: AlertRow) =>
  describeAlert({ ...toAlert(row), typeName: alertTypeName(row) });

/** The gazetteer place a name means (decision 044), or a 400 naming `location`. */
function placeOf(location: string) {
  const place = findPlace(location);
  if (!place) {
    const message = `Unknown place "${location}": try "City, State/Country"`;
    throw new HttpError(400, 'unknown_place', message, { location: message });
  }
  return place;
}

/** Is this an IANA time zone both the server and the database know? */
export function isTimeZone(zone: string): boolean {
  if (zone === 'UTC') return true;
  try {
    return Intl.supportedValuesOf('timeZone').includes(zone);
  } catch {
    return false;
  }
}

/** GET /api/alerts: mine, oldest first. */
export async function myAlerts(deps: Deps, actor: SessionUser): Promise<AlertList> {
  const rows = await deps.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, actor.id), isNull(alerts.askId)))
    .orderBy(asc(alerts.createdAt), asc(alerts.id));
  const [me] = await deps.db
    .select({ timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, actor.id));
  return { alerts: rows.map(toAlert), timeZone: me?.timeZone ?? null };
}

/** POST /api/alerts. The browser's time zone is kept on the profile when none is set yet. */
export async function createAlert(
  deps: Deps,
  actor: SessionUser,
  input: CreateAlert,
): Promise<{ id: number }> {
  const place = placeOf(input.location);
  const zone = input.timeZone && isTimeZone(input.timeZone) ? input.timeZone : null;
  return deps.db.transaction(async (tx) => {
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(alerts)
      .where(and(eq(alerts.userId, actor.id), isNull(alerts.askId)));
    if (count >= ALERTS_PER_MEMBER) {
      throw badRequest(`You can keep up to ${ALERTS_PER_MEMBER} alerts; delete one first`);
    }
    const [created] = await tx
      .insert(alerts)
      .values({
        userId: actor.id,
        search: input.search ?? null,
        searchTokens: wordTokens(input.search),
        category: input.category ?? null,
        subcategory: input.subcategory ?? null,
        place: place.name,
        latitude: place.latitude,
        longitude: place.longitude,
        radiusKm: input.radiusKm,
        frequency: input.frequency,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .returning({ id: alerts.id });
    if (zone) {
      await tx
        .update(users)
        .set({ timeZone: zone })
        .where(and(eq(users.id, actor.id), sql`${users.timeZone} IS NULL`));
    }
    return { id: created!.id };
  });
}

async function ownAlert(db: DbOrTx, actor: SessionUser, id: number): Promise<AlertRow> {
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userId, actor.id), isNull(alerts.askId)));
  // Someone else's alert is as unknown as one that never was; an ask's goes with the ask.
  if (!row) throw notFound('Alert not found');
  return row;
}

/** PATCH /api/alerts/:id (owner): the fields sent; a new category clears a type not sent. */
export async function updateAlert(
  deps: Deps,
  actor: SessionUser,
  id: number,
  input: UpdateAlert,
): Promise<Alert> {
  const current = await ownAlert(deps.db, actor, id);
  const place = input.location !== undefined ? placeOf(input.location) : null;
  const category = input.category !== undefined ? input.category : current.category;
  const subcategory =
    input.subcategory !== undefined
      ? input.subcategory
      : input.category !== undefined
        ? null
        : current.subcategory;
  if (subcategory && !category) {
    throw badRequest('Choose a category for this type', { subcategory: 'Choose a category' });
  }
  const [updated] = await deps.db
    .update(alerts)
    .set({
      ...(input.search !== undefined
        ? { search: input.search, searchTokens: wordTokens(input.search) }
        : {}),
      category,
      subcategory,
      ...(place ? { place: place.name, latitude: place.latitude, longitude: place.longitude } : {}),
      ...(input.radiusKm !== undefined ? { radiusKm: input.radiusKm } : {}),
      ...(input.frequency !== undefined ? { frequency: input.frequency } : {}),
      updatedAt: clock.now(),
    })
    .where(eq(alerts.id, id))
    .returning();
  return toAlert(updated!);
}

/** DELETE /api/alerts/:id (owner). */
export async function deleteAlert(deps: Deps, actor: SessionUser, id: number): Promise<void> {
  await ownAlert(deps.db, actor, id);
  await deps.db.delete(alerts).where(eq(alerts.id, id));
}

/** PUT /api/me/time-zone: the zone alerts keep their night pause in. */
export async function setTimeZone(deps: Deps, actor: SessionUser, zone: string): Promise<void> {
  if (!isTimeZone(zone)) throw badRequest(TIME_ZONE_MESSAGE, { timeZone: TIME_ZONE_MESSAGE });
  await deps.db.update(users).set({ timeZone: zone }).where(eq(users.id, actor.id));
}

/** The alert a mail's stop link names, when the key is its owner's. */
async function alertByKey(db: DbOrTx, mailKey: string, id: number): Promise<AlertRow | null> {
  const [row] = await db
    .select({ alert: alerts })
    .from(alerts)
    .innerJoin(users, eq(users.id, alerts.userId))
    .where(and(eq(alerts.id, id), eq(users.mailKey, mailKey)));
  return row?.alert ?? null;
}

/** GET /api/alerts/stop/:key/:id: what the link would stop; changes nothing (scanners open links). */
export async function describeStop(deps: Deps, mailKey: string, id: number) {
  const row = await alertByKey(deps.db, mailKey, id);
  if (!row) throw notFound('This alert was already stopped');
  const { search, category, subcategory, location, radiusKm } = toAlert(row);
  return {
    description: alertDescription(row),
    alert: { search, category, subcategory, location, radiusKm },
  };
}

/** POST /api/alerts/stop/:key/:id: the mail's one-click stop; that alert only, no sign-in. */
export async function stopAlertByKey(deps: Deps, mailKey: string, id: number): Promise<void> {
  const row = await alertByKey(deps.db, mailKey, id);
  if (row) await deps.db.delete(alerts).where(eq(alerts.id, row.id));
}

/** GET /api/starters/:id/alerted: how many members alerts told of my listing (owner only). */
export async function membersTold(
  deps: Deps,
  actor: SessionUser,
  starterId: number,
): Promise<{ told: number }> {
  // The access policy: 404 for a starter the member may not see, 403 for someone else's.
  await requireStarter(deps.db, actor, starterId, 'change');
  const [row] = await deps.db
    .select({ told: sql<number>`count(DISTINCT ${alertMatches.userId})::int` })
    .from(alertMatches)
    .where(eq(alertMatches.starterId, starterId));
  return { told: row?.told ?? 0 };
}

/**
 * An open ask's own alert (decision 141): what the ask names, where, within its radius. The
 * announcing job then tells the asker of every new matching listing, as it tells any alert,
 * until the ask is closed, lapses or is deleted.
 */
export async function createAskAlert(
  db: DbOrTx,
  ask: {
    id: number;
    userId: string;
    category: string;
    subcategory: string;
    search: string | null;
    place: { name: string; latitude: number; longitude: number };
    radiusKm: number;
    frequency: AlertFrequency;
  },
): Promise<void> {
  await db.insert(alerts).values({
    userId: ask.userId,
    askId: ask.id,
    // The alert keeps at most ALERT_SEARCH_MAX_LENGTH characters to show; it matches on all words.
    search: ask.search?.slice(0, ALERT_SEARCH_MAX_LENGTH) || null,
    searchTokens: wordTokens(ask.search),
    category: ask.category,
    subcategory: ask.subcategory,
    place: ask.place.name,
    latitude: ask.place.latitude,
    longitude: ask.place.longitude,
    radiusKm: ask.radiusKm,
    frequency: ask.frequency,
    createdAt: clock.now(),
    updatedAt: clock.now(),
  });
}

/** The asks whose own alert was told of `starterId` (their ids; the asks feature reads them). */
export async function asksToldOf(db: DbOrTx, starterId: number): Promise<number[]> {
  const rows = await db
    .select({ askId: alerts.askId })
    .from(alertMatches)
    .innerJoin(alerts, eq(alerts.id, alertMatches.alertId))
    .where(and(eq(alertMatches.starterId, starterId), sql`${alerts.askId} IS NOT NULL`));
  return rows.map((r) => r.askId!);
}
