import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Whether a starter or a member is banned, suspended, removed, deleted, expired or held for
 * review is decided in `access/` (and `common/listings/starter-status.ts` for "expired"), nowhere else: a feature asks
 * `requireStarter`, `isOpen`, `isListed`, `wasRemoved`, `mayAct`, `sanctionNow`, or uses the
 * SQL forms (`listed()`, `openly()`, `fresh()`, `notDeleted()`, `membersWhoMayNotAct()`).
 * This test reads the server's source and fails on a file outside `access/` and `db/` that
 * tests one of those columns itself. Writing them (a moderator bans, an owner deletes) and
 * showing their values are fine; deciding on them is not.
 */

const SERVER_SRC = path.resolve(import.meta.dirname, '..');
const ALLOWED_DIRS = ['access', 'db', 'test', 'cli'].map((d) => path.join(SERVER_SRC, d));

const COLUMN = String.raw`(?:bannedAt|banned_at|removedAt|removed_at|deletedAt|deleted_at|suspendedUntil|suspended_until|heldForReviewAt|held_for_review_at)`;
const UNTIL = String.raw`(?:availableUntil|available_until)`;

/** The ways a condition on a visibility column is written, in drizzle, raw SQL and per row. */
const DECISIONS: RegExp[] = [
  // drizzle: isNull(starters.deletedAt), isNotNull(users.bannedAt), gt(users.suspendedUntil, …)
  new RegExp(String.raw`\b(?:isNull|isNotNull|eq|ne|gt|gte|lt|lte)\(\s*\w+\.${COLUMN}\b`),
  new RegExp(String.raw`\b(?:gt|gte|lt|lte)\(\s*\w+\.${UNTIL}\b`),
  // raw SQL: s.removed_at IS NULL, u.suspended_until > now()
  new RegExp(String.raw`${COLUMN}\s+IS\s+(?:NOT\s+)?NULL`, 'i'),
  new RegExp(String.raw`${COLUMN}\}?\s*[<>]=?`),
  // "expired" as SQL: available_until <= now() (a window such as now() + 2 days is not)
  new RegExp(String.raw`${UNTIL}\}?\s*[<>]=?\s*now\(\)(?!\s*\+)`),
  // per row: if (s.removedAt), !user.bannedAt, x.deletedAt ? … , s.availableUntil.getTime() <= …
  new RegExp(String.raw`(?:!|\bif\s*\(|&&|\|\|)\s*!?[\w.?]*\.${COLUMN}\b`),
  new RegExp(String.raw`\.${COLUMN}\s*(?:\?|&&|\|\|)`),
  new RegExp(String.raw`\.${UNTIL}\.getTime\(\)\s*[<>]`),
  // the materialised answer (decision 085): read through `shownPublicly()`
  /\bstarters\.visible\b/,
  /\bvisible\s+(?:IS\s+(?:NOT\s+)?(?:TRUE|FALSE)|=\s*(?:true|false))/i,
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ALLOWED_DIRS.includes(full) ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

function decisionsIn(text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter(({ line }) => !line.startsWith('*') && !line.startsWith('//'))
    .filter(({ line }) => DECISIONS.some((re) => re.test(line)))
    .map(({ line, n }) => `${n}: ${line}`);
}

describe('visibility columns', () => {
  it('are tested only by the access layer', () => {
    const files = sourceFiles(SERVER_SRC);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      decisionsIn(fs.readFileSync(file, 'utf8')).map(
        (hit) => `${path.relative(SERVER_SRC, file)}:${hit}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('would catch each way of writing such a test', () => {
    const written = [
      '.where(and(eq(starters.userId, id), isNull(starters.deletedAt)))',
      'AND s.removed_at IS NULL AND s.deleted_at IS NULL',
      '(u.is_active AND u.banned_at IS NULL',
      'AND NOT coalesce(g.suspended_until > now(), false)) AS visible,',
      'AND s.available_until > now()',
      'if (starter.removedAt) throw conflict();',
      'const banned = !!user.bannedAt;',
      'row.owner.suspendedUntil && row.owner.suspendedUntil > new Date()',
      "kind: s.availableUntil.getTime() <= now ? 'expired' : 'soon',",
      'or(eq(starters.isClaimed, true), gt(starters.availableUntil, sql`now()`))',
    ];
    for (const line of written) expect(decisionsIn(line), line).toHaveLength(1);
    const fine = [
      'bannedAt: sql`now()`, updatedAt: sql`now()`',
      'removedAt: iso(row.starter.removedAt),',
      'availableUntil: starters.availableUntil,',
      'sql`${starters.availableUntil} < now() + make_interval(days => ${n}::int)`',
      'UPDATE starters s SET expiry_reminded_for = s.available_until',
    ];
    for (const line of fine) expect(decisionsIn(line), line).toEqual([]);
  });
});
