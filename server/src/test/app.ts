import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database, Db } from '../db/client';
import { sql } from 'drizzle-orm';
import { feedback, handovers, starters, users } from '../db/schema';
import { TRUST_RULE } from '../../../common/members/trust';
import {
  insertSession,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  type SessionUser,
} from '../plugins/sessions';
import { openTestDatabase } from './database';
import * as clock from '../clock/clock';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Db;
  config: Config;
  /** `who` (a member's session, or null for a visitor) calls the API, with a JSON payload if given. */
  call(
    who: { cookie: string } | null,
    method: string,
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The real app on a fresh database; `env` overrides configuration as the environment would. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'onRoute'> = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CLIENT_DIST: '/nonexistent',
    ...env,
  });
  const database = await openTestDatabase();
  const app = await buildApp({ config, database, ...options });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    call: (who, method, url, payload) =>
      app.inject({
        method: method as 'GET',
        url,
        headers: who ? { cookie: who.cookie } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let memberCounter = 0;

/**
 * Inserts a member directly (no password unless given as a hash), with a confirmed address as
 * an established member has; pass `emailVerifiedAt: null` for one who has not confirmed yet.
 * The confirmation flow itself is tested through the mailed link in account-mail.test.ts.
 */
export async function createMember(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<SessionUser> {
  memberCounter += 1;
  const tag = `${Date.now().toString(36)}${memberCounter}${crypto.randomBytes(2).toString('hex')}`;
  const [user] = await db
    .insert(users)
    .values({
      email: `member-${tag}@example.test`,
      firstName: 'Test',
      lastName: `Member${memberCounter}`,
      username: `member_${tag}`,
      emailVerifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  return user!;
}

/** A session row for `userId`, as sign-in would make; returns the Cookie header value. */
export async function sessionCookieFor(db: Db, userId: string): Promise<string> {
  const seen = { userAgent: null, place: null };
  const raw = await insertSession(db, { idleDays: 1, maxDays: 7 }, userId, seen);
  // Under both names: a site over HTTPS reads only the `__Host-` one, a plain one the other.
  return `${SESSION_COOKIE}=${raw}; ${SECURE_SESSION_COOKIE}=${raw}`;
}

/** A new member and a cookie that signs them in. */
/**
 * A fixed-offset time zone in which it is `hour` o'clock now by the server's clock: alerts push
 * and mail immediately only in the member's day (07:00–21:59), so tests choose the hour.
 */
export function zoneWhereItIs(hour: number): string {
  let off = (((hour - clock.now().getUTCHours()) % 24) + 24) % 24;
  if (off > 12) off -= 24;
  return off === 0 ? 'UTC' : off > 0 ? `Etc/GMT-${off}` : `Etc/GMT+${-off}`;
}

export async function signedInMember(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await createMember(db, overrides);
  return { user, cookie: await sessionCookieFor(db, user.id) };
}

/**
 * The Set-Cookie value of a named cookie in an inject() response, as a Cookie header; the
 * session cookie by default, under either of its names (`__Host-` over HTTPS).
 */
export function cookieFrom(
  response: { cookies: Array<{ name: string; value: string }> },
  name?: string,
): string | undefined {
  const names = name ? [name] : [SESSION_COOKIE, SECURE_SESSION_COOKIE];
  const found = response.cookies.find((c) => names.includes(c.name));
  return found ? `${found.name}=${found.value}` : undefined;
}

/** Inserts a starter directly (for tests of features built on top of starters). */
export async function createStarterRow(
  db: Db,
  userId: string,
  overrides: Partial<typeof starters.$inferInsert> = {},
) {
  const [starter] = await db
    .insert(starters)
    .values({
      userId,
      title: 'Lively milk kefir grains',
      description: 'Healthy grains fed daily with whole milk, ready to share.',
      category: 'dairy',
      subcategory: 'kefir',
      starterType: 'Kefir grains',
      location: 'Portland, Oregon',
      ...overrides,
    })
    .returning();
  return starter!;
}

/**
 * Makes the database refuse inserts into `table` whose `column` is `value`: a write that fails
 * after every check has passed, as a lost connection or a constraint would.
 */
export async function failInsertsWhere(db: Db, table: string, column: string, value: string) {
  const name = sql.raw(`fail_${table}_${column}`);
  await db.execute(sql`
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.${sql.raw(column)} = ${sql.raw(`'${value.replace(/'/g, "''")}'`)} THEN
        RAISE EXCEPTION 'simulated failure';
      END IF;
      RETURN NEW;
    END $$`);
  await db.execute(
    sql`CREATE TRIGGER ${name} BEFORE INSERT ON ${sql.raw(table)} FOR EACH ROW EXECUTE FUNCTION ${name}()`,
  );
}

/** A confirmed hand-over of `starterId` from its owner to `recipientId` (what the flow leaves). */
export async function receivedHandover(
  db: Db,
  input: { starterId: number; giverId: string; recipientId: string },
) {
  const [handover] = await db
    .insert(handovers)
    .values({ ...input, status: 'received', confirmedAt: new Date() })
    .returning();
  return handover!;
}

/**
 * A member the trust rule (decision 164) makes trusted: old enough, with hand-overs both ways
 * and three thumbs-up. `overrides` as for `createMember` (a place, say).
 */
export async function trustedMember(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const who = await signedInMember(db, {
    createdAt: new Date(Date.now() - TRUST_RULE.trusted.accountDays * 86_400_000),
    ...overrides,
  });
  for (let i = 0; i < 5; i += 1) {
    const other = await createMember(db);
    const gives = i < 3;
    const giver = gives ? who.user : other;
    const starter = await createStarterRow(db, giver.id);
    const handover = await receivedHandover(db, {
      starterId: starter.id,
      giverId: giver.id,
      recipientId: gives ? other.id : who.user.id,
    });
    if (gives) {
      await db
        .insert(feedback)
        .values({ handoverId: handover.id, fromId: other.id, toId: who.user.id, rating: 'up' });
    }
  }
  return who;
}
