import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { displayName } from '../../../../common/members/display';
import {
  MEET_BRING_TOO_MANY,
  MEET_NEAR_REQUIRED,
  MEET_NOT_FOUND,
  MEET_OVER,
  MEET_UNKNOWN_PLACE,
  meetStartProblem,
  type Bring,
  type BroughtListing,
  type Coming,
  type CreateMeet,
  type Meet,
  type MeetReach,
  type MeetsQuery,
  type MeetSummary,
} from '../../../../common/listings/meets';
import { assertMayPost, membersWhoMayNotAct } from '../../access/members';
import * as clock from '../../clock/clock';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { meetAttendees, meetListings, meets, starters, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { HttpError, notFound } from '../../errors';
import { withQuota } from '../../plugins/rate-limit';
import type { SessionUser } from '../../plugins/sessions';
import { visibleTo, type Viewer } from '../../access/starter-access';
import { blockedEitherWay } from '../blocks/blocks.service';
import { walkUp } from '../lineage/lineage.service';
import { findPlace } from '../places/places.service';
import { earthOf, withinMetres } from '../places/earth';
import { openOwnStarterForUpdate } from '../starters/listing-terms.service';
import { DAY_MS } from '../../../../common/site/time';

/** Meets a member may plan a day: each is seen by every member near it. */
export const MEETS_PER_DAY = 10;
export const TOO_MANY_MEETS = "You've planned a lot of meets today. Please try again tomorrow.";
/** The most meets one list answers: the soonest. */
const MEETS_LISTED = 50;

const refused = (field: string, message: string) =>
  new HttpError(400, 'validation_failed', message, { [field]: message });

/** POST /api/meets: a known place, a start not passed nor too far ahead, within the quota. */
export async function createMeet(
  deps: Pick<AppDeps, 'db' | 'limiter'>,
  actor: SessionUser,
  input: CreateMeet,
): Promise<{ id: number }> {
  assertMayPost(actor);
  const place = findPlace(input.place);
  if (!place) throw refused('place', MEET_UNKNOWN_PLACE);
  const startProblem = meetStartProblem(input.startsAt, clock.nowMs());
  if (startProblem) throw refused('startsAt', startProblem);
  return withQuota(
    deps.limiter,
    `meets:${actor.id}`,
    MEETS_PER_DAY,
    DAY_MS,
    TOO_MANY_MEETS,
    async () => {
      const [created] = await deps.db
        .insert(meets)
        .values({
          hostId: actor.id,
          title: input.title,
          description: input.description,
          location: place.name,
          latitude: place.latitude,
          longitude: place.longitude,
          startsAt: new Date(input.startsAt),
          endsAt: new Date(input.endsAt),
          createdAt: clock.now(),
        })
        .returning({ id: meets.id });
      return { id: created!.id };
    },
  );
}

/** Meets whose host may act and is not blocked either way by the viewer. */
function meetShownTo(viewer: Viewer): SQL {
  const tests = [sql`${meets.hostId} NOT IN (${membersWhoMayNotAct()})`];
  if (viewer) tests.push(sql`${meets.hostId} NOT IN (${blockedEitherWay(viewer.id)})`);
  return and(...tests)!;
}

const comingCount = sql<number>`(SELECT count(*)::int FROM ${meetAttendees} WHERE ${meetAttendees.meetId} = ${meets.id})`;
const portionsCount = sql<number>`(SELECT coalesce(sum(${meetListings.portions}), 0)::int FROM ${meetListings} WHERE ${meetListings.meetId} = ${meets.id})`;
const summaryColumns = {
  id: meets.id,
  title: meets.title,
  place: meets.location,
  startsAt: meets.startsAt,
  endsAt: meets.endsAt,
  host: { firstName: users.firstName, lastName: users.lastName, username: users.username },
  coming: comingCount,
  portions: portionsCount,
};

/** The place a list is about: the one asked for, else the member's own; a known one. */
async function placeNear(db: DbOrTx, viewer: Viewer, near: string | undefined) {
  let text = near?.trim();
  if (!text && viewer) {
    const [me] = await db
      .select({ location: users.location })
      .from(users)
      .where(eq(users.id, viewer.id));
    text = me?.location?.trim();
  }
  if (!text) throw refused('near', MEET_NEAR_REQUIRED);
  const place = findPlace(text);
  if (!place) throw refused('near', MEET_UNKNOWN_PLACE);
  return place;
}

/** GET /api/meets?near=&radiusKm=: meets not over yet within the radius, soonest first. */
export async function listMeets(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  query: MeetsQuery,
): Promise<MeetSummary[]> {
  const place = await placeNear(deps.db, viewer, query.near);
  const point = earthOf(place.latitude, place.longitude);
  const rows = await deps.db
    .select({
      ...summaryColumns,
      distanceKm: sql<number>`earth_distance(${meets.earthPoint}, ${point}) / 1000`,
    })
    .from(meets)
    .innerJoin(users, eq(users.id, meets.hostId))
    .where(
      and(
        sql`${meets.endsAt} > ${clock.sqlNow()}`,
        withinMetres(meets.earthPoint, point, query.radiusKm * 1000),
        meetShownTo(viewer),
      ),
    )
    .orderBy(asc(meets.startsAt), asc(meets.id))
    .limit(MEETS_LISTED);
  return rows.map(({ host, ...row }) => ({
    ...row,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    distanceKm: Math.round(Number(row.distanceKm) * 10) / 10,
    hostName: displayName(host),
    coming: Number(row.coming),
    portions: Number(row.portions),
  }));
}

/** The meet, as the viewer may see it, or 404. */
async function findMeet(db: DbOrTx, viewer: Viewer, id: number) {
  const [row] = await db
    .select({ ...summaryColumns, description: meets.description, hostId: meets.hostId })
    .from(meets)
    .innerJoin(users, eq(users.id, meets.hostId))
    .where(and(eq(meets.id, id), meetShownTo(viewer)));
  if (!row) throw notFound(MEET_NOT_FOUND);
  return row;
}

/** The brought listings the viewer may see (the access policy's), with their giver. */
async function broughtListings(db: DbOrTx, viewer: Viewer, id: number): Promise<BroughtListing[]> {
  const tests = [eq(meetListings.meetId, id), visibleTo(viewer)];
  if (viewer) tests.push(sql`${starters.userId} NOT IN (${blockedEitherWay(viewer.id)})`);
  const rows = await db
    .select({
      starterId: meetListings.starterId,
      portions: meetListings.portions,
      title: starters.title,
      giverId: starters.userId,
      giver: { firstName: users.firstName, lastName: users.lastName, username: users.username },
    })
    .from(meetListings)
    .innerJoin(starters, eq(starters.id, meetListings.starterId))
    .innerJoin(users, eq(users.id, starters.userId))
    .where(and(...tests))
    .orderBy(asc(meetListings.createdAt), asc(meetListings.starterId));
  return rows.map((r) => ({
    starterId: r.starterId,
    title: r.title,
    portions: r.portions,
    giverName: displayName(r.giver),
    mine: viewer?.id === r.giverId,
  }));
}

/**
 * What the meet reached: the kitchens that received a portion of a brought listing while it ran
 * (a label scan counts at the time it was scanned, even when its device sent it later), and the
 * families those portions belong to, each by its first culture the lineage shows.
 */
export async function meetReach(
  db: DbOrTx,
  meet: { id: number; startsAt: Date; endsAt: Date },
): Promise<MeetReach> {
  const result = await db.execute(sql`
    SELECT h.starter_id, h.recipient_id, h.id
    FROM handovers h
    JOIN meet_listings ml ON ml.starter_id = h.starter_id AND ml.meet_id = ${meet.id}
    LEFT JOIN jar_labels jl ON jl.handover_id = h.id
    WHERE h.status <> 'not_received'
      AND coalesce(jl.scanned_at, h.created_at) >= ${meet.startsAt.toISOString()}::timestamptz
      AND coalesce(jl.scanned_at, h.created_at) <= ${meet.endsAt.toISOString()}::timestamptz`);
  const rows = rowsOf<{ starter_id: number; recipient_id: string | null; id: number }>(result);
  const kitchens = new Set(rows.map((r) => r.recipient_id ?? `handover:${r.id}`));
  const families = new Map<number, string>();
  for (const starterId of new Set(rows.map((r) => Number(r.starter_id)))) {
    const line = await walkUp(db, starterId);
    const root = [...line].reverse().find((r) => r.public) ?? line[0];
    if (root && !families.has(root.id)) families.set(root.id, root.title);
  }
  return {
    kitchens: kitchens.size,
    families: [...families].map(([starterId, title]) => ({ starterId, title })),
  };
}

/** GET /api/meets/:id: the meet, what is brought, who is coming and, once started, its reach. */
export async function getMeet(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  input: { id: number },
): Promise<Meet> {
  const row = await findMeet(deps.db, viewer, input.id);
  const now = clock.nowMs();
  const [mine] = viewer
    ? await deps.db
        .select({ id: meetAttendees.memberId })
        .from(meetAttendees)
        .where(and(eq(meetAttendees.meetId, row.id), eq(meetAttendees.memberId, viewer.id)))
    : [];
  const brought = await broughtListings(deps.db, viewer, row.id);
  const started = row.startsAt.getTime() <= now;
  return {
    id: row.id,
    title: row.title,
    place: row.place,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    description: row.description,
    hostName: displayName(row.host),
    coming: Number(row.coming),
    portions: brought.reduce((sum, b) => sum + b.portions, 0),
    mine: viewer?.id === row.hostId,
    comingByMe: !!mine,
    over: row.endsAt.getTime() <= now,
    brought,
    reach: started ? await meetReach(deps.db, row) : null,
  };
}

/** A meet the member may still join or bring to: seen by them, and not over. */
async function openMeet(db: DbOrTx, actor: SessionUser, id: number) {
  const row = await findMeet(db, actor, id);
  if (row.endsAt.getTime() <= clock.nowMs()) throw new HttpError(409, 'conflict', MEET_OVER);
  return row;
}

/**
 * POST /api/meets/:id/bring: one of the giver's own open listings, with at most the portions it
 * has free; saying it again changes the count. The listing is asked first, by the access policy.
 */
export async function bringToMeet(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: Bring & { id: number },
): Promise<{ starterId: number; portions: number }> {
  return deps.db.transaction(async (tx) => {
    const starter = await openOwnStarterForUpdate(tx, actor, input.starterId);
    await openMeet(tx, actor, input.id);
    const [counts] = await tx
      .select({
        free: sql<number>`${starters.portions} - ${starters.portionsReserved} - ${starters.portionsGiven}`,
      })
      .from(starters)
      .where(eq(starters.id, starter.id));
    if (input.portions > Number(counts?.free ?? 0)) throw refused('portions', MEET_BRING_TOO_MANY);
    await tx
      .insert(meetListings)
      .values({
        meetId: input.id,
        starterId: starter.id,
        portions: input.portions,
        createdAt: clock.now(),
      })
      .onConflictDoUpdate({
        target: [meetListings.meetId, meetListings.starterId],
        set: { portions: input.portions },
      });
    return { starterId: starter.id, portions: input.portions };
  });
}

async function comingNow(db: DbOrTx, actor: SessionUser, id: number): Promise<Coming> {
  const [row] = await db
    .select({
      coming: sql<number>`count(*)::int`,
      mine: sql<boolean>`coalesce(bool_or(${meetAttendees.memberId} = ${actor.id}), false)`,
    })
    .from(meetAttendees)
    .where(eq(meetAttendees.meetId, id));
  return { coming: Number(row?.coming ?? 0), comingByMe: !!row?.mine };
}

/** PUT /api/meets/:id/coming: "I'm coming" (saying it twice is once). */
export async function comeToMeet(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: { id: number },
): Promise<Coming> {
  await openMeet(deps.db, actor, input.id);
  await deps.db
    .insert(meetAttendees)
    .values({ meetId: input.id, memberId: actor.id, createdAt: clock.now() })
    .onConflictDoNothing();
  return comingNow(deps.db, actor, input.id);
}

/** DELETE /api/meets/:id/coming: not coming after all. */
export async function leaveMeet(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: { id: number },
): Promise<Coming> {
  await findMeet(deps.db, actor, input.id);
  await deps.db
    .delete(meetAttendees)
    .where(and(eq(meetAttendees.meetId, input.id), eq(meetAttendees.memberId, actor.id)));
  return comingNow(deps.db, actor, input.id);
}
