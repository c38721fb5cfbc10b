import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  LINEAGE_DEPTH_MAX,
  LINEAGE_DESCENDANTS_MAX,
  LINEAGE_FAMILY_MAX,
  LINEAGE_PLACE_DECIMALS,
  NOT_YOUR_HANDOVER,
  type Lineage,
  type LineageAncestor,
  type LineageDescendant,
  type ReceivedCulture,
} from '../../../../common/cultures/lineage';
import type { CultureForm } from '../../../../common/cultures/cultures';
import type { Starter } from '../../../../common/listings/starters';
import {
  publiclyVisible,
  shownInLineage,
  requireStarter,
  receivedAndSeenBy,
  type Viewer,
} from '../../access/starter-access';
import type { DbOrTx } from '../../db/client';
import { iso, rowsOf } from '../../db/rows';
import { handovers, starters, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { getStarter } from '../starters/starters.service';
import { screenListing } from '../screening/screening.service';
import { publicMemberColumns } from '../../access/public-members';
import * as clock from '../../clock/clock';

/**
 * Family trees (docs/decisions/031-family-trees.md). A starter's family is the tree of
 * `starters.parent_id` links. Every walk is a recursive CTE that stops after
 * LINEAGE_DEPTH_MAX generations and never visits a starter twice on one path (the links are
 * made only to older starters, but a hand-edited row must not loop a query), and every walk
 * down reads at most LINEAGE_FAMILY_MAX rows. Walks go through hidden starters, so a removed
 * or expired listing does not cut its public relatives off; only public ones are answered
 * and counted (`publiclyVisible`, the access policy's SQL).
 */

const round = (v: number | null) => {
  if (v === null || !Number.isFinite(v)) return null;
  const f = 10 ** LINEAGE_PLACE_DECIMALS;
  return Math.round(v * f) / f;
};

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

interface UpRow {
  id: number;
  depth: number;
  title: string;
  location: string;
  latitude: number | null;
  longitude: number | null;
  origin_story: string | null;
  born_year: number | null;
  user_id: string;
  public: boolean;
}

/** The line from `starterId` up, itself first (depth 0), each parent one deeper. */
export async function walkUp(db: DbOrTx, starterId: number): Promise<UpRow[]> {
  const result = await db.execute(sql`
    WITH RECURSIVE up(id, parent_id, depth, path) AS (
      SELECT s.id, s.parent_id, 0, ARRAY[s.id] FROM starters s WHERE s.id = ${starterId}
      UNION ALL
      SELECT s.id, s.parent_id, up.depth + 1, up.path || s.id
      FROM up JOIN starters s ON s.id = up.parent_id
      WHERE up.depth < ${LINEAGE_DEPTH_MAX} AND NOT s.id = ANY(up.path)
    )
    SELECT up.id, up.depth, starters.title, starters.location, starters.latitude,
      starters.longitude, starters.origin_story, starters.born_year, starters.user_id,
      (${shownInLineage()}) AS public
    FROM up JOIN starters ON starters.id = up.id
    ORDER BY up.depth
  `);
  return rowsOf<UpRow>(result).map((r) => ({
    ...r,
    id: Number(r.id),
    depth: Number(r.depth),
    latitude: num(r.latitude),
    longitude: num(r.longitude),
    born_year: num(r.born_year),
  }));
}

/**
 * A walk down from the starters `roots` selects (as `SELECT s.id FROM starters s WHERE …`),
 * breadth first, at most LINEAGE_FAMILY_MAX + 1 rows: `down(id, depth, path)`, then `walked`.
 */
export const walkDown = (roots: SQL) => sql`
  WITH RECURSIVE down(id, depth, path) AS (
    SELECT r.id, 0, ARRAY[r.id] FROM (${roots}) r
    UNION ALL
    SELECT s.id, down.depth + 1, down.path || s.id
    FROM down JOIN starters s ON s.parent_id = down.id
    WHERE down.depth < ${LINEAGE_DEPTH_MAX} AND NOT s.id = ANY(down.path)
  ),
  walked AS (SELECT id, depth, path FROM down LIMIT ${LINEAGE_FAMILY_MAX + 1})
`;

interface DownRow {
  id: number;
  depth: number;
  path: number[];
  title: string;
  location: string;
  latitude: number | null;
  longitude: number | null;
  public: boolean;
}

/** Postgres arrays come back as arrays from one driver and as '{1,2}' text from another. */
function intArray(v: unknown): number[] {
  if (Array.isArray(v)) return v.map(Number);
  if (typeof v === 'string') {
    return v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  }
  return [];
}

async function walkDescendants(db: DbOrTx, starterId: number): Promise<DownRow[]> {
  const result = await db.execute(sql`
    ${walkDown(sql`SELECT s.id FROM starters s WHERE s.id = ${starterId}`)}
    SELECT walked.id, walked.depth, walked.path, starters.title, starters.location,
      starters.latitude, starters.longitude, (${shownInLineage()}) AS public
    FROM walked JOIN starters ON starters.id = walked.id
    ORDER BY walked.depth, walked.id
  `);
  return rowsOf<DownRow>(result).map((r) => ({
    ...r,
    id: Number(r.id),
    depth: Number(r.depth),
    path: intArray(r.path),
    latitude: num(r.latitude),
    longitude: num(r.longitude),
  }));
}

/**
 * Kitchens and the deepest generation over the public starters a walk down from `roots`
 * reaches: owners of those starters, and members who confirmed receiving one, except the
 * kitchen the walk starts from (`except`): a kitchen is reached when a culture comes to it.
 */
async function familyFigures(
  db: DbOrTx,
  roots: SQL,
  except: string | null = null,
): Promise<{ kitchens: number; deepest: number | null }> {
  const result = await db.execute(sql`
    ${walkDown(roots)},
    family AS (
      SELECT walked.id, min(walked.depth) AS depth, min(starters.user_id) AS owner_id
      FROM walked JOIN starters ON starters.id = walked.id
      WHERE ${publiclyVisible()}
      GROUP BY walked.id
    ),
    kitchens AS (
      SELECT owner_id AS member_id FROM family
      UNION
      SELECT h.recipient_id FROM handovers h JOIN family ON h.starter_id = family.id
      WHERE h.status = 'received' AND h.recipient_id IS NOT NULL
    )
    SELECT
      (SELECT count(*) FROM kitchens
        WHERE ${except}::text IS NULL OR member_id <> ${except}::text) AS kitchens,
      (SELECT max(depth) FROM family) AS deepest
  `);
  const [row] = rowsOf<{ kitchens: unknown; deepest: unknown }>(result);
  return { kitchens: Number(row?.kitchens ?? 0), deepest: num(row?.deepest) };
}

/** Descendants as a tree; a hidden one is skipped and its children hang one level up. */
function toTree(
  rows: DownRow[],
  starterId: number,
  starterGeneration: number,
): { descendants: LineageDescendant[]; capped: boolean } {
  const shown = new Set(rows.filter((r) => r.public).map((r) => r.id));
  const nodes = new Map<number, LineageDescendant>();
  const top: LineageDescendant[] = [];
  let count = 0;
  let capped = rows.length > LINEAGE_FAMILY_MAX;
  for (const row of rows) {
    if (row.id === starterId || !row.public || nodes.has(row.id)) continue;
    if (count >= LINEAGE_DESCENDANTS_MAX) {
      capped = true;
      break;
    }
    const node: LineageDescendant = {
      id: row.id,
      title: row.title,
      location: row.location,
      generation: starterGeneration + row.depth,
      latitude: round(row.latitude),
      longitude: round(row.longitude),
      children: [],
    };
    // The nearest public starter above it on its path (the asked-about starter is the top).
    const above = row.path
      .slice(0, -1)
      .reverse()
      .find((id) => id === starterId || shown.has(id));
    const parent = above === undefined || above === starterId ? undefined : nodes.get(above);
    (parent ? parent.children : top).push(node);
    nodes.set(row.id, node);
    count += 1;
  }
  return { descendants: top, capped };
}

/**
 * GET /api/starters/:id/lineage: the starter must be visible to the asker (404 otherwise);
 * its relatives are public ones only.
 */
export async function getLineage(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  input: { id: number },
): Promise<Lineage> {
  const { db } = deps;
  await requireStarter(db, viewer, input.id, 'see');

  const line = await walkUp(db, input.id);
  const self = line[0]!;
  const top = line[line.length - 1]!;
  const topDepth = top.depth;
  const generationOf = (depth: number) => topDepth - depth + 1;
  const toNode = (r: UpRow): LineageAncestor => ({
    id: r.id,
    title: r.title,
    location: r.location,
    generation: generationOf(r.depth),
    latitude: round(r.latitude),
    longitude: round(r.longitude),
  });
  const ancestors = line
    .slice(1)
    .filter((r) => r.public)
    .reverse()
    .map(toNode);

  const selfGeneration = generationOf(0);
  const { descendants, capped } = toTree(
    await walkDescendants(db, input.id),
    input.id,
    selfGeneration,
  );
  // The first sharer's kitchen is where the culture started, not one it reached: the same
  // count as a member's "Kitchens reached" (decision 046).
  const figures = await familyFigures(
    db,
    sql`SELECT s.id FROM starters s WHERE s.id = ${top.id}`,
    top.user_id,
  );
  const first = [...line].reverse().find((r) => r.public || r.id === self.id)!;
  return {
    starter: toNode(self),
    ancestors,
    descendants,
    descendantsCapped: capped,
    kitchens: figures.kitchens,
    generations: Math.max(selfGeneration, figures.deepest === null ? 0 : figures.deepest + 1),
    origin:
      first.origin_story || first.born_year !== null
        ? {
            starterId: first.id,
            title: first.title,
            originStory: first.origin_story,
            bornYear: first.born_year,
          }
        : null,
  };
}

/**
 * "Kitchens reached" on a member's summary: other members the member's public starters and
 * the public starters grown from them have reached (owners of descendants, and members who
 * confirmed receiving any of them). The member themself is not counted.
 */
export async function kitchensReachedBy(db: DbOrTx, memberId: string): Promise<number> {
  const { kitchens } = await familyFigures(
    db,
    sql`SELECT s.id FROM starters s WHERE s.user_id = ${memberId}`,
    memberId,
  );
  return kitchens;
}

/**
 * "Kitchens reached" over the whole site, by the same rule: members a culture came to from
 * someone else here, through a public starter — they confirmed receiving a portion of one, or
 * posted one grown from another. Each member counts once, however many cultures reached them.
 */
export async function kitchensReachedOverall(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`
    SELECT count(*) AS kitchens FROM (
      SELECT h.recipient_id AS member_id
      FROM handovers h JOIN starters ON starters.id = h.starter_id
      WHERE h.status = 'received' AND h.recipient_id IS NOT NULL AND ${publiclyVisible()}
      UNION
      SELECT starters.user_id FROM starters
      WHERE starters.parent_id IS NOT NULL AND ${publiclyVisible()}
    ) reached
  `);
  const [row] = rowsOf<{ kitchens: unknown }>(result);
  return Number(row?.kitchens ?? 0);
}

