import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { advanceClock, nowMs, resetClock } from '../clock/clock';
import { openPostgres, type Database } from '../db/client';
import type { Mailer, OutgoingMail } from '../features/mail/mailer';
import { queueMail } from '../features/mail/outbox';
import { eq } from 'drizzle-orm';
import { standingOffers } from '../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../test/app';
import { createPostgresTestDatabase } from '../test/database';
import { heldMessage, LISTING_FOR_SALE } from '../test/held';
import { multipart } from '../test/multipart';
import { backgroundJobs } from './background-jobs';
import { createScheduler, type Job } from './scheduler';
import { JOBS_CHANNEL, wakeJob } from './wake';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => resetClock());

/** Longer than any test: a job that runs in one ran because it was woken. */
const NEVER = 3_600_000;
const quietLog = () => ({ warn: vi.fn() });

/** Runs in progress across copies, and whether two ever were at once. */
interface InJob {
  inJob: number;
  overlapped: boolean;
}

/** A job that polls only after an hour; `ran(n)` resolves at its n-th run. */
function countedJob(
  name: string,
  { hold, shared = { inJob: 0, overlapped: false } }: { hold?: Promise<void>; shared?: InJob } = {},
) {
  const waiters: { n: number; resolve: () => void }[] = [];
  let runs = 0;
  let started!: () => void;
  const begun = new Promise<void>((r) => (started = r));
  const job: Job = {
    name,
    everyMs: NEVER,
    firstDelayMs: NEVER,
    run: async () => {
      if ((shared.inJob += 1) > 1) shared.overlapped = true;
      runs += 1;
      started();
      if (runs === 1 && hold) await hold;
      shared.inJob -= 1;
      for (const w of waiters.filter((w) => w.n <= runs)) w.resolve();
    },
  };
  return {
    job,
    started: begun,
    runs: () => runs,
    ran: (n: number) =>
      new Promise<void>((resolve) => {
        if (runs >= n) resolve();
        else waiters.push({ n, resolve });
      }),
  };
}

/** Hears the jobs channel as `database` does, keeping what it heard. */
function hearing(database: Database) {
  const heard: string[] = [];
  const listen: Database['listen'] = (channel, handler) =>
    database.listen(channel, (payload) => {
      if (channel === JOBS_CHANNEL) heard.push(payload);
      handler(payload);
    });
  return { listen, heard };
}

/**
 * Two server copies: on PGlite both on the one embedded database; with TEST_DATABASE_URL each
 * with its own pool and listening connection to one new Postgres database.
 */
async function twoCopies(): Promise<{ copies: [Database, Database]; close: () => Promise<void> }> {
  const postgres = await createPostgresTestDatabase();
  if (!postgres) return { copies: [t.database, t.database], close: async () => {} };
  const one = openPostgres(postgres.url);
  const two = openPostgres(postgres.url);
  return {
    copies: [one, two],
    close: async () => {
      await one.close();
      await two.close();
      await postgres.drop();
    },
  };
}

