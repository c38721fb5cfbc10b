import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '../../../../common/site/constants';
import type { Starter } from '../../../../common/listings/starters';
import { photos, starters, users } from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import { photoQueue } from './photo-queue';
import { multipart, type UploadFile } from '../../test/multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const validFields = {
  title: 'Bubbly sourdough starter',
  description: 'A ten-year-old rye sourdough, fed twice a day and very lively.',
  category: 'grain',
  subcategory: 'sourdough',
  starterType: 'Sourdough starter',
  customDescription: 'Bring a clean jar.',
  location: 'Portland, Oregon',
};

function post(cookie: string | undefined, fields: Record<string, string>, file?: UploadFile) {
  const body = multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/starters',
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

/** A JPEG as a phone writes it: GPS position, camera make, and rotated by EXIF orientation. */
async function phoneJpeg(width = 800, height = 600) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 190, g: 140, b: 70 } },
  })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Google', Model: 'Pixel 8' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '45/1 31/1 12/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 40/1 30/1',
      },
    })
    .toBuffer();
}

function crc32(buf: Buffer): number {
  let crc = ~0;
  for (const byte of buf) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small file that claims 30000×30000 pixels: decoding it would need gigabytes. */
/** A PNG that declares `size`×`size` pixels in a few KB (its rows stop early). */
function pngBomb(size = 30_000) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = zlib.deflateSync(Buffer.alloc(200 * (1 + size * 3)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function starterCount(userId: string) {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(starters)
    .where(eq(starters.userId, userId));
  return Number(row!.n);
}

async function photoCount() {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(photos);
  return Number(row!.n);
}

describe('POST /api/starters', () => {
  it('asks a visitor to sign in and writes nothing', async () => {
    const res = await post(undefined, validFields);
    expect(res.statusCode).toBe(401);
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(starters);
    expect(Number(row!.n)).toBe(0);
  });

  it('shares a starter without a photo and returns it with its owner, never an email', async () => {
    const { user, cookie } = await signedInMember(t.db, { username: 'ryeriley' });
    const res = await post(cookie, validFields);
    expect(res.statusCode).toBe(201);
    const body = res.json<Starter>();
    expect(body).toMatchObject({
      id: expect.any(Number),
      userId: user.id,
      title: validFields.title,
      category: 'grain',
      subcategory: 'sourdough',
      starterType: 'Sourdough starter',
      customDescription: 'Bring a clean jar.',
      location: 'Portland, Oregon',
      imagePath: null,
      thumbnailPath: null,
      isActive: true,
      isClaimed: false,
      user: { id: user.id, username: 'ryeriley' },
    });
    expect(JSON.stringify(body)).not.toContain(user.email);
    // The place is known: its centre is stored for 'Closest to me'.
    const [row] = await t.db.select().from(starters).where(eq(starters.id, body.id));
    expect(row!.latitude).toBeCloseTo(45.52, 1);
    expect(row!.longitude).toBeCloseTo(-122.68, 1);
  });

  it('accepts an unknown place and the "other" type, and leaves optional details empty', async () => {
    const { cookie } = await signedInMember(t.db);
    const { customDescription: _unused, ...rest } = validFields;
    const res = await post(cookie, {
      ...rest,
      subcategory: 'other',
      starterType: 'Amazake koji',
      location: 'Little Fermentby, Nowhereshire',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<Starter>();
    expect(body.customDescription).toBeNull();
    expect(body.subcategory).toBe('other');
    const [row] = await t.db.select().from(starters).where(eq(starters.id, body.id));
    expect(row!.latitude).toBeNull();
  });

  it("refuses missing fields with the spec's messages, per field, and writes nothing", async () => {
    const { user, cookie } = await signedInMember(t.db);
    const res = await post(cookie, { description: 'too short', starterType: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      title: 'Title is required',
      description: 'Description must be at least 10 characters',
      category: 'Category is required',
      subcategory: 'Starter type is required',
      starterType: 'Starter type is required',
      location: 'Location is required',
    });
    expect(await starterCount(user.id)).toBe(0);
  });

  it('refuses a category or type outside the catalogue', async () => {
    const { user, cookie } = await signedInMember(t.db);
    const badCategory = await post(cookie, { ...validFields, category: 'meat' });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().fields.category).toBe('Category is required');
    const wrongPair = await post(cookie, { ...validFields, category: 'dairy' });
    expect(wrongPair.statusCode).toBe(400);
    expect(wrongPair.json().fields.subcategory).toBeTruthy();
    expect(await starterCount(user.id)).toBe(0);
  });

  it('refuses JSON bodies with 415', async () => {
    const { cookie } = await signedInMember(t.db);
    const res = await t.call({ cookie }, 'POST', '/api/starters', validFields);
    expect(res.statusCode).toBe(415);
  });

  it('stops a member at the daily quota with 429', async () => {
    const limited = await createTestApp({ LIMIT_STARTERS_PER_DAY: '1' });
    try {
      const { cookie } = await signedInMember(limited.db);
      const send = () => {
        const body = multipart(validFields);
        return limited.app.inject({
          method: 'POST',
          url: '/api/starters',
          headers: { ...body.headers, cookie },
          payload: body.payload,
        });
      };
      expect((await send()).statusCode).toBe(201);
      const second = await send();
      expect(second.statusCode).toBe(429);
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('charges nothing for a refused photo or a photo queue that is full', async () => {
    const limited = await createTestApp({ LIMIT_STARTERS_PER_DAY: '1' });
    try {
      const { cookie } = await signedInMember(limited.db);
      const send = (file?: UploadFile) => {
        const body = multipart(validFields, file);
        return limited.app.inject({
          method: 'POST',
          url: '/api/starters',
          headers: { ...body.headers, cookie },
          payload: body.payload,
        });
      };
      const notAnImage = { filename: 'a.jpg', contentType: 'image/jpeg', data: Buffer.from('no') };
      expect((await send(notAnImage)).statusCode).toBe(400);
      expect((await send({ ...notAnImage, data: pngBomb() })).statusCode).toBe(400);

      // Fill the line: the running job and every waiting place are held by other work.
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const holders = Array.from({ length: photoQueue.concurrency + photoQueue.maxWaiting }, () =>
        photoQueue.run(() => gate),
      );
      try {
        const busy = await send({
          filename: 'p.jpg',
          contentType: 'image/jpeg',
          data: await phoneJpeg(64, 64),
        });
        expect(busy.statusCode).toBe(503);
        expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        open();
        await Promise.all(holders);
      }
      // All three refusals were refunded: the day's only starter still goes through.
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('refuses a member over the quota before any photo work, even a 36-megapixel PNG', async () => {
    const limited = await createTestApp({ LIMIT_STARTERS_PER_DAY: '1' });
    try {
      const { cookie } = await signedInMember(limited.db);
      const send = (file?: UploadFile) => {
        const body = multipart(validFields, file);
        return limited.app.inject({
          method: 'POST',
          url: '/api/starters',
          headers: { ...body.headers, cookie },
          payload: body.payload,
        });
      };
      expect((await send()).statusCode).toBe(201);
      const entered = photoQueue.entered;
      const refused = await send({
        filename: 'wide.png',
        contentType: 'image/png',
        data: pngBomb(6_000),
      });
      expect(refused.statusCode).toBe(429);
      expect(photoQueue.entered).toBe(entered);
    } finally {
      await limited.close();
    }
  });
});

describe('photos', () => {
  it('strips GPS and every other EXIF field, auto-rotates, and serves WebP safely', async () => {
    const { cookie } = await signedInMember(t.db);
    const original = await phoneJpeg(800, 600);
    // The fixture really carries a position, so the check below means something.
    expect((await exifr.gps(original))?.latitude).toBeCloseTo(45.52, 1);

    const res = await post(cookie, validFields, {
      filename: 'IMG_20250101.jpg',
      contentType: 'image/jpeg',
      data: original,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<Starter>();
    expect(body.imagePath).toMatch(/^\/api\/photos\/[0-9a-f-]{36}\/full\.webp$/);
    expect(body.thumbnailPath).toMatch(/^\/api\/photos\/[0-9a-f-]{36}\/thumb\.webp$/);

    const [stored] = await t.db.select().from(photos).where(eq(photos.starterId, body.id));
    expect(await exifr.parse(stored!.full, true).catch(() => undefined)).toBeUndefined();
    expect(await exifr.gps(stored!.full).catch(() => undefined)).toBeUndefined();
    const fullMeta = await sharp(stored!.full).metadata();
    expect(fullMeta.format).toBe('webp');
    expect(fullMeta.exif).toBeUndefined();
    expect(fullMeta.icc).toBeUndefined();
    // Orientation 6: the 800×600 sensor image is shown upright as 600×800.
    expect([fullMeta.width, fullMeta.height]).toEqual([600, 800]);

    const served = await t.app.inject(body.imagePath!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, no-cache');
    expect(served.headers.etag).toMatch(/^"[0-9a-f-]{36}-full"$/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe('sandbox');
    expect(await exifr.gps(served.rawPayload).catch(() => undefined)).toBeUndefined();

    const thumb = await t.app.inject(body.thumbnailPath!);
    expect(thumb.statusCode).toBe(200);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBe(480);
  });

  it('scales large photos down to 1600 px and keeps PNG, WebP and GIF uploads', async () => {
    const { cookie } = await signedInMember(t.db);
    const big = await sharp({
      create: { width: 3200, height: 2000, channels: 3, background: '#88aa55' },
    })
      .png()
      .toBuffer();
    const res = await post(cookie, validFields, {
      filename: 'big.png',
      contentType: 'image/png',
      data: big,
    });
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject(res.json<Starter>().imagePath!);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1000]);

    for (const format of ['webp', 'gif'] as const) {
      const data = await sharp({
        create: { width: 64, height: 64, channels: 3, background: '#336699' },
      })
        .toFormat(format)
        .toBuffer();
      // The declared type and name are ignored: the content decides.
      const ok = await post(cookie, validFields, {
        filename: 'photo.bin',
        contentType: 'application/octet-stream',
        data,
      });
      expect(ok.statusCode).toBe(201);
    }
  });

  it('refuses a photo of 5 MiB + 1 byte with 413 and keeps nothing', async () => {
    const { user, cookie } = await signedInMember(t.db);
    const before = await photoCount();
    const res = await post(cookie, validFields, {
      filename: 'huge.jpg',
      contentType: 'image/jpeg',
      data: Buffer.alloc(PHOTO_MAX_BYTES + 1, 7),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/5MB/);
    expect(await starterCount(user.id)).toBe(0);
    expect(await photoCount()).toBe(before);
  });

  it('accepts a photo of exactly 5 MiB when it is an image', async () => {
    const { cookie } = await signedInMember(t.db);
    const png = await sharp({
      create: { width: 32, height: 32, channels: 3, background: '#aa7733' },
    })
      .png()
      .toBuffer();
    // Trailing bytes after IEND are ignored by decoders; the file is exactly the limit.
    const data = Buffer.concat([png, Buffer.alloc(PHOTO_MAX_BYTES - png.length)]);
    expect(data.length).toBe(PHOTO_MAX_BYTES);
    const res = await post(cookie, validFields, {
      filename: 'exact.png',
      contentType: 'image/png',
      data,
    });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    [
      'an HTML page named .png',
      {
        filename: 'cute.png',
        contentType: 'image/png',
        data: Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
      },
      /image file/,
    ],
    [
      'an SVG',
      {
        filename: 'logo.svg',
        contentType: 'image/svg+xml',
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
        ),
      },
      /image file/,
    ],
    [
      'a 30000×30000 PNG bomb',
      { filename: 'bomb.png', contentType: 'image/png', data: pngBomb() },
      /megapixels/,
    ],
  ])('refuses %s and keeps nothing', async (_name, file, message) => {
    const { user, cookie } = await signedInMember(t.db);
    const before = await photoCount();
    const res = await post(cookie, validFields, file);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(res.json().fields.image).toBeTruthy();
    expect(await starterCount(user.id)).toBe(0);
    expect(await photoCount()).toBe(before);
  });

  it('refuses a file in any field but "image"', async () => {
    const { user, cookie } = await signedInMember(t.db);
    const res = await post(cookie, validFields, {
      field: 'avatar',
      filename: 'a.png',
      contentType: 'image/png',
      data: await sharp({
        create: { width: 8, height: 8, channels: 3, background: '#000' },
      })
        .png()
        .toBuffer(),
    });
    expect(res.statusCode).toBe(400);
    expect(await starterCount(user.id)).toBe(0);
  });

  it('stops serving the photo of a deleted starter, to its owner too; moderators keep it privately', async () => {
    const { cookie } = await signedInMember(t.db);
    const moderator = await signedInMember(t.db, { isModerator: true });
    const created = await post(cookie, validFields, {
      filename: 'p.jpg',
      contentType: 'image/jpeg',
      data: await phoneJpeg(200, 100),
    });
    const starter = created.json<Starter>();
    expect((await t.app.inject(starter.imagePath!)).statusCode).toBe(200);
    const del = await t.call({ cookie }, 'DELETE', `/api/starters/${starter.id}`);
    expect(del.statusCode).toBe(204);
    for (const path of [starter.imagePath!, starter.thumbnailPath!]) {
      expect((await t.app.inject(path)).statusCode).toBe(404);
      expect((await t.call({ cookie }, 'GET', path)).statusCode).toBe(404);
      const seen = await t.call(moderator, 'GET', path);
      expect(seen.statusCode).toBe(200);
      expect(seen.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('lets shared caches keep a public photo only while they revalidate it', async () => {
    const { cookie } = await signedInMember(t.db);
    const starter = (
      await post(cookie, validFields, {
        filename: 'p.jpg',
        contentType: 'image/jpeg',
        data: await phoneJpeg(100, 100),
      })
    ).json<Starter>();
    const first = await t.app.inject(starter.thumbnailPath!);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers['cache-control']).not.toMatch(/immutable|max-age=[1-9]/);
    const etag = first.headers.etag as string;
    const again = await t.app.inject({
      url: starter.thumbnailPath!,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    // Once removed, the cache's revalidation gets 404, not 304.
    await t.db
      .update(starters)
      .set({ removedAt: new Date(), isActive: false })
      .where(eq(starters.id, starter.id));
    const removed = await t.app.inject({
      url: starter.thumbnailPath!,
      headers: { 'if-none-match': etag },
    });
    expect(removed.statusCode).toBe(404);
    // Its owner still sees it, never from a shared cache.
    const own = await t.app.inject({
      url: starter.thumbnailPath!,
      headers: { 'if-none-match': etag, cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.length).toBeGreaterThan(0);
  });

  it('hides the photo of a removed starter from everyone but its owner', async () => {
    const { cookie } = await signedInMember(t.db);
    const starter = (
      await post(cookie, validFields, {
        filename: 'p.jpg',
        contentType: 'image/jpeg',
        data: await phoneJpeg(100, 100),
      })
    ).json<Starter>();
    await t.db
      .update(starters)
      .set({ removedAt: new Date(), isActive: false })
      .where(eq(starters.id, starter.id));
    expect((await t.app.inject(starter.imagePath!)).statusCode).toBe(404);
    const own = await t.call({ cookie }, 'GET', starter.imagePath!);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 404 for an unknown or malformed photo id', async () => {
    expect((await t.app.inject(`/api/photos/${crypto.randomUUID()}/full.webp`)).statusCode).toBe(
      404,
    );
    expect((await t.app.inject('/api/photos/not-a-uuid/full.webp')).statusCode).toBe(400);
  });
});

describe('GET /api/starters/:id', () => {
  it('answers 400 for a non-numeric id and 404 for a missing one', async () => {
    const bad = await t.app.inject('/api/starters/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid starter ID');
    expect((await t.app.inject('/api/starters/999999')).statusCode).toBe(404);
  });

  it('shows a starter with its owner to a visitor', async () => {
    const { user } = await signedInMember(t.db, { firstName: 'Kefira' });
    const row = await createStarterRow(t.db, user.id);
    const res = await t.app.inject(`/api/starters/${row.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: row.id,
      title: row.title,
      user: { id: user.id, firstName: 'Kefira' },
    });
    expect(res.json().user.email).toBeUndefined();
  });

  it('shows a removed starter only to its owner (marked) and to moderators', async () => {
    const owner = await signedInMember(t.db);
    const other = await signedInMember(t.db);
    const moderator = await signedInMember(t.db, { isModerator: true });
    const row = await createStarterRow(t.db, owner.user.id, {
      removedAt: new Date(),
      isActive: false,
    });
    const url = `/api/starters/${row.id}`;
    expect((await t.app.inject(url)).statusCode).toBe(404);
    expect((await t.call(other, 'GET', url)).statusCode).toBe(404);
    const own = await t.call(owner, 'GET', url);
    expect(own.statusCode).toBe(200);
    expect(own.json().removedAt).toEqual(expect.any(String));
    expect((await t.call(moderator, 'GET', url)).statusCode).toBe(200);
  });

  it("hides a banned member's starters from others", async () => {
    const owner = await signedInMember(t.db);
    const row = await createStarterRow(t.db, owner.user.id);
    await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, owner.user.id));
    expect((await t.app.inject(`/api/starters/${row.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/starters/my', () => {
  it("lists only the member's own starters, removed ones marked; visitors get 401", async () => {
    expect((await t.app.inject('/api/starters/my')).statusCode).toBe(401);
    const me = await signedInMember(t.db);
    const someoneElse = await signedInMember(t.db);
    const kept = await createStarterRow(t.db, me.user.id, { title: 'Mine, active' });
    const removed = await createStarterRow(t.db, me.user.id, {
      title: 'Mine, removed',
      removedAt: new Date(),
      isActive: false,
    });
    await createStarterRow(t.db, someoneElse.user.id, { title: 'Not mine' });
    const res = await t.call(me, 'GET', '/api/starters/my');
    expect(res.statusCode).toBe(200);
    const list = res.json<Starter[]>();
    expect(list.map((s) => s.id).sort()).toEqual([kept.id, removed.id].sort());
    expect(list.find((s) => s.id === removed.id)!.removedAt).toEqual(expect.any(String));
    expect(list.find((s) => s.id === kept.id)!.removedAt).toBeNull();
  });
});

describe('PATCH /api/starters/:id', () => {
  it('lets the owner mark a starter claimed', async () => {
    const owner = await signedInMember(t.db);
    const row = await createStarterRow(t.db, owner.user.id);
    const res = await t.call(owner, 'PATCH', `/api/starters/${row.id}`, { isClaimed: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().isClaimed).toBe(true);
    expect((await t.app.inject(`/api/starters/${row.id}`)).json().isClaimed).toBe(true);
  });

  it('refuses a visitor (401) and another member (403), and changes nothing', async () => {
    const owner = await signedInMember(t.db);
    const other = await signedInMember(t.db);
    const row = await createStarterRow(t.db, owner.user.id);
    const url = `/api/starters/${row.id}`;
    const visitor = await t.app.inject({ method: 'PATCH', url, payload: { isClaimed: true } });
    expect(visitor.statusCode).toBe(401);
    const stranger = await t.call(other, 'PATCH', url, { isClaimed: true });
    expect(stranger.statusCode).toBe(403);
    const [stored] = await t.db.select().from(starters).where(eq(starters.id, row.id));
    expect(stored!.isClaimed).toBe(false);
  });

  it('refuses un-claiming and unknown fields, including a new owner', async () => {
    const owner = await signedInMember(t.db);
    const other = await signedInMember(t.db);
    const row = await createStarterRow(t.db, owner.user.id, { isClaimed: true });
    const url = `/api/starters/${row.id}`;
    for (const [cookie, payload] of [
      [owner.cookie, { isClaimed: false }],
      [owner.cookie, { userId: other.user.id }],
      [owner.cookie, { isClaimed: true, userId: other.user.id }],
      [other.cookie, { userId: other.user.id }],
    ] as const) {
      const res = await t.call({ cookie }, 'PATCH', url, payload);
      expect(res.statusCode).toBe(400);
    }
    const [stored] = await t.db.select().from(starters).where(eq(starters.id, row.id));
    expect(stored).toMatchObject({ userId: owner.user.id, isClaimed: true, title: row.title });
  });

  it('answers 400 for a non-numeric id and 404 for a missing one', async () => {
    const owner = await signedInMember(t.db);
    for (const [url, status] of [
      ['/api/starters/x1', 400],
      ['/api/starters/987654', 404],
    ] as const) {
      const res = await t.call(owner, 'PATCH', url, { isClaimed: true });
      expect(res.statusCode).toBe(status);
    }
  });
});

describe('DELETE /api/starters/:id', () => {
  it('refuses a visitor (401) and another member (403); the owner deletes it', async () => {
    const owner = await signedInMember(t.db);
    const other = await signedInMember(t.db);
    const row = await createStarterRow(t.db, owner.user.id);
    const url = `/api/starters/${row.id}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.call(other, 'DELETE', url)).statusCode).toBe(403);
    expect((await t.app.inject(url)).statusCode).toBe(200);
    expect((await t.call(owner, 'DELETE', url)).statusCode).toBe(204);
    expect((await t.app.inject(url)).statusCode).toBe(404);
    expect((await t.call(owner, 'DELETE', url)).statusCode).toBe(404);
  });
});

describe('link previews of /starter/:id', () => {
  it("serves the app's page with the starter's title and Open Graph tags, escaped", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-client-'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="Site" /><title>CultureShare</title></head><body><div id="root"></div></body></html>',
    );
    const site = await createTestApp({ CLIENT_DIST: dir, PUBLIC_URL: 'https://share.example' });
    try {
      const { user } = await signedInMember(site.db);
      const row = await createStarterRow(site.db, user.id, {
        title: 'Kefir <script>alert(1)</script> & friends',
        imagePath: '/api/photos/00000000-0000-4000-8000-000000000000/full.webp',
      });
      const res = await site.app.inject(`/starter/${row.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('<script>alert(1)');
      expect(res.body).toContain(
        '<title>Kefir &lt;script&gt;alert(1)&lt;/script&gt; &amp; friends · CultureShare</title>',
      );
      expect(res.body).toContain(
        '<meta property="og:title" content="Kefir &lt;script&gt;alert(1)&lt;/script&gt; &amp; friends" />',
      );
      expect(res.body).toContain(
        `<meta property="og:url" content="https://share.example/starter/${row.id}" />`,
      );
      expect(res.body).toContain(
        '<meta property="og:image" content="https://share.example/api/photos/00000000-0000-4000-8000-000000000000/full.webp" />',
      );
      // The preview says what it is: a gift.
      expect(res.body).toContain(
        `<meta property="og:description" content="Free — shared by a neighbour. ${row.description}" />`,
      );

      // Removed or unknown starters get the plain page: nothing about them leaks.
      const removed = await createStarterRow(site.db, user.id, {
        title: 'Hidden culture',
        removedAt: new Date(),
        isActive: false,
      });
      for (const url of [`/starter/${removed.id}`, '/starter/424242', '/starter/abc']) {
        const plain = await site.app.inject(url);
        expect(plain.statusCode).toBe(200);
        expect(plain.body).toContain('<title>CultureShare</title>');
        expect(plain.body).not.toContain('og:title');
      }
    } finally {
      await site.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
