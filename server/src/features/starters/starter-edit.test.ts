import { asc, eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_PHOTOS } from '../../../../common/listings/starter-photo';
import type { Starter } from '../../../../common/listings/starters';
import { messages, photos, rateLimits, starters } from '../../db/schema';
import {
  createStarterRow,
  createTestApp,
  receivedHandover,
  signedInMember,
  type TestApp,
} from '../../test/app';
import { multipart, type UploadFile } from '../../test/multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const colours = [
  { r: 200, g: 40, b: 40 },
  { r: 40, g: 200, b: 40 },
  { r: 40, g: 40, b: 200 },
  { r: 220, g: 200, b: 40 },
  { r: 120, g: 40, b: 160 },
];

/** A phone's JPEG of one colour, carrying a GPS position that must not survive. */
async function jpeg(colour: number): Promise<UploadFile> {
  const data = await sharp({
    create: { width: 320, height: 240, channels: 3, background: colours[colour]! },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Google' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 31/1 12/1' },
    })
    .toBuffer();
  return { filename: `photo-${colour}.jpg`, contentType: 'image/jpeg', data };
}

function patchForm(
  cookie: string,
  id: number,
  fields: Array<[string, string]>,
  files: UploadFile[] = [],
) {
  const body = multipart(fields, files);
  return t.app.inject({
    method: 'PATCH',
    url: `/api/starters/${id}`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

async function storedRow(id: number) {
  const [row] = await t.db.select().from(starters).where(eq(starters.id, id));
  return row!;
}

async function storedPhotos(id: number) {
  return t.db
    .select({ id: photos.id, position: photos.position })
    .from(photos)
    .where(eq(photos.starterId, id))
    .orderBy(asc(photos.position));
}

/** The red channel of a stored photo's centre, to tell the photos apart after re-encoding. */
async function redOf(path: string, cookie: string): Promise<number> {
  const res = await t.app.inject({ url: path, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  const { data } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
  return data[0]!;
}

const quotaHits = async (userId: string) => {
  const [row] = await t.db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(eq(rateLimits.key, `starter-edits:${userId}`));
  return row?.hits ?? 0;
};

describe('PATCH /api/starters/:id edits a listing', () => {
  it('lets the owner change every field as JSON', async () => {
    const owner = await signedInMember(t.db);
    const row = await createStarterRow(t.db, owner.user.id, { customDescription: 'Old note' });
    const res = await t.call(owner, 'PATCH', `/api/starters/${row.id}`, {
      title: 'Rye sourdough, very lively',
      description: 'A rye sourdough fed twice a day, smells of apples.',
      category: 'grain',
      subcategory: 'sourdough',
      starterType: 'Rye sourdough',
      customDescription: null,
      location: 'Seattle, Washington',
      portions: 3,
      travel: ['pickup', 'post'],
      postage: 'recipient',
      bring: 'A clean jar',
      form: 'dried',
      careNotes: 'Keep it dry.',
      originStory: 'From a bakery in Tartu.',
      bornYear: 1961,
    });
    expect(res.statusCode).toBe(200);
    const edited = res.json<Starter>();
    expect(edited).toMatchObject({
      id: row.id,
      title: 'Rye sourdough, very lively',
      category: 'grain',
      subcategory: 'sourdough',
      starterType: 'Rye sourdough',
      customDescription: null,
      location: 'Seattle, Washington',
      portions: 3,
      travel: ['pickup', 'post'],
      postage: 'recipient',
      bring: 'A clean jar',
      form: 'dried',
      careNotes: 'Keep it dry.',
      originStory: 'From a bakery in Tartu.',
      bornYear: 1961,
    });
    // The place is looked up again, so distance and "closest" follow the new location.
    const stored = await storedRow(row.id);
    expect(stored.latitude).not.toBe(row.latitude);
    expect(stored.availableUntil).toEqual(row.availableUntil);
  });

  it('lets the owner change fields and add photos as multipart, metadata stripped', async () => {
    const owner = await signedInMember(t.db);
    const row = await createStarterRow(t.db, owner.user.id);
    const res = await patchForm(
      owner.cookie,
      row.id,
      [
        ['title', 'Kefir grains with photos'],
        ['travel', 'pickup'],
        ['travel', 'post'],
        ['postage', 'giver'],
      ],
      [await jpeg(0), await jpeg(1)],
    );
    expect(res.statusCode).toBe(200);
    const edited = res.json<Starter>();
    expect(edited.title).toBe('Kefir grains with photos');
    expect(edited.travel).toEqual(['pickup', 'post']);
    // Fields not sent stay as they were.
    expect(edited.description).toBe(row.description);
    expect(edited.photos).toHaveLength(2);
    expect(edited.imagePath).toBe(edited.photos![0]!.imagePath);
    expect(await redOf(edited.photos![0]!.imagePath, owner.cookie)).toBeGreaterThan(150);
    const full = await t.app.inject({ url: edited.photos![1]!.imagePath });
    expect(await exifr.parse(full.rawPayload, { gps: true }).catch(() => undefined)).toBeFalsy();
  });

  it('keeps at most four photos: a fifth is refused and nothing changes', async () => {
    const owner = await signedInMember(t.db);
    const row = await createStarterRow(t.db, owner.user.id);
    const four = await Promise.all([0, 1, 2, 3].map(jpeg));
    const first = await patchForm(owner.cookie, row.id, [], four);
    expect(first.statusCode).toBe(200);
    expect(first.json<Starter>().photos).toHaveLength(4);
    const before = await storedPhotos(row.id);

    const fifth = await patchForm(
      owner.cookie,
      row.id,
      [['title', 'Five photos']],
      [await jpeg(4)],
    );
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().message).toBe(TOO_MANY_PHOTOS);
    const five = await patchForm(
      owner.cookie,
      (await createStarterRow(t.db, owner.user.id)).id,
      [],
      await Promise.all([0, 1, 2, 3, 4].map(jpeg)),
    );
    expect(five.statusCode).toBe(400);
    expect(await storedPhotos(row.id)).toEqual(before);
    expect((await storedRow(row.id)).title).toBe(row.title);
  });

  it('reorders, removes and adds in one edit; the first is the cover everywhere', async () => {
    const owner = await signedInMember(t.db);
    const row = await createStarterRow(t.db, owner.user.id);
    const created = (
      await patchForm(owner.cookie, row.id, [], [await jpeg(0), await jpeg(1), await jpeg(2)])
    ).json<Starter>();
    const [red, green, blue] = created.photos!.map((p) => p.id);

    // JSON: blue first, red dropped.
    const reordered = await t.call(owner, 'PATCH', `/api/starters/${row.id}`, {
      photoOrder: [blue, green],
    });
    expect(reordered.statusCode).toBe(200);
    const after = reordered.json<Starter>();
    expect(after.photos!.map((p) => p.id)).toEqual([blue, green]);
    expect(after.imagePath).toBe(`/api/photos/${blue}/full.webp`);
    expect(after.thumbnailPath).toBe(`/api/photos/${blue}/thumb.webp`);
    expect((await t.app.inject(`/api/photos/${red}/full.webp`)).statusCode).toBe(404);

    // Multipart: a new photo becomes the cover, before the kept ones.
    const withNew = await patchForm(
      owner.cookie,
      row.id,
      [
        ['photoOrder', 'new:0'],
        ['photoOrder', green!],
        ['photoOrder', blue!],
      ],
      [await jpeg(3)],
    );
    expect(withNew.statusCode).toBe(200);
    const latest = withNew.json<Starter>();
    expect(latest.photos!.slice(1).map((p) => p.id)).toEqual([green, blue]);
    expect(latest.imagePath).toBe(latest.photos![0]!.imagePath);
    // Browse cards and the sitemap read the same cover.
    const list = await t.app.inject('/api/starters?limit=50');
    const card = list.json<{ starters: Starter[] }>().starters.find((s) => s.id === row.id)!;
    expect(card.imagePath).toBe(latest.photos![0]!.imagePath);

    // An empty photoOrder removes them all.
    const none = await patchForm(owner.cookie, row.id, [['photoOrder', '']]);
    expect(none.statusCode).toBe(200);
    expect(none.json<Starter>()).toMatchObject({ photos: [], imagePath: null });
  });

  it('refuses a photo that is not an image by its content, and charges no quota', async () => {
    const owner = await signedInMember(t.db);
    const row = await createStarterRow(t.db, owner.user.id);
    const fake = {
      filename: 'kefir.jpg',
      contentType: 'image/jpeg',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    };
    const res = await patchForm(owner.cookie, row.id, [['title', 'Renamed']], [fake]);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.image).toBeTruthy();
    expect((await storedRow(row.id)).title).toBe(row.title);
    expect(await storedPhotos(row.id)).toEqual([]);
    expect(await quotaHits(owner.user.id)).toBe(0);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const owner = await signedInMember(t.db);
    const other = await signedInMember(t.db);
    const row = await createStarterRow(t.db, owner.user.id, { portions: 3, portionsReserved: 2 });
    const otherPhoto = (
      await patchForm(
        other.cookie,
        (await createStarterRow(t.db, other.user.id)).id,
        [],
        [await jpeg(0)],
      )
    ).json<Starter>().photos![0]!.id;
    const url = `/api/starters/${row.id}`;
    for (const payload of [
      { title: '' },
      { description: 'short' },
      { category: 'grain', subcategory: 'kefir' },
      { travel: ['post'] },
      { portions: 1 },
      { availableDays: 60 },
      { userId: other.user.id },
      { isClaimed: true, title: 'Claimed and renamed' },
      { photoOrder: [otherPhoto] },
      { photoOrder: ['new:0'] },
      { parentId: 999999 },
    ]) {
      const res = await t.call(owner, 'PATCH', url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const stored = await storedRow(row.id);
    expect(stored).toMatchObject({
      title: row.title,
      description: row.description,
      category: row.category,
      portions: 3,
      isClaimed: false,
      userId: owner.user.id,
    });
    expect(await quotaHits(owner.user.id)).toBe(0);
  });

  it('refuses a visitor (401) and another member (403); nothing changes', async () => {
    const owner = await signedInMember(t.db);
    const other = await signedInMember(t.db);
    const row = await createStarterRow(t.db, owner.user.id);
    const url = `/api/starters/${row.id}`;
    const visitor = await t.app.inject({ method: 'PATCH', url, payload: { title: 'Mine now' } });
    expect(visitor.statusCode).toBe(401);
    expect((await t.call(other, 'PATCH', url, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await patchForm(other.cookie, row.id, [], [await jpeg(0)])).statusCode).toBe(403);
    expect((await storedRow(row.id)).title).toBe(row.title);
    expect(await storedPhotos(row.id)).toEqual([]);
  });

  it('keeps the listing’s conversations and family tree', async () => {
    const owner = await signedInMember(t.db);
    const asker = await signedInMember(t.db);
    const grandparent = await createStarterRow(t.db, asker.user.id);
    await receivedHandover(t.db, {
      starterId: grandparent.id,
      giverId: asker.user.id,
      recipientId: owner.user.id,
    });
    const row = await createStarterRow(t.db, owner.user.id, { parentId: grandparent.id });
    const child = await createStarterRow(t.db, asker.user.id, { parentId: row.id });
    await t.db.insert(messages).values({
      starterId: row.id,
      senderId: asker.user.id,
      receiverId: owner.user.id,
      content: 'Could I have some on Friday?',
    });

    const res = await t.call(owner, 'PATCH', `/api/starters/${row.id}`, {
      title: 'Renamed kefir grains',
      category: 'grain',
      subcategory: 'sourdough',
      starterType: 'Sourdough starter',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Starter>().parentId).toBe(grandparent.id);

    const thread = await t.call(asker, 'GET', `/api/messages/starter/${row.id}`);
    expect(thread.statusCode).toBe(200);
    expect(JSON.stringify(thread.json())).toContain('Could I have some on Friday?');
    const lineage = await t.call(null, 'GET', `/api/starters/${row.id}/lineage`);
    expect(lineage.statusCode).toBe(200);
    const tree = JSON.stringify(lineage.json());
    expect(tree).toContain(`"id":${grandparent.id}`);
    expect(tree).toContain(`"id":${child.id}`);
  });

  it('still marks a starter claimed with the spec’s {isClaimed: true}', async () => {
    const owner = await signedInMember(t.db);
    const row = await createStarterRow(t.db, owner.user.id);
    const res = await t.call(owner, 'PATCH', `/api/starters/${row.id}`, { isClaimed: true });
    expect(res.statusCode).toBe(200);
    expect(res.json<Starter>().isClaimed).toBe(true);
    expect((await storedRow(row.id)).title).toBe(row.title);
  });
});
