import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  HOLDERS_MAX,
  KEEPER_ASK_INTERVAL_MS,
  KEEPER_ASKED_THIS_WEEK,
  KEEPER_ASK_NOT_FOUND,
  NOT_A_CULTURE_YOU_RECEIVED,
  KEEPER_AWAY,
  NOT_A_KEEPER,
  NOT_OF_THIS_FAMILY,
  type DiedReason,
  type FamilyKeepers,
  type Holder,
} from '../../../../common/cultures/culture-backups';
import { displayName } from '../../../../common/members/display';
import {
  authorizeStarter,
  loadAccessContext,
  loadStarterFacts,
  notDeleted,
  publiclyVisible,
  receivedHere,
  type Viewer,
} from '../../access/starter-access';
import { membersWhoMayNotAct } from '../../access/members';
import { awayUntilOf, awayUntilText, membersAway } from '../../access/away';
import * as clock from '../../clock/clock';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { cultureDeaths, cultureKeepers, keeperAsks } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, forbidden, notFound, tooManyRequests } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { assertMayMessage, blockedEitherWay } from '../blocks/blocks.service';
import { partnerName } from '../messages/system-line-wording';
import { tell } from '../notifications/tell';
import { walkDown, walkUp } from './lineage.service';

/**
 * A backup when a culture dies (decision 161). A family is the tree of `starters.parent_id`
 * links from its first starter (decision 031): the same walks as the family tree.
 */

/** The family `starterId` belongs to, as `family(id)` for a query's WITH list; 404 if no such starter. */
async function familyOf(db: DbOrTx, starterId: number): Promise<SQL> {
  return (await familyLine(db, starterId)).family;
}

/**
 * The family as `familyOf` gives it, and its name: the title of its first culture that is
 * shown on the family tree, counted from the first sharer (else the culture itself).
 */
async function familyLine(db: DbOrTx, starterId: number): Promise<{ family: SQL; name: string }> {
  const line = await walkUp(db, starterId);
  const top = line[line.length - 1];
  if (!top) throw notFound('Starter not found');
  const named = [...line].reverse().find((row) => row.public) ?? line[0]!;
  return {
    family: sql`${walkDown(sql`SELECT s.id FROM starters s WHERE s.id = ${top.id}`)},
    family AS (SELECT DISTINCT id FROM walked)`,
    name: named.title,
  };
}

/** Whether the member owns a culture of the family or confirmed receiving one. */
async function holdsFamily(db: DbOrTx, family: SQL, memberId: string): Promise<boolean> {
  const result = await db.execute(sql`
    ${family}
    SELECT EXISTS (
      SELECT 1 FROM starters JOIN family f ON f.id = starters.id
      WHERE starters.user_id = ${memberId} AND ${notDeleted()}
      UNION ALL
      SELECT 1 FROM handovers h JOIN family f ON f.id = h.starter_id
      WHERE h.recipient_id = ${memberId} AND h.status = 'received'
    ) AS holds
  `);
  return Boolean(rowsOf<{ holds: unknown }>(result)[0]?.holds);
}

/**
 * 404 unless `viewer` may see the starter, as its family tree asks (access policy); a culture
 * they received here counts as their conversation about it, as on their received culture's page.
 * Answers whether they received it here.
 */
async function requireSeen(db: DbOrTx, viewer: Viewer, starterId: number): Promise<boolean> {
  const facts = await loadStarterFacts(db, starterId);
  const received = !!viewer && !!facts && (await receivedHere(db, viewer.id, starterId));
  const context = await loadAccessContext(db, viewer, facts);
  authorizeStarter(viewer, facts, 'see', { hasThread: !!context.hasThread || received });
  return received;
}

/** The starter's family, when `actor` may see it and holds a culture of it; 403 otherwise. */
async function requireFamilyHolder(db: DbOrTx, starterId: number, actor: SessionUser) {
  await requireSeen(db, actor, starterId);
  const memberId = actor.id;
  const family = await familyOf(db, starterId);
  if (!(await holdsFamily(db, family, memberId))) throw forbidden(NOT_OF_THIS_FAMILY);
  return family;
}

