import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../common/i18n/languages';
import {
  MAIL_KINDS,
  NEWS_KIND_NAMES,
  NEWS_KINDS,
  NOTIFICATION_KINDS,
  PUSH_KINDS,
  newsKind,
  type AtOnceKind,
  type KindDeclaration,
} from '../../../../common/notifications/notification-kinds';
import { mailOutbox, notifications, pushOutbox, pushSubscriptions } from '../../db/schema';
import type { SessionUser } from '../../plugins/sessions';
import { updatePushSettings } from '../push/push.service';
import { createTestApp, signedInMember, type TestApp } from '../../test/app';
import { mailChoiceSet } from '../mail/recipients';
import { tell } from './tell';

type Catalogue = Record<string, unknown>;
const catalogues = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    JSON.parse(
      readFileSync(
        new URL(`../../../../common/locales/${language}/mail.json`, import.meta.url),
        'utf8',
      ),
    ) as Catalogue,
  ]),
);

/** The text or section at `mail:a.b.c` in one catalogue, if any. */
function lookUp(catalogue: Catalogue, key: string): unknown {
  const [namespace, path] = key.split(':');
  if (namespace !== 'mail' || !path) return undefined;
  return path.split('.').reduce<unknown>((at, part) => (at as Catalogue)?.[part], catalogue);
}

/**
 * What a kind's declaration lacks: an answer for each part (bell, mail, push), words that are
 * in every catalogue, a bell line for a bell kind, a footer for a mailed kind.
 */
export function missingParts(name: string, kind: KindDeclaration): string[] {
  const missing: string[] = [];
  if (kind.bell === undefined) missing.push(`${name}: no bell (an entry, or null)`);
  if (!kind.mail) missing.push(`${name}: no mail`);
  else if (kind.mail.choice === null) {
    if (!kind.mail.why) missing.push(`${name}: no mail, and no reason why`);
  } else {
    if (!MAIL_KINDS.includes(kind.mail.choice)) missing.push(`${name}: unknown mail choice`);
    if (!['at-once', 'after-quiet', 'digest'].includes(kind.mail.pace)) {
      missing.push(`${name}: no mail pace`);
    }
    if (!kind.words.some((key) => key.startsWith('mail:footers.'))) {
      missing.push(`${name}: its mail has no footer among its words`);
    }
  }
  if (kind.push === undefined || (kind.push !== null && !PUSH_KINDS.includes(kind.push))) {
    missing.push(`${name}: no push choice (one, or null)`);
  }
  if (!kind.words?.length) missing.push(`${name}: no words`);
  if (kind.bell && !kind.words.some((key) => key.startsWith('mail:notifications.'))) {
    missing.push(`${name}: a bell kind with no bell line among its words`);
  }
  for (const key of kind.words ?? []) {
    for (const [language, catalogue] of Object.entries(catalogues)) {
      if (lookUp(catalogue, key) === undefined) missing.push(`${name}: ${key} not in ${language}`);
    }
  }
  return missing;
}

describe('every kind of news is declared whole (decision 153)', () => {
  it('each kind has its bell, mail, push and words, in all four catalogues', () => {
    expect(NEWS_KIND_NAMES.length).toBeGreaterThan(0);
    expect(NEWS_KIND_NAMES.flatMap((name) => missingParts(name, newsKind(name)))).toEqual([]);
  });

  it('the check notices a kind lacking a part', () => {
    const whole = newsKind('checkin');
    expect(missingParts('whole', whole)).toEqual([]);
    const broken: KindDeclaration[] = [
      { ...whole, words: whole.words.filter((key) => !key.startsWith('mail:footers.')) },
      { ...whole, words: whole.words.filter((key) => !key.startsWith('mail:notifications.')) },
      { ...whole, words: [...whole.words, 'mail:notifications.noSuchLine'] },
      { ...whole, mail: { choice: null, why: '' } },
      { ...whole, push: undefined as never },
      { ...whole, bell: undefined as never },
    ];
    for (const kind of broken) expect(missingParts('broken', kind)).not.toEqual([]);
  });

  it('every bell line of the catalogue belongs to exactly one kind', () => {
    const lines = Object.keys(catalogues.en!.notifications as Catalogue).map(
      (key) => `mail:notifications.${key}`,
    );
    const owners = (line: string) =>
      NEWS_KIND_NAMES.filter((name) => (newsKind(name).words as string[]).includes(line));
    expect(lines.filter((line) => owners(line).length !== 1)).toEqual([]);
  });

  it('every choice on the settings pages decides some kind', () => {
    const kinds = NEWS_KIND_NAMES.map(newsKind);
    expect(MAIL_KINDS.filter((c) => !kinds.some((k) => k.mail.choice === c))).toEqual([]);
    expect(PUSH_KINDS.filter((c) => !kinds.some((k) => k.push === c))).toEqual([]);
  });

  it('the centre holds the kinds with a bell', () => {
    expect(NOTIFICATION_KINDS).toEqual(NEWS_KIND_NAMES.filter((name) => newsKind(name).bell));
  });
});

