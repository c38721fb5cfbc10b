import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayName } from '../../../../common/members/display';
import { LABEL_CODE_LENGTH } from '../../../../common/cultures/labels';
import { catalogues } from '../../../../common/i18n/catalogues';
import { flatten } from '../../../../common/i18n/keys';
import { LANGUAGES, LOCALE_TAGS } from '../../../../common/i18n/languages';
import IntlMessageFormat from 'intl-messageformat';
import { findCareCard } from '../../../../common/cultures/care-cards/cards';
import deGrain from '../../../../common/locales/de/care-cards/grain.json';
import esGrain from '../../../../common/locales/es/care-cards/grain.json';
import frGrain from '../../../../common/locales/fr/care-cards/grain.json';

const cardsIn: Record<'es' | 'de' | 'fr', Record<string, { eats?: string }>> = {
  es: esGrain,
  de: deGrain,
  fr: frGrain,
};
import { checkins, jarLabels } from '../../db/schema';
import { LABEL_SHEET } from './label-pdf';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';

const run = promisify(execFile);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://jars.example' });
});
afterAll(async () => {
  await t?.close();
});

type Member = Awaited<ReturnType<typeof signedInMember>>;

async function listing(portions = 3, language = 'en') {
  const owner = await signedInMember(t.db, { firstName: 'Olive', language });
  const starter = await createStarterRow(t.db, owner.user.id, {
    portions,
    title: 'Oma’s Sauerteig',
    category: 'grain',
    subcategory: 'sourdough',
    starterType: 'Sourdough starter',
    lastFedAt: new Date('2026-11-20T09:00:00Z'),
  });
  return { owner, starter };
}

/** Prints `count` labels and answers the codes stored for them, newest print last. */
async function print(owner: Member, starterId: number, count: number) {
  const before = await t.db
    .select({ code: jarLabels.code })
    .from(jarLabels)
    .where(eq(jarLabels.starterId, starterId));
  const res = await t.call(owner, 'GET', `/api/starters/${starterId}/labels.pdf?count=${count}`);
  expect(res.statusCode, res.body).toBe(200);
  const after = await t.db
    .select({ code: jarLabels.code })
    .from(jarLabels)
    .where(eq(jarLabels.starterId, starterId));
  const known = new Set(before.map((r) => r.code));
  return { res, codes: after.map((r) => r.code).filter((c) => !known.has(c)) };
}

/**
 * The links of a PDF's QR codes, read as a phone's camera reads a label: each label of a sheet
 * rendered on its own (a reader given the whole sheet at once may skip one of 24), a page of
 * single labels as it is.
 */