/** 404 when the member may not see the starter, 403 when they did not receive it here. */
async function requireReceived(db: DbOrTx, actor: SessionUser, starterId: number) {
  if (!(await requireSeen(db, actor, starterId))) throw forbidden(NOT_A_CULTURE_YOU_RECEIVED);
}

/** PUT /api/starters/:id/keeper: the member keeps a fridge copy of the starter's family. */
export async function keepBackup(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: { id: number },
): Promise<void> {
  await requireFamilyHolder(deps.db, input.id, actor);
  await deps.db
    .insert(cultureKeepers)
    .values({ memberId: actor.id, starterId: input.id, createdAt: clock.now() })
    .onConflictDoNothing();
}

/** DELETE /api/starters/:id/keeper: no longer, for any culture of the family. */
export async function stopKeepingBackup(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: { id: number },
): Promise<void> {
  const family = await requireFamilyHolder(deps.db, input.id, actor);
  await deps.db.execute(sql`
    ${family}
    DELETE FROM culture_keepers
    WHERE member_id = ${actor.id} AND starter_id IN (SELECT id FROM family)
  `);
}

/**
 * Keepers of the family (`family` in the WITH list) who may act; with `viewerId`, never the
 * viewer nor a member blocked either way.
 */
const keepersOf = (viewerId: string | null) => sql`
  SELECT DISTINCT ON (k.member_id) k.member_id, u.username, u.first_name, u.location,
    u.latitude, u.longitude
  FROM culture_keepers k JOIN family f ON f.id = k.starter_id
  JOIN users u ON u.id = k.member_id
  WHERE k.member_id NOT IN (${membersWhoMayNotAct()})
    ${
      viewerId === null
        ? sql``
        : sql`AND k.member_id <> ${viewerId} AND k.member_id NOT IN (${blockedEitherWay(viewerId)})`
    }
  ORDER BY k.member_id
`;

/** GET /api/starters/:id/keepers: the family's backup keepers, for the family tree. */
export async function familyKeepers(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  input: { id: number },
): Promise<FamilyKeepers> {
  await requireSeen(deps.db, viewer, input.id);
  const family = await familyOf(deps.db, input.id);
  const result = await deps.db.execute(sql`
    ${family}, keepers AS (${keepersOf(null)})
    SELECT * FROM keepers ORDER BY first_name, member_id
  `);
  const rows = rowsOf<KeeperRow>(result);
  const blocked = viewer
    ? new Set(
        rowsOf<{ id: string }>(
          await deps.db.execute(sql`SELECT x.id FROM (${blockedEitherWay(viewer.id)}) x(id)`),
        ).map((r) => r.id),
      )
    : new Set<string>();
  return {
    keepers: rows
      .filter((r) => !blocked.has(r.member_id))
      .map((r) => ({
        memberName: displayName({ username: r.username, firstName: r.first_name }),
        place: r.location,
      })),
    mayKeep: viewer ? await holdsFamily(deps.db, family, viewer.id) : false,
    keeping: viewer ? rows.some((r) => r.member_id === viewer.id) : false,
    asksToMe: viewer ? await openAsksTo(deps.db, family, viewer.id) : [],
  };
}

/** Asks of the last week for a portion of the family made of `keeperId`, not yet declined. */
async function openAsksTo(db: DbOrTx, family: SQL, keeperId: string) {
  const since = new Date(clock.nowMs() - KEEPER_ASK_INTERVAL_MS);
  const rows = rowsOf<{ id: unknown; username: string | null; first_name: string | null }>(
    await db.execute(sql`${family} SELECT a.id, u.username, u.first_name
      FROM keeper_asks a JOIN family f ON f.id = a.starter_id JOIN users u ON u.id = a.asker_id
      WHERE a.keeper_id = ${keeperId} AND a.declined_at IS NULL
        AND a.created_at > ${since.toISOString()}::timestamptz
      ORDER BY a.id DESC`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    askerName: displayName({ username: r.username, firstName: r.first_name }),
  }));
}

