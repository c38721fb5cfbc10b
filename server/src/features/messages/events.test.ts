import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../../common/conversations/messages';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import { createAppsOnSharedPostgres } from '../../test/shared-database';
import { errorsPlugin } from '../../plugins/errors';
import { endUserSessions, sessionsPlugin } from '../../plugins/sessions';
import { eventsRoutes } from './events.routes';
import { createLiveEvents } from './live-events';
import { openStream, type EventStream } from '../../test/event-stream';

const isMessage = (id: number) => (e: LiveEvent) => e.type === 'message' && e.messageId === id;

let t: TestApp;
const streams: EventStream[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t?.close();
});

async function stream(app: FastifyInstance, cookie?: string) {
  const s = await openStream(app, cookie);
  streams.push(s);
  return s;
}

async function post(
  app: FastifyInstance,
  cookie: string,
  body: { starterId: number; receiverId: string; content: string },
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: { cookie },
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

describe('GET /api/events', () => {
  it('refuses signed-out visitors', async () => {
    const s = await stream(t.app);
    expect(s.status).toBe(401);
  });

  it('streams a new message to the receiver and the sender, and to nobody else', async () => {
    const owner = await signedInMember(t.db);
    const asker = await signedInMember(t.db);
    const bystander = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id);
    const ownerStream = await stream(t.app, owner.cookie);
    const askerStream = await stream(t.app, asker.cookie);
    const bystanderStream = await stream(t.app, bystander.cookie);
    expect(ownerStream.contentType).toMatch(/^text\/event-stream/);

    const sent = await post(t.app, asker.cookie, {
      starterId: starter.id,
      receiverId: owner.user.id,
      content: 'Is the kefir still available?',
    });
    const received = await ownerStream.next(isMessage(sent.id));
    expect(received).toEqual({
      type: 'message',
      messageId: sent.id,
      starterId: starter.id,
      senderId: asker.user.id,
      receiverId: owner.user.id,
    });
    // Ids only: the text travels through the authenticated thread call, never the stream.
    expect(JSON.stringify(ownerStream.events)).not.toContain('kefir');
    await askerStream.next(isMessage(sent.id));

    // The bystander's first event is one about themselves: nothing of the others leaked before.
    const bystanderStarter = await createStarterRow(t.db, owner.user.id);
    const own = await post(t.app, bystander.cookie, {
      starterId: bystanderStarter.id,
      receiverId: owner.user.id,
      content: 'Hello from the bystander',
    });
    await bystanderStream.next(isMessage(own.id));
    expect(bystanderStream.events).toEqual([expect.objectContaining({ messageId: own.id })]);
  });

  it('tells the reader’s other tabs when a thread is read', async () => {
    const owner = await signedInMember(t.db);
    const asker = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id);
    await post(t.app, asker.cookie, {
      starterId: starter.id,
      receiverId: owner.user.id,
      content: 'Hi',
    });
    const ownerStream = await stream(t.app, owner.cookie);
    await t.call(owner, 'POST', `/api/messages/starter/${starter.id}/read`, {
      with: asker.user.id,
    });
    const read = await ownerStream.next((e) => e.type === 'read');
    expect(read).toEqual({
      type: 'read',
      starterId: starter.id,
      readerId: owner.user.id,
      otherId: asker.user.id,
    });
  });

  it('keeps at most ten streams per member, closing the oldest', async () => {
    const member = await signedInMember(t.db);
    const first = await stream(t.app, member.cookie);
    for (let i = 0; i < 10; i++) await stream(t.app, member.cookie);
    await first.ended();
  });

  it('ends a stream once the session it was opened with has ended', async () => {
    // The app's heartbeat is 25 s; this copy of the route beats every 50 ms.
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    await app.register(fastifyCookie);
    await app.register(sessionsPlugin, { db: t.db, idleDays: 1, maxDays: 1 });
    const live = await createLiveEvents(t.database, app.log);
    app.addHook('preClose', () => live.close());
    await app.register(eventsRoutes, { live, db: t.db, heartbeatMs: 50 });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const member = await signedInMember(t.db);
      const s = await stream(app, member.cookie);
      expect(s.status).toBe(200);
      await endUserSessions(t.db, member.user.id);
      await s.ended();
    } finally {
      await app.close();
    }
  });

  it('ends open streams when the app closes, so shutdown is not held open', async () => {
    const other = await createTestApp();
    await other.app.listen({ host: '127.0.0.1', port: 0 });
    const member = await signedInMember(other.db);
    const s = await openStream(other.app, member.cookie);
    await other.close();
    await s.ended();
    s.close();
  });
});

describe('two server copies on one Postgres', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a message sent through one copy reaches an event stream opened on the other',
    async () => {
      const shared = await createAppsOnSharedPostgres(2);
      const [one, two] = shared.apps as [FastifyInstance, FastifyInstance];
      const open: EventStream[] = [];
      try {
        await one.listen({ host: '127.0.0.1', port: 0 });
        await two.listen({ host: '127.0.0.1', port: 0 });
        const db = shared.databases[0]!.db;
        const owner = await signedInMember(db);
        const asker = await signedInMember(db);
        const starter = await createStarterRow(db, owner.user.id);

        const ownerOnTwo = await openStream(two, owner.cookie);
        const askerOnOne = await openStream(one, asker.cookie);
        open.push(ownerOnTwo, askerOnOne);

        const question = await post(one, asker.cookie, {
          starterId: starter.id,
          receiverId: owner.user.id,
          content: 'Hello from copy one',
        });
        await ownerOnTwo.next(isMessage(question.id));

        const answer = await post(two, owner.cookie, {
          starterId: starter.id,
          receiverId: asker.user.id,
          content: 'Hello from copy two',
        });
        await askerOnOne.next(isMessage(answer.id));

        // And the thread read through copy two shows both, whichever copy stored them.
        const thread = await two.inject({
          url: `/api/messages/starter/${starter.id}`,
          headers: { cookie: asker.cookie },
        });
        expect(thread.json().map((m: { content: string }) => m.content)).toEqual([
          'Hello from copy one',
          'Hello from copy two',
        ]);
      } finally {
        for (const s of open) s.close();
        await shared.close();
      }
    },
  );
});
