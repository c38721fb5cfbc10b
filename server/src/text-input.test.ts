import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  BROKEN_CHARACTER_MESSAGE,
  CONTROL_CHARACTER_MESSAGE,
  LINE_BREAK_MESSAGE,
} from '../../common/site/text';
import { messages, moderationActions, reports, sanctions, starters, users } from './db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from './test/app';

// Every per-member daily limit is 1: a refused write that still cost the member would make the
// valid write after it fail with 429.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    LIMIT_STARTERS_PER_DAY: '1',
    LIMIT_MESSAGES_PER_DAY: '1',
    LIMIT_REPORTS_PER_DAY: '1',
  });
});
afterAll(async () => {
  await t?.close();
});

const NUL = '\u0000';

async function count(table: typeof starters | typeof messages | typeof reports | typeof sanctions) {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(row!.n);
}

function multipart(fields: Record<string, string>) {
  const boundary = `----cultureshare${crypto.randomBytes(8).toString('hex')}`;
  const body = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  return {
    payload: Buffer.from(`${body}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const starterFields = {
  title: 'Bubbly sourdough starter',
  description: 'A ten-year-old rye sourdough, fed twice a day and very lively.',
  category: 'grain',
  subcategory: 'sourdough',
  starterType: 'Sourdough starter',
  customDescription: 'Bring a clean jar.',
  location: 'Portland, Oregon',
};

describe('control characters in text', () => {
  it('refuse a new starter with 400 per field, store nothing and cost no quota', async () => {
    const { cookie } = await signedInMember(t.db);
    const post = (fields: Record<string, string>) => {
      const { payload, headers } = multipart(fields);
      return t.app.inject({
        method: 'POST',
        url: '/api/starters',
        headers: { ...headers, cookie },
        payload,
      });
    };
    for (const field of ['title', 'description', 'starterType', 'customDescription', 'location']) {
      const res = await post({ ...starterFields, [field]: `Rye${NUL} starter, very lively` });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields, field).toEqual({ [field]: CONTROL_CHARACTER_MESSAGE });
    }
    const escape = await post({ ...starterFields, title: 'Rye \u001b[31mstarter' });
    expect(escape.json().fields).toEqual({ title: CONTROL_CHARACTER_MESSAGE });
    const twoLines = await post({ ...starterFields, title: 'Rye\nstarter' });
    expect(twoLines.json().fields).toEqual({ title: LINE_BREAK_MESSAGE });
    expect(await count(starters)).toBe(0);

    // A browser sends a textarea's line breaks as CRLF; they are kept, as LF.
    const ok = await post({ ...starterFields, description: 'Fed twice a day.\r\nVery\tlively.' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().description).toBe('Fed twice a day.\nVery\tlively.');
  });

  it('refuse a message, store nothing and cost no quota', async () => {
    const owner = await signedInMember(t.db);
    const asker = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id);
    const send = (content: string, receiverId = owner.user.id) =>
      t.call(asker, 'POST', '/api/messages', { starterId: starter.id, receiverId, content });

    const nul = await send(`Hello${NUL}`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ fields: { content: CONTROL_CHARACTER_MESSAGE } });
    const lone = await send('Hello \ud83d there');
    expect(lone.statusCode).toBe(400);
    expect(lone.json()).toMatchObject({ fields: { content: BROKEN_CHARACTER_MESSAGE } });
    const receiver = await send('Hello', `${owner.user.id}${NUL}`);
    expect(receiver.statusCode).toBe(400);
    expect(receiver.json()).toMatchObject({ fields: { receiverId: CONTROL_CHARACTER_MESSAGE } });
    expect(await count(messages)).toBe(0);

    const ok = await send('Hello 🍞\r\nIs it still free?');
    expect(ok.statusCode).toBe(201);
    expect(ok.json().content).toBe('Hello 🍞\nIs it still free?');
  });

  it('refuse a report, store nothing and cost no quota', async () => {
    const owner = await signedInMember(t.db);
    const reporter = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id);
    const report = (description: string) =>
      t.call(reporter, 'POST', '/api/reports', {
        starterId: starter.id,
        reason: 'other',
        description,
      });
    const nul = await report(`Looks mouldy${NUL}`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ fields: { description: CONTROL_CHARACTER_MESSAGE } });
    expect(await count(reports)).toBe(0);
    expect((await report('Looks mouldy')).statusCode).toBe(201);
  });

  it('refuse sign-up, sign-in and profile changes, writing nothing', async () => {
    const email = `nul-${crypto.randomBytes(4).toString('hex')}@example.test`;
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'a long enough password', firstName: `Ada${NUL}`, lastName: 'L' },
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json()).toMatchObject({ fields: { firstName: CONTROL_CHARACTER_MESSAGE } });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `${email}${NUL}`, password: 'whatever it is' },
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toMatchObject({ fields: { email: CONTROL_CHARACTER_MESSAGE } });

    const { user, cookie } = await signedInMember(t.db, { location: 'Leeds' });
    for (const field of ['username', 'location', 'contactInfo']) {
      const res = await t.call({ cookie }, 'PATCH', '/api/users/profile', {
        username: 'kefirkate',
        location: 'York',
        [field]: `x${NUL}y`,
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields, field).toEqual({ [field]: CONTROL_CHARACTER_MESSAGE });
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ username: user.username, location: 'Leeds' });
  });

  it('refuse moderators’ reasons and notes, changing nothing', async () => {
    const mod = await signedInMember(t.db, { isModerator: true });
    const member = await signedInMember(t.db);
    const before = await count(sanctions);
    const create = await t.call(mod, 'POST', '/api/moderation/sanctions', {
      userId: member.user.id,
      kind: 'ban',
      reason: `Spam${NUL}`,
    });
    expect(create.statusCode).toBe(400);
    expect(create.json()).toMatchObject({ fields: { reason: CONTROL_CHARACTER_MESSAGE } });
    const unknownUser = await t.call(mod, 'POST', '/api/moderation/sanctions', {
      userId: `${member.user.id}${NUL}`,
      kind: 'ban',
      reason: 'Spam',
    });
    expect(unknownUser.statusCode).toBe(400);
    expect(unknownUser.json()).toMatchObject({ fields: { userId: CONTROL_CHARACTER_MESSAGE } });
    expect(await count(sanctions)).toBe(before);

    const [sanction] = await t.db
      .insert(sanctions)
      .values({ userId: member.user.id, kind: 'ban', reason: 'Spam', createdBy: mod.user.id })
      .returning();
    const lift = await t.call(mod, 'POST', `/api/moderation/sanctions/${sanction!.id}/lift`, {
      reason: `Appeal${NUL}`,
    });
    expect(lift.statusCode).toBe(400);
    expect(lift.json()).toMatchObject({ fields: { reason: CONTROL_CHARACTER_MESSAGE } });

    const starter = await createStarterRow(t.db, member.user.id);
    const [pending] = await t.db
      .insert(reports)
      .values({ starterId: starter.id, reporterId: mod.user.id, reason: 'spam' })
      .returning();
    const actionsBefore = await t.db.select().from(moderationActions);
    const remove = await t.call(mod, 'POST', `/api/reports/${pending!.id}/remove-starter`, {
      reason: 'inappropriate',
      note: `Spam${NUL}`,
    });
    expect(remove.statusCode).toBe(400);
    expect(remove.json()).toMatchObject({ fields: { note: CONTROL_CHARACTER_MESSAGE } });
    const [still] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
    expect(still!.removedAt).toBeNull();
    expect(await t.db.select().from(moderationActions)).toHaveLength(actionsBefore.length);
  });

  it('refuse query strings with 400 and the field, browse filters and any other', async () => {
    for (const field of ['search', 'location']) {
      const res = await t.app.inject({ url: `/api/starters?${field}=kefir%00grains` });
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ fields: { [field]: CONTROL_CHARACTER_MESSAGE } });
    }
    const { cookie } = await signedInMember(t.db);
    const thread = await t.call({ cookie }, 'GET', '/api/messages/starter/1?with=abc%00');
    expect(thread.statusCode).toBe(400);
    expect(thread.json()).toMatchObject({ fields: { with: CONTROL_CHARACTER_MESSAGE } });
  });
});
