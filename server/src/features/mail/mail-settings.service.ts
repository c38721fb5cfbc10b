import { and, eq, sql } from 'drizzle-orm';
import {
  MAIL_KINDS,
  mayDigest,
  type MailChoice,
  type MailKind,
  type MailKindState,
  type MailSettings,
  type MailSettingsPatch,
} from '../../../../common/members/users';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { mailChoiceOf, mailChoiceSet } from './recipients';
import * as clock from '../../clock/clock';

type Member = typeof users.$inferSelect;

export function mailSettingsOf(member: Member): MailSettings {
  return Object.fromEntries(
    MAIL_KINDS.map((kind) => [kind, mailChoiceOf(member, kind)]),
  ) as MailSettings;
}

function checkChoice(kind: MailKind, choice: MailChoice): void {
  if (choice === 'daily' && !mayDigest(kind)) {
    throw badRequest('This kind of email has no daily digest', {
      [kind]: 'This kind of email has no daily digest',
    });
  }
}

/** PATCH /api/users/mail-settings: the kinds named change, the others stay. */
export async function updateMailSettings(
  db: DbOrTx,
  actor: SessionUser,
  patch: MailSettingsPatch,
): Promise<MailSettings> {
  let set: Partial<Member> = {};
  for (const kind of MAIL_KINDS) {
    const choice = patch[kind];
    if (!choice) continue;
    checkChoice(kind, choice);
    set = { ...set, ...mailChoiceSet(kind, choice) };
  }
  if (Object.keys(set).length === 0) return mailSettingsOf(actor);
  const [member] = await db
    .update(users)
    .set({ ...set, updatedAt: clock.now() })
    .where(eq(users.id, actor.id))
    .returning();
  return mailSettingsOf(member!);
}

async function memberByKey(db: DbOrTx, mailKey: string): Promise<Member> {
  const [member] = await db.select().from(users).where(eq(users.mailKey, mailKey));
  // The same answer for a wrong key as for a closed account: the key proves nothing else.
  if (!member) throw notFound('This link is not valid any more');
  return member;
}

const stateOf = (member: Member, kind: MailKind): MailKindState => ({
  kind,
  choice: mailChoiceOf(member, kind),
  mayDigest: mayDigest(kind),
});

/** GET …/unsubscribe/:key/:kind: what the link would stop. Changes nothing (scanners open it). */
export async function mailKindState(
  db: DbOrTx,
  input: { mailKey: string; kind: MailKind },
): Promise<MailKindState> {
  return stateOf(await memberByKey(db, input.mailKey), input.kind);
}

/**
 * POST (stop: RFC 8058's one click, or the stop page's button) and PUT (undo, or "daily
 * digest instead"): one kind of mail, by the key in the mail, without signing in.
 */
export async function setMailKindByKey(
  db: DbOrTx,
  input: { mailKey: string; kind: MailKind; choice: MailChoice },
): Promise<MailKindState> {
  const member = await memberByKey(db, input.mailKey);
  checkChoice(input.kind, input.choice);
  // A used key is replaced, so a link that leaked (a forwarded mail, a proxy's log) works
  // once at most; the answer carries the new key for the page to go on with, and later
  // mails carry it too.
  const [changed] = await db
    .update(users)
    .set({
      ...mailChoiceSet(input.kind, input.choice),
      mailKey: sql`replace(gen_random_uuid()::text, '-', '')`,
      updatedAt: clock.now(),
    })
    .where(and(eq(users.id, member.id), eq(users.mailKey, input.mailKey)))
    .returning();
  if (!changed) throw notFound('This link is not valid any more');
  return { ...stateOf(changed, input.kind), key: changed.mailKey };
}