/**
 * POST /api/keeper-asks/:id/decline: the keeper asked says no, with one tap and no reason
 * asked. The member who asked is told kindly in the bell and may ask the next holder; the ask
 * still counts for the keeper's week (decision 173). Saying no twice changes nothing.
 */
export async function declineKeeperAsk(
  deps: Pick<AppDeps, 'db' | 'config'>,
  actor: SessionUser,
  input: { id: number },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [ask] = await tx
      .select()
      .from(keeperAsks)
      .where(and(eq(keeperAsks.id, input.id), eq(keeperAsks.keeperId, actor.id)))
      .for('update');
    if (!ask) throw notFound(KEEPER_ASK_NOT_FOUND);
    if (ask.declinedAt) return;
    await tx.update(keeperAsks).set({ declinedAt: clock.now() }).where(eq(keeperAsks.id, ask.id));
    const { name } = await familyLine(tx, ask.starterId);
    await tellOfBackup(tx, deps.config, 'backup_declined', {
      to: ask.askerId,
      from: actor,
      family: name,
      url: '/profile',
    });
  });
}

interface KeeperRow {
  member_id: string;
  username: string | null;
  first_name: string | null;
  location: string | null;
}

interface HolderRow extends KeeperRow {
  starter_id: number | null;
  keeper: boolean;
  distance_km: unknown;
}

const distanceFrom = (lat: SQL, lng: SQL) => sql`CASE
  WHEN me.latitude IS NULL OR me.longitude IS NULL OR ${lat} IS NULL OR ${lng} IS NULL THEN NULL
  ELSE earth_distance(ll_to_earth(me.latitude, me.longitude), ll_to_earth(${lat}, ${lng})) / 1000
END`;

/**
 * POST /api/starters/:id/died: records what happened and answers the nearest holders of the
 * family — open listings first, then backup keepers, each nearest first; one row a member.
 */
export async function cultureDied(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: { id: number; reason: DiedReason },
): Promise<{ holders: Holder[] }> {
  const { db } = deps;
  await requireReceived(db, actor, input.id);
  const family = await familyOf(db, input.id);
  const result = await db.execute(sql`
    ${family},
    me AS (SELECT latitude, longitude FROM users WHERE id = ${actor.id}),
    listings AS (
      SELECT DISTINCT ON (starters.user_id) starters.user_id AS member_id, u.username,
        u.first_name, starters.location, starters.id AS starter_id, false AS keeper,
        ${distanceFrom(sql`starters.latitude`, sql`starters.longitude`)} AS distance_km
      FROM starters JOIN family f ON f.id = starters.id
      JOIN users u ON u.id = starters.user_id, me
      WHERE ${publiclyVisible()} AND starters.user_id <> ${actor.id}
        AND starters.user_id NOT IN (${blockedEitherWay(actor.id)})
        AND starters.user_id NOT IN (${membersAway()})
      ORDER BY starters.user_id, distance_km NULLS LAST
    ),
    keepers AS (
      SELECT k.member_id, k.username, k.first_name, k.location, NULL::integer AS starter_id,
        true AS keeper, ${distanceFrom(sql`k.latitude`, sql`k.longitude`)} AS distance_km
      FROM (${keepersOf(actor.id)}) k, me
      WHERE k.member_id NOT IN (SELECT member_id FROM listings)
        AND k.member_id NOT IN (${membersAway()})
    )
    SELECT * FROM (SELECT * FROM listings UNION ALL SELECT * FROM keepers) h
    ORDER BY keeper, distance_km NULLS LAST, member_id
    LIMIT ${HOLDERS_MAX}
  `);
  await db.insert(cultureDeaths).values({
    memberId: actor.id,
    starterId: input.id,
    reason: input.reason,
    createdAt: clock.now(),
  });
  return {
    holders: rowsOf<HolderRow>(result).map((r) => {
      const km = r.distance_km === null ? null : Math.round(Number(r.distance_km) * 10) / 10;
      return {
        memberName: displayName({ username: r.username, firstName: r.first_name }),
        memberId: r.member_id,
        place: r.location,
        distanceKm: km,
        ...(r.starter_id !== null && { starterId: Number(r.starter_id) }),
        keeper: Boolean(r.keeper),
      };
    }),
  };
}