/** PUT /api/starters/:id/origin: the owner names (or clears) its origin story and born year. */
export async function updateOrigin(
  deps: Pick<AppDeps, 'db' | 'listings'>,
  actor: SessionUser,
  input: { id: number; originStory?: string; bornYear?: number },
): Promise<Starter> {
  const { db } = deps;
  await requireStarter(db, actor, input.id, 'change');
  // Read on the listing page by everyone: screened as the listing's other words are, and a
  // story that would hold a new listing holds this one, unseen, for a moderator (decision 073).
  const screening = input.originStory
    ? await screenListing(db, actor, { originStory: input.originStory })
    : undefined;
  const [changed] = await db
    .update(starters)
    .set({
      originStory: input.originStory ?? null,
      bornYear: input.bornYear ?? null,
      ...(screening?.action === 'hold' && { heldAt: clock.now(), heldCodes: screening.codes }),
      updatedAt: clock.sqlNow(),
    })
    .where(and(eq(starters.id, input.id), eq(starters.userId, actor.id)))
    .returning({ category: starters.category });
  if (!changed) throw notFound('Starter not found');
  // Browse answers carry every starter's culture fields, the origin included.
  deps.listings.invalidate(changed.category);
  return getStarter(deps, actor, { id: input.id });
}

const receivedColumns = {
  handoverId: handovers.id,
  starterId: starters.id,
  title: starters.title,
  category: starters.category,
  subcategory: starters.subcategory,
  starterType: starters.starterType,
  form: starters.form,
  careNotes: starters.careNotes,
  confirmedAt: handovers.confirmedAt,
  giver: publicMemberColumns,
};

