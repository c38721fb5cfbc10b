import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { emailTokens, mailOutbox, rateLimits, sessions } from './db/schema';
import { createMember, createTestApp, type TestApp } from './test/app';
import { sweepExpiredRows } from './sweeper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs);

async function addSessions(userId: string, rows: Array<{ expire: Date; absoluteExpire: Date }>) {
  const sids = rows.map(() => crypto.randomBytes(32).toString('hex'));
  for (let i = 0; i < rows.length; i += 500) {
    await t.db
      .insert(sessions)
      .values(
        rows.slice(i, i + 500).map((r, j) => ({ sid: sids[i + j]!, userId, sess: {}, ...r })),
      );
  }
  return sids;
}

async function remainingSessions(sids: string[]) {
  const found = await t.db
    .select({ sid: sessions.sid })
    .from(sessions)
    .where(inArray(sessions.sid, sids));
  return new Set(found.map((r) => r.sid));
}

describe('expired rows sweeper', () => {
  it('deletes expired sessions and finished rate-limit windows, keeping live ones', async () => {
    const member = await createMember(t.db);
    const [idle, absolute, live] = await addSessions(member.id, [
      { expire: at(-HOUR), absoluteExpire: at(HOUR) },
      { expire: at(HOUR), absoluteExpire: at(-HOUR) },
      { expire: at(HOUR), absoluteExpire: at(24 * HOUR) },
    ]);
    const tag = crypto.randomUUID();
    await t.db.insert(rateLimits).values([
      { key: `done:${tag}`, hits: 3, resetAt: at(-1000) },
      { key: `open:${tag}`, hits: 3, resetAt: at(HOUR) },
    ]);

    const result = await sweepExpiredRows(t);
    expect(result).toMatchObject({ skipped: false });
    expect(result.sessions).toBeGreaterThanOrEqual(2);
    expect(result.rateLimits).toBeGreaterThanOrEqual(1);
    expect(await remainingSessions([idle!, absolute!, live!])).toEqual(new Set([live]));
    const keys = await t.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(inArray(rateLimits.key, [`done:${tag}`, `open:${tag}`]));
    expect(keys.map((k) => k.key)).toEqual([`open:${tag}`]);
  });

  it('is safe when two sweeps run at once, over more rows than one batch', async () => {
    const member = await createMember(t.db);
    const expired = await addSessions(
      member.id,
      Array.from({ length: 450 }, () => ({ expire: at(-HOUR), absoluteExpire: at(HOUR) })),
    );
    const [live] = await addSessions(member.id, [
      { expire: at(HOUR), absoluteExpire: at(24 * HOUR) },
    ]);

    const results = await Promise.all([
      sweepExpiredRows(t, { batchSize: 100 }),
      sweepExpiredRows(t, { batchSize: 100 }),
    ]);
    expect(results.reduce((n, r) => n + r.sessions, 0)).toBe(450);
    expect(await remainingSessions([...expired, live!])).toEqual(new Set([live]));
    // Nothing is left for a later sweep.
    expect((await sweepExpiredRows(t)).sessions).toBe(0);
  });

  it('deletes mails finished long ago and dead email links, keeping the rest', async () => {
    const member = await createMember(t.db);
    const DAY = 24 * HOUR;
    const mail = (subject: string, extra: Partial<typeof mailOutbox.$inferInsert> = {}) => ({
      toAddress: member.email,
      subject,
      textBody: 'text',
      htmlBody: '<p>text</p>',
      headers: {},
      messageId: `<${crypto.randomUUID()}@example.test>`,
      ...extra,
    });
    const tag = crypto.randomUUID();
    await t.db
      .insert(mailOutbox)
      .values([
        mail(`old sent ${tag}`, { sentAt: at(-31 * DAY) }),
        mail(`old failed ${tag}`, { failedAt: at(-31 * DAY) }),
        mail(`recent sent ${tag}`, { sentAt: at(-DAY) }),
        mail(`recent failed ${tag}`, { failedAt: at(-DAY) }),
        mail(`pending ${tag}`, { createdAt: at(-40 * DAY), nextAttemptAt: at(-40 * DAY) }),
      ]);
    const token = (name: string, extra: Partial<typeof emailTokens.$inferInsert>) => ({
      tokenHash: `${name}-${tag}`,
      userId: member.id,
      purpose: 'reset',
      email: member.email,
      expiresAt: at(HOUR),
      ...extra,
    });
    await t.db
      .insert(emailTokens)
      .values([
        token('expired', { expiresAt: at(-1000) }),
        token('used', { usedAt: at(-1000) }),
        token('live', {}),
      ]);

    const result = await sweepExpiredRows(t);
    expect(result.mail).toBeGreaterThanOrEqual(2);
    expect(result.emailTokens).toBeGreaterThanOrEqual(2);
    const mails = await t.db.select({ subject: mailOutbox.subject }).from(mailOutbox);
    expect(
      mails
        .map((m) => m.subject)
        .filter((s) => s.endsWith(tag))
        .sort(),
    ).toEqual([`pending ${tag}`, `recent failed ${tag}`, `recent sent ${tag}`]);
    const tokens = await t.db
      .select({ hash: emailTokens.tokenHash })
      .from(emailTokens)
      .where(inArray(emailTokens.userId, [member.id]));
    expect(tokens.map((r) => r.hash)).toEqual([`live-${tag}`]);
  });
});