/**
 * POST /api/starters/:id/died/ask: the member whose culture died asks a backup keeper of its
 * family. A keeper is asked at most once a week by anyone (429 otherwise, nothing written), and
 * not while away (409). A keeper with no open listing of the family, so no conversation to
 * open, hears of the ask in the bell.
 */
export async function askKeeper(
  deps: Pick<AppDeps, 'db' | 'config'>,
  actor: SessionUser,
  input: { id: number; memberId: string },
): Promise<{ starterId: number | null }> {
  const { db, config } = deps;
  await requireReceived(db, actor, input.id);
  const { family, name } = await familyLine(db, input.id);
  const [keeper] = rowsOf<{ member_id: string; away_until: string | Date | null }>(
    await db.execute(sql`${family} SELECT k.member_id, u.away_until
      FROM (${keepersOf(actor.id)}) k JOIN users u ON u.id = k.member_id
      WHERE k.member_id = ${input.memberId}`),
  );
  if (!keeper) throw notFound(NOT_A_KEEPER);
  const away = awayUntilOf(keeper.away_until);
  if (away) throw conflict(KEEPER_AWAY.replace('{until}', awayUntilText(away)));
  await assertMayMessage(db, actor.id, input.memberId);
  return db.transaction(async (tx) => {
    // One ask at a time per keeper, so two at once cannot both pass the weekly check.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`keeper-ask:${input.memberId}`}))`,
    );
    const since = new Date(clock.nowMs() - KEEPER_ASK_INTERVAL_MS);
    const [last] = rowsOf<{ created_at: unknown }>(
      await tx.execute(sql`SELECT max(created_at) AS created_at FROM keeper_asks
        WHERE keeper_id = ${input.memberId} AND created_at > ${since.toISOString()}::timestamptz`),
    );
    if (last?.created_at) {
      const wait =
        new Date(String(last.created_at)).getTime() + KEEPER_ASK_INTERVAL_MS - clock.nowMs();
      throw tooManyRequests(KEEPER_ASKED_THIS_WEEK, Math.max(1, Math.ceil(wait / 1000)));
    }
    await tx.insert(keeperAsks).values({
      keeperId: input.memberId,
      askerId: actor.id,
      starterId: input.id,
      createdAt: clock.now(),
    });
    const [own] = rowsOf<{ id: unknown }>(
      await tx.execute(sql`${family} SELECT starters.id FROM starters JOIN family f ON f.id = starters.id
        WHERE starters.user_id = ${input.memberId} AND ${publiclyVisible()}
        ORDER BY starters.id DESC LIMIT 1`),
    );
    if (!own) {
      await tellOfBackup(tx, config, 'backup_ask', {
        to: input.memberId,
        from: actor,
        family: name,
        url: `/starter/${input.id}/family`,
      });
    }
    return { starterId: own ? Number(own.id) : null };
  });
}

/** The bell item of an ask for a backup, or of a keeper's no: who, and which family. */
function tellOfBackup(
  tx: DbOrTx,
  config: AppDeps['config'],
  kind: 'backup_ask' | 'backup_declined',
  news: { to: string; from: SessionUser; family: string; url: string },
) {
  const words = kind === 'backup_ask' ? 'backupAsk' : 'backupDeclined';
  return tell(tx, config, {
    kind,
    to: news.to,
    bell: {
      title: {
        key: `mail:notifications.${words}`,
        values: { name: partnerName(displayName(news.from, '')), family: news.family },
      },
      body: { key: `mail:notifications.${words}Body` },
      url: news.url,
    },
  });
}
