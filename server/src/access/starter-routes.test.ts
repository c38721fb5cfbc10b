import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagePhotos, messages, photos, starters, users } from '../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../test/app';

/**
 * Every route that takes a starter — by id in its path or its body, or through one of its
 * photos — must ask the access policy. The routes come from the app's own route table, so a
 * new one cannot be forgotten: it fails the first test until it is listed below, and then the
 * second, unless it answers a hidden starter as if it did not exist.
 */

interface Subject {
  starterId: number;
  photoId: string;
  /** A photo in the asker's message to the owner. */
  messagePhotoId: string;
  ownerId: string;
  ownerCookie: string;
  /** Unique to this starter, so a link preview that leaks it is caught. */
  title: string;
}

/** How an ordinary member who already wrote to the owner calls each route about `s`. */
const calls: Record<string, (s: Subject) => InjectOptions> = {
  'GET /api/starters/:id': (s) => ({ url: `/api/starters/${s.starterId}` }),
  'PATCH /api/starters/:id': (s) => ({
    method: 'PATCH',
    url: `/api/starters/${s.starterId}`,
    payload: { isClaimed: true },
  }),
  'DELETE /api/starters/:id': (s) => ({ method: 'DELETE', url: `/api/starters/${s.starterId}` }),
  'POST /api/starters/:id/fed': (s) => ({
    method: 'POST',
    url: `/api/starters/${s.starterId}/fed`,
  }),
  'GET /api/photos/:id/full.webp': (s) => ({ url: `/api/photos/${s.photoId}/full.webp` }),
  'GET /api/photos/:id/thumb.webp': (s) => ({ url: `/api/photos/${s.photoId}/thumb.webp` }),
  'GET /starter/:id': (s) => ({ url: `/starter/${s.starterId}` }),
  'POST /api/messages': (s) => ({
    method: 'POST',
    url: '/api/messages',
    payload: { starterId: s.starterId, receiverId: s.ownerId, content: 'Is it still there?' },
  }),
  'GET /api/messages/starter/:starterId': (s) => ({
    url: `/api/messages/starter/${s.starterId}`,
  }),
  'GET /api/messages/starter/:starterId/signs': (s) => ({
    url: `/api/messages/starter/${s.starterId}/signs?with=${s.ownerId}`,
  }),
  'POST /api/messages/starter/:starterId/read': (s) => ({
    method: 'POST',
    url: `/api/messages/starter/${s.starterId}/read`,
    payload: {},
  }),
  'POST /api/messages/starter/:starterId/nudge': (s) => ({
    method: 'POST',
    url: `/api/messages/starter/${s.starterId}/nudge`,
    payload: { with: s.ownerId },
  }),
  'GET /api/messages/photos/:id/full.webp': (s) => ({
    url: `/api/messages/photos/${s.messagePhotoId}/full.webp`,
  }),
  'GET /api/messages/photos/:id/thumb.webp': (s) => ({
    url: `/api/messages/photos/${s.messagePhotoId}/thumb.webp`,
  }),
  'POST /api/starters/:id/reservations': (s) => ({
    method: 'POST',
    url: `/api/starters/${s.starterId}/reservations`,
    payload: { memberId: s.ownerId },
  }),
  'POST /api/starters/:id/handovers': (s) => ({
    method: 'POST',
    url: `/api/starters/${s.starterId}/handovers`,
    payload: { memberId: null },
  }),
  'POST /api/starters/:id/renew': (s) => ({
    method: 'POST',
    url: `/api/starters/${s.starterId}/renew`,
    payload: {},
  }),
  'POST /api/starters/:id/portions': (s) => ({
    method: 'POST',
    url: `/api/starters/${s.starterId}/portions`,
    payload: { add: 1 },
  }),
  'GET /api/starters/:id/standing-offer': (s) => ({
    url: `/api/starters/${s.starterId}/standing-offer`,
  }),
  'POST /api/starters/:id/standing-offer': (s) => ({
    method: 'POST',
    url: `/api/starters/${s.starterId}/standing-offer`,
    payload: { batchSize: 2, cadenceDays: 7, answerHours: 48, limitWeeks: 4, mode: 'lottery' },
  }),
  'DELETE /api/starters/:id/standing-offer': (s) => ({
    method: 'DELETE',
    url: `/api/starters/${s.starterId}/standing-offer`,
  }),
  'POST /api/starters/:id/standing-offer/pause': (s) => ({
    method: 'POST',
    url: `/api/starters/${s.starterId}/standing-offer/pause`,
  }),
  'POST /api/starters/:id/standing-offer/resume': (s) => ({
    method: 'POST',
    url: `/api/starters/${s.starterId}/standing-offer/resume`,
  }),
  'POST /api/starters/:id/standing-offer/rounds': (s) => ({
    method: 'POST',
    url: `/api/starters/${s.starterId}/standing-offer/rounds`,
  }),
  'POST /api/starters/:id/waitlist': (s) => ({
    method: 'POST',
    url: `/api/starters/${s.starterId}/waitlist`,
  }),
  'DELETE /api/starters/:id/waitlist': (s) => ({
    method: 'DELETE',
    url: `/api/starters/${s.starterId}/waitlist`,
  }),
  'GET /api/starters/:id/lineage': (s) => ({ url: `/api/starters/${s.starterId}/lineage` }),
  'PUT /api/starters/:id/origin': (s) => ({
    method: 'PUT',
    url: `/api/starters/${s.starterId}/origin`,
    payload: { originStory: 'From my grandmother', bornYear: 1961 },
  }),
  'GET /api/starters/:id/removal': (s) => ({ url: `/api/starters/${s.starterId}/removal` }),
  'GET /api/starters/:id/alerted': (s) => ({ url: `/api/starters/${s.starterId}/alerted` }),
  'GET /api/starters/:id/asks': (s) => ({ url: `/api/starters/${s.starterId}/asks` }),
  'POST /api/starters/:id/appeal': (s) => ({
    method: 'POST',
    url: `/api/starters/${s.starterId}/appeal`,
    payload: { text: 'It follows every rule; please look again.' },
  }),
  'PUT /api/starters/:id/saved': (s) => ({
    method: 'PUT',
    url: `/api/starters/${s.starterId}/saved`,
  }),
  'DELETE /api/starters/:id/saved': (s) => ({
    method: 'DELETE',
    url: `/api/starters/${s.starterId}/saved`,
  }),
  'PUT /api/starters/:id/hidden': (s) => ({
    method: 'PUT',
    url: `/api/starters/${s.starterId}/hidden`,
  }),
  'DELETE /api/starters/:id/hidden': (s) => ({
    method: 'DELETE',
    url: `/api/starters/${s.starterId}/hidden`,
  }),
  'GET /api/starters/:id/labels.pdf': (s) => ({
    url: `/api/starters/${s.starterId}/labels.pdf?count=1`,
  }),
  'GET /api/starters/:id/keepers': (s) => ({ url: `/api/starters/${s.starterId}/keepers` }),
  'PUT /api/starters/:id/keeper': (s) => ({
    method: 'PUT',
    url: `/api/starters/${s.starterId}/keeper`,
  }),
  'DELETE /api/starters/:id/keeper': (s) => ({
    method: 'DELETE',
    url: `/api/starters/${s.starterId}/keeper`,
  }),
  'POST /api/starters/:id/died': (s) => ({
    method: 'POST',
    url: `/api/starters/${s.starterId}/died`,
    payload: { reason: 'mould' },
  }),
  'POST /api/starters/:id/died/ask': (s) => ({
    method: 'POST',
    url: `/api/starters/${s.starterId}/died/ask`,
    payload: { memberId: s.ownerId },
  }),
  // The listing is asked first: a meet that does not exist is never reached for a hidden one.
  'POST /api/meets/:id/bring': (s) => ({
    method: 'POST',
    url: '/api/meets/1/bring',
    payload: { starterId: s.starterId, portions: 1 },
  }),
  'POST /api/reports': (s) => ({
    method: 'POST',
    url: '/api/reports',
    payload: { starterId: s.starterId, reason: 'spam' },
  }),
};

