import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema';
import { hashPassword } from '../account/auth/passwords';
import {
  cookieFrom,
  createMember,
  createStarterRow,
  createTestApp,
  signedInMember,
  type TestApp,
} from '../../test/app';
import { queueDueReservationMail } from './handover-mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MESSAGE_MAIL_DELAY_SECONDS: '0' });
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'a long enough pass phrase';

/** A member who signs in with their password from a browser saying `acceptLanguage`. */
async function signsInFrom(acceptLanguage: string) {
  const user = await createMember(t.db, { passwordHash: await hashPassword(PASSWORD) });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: PASSWORD },
    headers: { 'accept-language': acceptLanguage },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { user, cookie: cookieFrom(res)! };
}

describe("mail times in the member's region", () => {
  it('a pickup time mails 12-hour to an American and 24-hour to a Briton', async () => {
    const giver = await signedInMember(t.db);
    // One signs in from an American browser; the other's settings are saved from a British one.
    const ann = await signsInFrom('en-US,en;q=0.9');
    const bea = await signedInMember(t.db);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      payload: { language: 'en' },
      headers: { cookie: bea.cookie, 'accept-language': 'en-GB,en;q=0.8' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const regions = await t.db.select({ id: users.id, region: users.localeRegion }).from(users);
    expect(regions.find((r) => r.id === ann.user.id)?.region).toBe('US');
    expect(regions.find((r) => r.id === bea.user.id)?.region).toBe('GB');

    const starter = await createStarterRow(t.db, giver.user.id, { portions: 2 });
    for (const member of [ann, bea]) {
      const asked = await t.call(member, 'POST', '/api/messages', {
        starterId: starter.id,
        receiverId: giver.user.id,
        content: 'May I have some?',
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const reserved = await t.call(giver, 'POST', `/api/starters/${starter.id}/reservations`, {
        memberId: member.user.id,
        at: '2027-03-05T18:30',
      });
      expect(reserved.statusCode, reserved.body).toBe(201);
    }
    await queueDueReservationMail({ db: t.db, config: t.config });
    const mailTo = async (email: string) => {
      const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
      return mail!.textBody;
    };
    const toAnn = await mailTo(ann.user.email);
    expect(toAnn).toContain('6:30 PM');
    expect(toAnn).not.toContain('18:30');
    const toBea = await mailTo(bea.user.email);
    expect(toBea).toContain('18:30');
    expect(toBea).not.toMatch(/6:30\s?PM/);
  });
});
