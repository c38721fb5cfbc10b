import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../../common/conversations/messages';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Member = Awaited<ReturnType<typeof signedInMember>>;

async function givenLine(member: Member, starterId: number, other: string) {
  const res = await t.call(member, 'GET', `/api/messages/starter/${starterId}?with=${other}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Message[]).find((m) => m.system?.event === 'given')!.content;
}

describe('a hand-over line that asks for an answer', () => {
  it('reads as done on both sides once the portion is confirmed received', async () => {
    const owner = await signedInMember(t.db, { username: 'maya_ferments' });
    const asker = await signedInMember(t.db, { username: 'omar_k' });
    const starter = await createStarterRow(t.db, owner.user.id, { portions: 2 });
    const asked = await t.call(asker, 'POST', '/api/messages', {
      starterId: starter.id,
      receiverId: owner.user.id,
      content: 'May I have some?',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const given = await t.call(owner, 'POST', `/api/starters/${starter.id}/handovers`, {
      memberId: asker.user.id,
    });
    expect(given.statusCode, given.body).toBe(201);

    expect(await givenLine(asker, starter.id, owner.user.id)).toBe(
      'Given to you — tap Received once you have it',
    );
    expect(await givenLine(owner, starter.id, asker.user.id)).toBe(
      'You gave a portion to omar_k — waiting for them to confirm',
    );

    const confirmed = await t.call(asker, 'POST', `/api/handovers/${given.json().id}/confirm`, {
      received: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBeLessThan(300);
    expect(await givenLine(asker, starter.id, owner.user.id)).toBe('Given to you');
    expect(await givenLine(owner, starter.id, asker.user.id)).toBe('You gave a portion to omar_k');
  });

  it('reads as done too when the member says it did not happen', async () => {
    const owner = await signedInMember(t.db);
    const asker = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id, { portions: 2 });
    await t.call(asker, 'POST', '/api/messages', {
      starterId: starter.id,
      receiverId: owner.user.id,
      content: 'May I have some?',
    });
    const given = await t.call(owner, 'POST', `/api/starters/${starter.id}/handovers`, {
      memberId: asker.user.id,
    });
    await t.call(asker, 'POST', `/api/handovers/${given.json().id}/confirm`, { received: false });
    expect(await givenLine(asker, starter.id, owner.user.id)).toBe('Given to you');
  });
});
