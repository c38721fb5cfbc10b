import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '../../../clock/clock';
import { rowsOf } from '../../../db/rows';
import {
  alerts,
  asks,
  feedback,
  heldMessages,
  mailOutbox,
  messagePhotos,
  notifications,
  photos,
  pushOutbox,
  pushSubscriptions,
  reports,
  users,
} from '../../../db/schema';
import {
  cookieFrom,
  createStarterRow,
  createTestApp,
  receivedHandover,
  signedInMember,
  type TestApp,
} from '../../../test/app';
import { hashPassword } from '../auth/passwords';
import { queueMail } from '../../mail/outbox';
import { MESSAGE_REMOVED, scrubLeftAccounts } from './account-deletion.service';

const GRACE_SECONDS = 3600;
const PASSWORD = 'a long and unusual passphrase 42';

let t: TestApp;
let passwordHash: string;
beforeAll(async () => {
  t = await createTestApp({ ACCOUNT_DELETE_GRACE_SECONDS: String(GRACE_SECONDS) });
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => resetClock());

type Member = Awaited<ReturnType<typeof signedInMember>>;
let counter = 0;

/** A member with a password, unusual names and a listing someone asked about. */
async function leaverWithHistory() {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  const leaver = await signedInMember(t.db, {
    email: `zephyrine.${tag}@leaving.test`,
    firstName: `Zephyrine${tag}`,
    lastName: `Quillbottom${tag}`,
    username: `zeph_${tag}`,
    contactInfo: `Ring Zephyrine on 555-${tag}`,
    location: 'Hobart, Tasmania',
    passwordHash,
  });
  const other = await signedInMember(t.db);
  const starter = await createStarterRow(t.db, leaver.user.id, {
    title: `Zephyrine's rye starter ${tag}`,
    careNotes: `Feed it the way Zephyrine${tag} does`,
  });
  await t.db.insert(photos).values({
    starterId: starter.id,
    full: Buffer.from('full-photo'),
    thumbnail: Buffer.from('thumb'),
    width: 10,
    height: 10,
  });
  const othersStarter = await createStarterRow(t.db, other.user.id);
  const asked = await t.call(other, 'POST', '/api/messages', {
    starterId: starter.id,
    receiverId: leaver.user.id,
    content: 'May I have a little of your rye?',
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const secret = `Pick it up at 12 Quillbottom Lane, code ${tag}`;
  const replied = await t.call(leaver, 'POST', '/api/messages', {
    starterId: starter.id,
    receiverId: other.user.id,
    content: secret,
  });
  expect(replied.statusCode, replied.body).toBe(201);
  const handover = await receivedHandover(t.db, {
    starterId: starter.id,
    giverId: leaver.user.id,
    recipientId: other.user.id,
  });
  const reportText = `Zephyrine${tag} thinks this is mouldy`;
  await t.db.insert(reports).values({
    starterId: othersStarter.id,
    reporterId: leaver.user.id,
    reason: 'other',
    description: reportText,
  });
  await t.db.insert(feedback).values([
    {
      handoverId: handover.id,
      fromId: other.user.id,
      toId: leaver.user.id,
      rating: 'up',
      note: `Thanks Zephyrine${tag}!`,
    },
    {
      handoverId: handover.id,
      fromId: leaver.user.id,
      toId: other.user.id,
      rating: 'up',
      note: `Lovely to meet you, from Quillbottom${tag}`,
    },
  ]);
  // A mail to the other member that quoted the leaver's words, already delivered.
  await queueMail(t.db, t.config, {
    to: other.user.email,
    subject: `Zephyrine${tag} wrote to you`,
    text: `Zephyrine${tag} wrote:\n> ${secret}`,
    html: `<p>${secret}</p>`,
  });
  await t.db
    .update(mailOutbox)
    .set({ sentAt: sql`now()` })
    .where(sql`subject LIKE ${'%' + tag + '%'}`);
  // What they asked for and watched for, a message still held for a moderator with its photo,
  // their bell, a device, and another member's bell and waiting push that name them.
  const askNote = `Zephyrine${tag} needs kefir for her grandmother`;
  await t.db.insert(asks).values({
    userId: leaver.user.id,
    category: 'dairy',
    subcategory: 'milk-kefir',
    location: 'Hobart, Tasmania',
    latitude: -42.88,
    longitude: 147.33,
    note: askNote,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await t.db.insert(alerts).values({
    userId: leaver.user.id,
    search: `Quillbottom${tag} rye`,
    searchTokens: [`quillbottom${tag}`, 'rye'],
    place: 'Hobart, Tasmania',
    latitude: -42.88,
    longitude: 147.33,
    radiusKm: 25,
    frequency: 'immediate',
  });
  const heldText = `Held: meet at Quillbottom${tag} farm`;
  const [held] = await t.db
    .insert(heldMessages)
    .values({
      starterId: othersStarter.id,
      senderId: leaver.user.id,
      receiverId: other.user.id,
      content: heldText,
      codes: ['off_site'],
    })
    .returning({ id: heldMessages.id });
  await t.db.insert(messagePhotos).values({
    messageId: held!.id,
    full: Buffer.from('held-photo'),
    thumbnail: Buffer.from('held-thumb'),
    width: 10,
    height: 10,
  });
  await t.db.insert(notifications).values([
    { userId: leaver.user.id, kind: 'alert_match', title: `From ${tag}`, url: '/messages' },
    {
      userId: other.user.id,
      kind: 'reservation',
      title: `Zephyrine${tag} reserved it for you`,
      url: '/messages',
    },
  ]);
  const [device] = await t.db
    .insert(pushSubscriptions)
    .values({
      userId: other.user.id,
      endpoint: `https://push.example/${tag}`,
      p256dh: 'key',
      auth: 'auth',
    })
    .returning({ id: pushSubscriptions.id });
  await t.db.insert(pushOutbox).values({
    subscriptionId: device!.id,
    payload: JSON.stringify({ title: `Zephyrine${tag}`, body: secret, url: '/', tag: 'x' }),
  });
  await t.db.insert(pushSubscriptions).values({
    userId: leaver.user.id,
    endpoint: `https://push.example/leaver-${tag}`,
    p256dh: 'key',
    auth: 'auth',
  });
  return { leaver, other, starter, handover, secret, reportText, tag, askNote, heldText, held };
}

const deleteAccount = (who: Member, body: unknown) =>
  t.call(who, 'POST', '/api/users/me/delete', body);

const signIn = (email: string, password = PASSWORD) =>
  t.call(null, 'POST', '/api/auth/login', { email, password });

describe('deleting an account', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const { leaver, starter } = await leaverWithHistory();
    const res = await deleteAccount(leaver, { password: 'not my password at all' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.password).toBeDefined();
    expect((await t.call(null, 'GET', `/api/starters/${starter.id}`)).statusCode).toBe(200);
    expect((await t.call(leaver, 'GET', '/api/auth/user')).statusCode).toBe(200);
  });

  it('refuses a visitor with 401', async () => {
    const res = await t.call(null, 'POST', '/api/users/me/delete', { password: PASSWORD });
    expect(res.statusCode).toBe(401);
  });

  it('signs out everywhere and hides listings and profile at once; signing in within the grace period restores them', async () => {
    const { leaver, starter } = await leaverWithHistory();
    const res = await deleteAccount(leaver, { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toMatch(/Sign in again within 14 days/);
    expect((await t.call(leaver, 'GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await t.call(null, 'GET', `/api/starters/${starter.id}`)).statusCode).toBe(404);
    expect((await t.call(null, 'GET', `/api/users/${leaver.user.id}/summary`)).statusCode).toBe(
      404,
    );
    const browse = await t.call(
      null,
      'GET',
      `/api/starters?search=${encodeURIComponent(starter.title)}`,
    );
    expect(JSON.stringify(browse.json())).not.toContain(starter.title);
    const [told] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, leaver.user.email))
      .orderBy(sql`id DESC`)
      .limit(1);
    expect(told?.subject).toBe('Your CultureShare account is deleted');

    advanceClock((GRACE_SECONDS - 60) * 1000);
    const back = await signIn(leaver.user.email);
    expect(back.statusCode, back.body).toBe(200);
    const cookie = cookieFrom(back)!;
    expect((await t.call({ cookie }, 'GET', '/api/auth/user')).statusCode).toBe(200);
    expect((await t.call(null, 'GET', `/api/starters/${starter.id}`)).statusCode).toBe(200);
    expect((await t.call(null, 'GET', `/api/users/${leaver.user.id}/summary`)).statusCode).toBe(
      200,
    );
    const [welcome] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, leaver.user.email))
      .orderBy(sql`id DESC`)
      .limit(1);
    expect(welcome?.subject).toBe('Welcome back to CultureShare');
  });

  it('offers to pause listings instead: they leave the site until "Still available"', async () => {
    const member = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, member.user.id);
    const res = await t.call(member, 'POST', '/api/users/me/pause-listings');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^Your listing is paused/);
    expect((await t.call(null, 'GET', `/api/starters/${starter.id}`)).statusCode).toBe(404);
    expect((await t.call(member, 'GET', `/api/starters/${starter.id}`)).statusCode).toBe(200);
    const renewed = await t.call(member, 'POST', `/api/starters/${starter.id}/renew`);
    expect(renewed.statusCode, renewed.body).toBeLessThan(300);
    expect((await t.call(null, 'GET', `/api/starters/${starter.id}`)).statusCode).toBe(200);
  });

  it('asks a member without a password for a mailed code', async () => {
    const member = await signedInMember(t.db);
    expect((await deleteAccount(member, { password: 'anything' })).statusCode).toBe(400);
    const asked = await t.call(member, 'POST', '/api/users/me/delete/code');
    expect(asked.statusCode).toBe(202);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, member.user.email));
    const code = mail!.textBody.match(/Your code is (\d{6})/)![1]!;
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await deleteAccount(member, { code: wrong })).statusCode).toBe(400);
    expect((await deleteAccount(member, { code })).statusCode).toBe(202);
    // Used once.
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.deletedAt).not.toBeNull();
  });
});

