import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '../../../../common/site/constants';
import { starters } from '../../db/schema';
import { createTestApp, signedInMember, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const BOUNDARY = 'cultureshareformboundary';
const fields = {
  title: 'Bubbly sourdough starter',
  description: 'A ten-year-old rye sourdough, fed twice a day and very lively.',
  category: 'grain',
  subcategory: 'sourdough',
  starterType: 'Sourdough starter',
  location: 'Portland, Oregon',
};

const field = (name: string, value: string, boundary = BOUNDARY) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = (name: string, data: string, boundary = BOUNDARY) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${data}\r\n`;
const fieldsPart = Object.entries(fields)
  .map(([name, value]) => field(name, value))
  .join('');
const end = `--${BOUNDARY}--\r\n`;

async function send(cookie: string, body: string | Buffer, contentType?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/starters',
    headers: {
      cookie,
      'content-type': contentType ?? `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: body,
  });
}

async function starterCount(userId: string) {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(starters)
    .where(eq(starters.userId, userId));
  return Number(row!.n);
}

describe('a malformed new-starter form', () => {
  it.each([
    ['no boundary', fieldsPart + end, 'multipart/form-data'],
    ['a boundary the body does not use', fieldsPart + end, 'multipart/form-data; boundary=other'],
    ['a body cut short inside a field', fieldsPart.slice(0, -40), undefined],
    [
      'a body cut short inside the photo',
      fieldsPart + file('image', 'x'.repeat(500)).slice(0, -60),
      undefined,
    ],
    [
      'a broken part header',
      `--${BOUNDARY}\r\nContent-Disposition form-data name\r\n` + end,
      undefined,
    ],
    ['too many fields', fieldsPart + field('x', '1').repeat(30) + end, undefined],
    ['two photos', fieldsPart + file('image', 'a') + file('image', 'b') + end, undefined],
    ['a photo in another field', fieldsPart + file('avatar', 'a') + end, undefined],
    ['a field over 64 KiB', field('title', 'a'.repeat(70 * 1024)) + fieldsPart + end, undefined],
    ['garbage', Buffer.from([0, 1, 2, 3, 255, 254, 13, 10, 45, 45]), undefined],
  ])('answers 400 with a message for %s, and writes nothing', async (_name, body, type) => {
    const { user, cookie } = await signedInMember(t.db);
    const res = await send(cookie, body, type);
    expect(res.statusCode).toBe(400);
    const answer = res.json<{ message: string; code: string }>();
    expect(answer.message).toEqual(expect.any(String));
    expect(answer.message.length).toBeGreaterThan(0);
    expect(answer.code).toEqual(expect.any(String));
    expect(await starterCount(user.id)).toBe(0);
  });

  it('answers 413 for a photo over the limit', async () => {
    const { user, cookie } = await signedInMember(t.db);
    const res = await send(
      cookie,
      Buffer.concat([
        Buffer.from(fieldsPart + file('image', '').slice(0, -2)),
        Buffer.alloc(PHOTO_MAX_BYTES + 10, 1),
        Buffer.from(`\r\n${end}`),
      ]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().fields.image).toMatch(/5MB/);
    expect(await starterCount(user.id)).toBe(0);
  });

  it('still takes a well-formed form', async () => {
    const { cookie } = await signedInMember(t.db);
    expect((await send(cookie, fieldsPart + end)).statusCode).toBe(201);
  });
});
