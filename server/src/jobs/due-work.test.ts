import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPostgres, type Database, type Db } from '../db/client';
import { rowsOf } from '../db/rows';
import * as clock from '../clock/clock';
import { createPostgresTestDatabase, openTestDatabase } from '../test/database';
import { runDueWork, type DueWork } from './due-work';

const MINUTE = 60_000;

/**
 * Two server copies' databases: on PGlite the one embedded database both would share; with
 * TEST_DATABASE_URL two connection pools on one new Postgres database.
 */
let dbs: [Db, Db];
let close: () => Promise<void>;
beforeAll(async () => {
  const postgres = await createPostgresTestDatabase();
  if (!postgres) {
    const database = await openTestDatabase();
    dbs = [database.db, database.db];
    close = () => database.close();
  } else {
    const copies: Database[] = [openPostgres(postgres.url), openPostgres(postgres.url)];
    dbs = [copies[0]!.db, copies[1]!.db];
    close = async () => {
      for (const copy of copies) await copy.close();
      await postgres.drop();
    };
  }
  // A due table of the usual shape, and where its deliveries land (in the same transaction,
  // as queued mail does).
  await dbs[0].execute(sql`CREATE TABLE reminders_due (
    id int PRIMARY KEY, due_at timestamptz NOT NULL, sent_at timestamptz)`);
  await dbs[0].execute(sql`CREATE TABLE reminders_sent (id int NOT NULL, copy int NOT NULL)`);
});
afterAll(async () => {
  await close?.();
});
afterEach(async () => {
  clock.resetClock();
  await dbs[0].execute(sql`TRUNCATE reminders_due, reminders_sent`);
});

/** Rows due `minutes` from the test clock's now (negative: already due). */
async function addDue(ids: number[], minutes: number) {
  const at = new Date(clock.nowMs() + minutes * MINUTE).toISOString();
  for (const id of ids) {
    await dbs[0].execute(sql`INSERT INTO reminders_due (id, due_at) VALUES (${id}, ${at})`);
  }
}

/** Every delivery made, as "id@copy", in id order. */
async function sent(): Promise<string[]> {
  const rows = rowsOf<{ id: number; copy: number }>(
    await dbs[0].execute(sql`SELECT id, copy FROM reminders_sent ORDER BY id, copy`),
  );
  return rows.map((r) => `${r.id}@${r.copy}`);
}

/** The reminders job as one server copy runs it; `deliver` may be wrapped by a test. */
function reminders(
  copy: number,
  around: (id: number) => Promise<void> = async () => {},
): DueWork<{ id: number }> {
  return {
    claim: () => sql`
      WITH due AS (
        SELECT id FROM reminders_due
        WHERE sent_at IS NULL AND due_at <= ${clock.sqlNow()}
        ORDER BY id LIMIT 50 FOR UPDATE SKIP LOCKED
      )
      UPDATE reminders_due r SET sent_at = ${clock.sqlNow()} FROM due
      WHERE r.id = due.id RETURNING r.id`,
    deliver: async (tx, { id }) => {
      await around(Number(id));
      await tx.execute(sql`INSERT INTO reminders_sent (id, copy) VALUES (${id}, ${copy})`);
      // Row 3 is taken but has nothing to say (a member who turned the mail off).
      return Number(id) !== 3;
    },
  };
}

describe('due work: claim the due rows, deliver, record', () => {
  it('delivers each due row once when two copies run at the same moment, and none early', async () => {
    await addDue([1, 2, 3, 4, 5], -1);
    await addDue([6], 30);
    let inside!: () => void;
    let letGo!: () => void;
    const entered = new Promise<void>((r) => (inside = r));
    const gate = new Promise<void>((r) => (letGo = r));
    // Copy one is mid-delivery, holding its batch, when copy two runs.
    const one = runDueWork(
      dbs[0],
      reminders(1, async () => {
        inside();
        await gate;
      }),
    );
    await entered;
    const two = runDueWork(dbs[1], reminders(2));
    letGo();
    const counts = await Promise.all([one, two]);

    const ids = (await sent()).map((s) => s.split('@')[0]);
    expect(ids).toEqual(['1', '2', '3', '4', '5']);
    // What each copy answers is what it delivered, less the row with nothing to say.
    expect(counts[0] + counts[1]).toBe(4);

    // Done rows stay done; the later row comes due when its time does.
    expect(await runDueWork(dbs[1], reminders(2))).toBe(0);
    clock.advanceClock(31 * MINUTE);
    expect(await runDueWork(dbs[0], reminders(1))).toBe(1);
    expect(await runDueWork(dbs[1], reminders(2))).toBe(0);
    expect((await sent()).map((s) => s.split('@')[0])).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('loses nothing when a delivery fails: the batch comes due again whole', async () => {
    await addDue([1, 2, 3], -1);
    let failOnce = true;
    const failing = reminders(1, async (id) => {
      if (id === 2 && failOnce) {
        failOnce = false;
        throw new Error('the mail could not be queued');
      }
    });
    await expect(runDueWork(dbs[0], failing)).rejects.toThrow('could not be queued');
    // Neither the delivery before the failure nor the claim of any row was kept.
    expect(await sent()).toEqual([]);

    expect(await runDueWork(dbs[1], reminders(2))).toBe(2);
    expect(await sent()).toEqual(['1@2', '2@2', '3@2']);
  });
});
