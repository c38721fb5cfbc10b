import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../../../common/conversations/messages';
import { users } from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Member = Awaited<ReturnType<typeof signedInMember>>;

async function send(from: Member, starterId: number, to: string, content: string) {
  const res = await t.call(from, 'POST', '/api/messages', { starterId, receiverId: to, content });
  expect(res.statusCode, res.body).toBe(201);
}

async function lines(member: Member, starterId: number, other?: string) {
  const q = other ? `?with=${other}` : '';
  const res = await t.call(member, 'GET', `/api/messages/starter/${starterId}${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Message[]).filter((m) => m.kind === 'system').map((m) => m.content);
}

async function named(username: string) {
  const m = await signedInMember(t.db);
  await t.db.update(users).set({ username }).where(eq(users.id, m.user.id));
  return m;
}

describe('system lines worded for the member who reads them', () => {
  it('the giver and the recipient each read their own line; nobody else reads either', async () => {
    const giver = await named('olive');
    const fern = await named('fern');
    const stranger = await named('stranger');
    const starter = await createStarterRow(t.db, giver.user.id, { portions: 2 });
    await send(fern, starter.id, giver.user.id, 'May I have some?');

    const reserved = await t.call(giver, 'POST', `/api/starters/${starter.id}/reservations`, {
      memberId: fern.user.id,
      at: '2026-11-27T18:30',
    });
    expect(reserved.statusCode, reserved.body).toBe(201);
    const given = await t.call(giver, 'POST', `/api/starters/${starter.id}/handovers`, {
      memberId: fern.user.id,
    });
    expect(given.statusCode, given.body).toBe(201);

    const giverLines = await lines(giver, starter.id, fern.user.id);
    expect(giverLines).toEqual([
      expect.stringMatching(
        /^You reserved a portion for fern · Friday(, November 27 at)? 6:30 PM$/,
      ),
      'You gave a portion to fern — waiting for them to confirm',
    ]);
    expect(giverLines.join('\n')).not.toMatch(/for you|to you/);
    expect(await lines(fern, starter.id)).toEqual([
      expect.stringMatching(/^Reserved for you — Friday(, November 27 at)? 6:30 PM$/),
      'Given to you — tap Received once you have it',
    ]);

    const confirm = await t.call(fern, 'POST', `/api/handovers/${given.json().id}/confirm`, {
      received: true,
    });
    expect(confirm.statusCode, confirm.body).toBe(204);
    expect((await lines(giver, starter.id, fern.user.id)).at(-1)).toBe(
      'fern received it — thank you!',
    );
    expect((await lines(fern, starter.id)).at(-1)).toBe('You confirmed you received it');

    // The conversation lists lead with the same wording.
    const giverInbox = (await t.call(giver, 'GET', '/api/conversations')).json() as Conversation[];
    expect(giverInbox[0]).toMatchObject({
      lastMessage: { content: 'fern received it — thank you!' },
      role: 'owner',
      stage: 'given',
    });
    const fernInbox = (await t.call(fern, 'GET', '/api/conversations')).json() as Conversation[];
    expect(fernInbox[0]).toMatchObject({
      lastMessage: { content: 'You confirmed you received it' },
      role: 'asker',
    });

    // A third party sees none of their lines: not on the starter's thread, not by naming either.
    expect(await lines(stranger, starter.id)).toEqual([]);
    expect(await lines(stranger, starter.id, fern.user.id)).toEqual([]);
    expect(await lines(stranger, starter.id, giver.user.id)).toEqual([]);
    const strangerInbox = (await t.call(stranger, 'GET', '/api/conversations')).json();
    expect(strangerInbox).toEqual([]);
    // Signed out: no thread at all.
    expect((await t.call(null, 'GET', `/api/messages/starter/${starter.id}`)).statusCode).toBe(401);
  });

  it('backing out and releasing read right on both sides, reason kept', async () => {
    const giver = await named('arlo');
    const bea = await named('bea');
    const cal = await named('cal');
    const starter = await createStarterRow(t.db, giver.user.id, { portions: 2 });
    await send(bea, starter.id, giver.user.id, 'Could I have a portion?');
    await send(cal, starter.id, giver.user.id, 'Me too, please');
    const url = `/api/starters/${starter.id}/reservations`;
    const rb = (await t.call(giver, 'POST', url, { memberId: bea.user.id })).json().id;
    const rc = (await t.call(giver, 'POST', url, { memberId: cal.user.id })).json().id;
    expect(
      (await t.call(bea, 'DELETE', `/api/reservations/${rb}`, { reason: 'Away that week' }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.call(giver, 'DELETE', `/api/reservations/${rc}`, { reason: 'Jar broke' }))
        .statusCode,
    ).toBe(204);

    expect((await lines(giver, starter.id, bea.user.id)).at(-1)).toBe(
      "bea can't make it after all — Away that week",
    );
    expect((await lines(bea, starter.id)).at(-1)).toBe(
      'You backed out of the reservation — Away that week',
    );
    expect((await lines(giver, starter.id, cal.user.id)).at(-1)).toBe(
      'You released cal’s reservation — Jar broke',
    );
    expect((await lines(cal, starter.id)).at(-1)).toBe('Reservation released — Jar broke');
  });
});

describe("a pickup time line in the reader's locale", () => {
  it('reads 12-hour, month first, for an American and 24-hour, day first, for a Briton', async () => {
    const giver = await named('hazel');
    const rowan = await named('rowan');
    const starter = await createStarterRow(t.db, giver.user.id, { portions: 2 });
    await send(rowan, starter.id, giver.user.id, 'May I have some?');
    const reserved = await t.call(giver, 'POST', `/api/starters/${starter.id}/reservations`, {
      memberId: rowan.user.id,
      at: '2027-03-05T18:30',
    });
    expect(reserved.statusCode, reserved.body).toBe(201);

    const lineIn = async (acceptLanguage: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/messages/starter/${starter.id}`,
        headers: { cookie: rowan.cookie, 'accept-language': acceptLanguage },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Message[]).find((m) => m.kind === 'system')!.content;
    };
    expect(await lineIn('en-US,en;q=0.9')).toBe('Reserved for you — Friday, March 5 at 6:30 PM');
    expect(await lineIn('en-GB,en;q=0.9')).toBe('Reserved for you — Friday 5 March at 18:30');
  });
});