function receivedQuery(db: DbOrTx, actor: SessionUser, handoverId?: number) {
  return db
    .select(receivedColumns)
    .from(handovers)
    .innerJoin(starters, eq(starters.id, handovers.starterId))
    .innerJoin(users, eq(users.id, handovers.giverId))
    .where(
      and(
        receivedAndSeenBy(actor),
        handoverId === undefined ? undefined : eq(handovers.id, handoverId),
      ),
    )
    .orderBy(desc(handovers.confirmedAt), desc(handovers.id));
}

type ReceivedRow = Awaited<ReturnType<typeof receivedQuery>>[number];

const toReceived = (r: ReceivedRow): ReceivedCulture => ({
  ...r,
  form: r.form as CultureForm,
  confirmedAt: iso(r.confirmedAt),
});

/** GET /api/me/received-cultures: what the member received here, confirmed, newest first. */
export async function myReceivedCultures(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
): Promise<ReceivedCulture[]> {
  return (await receivedQuery(deps.db, actor)).map(toReceived);
}

/** GET /api/me/received-cultures/:handoverId: one of them, for the post form; 404 otherwise. */
export async function myReceivedCulture(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: { handoverId: number },
): Promise<ReceivedCulture> {
  const [row] = await receivedQuery(deps.db, actor, input.handoverId).limit(1);
  if (!row) throw notFound(NOT_YOUR_HANDOVER);
  return toReceived(row);
}
