import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKED_BY_THEM } from '../../../../common/members/blocks';
import { messages } from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('blocks', () => {
  it('a blocked member cannot message and sees no Message button; unblocking restores both', async () => {
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id);
    const a = await signedInMember(t.db);
    const ask = (starterId: number) =>
      t.call(a, 'POST', '/api/messages', {
        starterId,
        receiverId: owner.user.id,
        content: 'May I have some?',
      });
    expect((await ask(starter.id)).statusCode).toBe(201);
    expect((await t.call(owner, 'PUT', `/api/blocks/${a.user.id}`)).statusCode).toBe(204);
    expect((await t.call(owner, 'PUT', `/api/blocks/${a.user.id}`)).statusCode).toBe(204);
    const refused = await t.call(a, 'POST', '/api/messages', {
      starterId: starter.id,
      receiverId: owner.user.id,
      content: 'Hello again',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BLOCKED_BY_THEM);
    // Nor can the owner keep writing to someone who cannot answer.
    const ownerSends = await t.call(owner, 'POST', '/api/messages', {
      starterId: starter.id,
      receiverId: a.user.id,
      content: 'Hi',
    });
    expect(ownerSends.statusCode).toBe(403);

    const later = await createStarterRow(t.db, owner.user.id);
    expect((await t.call(a, 'GET', `/api/starters/${later.id}`)).json().canMessage).toBe(false);
    expect((await t.call(a, 'GET', '/api/me/unreachable')).json().memberIds).toEqual([
      owner.user.id,
    ]);
    expect((await t.call(owner, 'GET', '/api/me/blocks')).json()).toHaveLength(1);
    // Private: the block shows nowhere public.
    const summary = await t.call(null, 'GET', `/api/users/${a.user.id}/summary`);
    expect(summary.body).not.toMatch(/block/i);

    expect((await t.call(owner, 'DELETE', `/api/blocks/${a.user.id}`)).statusCode).toBe(204);
    expect((await t.call(a, 'GET', `/api/starters/${later.id}`)).json().canMessage).toBe(true);
    expect((await ask(later.id)).statusCode).toBe(201);
    const rows = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.starterId, later.id), eq(messages.senderId, a.user.id)));
    expect(rows).toHaveLength(1);
  });
});