/** Every text-like column of every table in this database, so tables added later are searched too. */
async function textColumns(): Promise<Array<{ table: string; column: string }>> {
  const rows = rowsOf<{ table_name: string; column_name: string }>(
    await t.db.execute(sql`
      SELECT c.table_name, c.column_name
      FROM information_schema.columns c
      JOIN information_schema.tables tb
        ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND tb.table_type = 'BASE TABLE'
        AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')
          OR (c.data_type = 'ARRAY' AND c.udt_name IN ('_text', '_varchar')))
      ORDER BY c.table_name, c.column_name
    `),
  );
  return rows.map((r) => ({ table: r.table_name, column: r.column_name }));
}

async function whereFound(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await textColumns()) {
    for (const needle of needles) {
      const [hit] = rowsOf<{ n: unknown }>(
        await t.db.execute(
          sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE strpos(lower(${sql.identifier(column)}::text), lower(${needle})) > 0`,
        ),
      );
      if (Number(hit?.n) > 0) found.push(`${table}.${column} has ${JSON.stringify(needle)}`);
    }
  }
  return found;
}

describe('after the grace period', () => {
  it('refuses sign-in, then the scrub leaves nothing personal in any table and keeps the numbers others rely on', async () => {
    const { leaver, other, starter, secret, reportText, tag, askNote, heldText, held } =
      await leaverWithHistory();
    // Their time zone, a reason they gave for backing out of a reservation (a thread line, the
    // owner's bell item), and their listing's title in another member's bell and queued mail.
    await t.db
      .update(users)
      .set({ timeZone: 'Pacific/Chatham' })
      .where(eq(users.id, leaver.user.id));
    const othersListing = await createStarterRow(t.db, other.user.id);
    const wrote = await t.call(leaver, 'POST', '/api/messages', {
      starterId: othersListing.id,
      receiverId: other.user.id,
      content: 'Could I have some of yours too?',
    });
    expect(wrote.statusCode, wrote.body).toBe(201);
    const reserved = await t.call(other, 'POST', `/api/starters/${othersListing.id}/reservations`, {
      memberId: leaver.user.id,
    });
    expect(reserved.statusCode, reserved.body).toBe(201);
    const backOutReason = `our kitchen flooded on ${tag} street`;
    const backedOut = await t.call(leaver, 'DELETE', `/api/reservations/${reserved.json().id}`, {
      reason: backOutReason,
    });
    expect(backedOut.statusCode, backedOut.body).toBe(204);
    const title = `Zephyrine's rye starter ${tag}`;
    await t.db.insert(notifications).values([
      {
        userId: other.user.id,
        kind: 'alert_match',
        words: { title: { key: 'mail:notifications.alertMatch', values: { title } } },
        url: `/starter/${starter.id}`,
      },
      // Another listing's item stays.
      {
        userId: other.user.id,
        kind: 'alert_match',
        words: { title: { key: 'mail:notifications.alertMatch', values: { title: 'Rye' } } },
        url: `/starter/${othersListing.id}`,
      },
    ]);
    await queueMail(t.db, t.config, {
      to: other.user.email,
      subject: 'A new listing near you',
      text: `${title}\nhttps://cultureshare.test/starter/${starter.id}`,
      html: `<p>${title}</p>`,
    });
    // Where they are before the scrub: the line, the owner's bell item, the waiting mail.
    const holding = async (table: string, column: string, needle: string) =>
      Number(
        rowsOf<{ n: unknown }>(
          await t.db.execute(
            sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE strpos(${sql.identifier(column)}::text, ${needle}) > 0`,
          ),
        )[0]?.n,
      );
    expect(await holding('messages', 'system', backOutReason)).toBe(1);
    expect(await holding('notifications', 'words', backOutReason)).toBe(1);
    expect(await holding('notifications', 'words', title)).toBe(1);
    expect(await holding('mail_outbox', 'text_body', title)).toBe(1);
    expect((await deleteAccount(leaver, { password: PASSWORD })).statusCode).toBe(202);
    const before = await whereFound([leaver.user.email, secret]);
    expect(before.length).toBeGreaterThan(0);

    advanceClock((GRACE_SECONDS + 60) * 1000);
    expect((await signIn(leaver.user.email)).statusCode).toBe(401);
    expect(await scrubLeftAccounts(t)).toBeGreaterThanOrEqual(1);

    const needles = [
      leaver.user.email,
      leaver.user.firstName!,
      leaver.user.lastName!,
      leaver.user.username!,
      leaver.user.contactInfo!,
      secret,
      reportText,
      `Quillbottom${tag}`,
      `Zephyrine${tag}`,
      askNote,
      heldText,
      `leaver-${tag}`,
      backOutReason,
      title,
    ];
    expect(await whereFound(needles)).toEqual([]);
    const [left] = await t.db.select().from(users).where(eq(users.id, leaver.user.id));
    expect(left!.timeZone).toBeNull();
    // The owner's thread keeps the line, without the reason.
    const [line] = rowsOf<{ event: string }>(
      await t.db.execute(
        sql`SELECT system->>'event' AS event FROM messages WHERE sender_id = ${leaver.user.id} AND kind = 'system'`,
      ),
    );
    expect(line?.event).toBe('reservation_backed_out');
    const othersBell = await t.db
      .select({ url: notifications.url })
      .from(notifications)
      .where(eq(notifications.userId, other.user.id));
    expect(othersBell.map((n) => n.url)).toContain(`/starter/${othersListing.id}`);

    // The other side sees the thread with the words removed.
    const thread = await t.call(
      other,
      'GET',
      `/api/messages/starter/${starter.id}?with=${leaver.user.id}`,
    );
    expect(thread.statusCode, thread.body).toBeLessThan(500);
    const [gone] = await t.db
      .select({ content: sql<string>`content` })
      .from(sql`messages`)
      .where(sql`sender_id = ${leaver.user.id} AND kind = 'text'`);
    expect(gone?.content).toBe(MESSAGE_REMOVED);

    // What others rely on stays, as numbers: the hand-over they received and the rating given.
    const summary = await t.call(null, 'GET', `/api/users/${other.user.id}/summary`);
    expect(summary.json().received).toBe(1);
    const ratings = await t.db.select().from(feedback).where(eq(feedback.toId, other.user.id));
    expect(ratings.map((f) => [f.rating, f.note])).toEqual([['up', null]]);
    // The lineage node stays, anonymous: a culture grown from it still shows where it came from.
    const child = await createStarterRow(t.db, other.user.id, { parentId: starter.id });
    const family = await t.call(null, 'GET', `/api/starters/${child.id}/lineage`);
    expect(family.statusCode, family.body).toBe(200);
    expect(JSON.stringify(family.json())).toMatch(/A kitchen in /);
    expect(JSON.stringify(family.json())).not.toContain(`Zephyrine`);
    const [node] = rowsOf<{ title: string }>(
      await t.db.execute(sql`SELECT title FROM starters WHERE id = ${starter.id}`),
    );
    expect(node?.title).toMatch(/^A kitchen in /);
    expect(await t.db.select().from(photos).where(eq(photos.starterId, starter.id))).toEqual([]);
    expect(
      await t.db.select().from(messagePhotos).where(eq(messagePhotos.messageId, held!.id)),
    ).toEqual([]);
    expect(
      await t.db.select().from(notifications).where(eq(notifications.userId, leaver.user.id)),
    ).toEqual([]);
    // Scrubbed for good: running again finds nobody and signing in stays refused.
    expect(await scrubLeftAccounts(t)).toBe(0);
    expect((await signIn(leaver.user.email)).statusCode).toBe(401);
  });
});
