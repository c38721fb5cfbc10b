import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStarterRow,
  createTestApp,
  receivedHandover,
  signedInMember,
  type TestApp,
} from '../test/app';

/**
 * What other members see of a member is one definition (public-members.ts). A moderator with
 * contact info takes part in everything another member can look at — a starter, threads both
 * ways, a reservation, a hand-over and its check-ins, a family tree, a standing offer's turn,
 * a block — and then every GET route in the app's route table is asked, by that other member
 * and by a visitor: none may answer with the moderator's email, contact info or moderator flag.
 */

const collected: RouteOptions[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (r) => void collected.push(r) });
});
afterAll(() => t?.close());

describe('a member as others see them', () => {
  it('never carries their email, contact info or moderator flag, in any answer', async () => {
    const secretContact = `Call 555-0199 ext ${Math.random().toString(36).slice(2)}`;
    const subject = await signedInMember(t.db, {
      isModerator: true,
      contactInfo: secretContact,
      username: `mod${Math.random().toString(36).slice(2, 8)}`,
    });
    const other = await signedInMember(t.db);
    const send = (from: typeof subject, starterId: number, to: string) =>
      t.call(from, 'POST', '/api/messages', { starterId, receiverId: to, content: 'Hello!' });

    // The subject's starter: the other member asks, the subject answers and hands it over.
    const mine = await createStarterRow(t.db, subject.user.id, { portions: 3 });
    expect((await send(other, mine.id, subject.user.id)).statusCode).toBe(201);
    expect((await send(subject, mine.id, other.user.id)).statusCode).toBe(201);
    const given = await t.call(subject, 'POST', `/api/starters/${mine.id}/handovers`, {
      memberId: other.user.id,
    });
    expect(given.statusCode, given.body).toBe(201);
    const handoverId = given.json().id as number;
    await t.call(other, 'POST', `/api/handovers/${handoverId}/confirm`, { received: true });

    // The other member's starter: the subject asks, gets a reservation, then a family tree
    // grows from a culture the subject received from them.
    const theirs = await createStarterRow(t.db, other.user.id, { portions: 3 });
    expect((await send(subject, theirs.id, other.user.id)).statusCode).toBe(201);
    const reserved = await t.call(other, 'POST', `/api/starters/${theirs.id}/reservations`, {
      memberId: subject.user.id,
    });
    expect(reserved.statusCode, reserved.body).toBe(201);
    await receivedHandover(t.db, {
      starterId: theirs.id,
      giverId: other.user.id,
      recipientId: subject.user.id,
    });
    const child = await createStarterRow(t.db, subject.user.id, { parentId: theirs.id });

    // A standing offer on the other's starter, with the subject waiting and offered a turn.
    const offer = await t.call(other, 'POST', `/api/starters/${theirs.id}/standing-offer`, {
      batchSize: 1,
      cadenceDays: 7,
      answerHours: 48,
      limitWeeks: 4,
      mode: 'longest_waiting',
    });
    expect(offer.statusCode, offer.body).toBeLessThan(300);
    await t.call(subject, 'POST', `/api/starters/${theirs.id}/waitlist`);
    await t.call(other, 'POST', `/api/starters/${theirs.id}/standing-offer/rounds`);

    // Last, so that nothing above is refused: the other member blocks the subject.
    expect((await t.call(other, 'PUT', `/api/blocks/${subject.user.id}`)).statusCode).toBe(204);

    const values: Record<string, string[]> = {
      id: [String(mine.id), String(theirs.id), String(child.id)],
      starterId: [String(mine.id), String(theirs.id)],
      memberId: [subject.user.id],
      handoverId: [String(handoverId)],
      subcategory: ['kefir'],
    };
    const urls = collected
      .filter((r) => [r.method].flat().includes('GET') && r.url.startsWith('/api/'))
      // Not answers about anyone: the event stream, photo bytes, and signing in or out.
      .filter((r) => !/^\/api\/(events|logout|login)|\/photos\//.test(r.url))
      .flatMap((r) => {
        let list = [r.url];
        for (const [, name] of r.url.matchAll(/:(\w+)/g)) {
          list = list.flatMap((u) => (values[name!] ?? ['1']).map((v) => u.replace(`:${name}`, v)));
        }
        return list;
      });
    expect(urls.length).toBeGreaterThan(20);

    let answered = 0;
    for (const url of urls) {
      for (const who of [other, null]) {
        const res = await t.call(who, 'GET', url);
        if (res.statusCode === 200) answered += 1;
        const where = `${who ? 'member' : 'visitor'} GET ${url}`;
        expect(res.body, where).not.toContain(subject.user.email);
        expect(res.body, where).not.toContain(secretContact);
        expect(res.body, where).not.toContain('"isModerator":true');
      }
    }
    // The subject did show up: these answers name them, publicly.
    expect(answered).toBeGreaterThan(15);
    const named = await t.call(other, 'GET', '/api/me/blocks');
    expect(named.json()[0].user).toEqual({
      id: subject.user.id,
      username: subject.user.username,
      firstName: subject.user.firstName,
      lastName: subject.user.lastName,
      profileImageUrl: subject.user.profileImageUrl,
    });
  });
});