describe('tell rings the bell and queues mail as the member chose', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://share.example' });
  });
  afterAll(async () => t?.close());

  const atOnce = NEWS_KIND_NAMES.filter(
    (name): name is AtOnceKind =>
      'pace' in NEWS_KINDS[name].mail && NEWS_KINDS[name].mail.pace === 'at-once',
  );

  for (const kind of atOnce) {
    it(`${kind}: the bell, and a mail of the kind while its choice is on`, async () => {
      const { choice } = NEWS_KINDS[kind].mail as { choice: (typeof MAIL_KINDS)[number] };
      const hasBell = NEWS_KINDS[kind].bell !== null;
      const news = (to: string) =>
        ({
          kind,
          to,
          ...(hasBell ? { bell: { title: { key: 'mail:aStarter' }, url: '/profile' } } : {}),
          mail: (tr: (key: string) => string) => ({
            subject: `News of ${kind}`,
            paragraphs: ['Something happened.'],
            footer: tr('mail:footers.reminders'),
          }),
        }) as never;

      const on = await signedInMember(t.db, mailChoiceSet(choice, 'immediately'));
      expect(await tell(t.db, t.config, news(on.user.id))).toEqual({ mailed: true });
      const [mail] = await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, on.user.email));
      expect(mail).toMatchObject({ kind, subject: `News of ${kind}` });
      expect(mail!.headers['List-Unsubscribe']).toMatch(new RegExp(`/${choice}>$`));
      const items = await t.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, on.user.id));
      expect(items.map((i) => i.kind)).toEqual(hasBell ? [kind] : []);

      const off = await signedInMember(t.db, mailChoiceSet(choice, 'off'));
      expect(await tell(t.db, t.config, news(off.user.id))).toEqual({ mailed: false });
      expect(
        await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, off.user.email)),
      ).toEqual([]);
    });
  }

  /** A member with one device, their push choices as they come (all on). */
  async function memberWithDevice() {
    const member = await signedInMember(t.db);
    const [device] = await t.db
      .insert(pushSubscriptions)
      .values({
        userId: member.user.id,
        endpoint: `https://push.example/${member.user.id}`,
        p256dh: 'p'.repeat(87),
        auth: 'a'.repeat(22),
      })
      .returning();
    const pushes = () =>
      t.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, device!.id));
    return { member, pushes };
  }

  for (const kind of NOTIFICATION_KINDS) {
    const push = NEWS_KINDS[kind].push;
    it(`${kind}: its bell item is pushed ${push ? `by the ${push} choice` : 'never'}`, async () => {
      const news = (to: string) =>
        ({
          kind,
          to,
          bell: { title: { key: 'mail:aStarter' }, url: '/profile' },
          mail: undefined,
        }) as never;
      const on = await memberWithDevice();
      await tell(t.db, t.config, news(on.member.user.id));
      expect(await on.pushes()).toHaveLength(push ? 1 : 0);
      if (!push) return;
      const off = await memberWithDevice();
      await updatePushSettings(t.db, off.member.user as SessionUser, { [push]: false });
      await tell(t.db, t.config, news(off.member.user.id));
      expect(await off.pushes()).toEqual([]);
    });
  }
});
