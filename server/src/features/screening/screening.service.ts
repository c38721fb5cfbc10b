import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  BUILT_IN_RULE_CODES,
  type ScreeningAction,
  type ScreeningCode,
  type ScreeningRule,
} from '../../../../common/moderation/screening';
import type { Message } from '../../../../common/conversations/messages';
import type { DbOrTx } from '../../db/client';
import { heldMessages, messages, screeningRules } from '../../db/schema';
import * as clock from '../../clock/clock';
import { isNewAccount } from '../../access/trust';
import { wakeJob } from '../../jobs/wake';
import { BUILT_IN_DEFAULTS, screenText, type ScreenOutcome } from './rules';

/**
 * Screening as the rest of the site asks it: the rules as they stand (defaults plus what
 * moderators changed), whether a member meets the stricter set, and holding a message back.
 */

/** A member's first messages meet the stricter set: this many delivered ones leave it. */
export const FIRST_MESSAGES_STRICT = 3;

type RuleRow = typeof screeningRules.$inferSelect;

function toRule(row: RuleRow): ScreeningRule {
  return {
    id: row.id,
    code: row.code as ScreeningCode,
    words: row.words,
    exception: row.exception,
    action: row.action as ScreeningAction,
    strictAction: row.strictAction as ScreeningAction,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Every rule in force: each built-in one (a moderator's change, else its default) in a fixed
 * order, then the moderators' words, oldest first. Read per screening so every server copy
 * applies a change at once.
 */
export async function loadRules(db: DbOrTx): Promise<ScreeningRule[]> {
  const rows = await db.select().from(screeningRules).orderBy(asc(screeningRules.id));
  const changed = new Map(rows.filter((r) => r.code !== 'word').map((r) => [r.code, r]));
  const builtIn = BUILT_IN_RULE_CODES.map((code): ScreeningRule => {
    const row = changed.get(code);
    return row
      ? toRule(row)
      : { id: null, code, words: null, ...BUILT_IN_DEFAULTS[code], updatedAt: null };
  });
  return [...builtIn, ...rows.filter((r) => r.code === 'word').map(toRule)];
}

/**
 * Whether the stricter set applies to this member: an account younger than a day, or fewer
 * than FIRST_MESSAGES_STRICT messages delivered so far (held ones do not count).
 */
export async function isStrictFor(
  db: DbOrTx,
  member: { id: string; createdAt: Date },
  { firstMessages = true }: { firstMessages?: boolean } = {},
): Promise<boolean> {
  // The trust rule's new account (access/trust.ts) decides the age.
  if (isNewAccount(member)) return true;
  if (!firstMessages) return false;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.senderId, member.id), eq(messages.kind, 'text')));
  return Number(row?.n ?? 0) < FIRST_MESSAGES_STRICT;
}

export interface Screening extends ScreenOutcome {
  strict: boolean;
}

/** What the rules say of a text a member wrote, with the set that applies to them. */
export async function screenForMember(
  db: DbOrTx,
  member: { id: string; createdAt: Date },
  text: string,
  options: { firstMessages?: boolean } = {},
): Promise<Screening> {
  const [rules, strict] = await Promise.all([loadRules(db), isStrictFor(db, member, options)]);
  return { ...screenText(text, { strict, rules }), strict };
}

type HeldRow = typeof heldMessages.$inferSelect;

/** A held message as its sender sees it in the thread. The receiver never does. */
export function heldAsMessage(row: HeldRow): Message {
  return {
    kind: 'text',
    system: null,
    id: row.id,
    starterId: row.starterId,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: row.content,
    isRead: false,
    createdAt: row.createdAt.toISOString(),
    // A decision within its minute to undo has not reached the sender yet.
    status: row.status === 'rejected' && row.settledAt ? 'rejected' : 'held',
  };
}

/** Holds a message back instead of delivering it; it keeps the id it would have had. */
export async function holdMessage(
  tx: DbOrTx,
  input: { starterId: number; senderId: string; receiverId: string; content: string },
  screening: Screening,
): Promise<Message> {
  const [row] = await tx
    .insert(heldMessages)
    .values({
      ...input,
      codes: screening.codes,
      warnings: screening.warnings.length > 0 ? screening.warnings : null,
      strict: screening.strict,
      createdAt: clock.now(),
    })
    .returning();
  // The moderators hear of it now, not at the job's next minute.
  await wakeJob(tx, 'moderators-waiting');
  return heldAsMessage(row!);
}

/**
 * The sender's own messages still held (or turned down) in one conversation: their thread
 * shows them as "Held for review". Released ones are ordinary messages once the release took
 * effect; until then they are still held.
 */
export async function heldInThread(
  db: DbOrTx,
  thread: { starterId: number; senderId: string; receiverId: string },
): Promise<Message[]> {
  const rows = await db
    .select()
    .from(heldMessages)
    .where(
      and(
        eq(heldMessages.starterId, thread.starterId),
        eq(heldMessages.senderId, thread.senderId),
        eq(heldMessages.receiverId, thread.receiverId),
        or(inArray(heldMessages.status, ['held', 'rejected']), isNull(heldMessages.settledAt)),
      ),
    );
  return rows.map(heldAsMessage);
}

/** The words of a listing that the screening rules read, at posting and at every edit. */
export const LISTING_SCREENED_FIELDS = [
  'title',
  'description',
  // Free words when the type is "other"; a catalogue name otherwise, which never fires.
  'starterType',
  'customDescription',
  'careNotes',
  'originStory',
  'bring',
] as const;

/**
 * A listing's words, screened like a message from its owner. Only holding matters: a
 * listing has no receiver to warn, so a rule that would warn lets it through.
 */
export async function screenListing(
  db: DbOrTx,
  owner: { id: string; createdAt: Date },
  listing: Partial<Record<(typeof LISTING_SCREENED_FIELDS)[number], string | null>>,
): Promise<Screening> {
  const text = LISTING_SCREENED_FIELDS.map((field) => listing[field])
    .filter(Boolean)
    .join('\n');
  // A member's first messages say nothing about their listings: only a day-old account is strict.
  return screenForMember(db, owner, text, { firstMessages: false });
}
