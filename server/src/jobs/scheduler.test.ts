import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openPostgres, type Db } from '../db/client';
import { mailOutbox, sessions } from '../db/schema';
import type { Mailer, OutgoingMail } from '../features/mail/mailer';
import { queueMail } from '../features/mail/outbox';
import { createMember, createTestApp, type TestApp } from '../test/app';
import { createPostgresTestDatabase } from '../test/database';
import { backgroundJobs } from './background-jobs';
import { createScheduler, releaseLeasesOfGoneProcess, type Job } from './scheduler';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;

function quietLog() {
  return { warn: vi.fn(), info: vi.fn() };
}

function capturingMailer() {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = {
    send: async (mail) => {
      sent.push(mail);
      return {};
    },
    close: () => {},
  };
  return { mailer, sent };
}

/** A job that stays in its run until `release()`; `started` resolves once it is in. */
function gatedJob(name: string, everyMs = HOUR) {
  let release!: () => void;
  let started!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const begun = new Promise<void>((r) => (started = r));
  let running = 0;
  let overlapped = false;
  let runs = 0;
  const job: Job = {
    name,
    everyMs,
    run: async () => {
      running += 1;
      runs += 1;
      if (running > 1) overlapped = true;
      started();
      await gate;
      running -= 1;
    },
  };
  return {
    job,
    release,
    started: begun,
    runs: () => runs,
    overlapped: () => overlapped,
  };
}

const uniqueName = (what: string) => `${what}-${crypto.randomBytes(4).toString('hex')}`;

/**
 * Two server copies' databases: on PGlite the one embedded database both would share; with
 * TEST_DATABASE_URL two connection pools on one new Postgres database.
 */
async function twoCopies(): Promise<{ dbs: [Db, Db]; close: () => Promise<void> }> {
  const postgres = await createPostgresTestDatabase();
  if (!postgres) return { dbs: [t.db, t.db], close: async () => {} };
  const one = openPostgres(postgres.url);
  const two = openPostgres(postgres.url);
  return {
    dbs: [one.db, two.db],
    close: async () => {
      await one.close();
      await two.close();
      await postgres.drop();
    },
  };
}

describe('the background job scheduler', () => {
  it('delivers mail while another job throws on every run', async () => {
    const log = quietLog();
    const { mailer, sent } = capturingMailer();
    const to = `${uniqueName('scheduled')}@example.test`;
    await queueMail(t.db, t.config, {
      to,
      stop: { mailKey: 'k', kind: 'messages' },
      subject: 'Delivered anyway',
      text: 'text',
      html: '<p>html</p>',
    });
    const mailJob = backgroundJobs(
      { database: t.database, config: t.config, log: t.app.log },
      mailer,
      () => false,
    ).find((j) => j.name === 'mail')!;
    const broken: Job = {
      name: uniqueName('broken'),
      everyMs: 10,
      run: () => Promise.reject(new Error('this job always fails')),
    };
    // The failing job comes first, as the rounds once did in the mail worker's pass.
    const scheduler = createScheduler({ db: t.db, log, jobs: [broken, mailJob] });
    void scheduler.start();
    try {
      await vi.waitFor(() => expect(sent.map((m) => m.to)).toContain(to), { timeout: 20_000 });
      await vi.waitFor(() =>
        expect(log.warn).toHaveBeenCalledWith(
          expect.objectContaining({ job: broken.name }),
          expect.stringMatching(/failed/),
        ),
      );
    } finally {
      await scheduler.stop();
    }
    const [row] = await t.db
      .select({ sentAt: mailOutbox.sentAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, to));
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('never runs a job on two copies at once, and runs it again once it is free', async () => {
    const copies = await twoCopies();
    try {
      const name = uniqueName('exclusive');
      const first = gatedJob(name);
      const second = gatedJob(name);
      const one = createScheduler({ db: copies.dbs[0], log: quietLog(), jobs: [first.job] });
      const two = createScheduler({ db: copies.dbs[1], log: quietLog(), jobs: [second.job] });

      const running = one.runNow(name);
      await first.started;
      // While copy one is in the job, copy two neither runs it nor waits for it.
      expect(await two.runNow(name)).toBe(false);
      expect(await two.runIfDue(name)).toBe(false);
      expect(second.runs()).toBe(0);
      first.release();
      expect(await running).toBe(true);

      // Done and not due for an hour: a timer tick on either copy leaves it alone…
      expect(await two.runIfDue(name)).toBe(false);
      expect(await one.runIfDue(name)).toBe(false);
      // …but a nudge runs it on whichever copy asks.
      second.release();
      expect(await two.runNow(name)).toBe(true);
      expect(first.runs()).toBe(1);
      expect(second.runs()).toBe(1);
      expect(first.overlapped() || second.overlapped()).toBe(false);
      await one.stop();
      await two.stop();
    } finally {
      await copies.close();
    }
  });

  it('runs at once, on the embedded database, a job a killed process was holding', async () => {
    const name = uniqueName('held');
    const job = gatedJob(name);
    job.release();
    // A process that was killed mid-run: its lease would hold the job for ten more minutes.
    await t.db.execute(sql`INSERT INTO job_leases (name, holder, locked_until, next_run_at)
      VALUES (${name}, 'gone', now() + interval '10 minutes', now())`);
    const scheduler = createScheduler({ db: t.db, log: quietLog(), jobs: [job.job] });
    expect(await scheduler.runIfDue(name)).toBe(false);
    await releaseLeasesOfGoneProcess(t.db);
    expect(await scheduler.runIfDue(name)).toBe(true);
    expect(job.runs()).toBe(1);
    await scheduler.stop();
  });

  it('waits for a job in progress when stopped, and starts no more runs', async () => {
    const name = uniqueName('slow');
    const slow = gatedJob(name, 10);
    const scheduler = createScheduler({ db: t.db, log: quietLog(), jobs: [slow.job] });
    void scheduler.start();
    await slow.started;
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    // Give the stop every chance to finish early; it must not while the job runs.
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    slow.release();
    await stopping;
    expect(stopped).toBe(true);
    expect(slow.runs()).toBe(1);
  });

  it('sweeps expired sessions as one of the jobs', async () => {
    const member = await createMember(t.db);
    const sid = crypto.randomBytes(32).toString('hex');
    await t.db.insert(sessions).values({
      sid,
      userId: member.id,
      sess: {},
      expire: new Date(Date.now() - HOUR),
      absoluteExpire: new Date(Date.now() + HOUR),
    });
    const { mailer } = capturingMailer();
    const scheduler = createScheduler({
      db: t.db,
      log: quietLog(),
      jobs: backgroundJobs(
        { database: t.database, config: t.config, log: t.app.log },
        mailer,
        () => false,
      ),
    });
    expect(await scheduler.runNow('sweep')).toBe(true);
    await scheduler.stop();
    expect(await t.db.select().from(sessions).where(eq(sessions.sid, sid))).toEqual([]);
  });

  it('refuses two jobs with one name', () => {
    const job: Job = { name: 'twice', everyMs: 1000, run: async () => {} };
    expect(() => createScheduler({ db: t.db, log: quietLog(), jobs: [job, job] })).toThrow(
      /share a name/,
    );
  });
});
