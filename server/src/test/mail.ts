import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

/** The newest mail queued for `address` (tests of what a mail says). */
export async function lastMailTo(db: Db, address: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  expect(mail, `a mail to ${address}`).toBeDefined();
  return mail!;
}

/** The newest mail queued for `address` whose subject matches, or null. */
export async function mailWithSubject(db: Db, address: string, subject: RegExp) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(desc(mailOutbox.id));
  return rows.find((r) => subject.test(r.subject)) ?? null;
}

/**
 * A mail written wholly in `language`: its `<html lang>`, and none of the English words around
 * the body (greeting, footer, stop link) left in it.
 */
export function expectMailIn(mail: { textBody: string; htmlBody: string }, language: string) {
  expect(mail.htmlBody).toContain(`<html lang="${language}">`);
  expect(mail.textBody).not.toMatch(
    /^Hi |You get this email|Stop these emails|shared free between neighbours/m,
  );
}