async function decodeQrCodes(pdf: Buffer, layout: 'sheet' | 'single' = 'sheet'): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labels-'));
  const dpi = 200;
  const px = (mm: number) => String(Math.round((mm / 25.4) * dpi));
  try {
    fs.writeFileSync(path.join(dir, 'labels.pdf'), pdf);
    const render = (name: string, crop: string[] = []) =>
      run('pdftoppm', ['-r', String(dpi), '-gray', '-png', ...crop, 'labels.pdf', name], {
        cwd: dir,
      });
    if (layout === 'single') await render('label');
    else {
      const { columns, rows, topMm, widthMm, heightMm } = LABEL_SHEET;
      for (let i = 0; i < columns * rows; i++) {
        const [column, row] = [i % columns, Math.floor(i / columns)];
        await render(`label-${i}`, [
          ...['-f', '1', '-l', '1', '-singlefile'],
          ...['-x', px(column * widthMm), '-y', px(topMm + row * heightMm)],
          ...['-W', px(widthMm), '-H', px(heightMm)],
        ]);
      }
    }
    const images = fs.readdirSync(dir).filter((f) => f.endsWith('.png'));
    // zbarimg exits 4 when an image holds no code: a label left blank.
    const links: string[] = [];
    for (const image of images) {
      const out = await run('zbarimg', ['-q', '--raw', image], { cwd: dir }).catch(
        (err: { code?: number; stdout?: string }) => {
          if (err.code === 4) return { stdout: '' };
          throw err;
        },
      );
      links.push(...out.stdout.split('\n').filter(Boolean));
    }
    return links;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function pdfText(pdf: Buffer): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labels-'));
  try {
    fs.writeFileSync(path.join(dir, 'labels.pdf'), pdf);
    const { stdout } = await run('pdftotext', ['-layout', 'labels.pdf', '-'], { cwd: dir });
    return stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('printing jar labels', () => {
  it('a sheet of labels whose QR codes decode to working /j/ links, one stored code each', async () => {
    const { owner, starter } = await listing();
    const { res, codes } = await print(owner, starter.id, 24);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(codes).toHaveLength(24);
    expect(new Set(codes).size).toBe(24);
    for (const code of codes) expect(code).toMatch(new RegExp(`^[0-9a-z]{${LABEL_CODE_LENGTH}}$`));

    const links = await decodeQrCodes(res.rawPayload);
    expect(links.sort()).toEqual(codes.map((c) => `https://jars.example/j/${c}`).sort());
    // Each link opens a label the site knows: its page data names the culture.
    for (const link of links.slice(0, 3)) {
      const view = await t.call(null, 'GET', `/api/labels/${new URL(link).pathname.slice(3)}`);
      expect(view.statusCode, view.body).toBe(200);
      expect(view.json()).toMatchObject({ starterId: starter.id, title: starter.title });
    }
  }, 120_000);

  it('a single label on a page of its own, in the giver’s language, with its care lines', async () => {
    const { owner, starter } = await listing(3, 'de');
    const res = await t.call(
      owner,
      'GET',
      `/api/starters/${starter.id}/labels.pdf?count=1&layout=single`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Oma’s Sauerteig');
    expect(text).toMatch(/Aktiv\s+gefüttert am/);
    expect(text).toContain('Frisst: Mehl und Wasser.');
    expect(text).toMatch(/Am wohlsten bei 21–27 °C/);
    expect(await decodeQrCodes(res.rawPayload, 'single')).toHaveLength(1);
  });

  it.each(LANGUAGES)(
    'a label’s texts come from the %s catalogue, accents drawn, the day fed in the giver’s locale',
    async (language) => {
      const { owner, starter } = await listing(3, language);
      const res = await t.call(
        owner,
        'GET',
        `/api/starters/${starter.id}/labels.pdf?count=1&layout=single`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
      // The catalogue's own texts, worded here apart from the server's wording code.
      const texts = new Map([...flatten(catalogues[language].pages)]);
      const say = (key: string, values: Record<string, string | number>) =>
        String(new IntlMessageFormat(String(texts.get(key)), LOCALE_TAGS[language]).format(values));
      const fed = new Intl.DateTimeFormat(LOCALE_TAGS[language], {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date('2026-11-20T09:00:00Z'));
      // "Active · fed …" on one line, or, when it is longer than a line, in two.
      expect(text).toMatch(
        new RegExp(
          `${say('jar.forms.active', {})}( ·)? ${say('jar.pdf.fed', { date: fed }).replace(/[.()]/g, '\\$&')}`,
        ),
      );
      const card = findCareCard('sourdough')!;
      expect(text).toContain(say('jar.pdf.feedAtLeast', { days: card.feedWithinDays }));
      expect(text).toContain(say('jar.pdf.happiest', { range: '21–27 °C' }));
      const eats = (language === 'en' ? card.eats : cardsIn[language].sourdough?.eats) ?? '';
      expect(text).toContain(say('jar.pdf.eats', { text: eats.slice(0, eats.indexOf('.') + 1) }));
      for (const accented of { en: [], es: ['á', 'í'], de: ['ü'], fr: ['é', 'à'] }[language]) {
        expect(text).toContain(accented);
      }
      // The date is the giver's way of writing it: another language's day would not match.
      const others = LANGUAGES.filter((l) => l !== language);
      for (const other of others) {
        const theirs = new Intl.DateTimeFormat(LOCALE_TAGS[other], {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          timeZone: 'UTC',
        }).format(new Date('2026-11-20T09:00:00Z'));
        if (theirs !== fed) expect(text).not.toContain(theirs);
      }
    },
  );

  it('draws letters beyond Latin-1 (Polish) with the embedded Noto Sans', async () => {
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id, { title: 'Żurek z Łodzi' });
    const res = await t.call(owner, 'GET', `/api/starters/${starter.id}/labels.pdf?count=1`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain('Żurek z Łodzi');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labels-'));
    try {
      fs.writeFileSync(path.join(dir, 'labels.pdf'), res.rawPayload);
      const { stdout } = await run('pdffonts', ['labels.pdf'], { cwd: dir });
      const fonts = stdout.split('\n').filter((line) => line.includes('NotoSans'));
      expect(fonts.length).toBeGreaterThanOrEqual(2);
      // Every font the labels use is embedded: the printer needs none of its own.
      expect(
        stdout
          .split('\n')
          .slice(2)
          .filter(Boolean)
          .every((l) => / yes /.test(l)),
      ).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('counts outside 1–24 are refused with a message, and nothing is stored', async () => {
    const { owner, starter } = await listing();
    for (const count of ['0', '25', '2.5', 'many', '']) {
      const res = await t.call(
        owner,
        'GET',
        `/api/starters/${starter.id}/labels.pdf?count=${count}`,
      );
      expect(res.statusCode, count).toBe(400);
      expect(res.json().message).toMatch(/between 1 and 24 labels/);
    }
    const noCount = await t.call(owner, 'GET', `/api/starters/${starter.id}/labels.pdf`);
    expect(noCount.statusCode).toBe(400);
    const stored = await t.db.select().from(jarLabels).where(eq(jarLabels.starterId, starter.id));
    expect(stored).toHaveLength(0);
  });

  it('only the owner prints: another member 403, a visitor 401, a missing starter 404', async () => {
    const { starter } = await listing();
    const other = await signedInMember(t.db);
    const url = `/api/starters/${starter.id}/labels.pdf?count=2`;
    expect((await t.call(other, 'GET', url)).statusCode).toBe(403);
    expect((await t.call(null, 'GET', url)).statusCode).toBe(401);
    expect((await t.call(other, 'GET', '/api/starters/999999/labels.pdf?count=2')).statusCode).toBe(
      404,
    );
    const stored = await t.db.select().from(jarLabels).where(eq(jarLabels.starterId, starter.id));
    expect(stored).toHaveLength(0);
  });
});

describe('one scan records the hand-over', () => {
  it('records it given and confirmed, tells the giver, and the family counts the kitchen', async () => {
    const { owner, starter } = await listing(3);
    const { codes } = await print(owner, starter.id, 2);
    const recipient = await signedInMember(t.db, { firstName: 'Rosa' });
    const before = (await t.call(null, 'GET', `/api/starters/${starter.id}/lineage`)).json();

    const res = await t.call(recipient, 'POST', `/api/labels/${codes[0]}/receive`);
    expect(res.statusCode, res.body).toBe(200);
    const { handoverId, starterId } = res.json();
    expect(starterId).toBe(starter.id);

    const after = (await t.call(null, 'GET', `/api/starters/${starter.id}/lineage`)).json();
    expect(after.kitchens).toBe(before.kitchens + 1);

    // The same hand-over as giving and confirming: the recipient's received culture, with
    // check-ins due, and one portion fewer on the listing.
    const mine = await t.call(recipient, 'GET', `/api/me/received-cultures/${handoverId}`);
    expect(mine.statusCode, mine.body).toBe(200);
    const due = await t.db.select().from(checkins).where(eq(checkins.handoverId, handoverId));
    expect(due.map((c) => c.day).sort()).toEqual([1, 3, 7]);
    const page = (await t.call(null, 'GET', `/api/starters/${starter.id}`)).json();
    expect(page.portionsLeft).toBe(2);

    // The giver's bell and thread say it arrived, naming the recipient as the bell names members.
    const bell = (await t.call(owner, 'GET', '/api/notifications')).json();
    const item = bell.notifications.find((n: { url: string }) =>
      n.url.includes(`starter=${starter.id}&`),
    );
    expect(item?.kind).toBe('handover');
    expect(item?.title).toBe(`${displayName(recipient.user)} received ${starter.title}`);
    const thread = (
      await t.call(owner, 'GET', `/api/messages/starter/${starter.id}?with=${recipient.user.id}`)
    ).json();
    expect(thread.map((m: { system?: { event: string } }) => m.system?.event)).toEqual(
      expect.arrayContaining(['given', 'received']),
    );

    // The label's page now says who has it; the other code still works for someone else.
    const view = (await t.call(null, 'GET', `/api/labels/${codes[0]}`)).json();
    expect(view).toMatchObject({ holderName: 'Rosa', giverName: 'Olive', receivedByMe: false });
    const other = await signedInMember(t.db);
    expect((await t.call(other, 'POST', `/api/labels/${codes[1]}/receive`)).statusCode).toBe(200);
  });

  it('a code works once: a second scan is 409 with a message, nothing changed', async () => {
    const { owner, starter } = await listing(3);
    const { codes } = await print(owner, starter.id, 1);
    const first = await signedInMember(t.db);
    const second = await signedInMember(t.db);
    expect((await t.call(first, 'POST', `/api/labels/${codes[0]}/receive`)).statusCode).toBe(200);
    for (const who of [second, first]) {
      const again = await t.call(who, 'POST', `/api/labels/${codes[0]}/receive`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This jar has already been received');
    }
    const page = (await t.call(null, 'GET', `/api/starters/${starter.id}`)).json();
    expect(page.portionsLeft).toBe(2);
  });

  it('a used code names who has the jar now by first name only, to anyone, and the family follows', async () => {
    const { owner, starter } = await listing(3);
    const { codes } = await print(owner, starter.id, 2);
    const rosa = await signedInMember(t.db, {
      firstName: 'Rosa',
      lastName: 'Quintana',
      username: `rosa_ferments_${Date.now()}`,
    });
    expect((await t.call(rosa, 'POST', `/api/labels/${codes[0]}/receive`)).statusCode).toBe(200);
    const stranger = await signedInMember(t.db);
    for (const who of [null, stranger, owner]) {
      const view = await t.call(who, 'GET', `/api/labels/${codes[0]}`);
      expect(view.statusCode, view.body).toBe(200);
      expect(view.json()).toMatchObject({ holderName: 'Rosa', receivedByMe: false });
      expect(view.body).not.toContain('Quintana');
      expect(view.body).not.toContain('rosa_ferments');
    }
    expect((await t.call(rosa, 'GET', `/api/labels/${codes[0]}`)).json()).toMatchObject({
      receivedByMe: true,
    });
    // The family the page shows beside it is the label's culture's, with Rosa's kitchen in it.
    const family = await t.call(null, 'GET', `/api/starters/${starter.id}/lineage`);
    expect(family.statusCode).toBe(200);
    expect(family.json().kitchens).toBe(1);

    // A member without a first name is named as elsewhere on the site: by username.
    const nameless = await signedInMember(t.db, {
      firstName: null,
      username: `nameless_${Date.now()}`,
    });
    expect((await t.call(nameless, 'POST', `/api/labels/${codes[1]}/receive`)).statusCode).toBe(
      200,
    );
    const view = (await t.call(null, 'GET', `/api/labels/${codes[1]}`)).json();
    expect(view.holderName).toBe(nameless.user.username);
  });

  it('an unknown code is 404, to a member, a visitor and the page data alike', async () => {
    const member = await signedInMember(t.db);
    for (const code of ['zzzzzzzzzzzz', 'not-a-code', 'ABCDEFGHJKMN']) {
      expect((await t.call(member, 'POST', `/api/labels/${code}/receive`)).statusCode).toBe(404);
      expect((await t.call(null, 'GET', `/api/labels/${code}`)).statusCode).toBe(404);
    }
  });

  it('the giver’s own scan is refused with a message; a visitor must sign in', async () => {
    const { owner, starter } = await listing(2);
    const { codes } = await print(owner, starter.id, 1);
    const own = await t.call(owner, 'POST', `/api/labels/${codes[0]}/receive`);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toMatch(/your own jar/);
    expect((await t.call(null, 'POST', `/api/labels/${codes[0]}/receive`)).statusCode).toBe(401);
    const view = (await t.call(owner, 'GET', `/api/labels/${codes[0]}`)).json();
    expect(view).toMatchObject({ mine: true, holderName: null });
    const page = (await t.call(null, 'GET', `/api/starters/${starter.id}`)).json();
    expect(page.portionsLeft).toBe(2);
  });

  it('a listing with no portion left refuses the scan, and the code stays unused', async () => {
    const { owner, starter } = await listing(1);
    const { codes } = await print(owner, starter.id, 2);
    const first = await signedInMember(t.db);
    expect((await t.call(first, 'POST', `/api/labels/${codes[0]}/receive`)).statusCode).toBe(200);
    const late = await t.call(
      await signedInMember(t.db),
      'POST',
      `/api/labels/${codes[1]}/receive`,
    );
    expect(late.statusCode).toBe(409);
    const [label] = await t.db.select().from(jarLabels).where(eq(jarLabels.code, codes[1]!));
    expect(label?.usedAt).toBeNull();
  });
});