/** The keys a route's body schema names, when it is a zod object (or one wrapped in a pipe). */
function bodyKeys(schema: unknown): string[] {
  const s = schema as { shape?: object; in?: unknown; out?: unknown } | undefined;
  if (!s) return [];
  if (s.shape) return Object.keys(s.shape);
  return [...bodyKeys(s.in), ...bodyKeys(s.out)];
}

function takesStarter(route: RouteOptions): boolean {
  const url = route.url;
  return (
    url.includes(':starterId') ||
    /\/starters?\/:id\b/.test(url) ||
    /\/photos\/:id\b/.test(url) ||
    bodyKeys(route.schema?.body).includes('starterId')
  );
}

const collected: RouteOptions[] = [];
let t: TestApp;
let clientDist: string;

beforeAll(async () => {
  // The link preview fills in the built page, so there must be one.
  clientDist = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-client-'));
  fs.writeFileSync(
    path.join(clientDist, 'index.html'),
    '<!doctype html><html><head><title>CultureShare</title>' +
      '<meta name="description" content="Share starters" /></head><body></body></html>',
  );
  t = await createTestApp({ CLIENT_DIST: clientDist }, { onRoute: (r) => void collected.push(r) });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDist, { recursive: true, force: true });
});

const routeKeys = () => [
  ...new Set(
    collected.filter(takesStarter).flatMap((r) =>
      [r.method]
        .flat()
        .filter((m) => m !== 'HEAD')
        .map((m) => `${m} ${r.url}`),
    ),
  ),
];