describe('jobs woken by writes', () => {
  it('sends a queued mail at once, not at the next poll an hour away', async () => {
    const sent: OutgoingMail[] = [];
    let arrived!: () => void;
    const delivered = new Promise<void>((r) => (arrived = r));
    const mailer: Mailer = {
      send: async (mail) => {
        sent.push(mail);
        arrived();
        return {};
      },
      close: () => {},
    };
    const mailJob = backgroundJobs(
      { database: t.database, config: t.config, log: t.app.log },
      mailer,
      () => false,
    ).find((j) => j.name === 'mail')!;
    const scheduler = createScheduler({
      db: t.db,
      log: quietLog(),
      jobs: [{ ...mailJob, everyMs: NEVER, firstDelayMs: NEVER }],
      listen: t.database.listen,
    });
    await scheduler.start();
    try {
      const to = `woken-${crypto.randomBytes(4).toString('hex')}@example.test`;
      await t.db.transaction((tx) =>
        queueMail(tx, t.config, { to, subject: 'At once', text: 'text', html: '<p>html</p>' }),
      );
      await delivered;
      expect(sent.map((m) => m.to)).toEqual([to]);
    } finally {
      await scheduler.stop();
    }
  });

  it('wakes the rounds job for the first round when a standing offer is set up', async () => {
    const heard: string[] = [];
    const stop = await t.database.listen(JOBS_CHANNEL, (payload) => heard.push(payload));
    try {
      const owner = await signedInMember(t.db);
      const starter = await createStarterRow(t.db, owner.user.id, { portions: 1 });
      const settings = {
        batchSize: 1,
        cadenceDays: 7,
        answerHours: 48,
        limitWeeks: 4,
        mode: 'longest_waiting',
      };
      const url = `/api/starters/${starter.id}/standing-offer`;
      expect((await t.call(owner, 'POST', url, settings)).statusCode).toBe(200);
      const [offer] = await t.db
        .select({ at: standingOffers.nextRoundAt })
        .from(standingOffers)
        .where(eq(standingOffers.starterId, starter.id));
      const wake = `standing-offer-rounds@${offer!.at.getTime()}`;
      await vi.waitFor(() => expect(heard).toContain(wake));
    } finally {
      await stop();
    }
  });

  it("wakes the moderators' reminder when a message or a listing is held and when a report is filed", async () => {
    const heard: string[] = [];
    const stop = await t.database.listen(JOBS_CHANNEL, (payload) => heard.push(payload));
    /** Runs `write` (which checks its own answer) and waits to hear the reminder woken. */
    const woken = async <T>(write: () => Promise<T>): Promise<T> => {
      heard.length = 0;
      const done = await write();
      await vi.waitFor(() => expect(heard).toContain('moderators-waiting'));
      return done;
    };
    try {
      const { sender: newcomer, starter } = await woken(() => heldMessage(t));
      await woken(async () => {
        const form = multipart(LISTING_FOR_SALE);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/starters',
          headers: { ...form.headers, cookie: newcomer.cookie },
          payload: form.payload,
        });
        expect(res.statusCode).toBe(201);
      });
      await woken(async () => {
        const res = await t.call(newcomer, 'POST', '/api/reports', {
          starterId: starter.id,
          reason: 'safety',
          description: 'Mould on the grains in the photo',
        });
        expect(res.statusCode).toBe(201);
      });
    } finally {
      await stop();
    }
  });

  it('wakes nothing for a write that rolls back', async () => {
    const rolledBack = countedJob('mail');
    const marker = countedJob('push');
    const scheduler = createScheduler({
      db: t.db,
      log: quietLog(),
      jobs: [rolledBack.job, marker.job],
      listen: t.database.listen,
    });
    await scheduler.start();
    try {
      await expect(
        t.db.transaction(async (tx) => {
          await wakeJob(tx, 'mail');
          throw new Error('the write fails');
        }),
      ).rejects.toThrow('the write fails');
      // Wakes arrive in commit order: once the later one has run, the first would have too.
      await wakeJob(t.db, 'push');
      await marker.ran(1);
      expect(rolledBack.runs()).toBe(0);
    } finally {
      await scheduler.stop();
    }
  });

  it('runs work that waits when the clock reaches it, not before', async () => {
    const waiting = countedJob('message-mail');
    const marker = countedJob('push');
    const scheduler = createScheduler({
      db: t.db,
      log: quietLog(),
      jobs: [waiting.job, marker.job],
      listen: t.database.listen,
    });
    await scheduler.start();
    try {
      await wakeJob(t.db, 'message-mail', new Date(nowMs() + 300_000));
      await wakeJob(t.db, 'push');
      await marker.ran(1);
      expect(waiting.runs()).toBe(0);
      advanceClock(299_000);
      expect(waiting.runs()).toBe(0);
      advanceClock(1_000);
      await waiting.ran(1);
      expect(waiting.runs()).toBe(1);
    } finally {
      await scheduler.stop();
    }
  });

  it('runs a job once more when a write wakes it during a run', async () => {
    let finish!: () => void;
    const hold = new Promise<void>((r) => (finish = r));
    const job = countedJob('alert-mail', { hold });
    const scheduler = createScheduler({
      db: t.db,
      log: quietLog(),
      jobs: [job.job],
      listen: t.database.listen,
    });
    await scheduler.start();
    try {
      const first = scheduler.runNow('alert-mail');
      await job.started;
      // The run has taken its rows; this write's rows would wait for the poll.
      scheduler.wake('alert-mail');
      scheduler.wake('alert-mail');
      finish();
      expect(await first).toBe(true);
      await job.ran(2);
      await scheduler.stop();
      expect(job.runs()).toBe(2);
    } finally {
      await scheduler.stop();
    }
  });

  it('is heard by every copy, and run again once the copy in the job is done', async () => {
    const { copies, close } = await twoCopies();
    let finish!: () => void;
    const hold = new Promise<void>((r) => (finish = r));
    const name = 'data-exports';
    const shared: InJob = { inJob: 0, overlapped: false };
    const one = countedJob(name, { hold, shared });
    const two = countedJob(name, { shared });
    const ears = [hearing(copies[0]), hearing(copies[1])];
    const schedulers = [
      createScheduler({ db: copies[0].db, log: quietLog(), jobs: [one.job], ...ears[0] }),
      createScheduler({ db: copies[1].db, log: quietLog(), jobs: [two.job], ...ears[1] }),
    ];
    try {
      await Promise.all(schedulers.map((s) => s.start()));
      const running = schedulers[0]!.runNow(name);
      await one.started;
      // Copy two writes while copy one is in the job: both hear it; copy two may not run it.
      await copies[1].db.transaction((tx) => wakeJob(tx, name));
      await vi.waitFor(() => expect(ears.map((e) => e.heard)).toEqual([[name], [name]]));
      finish();
      expect(await running).toBe(true);
      // It runs again once copy one's run ends (on copy one, which was in it, or on copy two
      // if it came by once the job was free), never on two copies at once.
      await vi.waitFor(() => expect(one.runs() + two.runs()).toBeGreaterThanOrEqual(2));
      for (const s of schedulers) await s.stop();
      expect(shared.overlapped).toBe(false);
      expect(one.runs() + two.runs()).toBeLessThanOrEqual(3);
    } finally {
      for (const s of schedulers) await s.stop();
      await close();
    }
  });
});