/** A starter with a photo, owned by a fresh member, that `asker` has already written about. */
async function subject(asker: { user: { id: string } }): Promise<Subject> {
  const owner = await signedInMember(t.db);
  const title = `Starter ${Math.random().toString(36).slice(2)}`;
  const starter = await createStarterRow(t.db, owner.user.id, { title });
  const [photo] = await t.db
    .insert(photos)
    .values({
      starterId: starter.id,
      full: Buffer.from('full'),
      thumbnail: Buffer.from('thumb'),
      width: 1,
      height: 1,
    })
    .returning({ id: photos.id });
  const [message] = await t.db
    .insert(messages)
    .values({
      starterId: starter.id,
      senderId: asker.user.id,
      receiverId: owner.user.id,
      content: 'Hi',
    })
    .returning({ id: messages.id });
  const [messagePhoto] = await t.db
    .insert(messagePhotos)
    .values({
      messageId: message!.id,
      full: Buffer.from('full'),
      thumbnail: Buffer.from('thumb'),
      width: 1,
      height: 1,
    })
    .returning({ id: messagePhotos.id });
  return {
    starterId: starter.id,
    photoId: photo!.id,
    messagePhotoId: messagePhoto!.id,
    ownerId: owner.user.id,
    ownerCookie: owner.cookie,
    title,
  };
}

/** Hidden means: answered as if it did not exist, and nothing of it in a page. */
function hides(res: LightMyRequestResponse, s: Subject): boolean {
  if (res.statusCode === 404) return true;
  const isPage = String(res.headers['content-type']).startsWith('text/html');
  return isPage && res.statusCode === 200 && !res.body.includes(s.title);
}

const hidings: Array<[string, (s: Subject) => Promise<unknown>]> = [
  [
    'removed by a moderator',
    (s) =>
      t.db
        .update(starters)
        .set({ isActive: false, removedAt: new Date() })
        .where(eq(starters.id, s.starterId)),
  ],
  [
    'deleted by its owner',
    async (s) => {
      const res = await t.call({ cookie: s.ownerCookie }, 'DELETE', `/api/starters/${s.starterId}`);
      expect(res.statusCode).toBe(204);
    },
  ],
  [
    'whose owner is banned',
    (s) => t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, s.ownerId)),
  ],
];

describe('routes that take a starter', () => {
  it('are all listed here, so none escapes the checks below', () => {
    const found = routeKeys();
    expect(found.length).toBeGreaterThan(5);
    expect(found.sort()).toEqual(Object.keys(calls).sort());
  });

  it.each(hidings)(
    'each answers a starter %s as if it did not exist, and a visible one otherwise',
    async (_name, hide) => {
      const asker = await signedInMember(t.db);
      for (const key of routeKeys()) {
        const call = calls[key]!;
        const visible = await subject(asker);
        const shown = await t.app.inject({
          ...call(visible),
          headers: { cookie: asker.cookie },
        });
        expect(hides(shown, visible), `${key} on a visible starter: ${shown.statusCode}`).toBe(
          false,
        );

        const hidden = await subject(asker);
        await hide(hidden);
        const res = await t.app.inject({ ...call(hidden), headers: { cookie: asker.cookie } });
        expect(hides(res, hidden), `${key}: ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(
          true,
        );
        if (res.statusCode === 404 && String(res.headers['content-type']).includes('json')) {
          expect(res.body).not.toContain(hidden.title);
        }
      }
    },
    // Every starter route once as each member, on one database: a minute on a busy machine.
    90_000,
  );
});
