import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import { lastMailTo as lastMail } from '../../test/mail';
import { queueDueMessageMail } from './message-mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MESSAGE_MAIL_DELAY_SECONDS: '0' });
});
afterAll(() => t?.close());

const lastMailTo = (to: string) => lastMail(t.db, to);

/** Two messages (one of a photo's words only) to an owner who speaks `language`. */
async function mailedOwner(language: string | null, firstName: string) {
  const owner = await signedInMember(t.db, { username: null, firstName, language });
  const asker = await signedInMember(t.db, { username: null, firstName: 'Omar' });
  const starter = await createStarterRow(t.db, owner.user.id, { title: 'Milk kefir grains' });
  for (const content of ['Still available?', 'I can pick up tomorrow.']) {
    const sent = await t.call(asker, 'POST', '/api/messages', {
      starterId: starter.id,
      receiverId: owner.user.id,
      content,
    });
    expect(sent.statusCode).toBe(201);
  }
  await queueDueMessageMail({ db: t.db, config: t.config });
  return lastMailTo(owner.user.email);
}

describe("the new-message mail is in the receiver's language", () => {
  it('French for a member who chose French', async () => {
    const mail = await mailedOwner('fr', 'Camille');
    expect(mail.subject).toBe(
      'Omar vous a envoyé 2 nouveaux messages à propos de Milk kefir grains',
    );
    for (const text of [
      'Bonjour Camille,',
      'Omar vous a écrit sur CultureShare à propos de Milk kefir grains.',
      'Omar a écrit :\n> Still available?',
      'Répondre sur CultureShare: ',
      'Ne plus recevoir ces e-mails: ',
    ]) {
      expect(mail.textBody).toContain(text);
    }
    expect(mail.textBody).not.toMatch(/wrote|Reply|You get this email/);
    expect(mail.htmlBody).toContain('<html lang="fr">');
  });

  it('the same English words as before for an English member', async () => {
    const mail = await mailedOwner(null, 'Maya');
    expect(mail.subject).toBe('2 new messages from Omar about Milk kefir grains');
    for (const text of [
      'Hi Maya,',
      'Omar wrote to you about Milk kefir grains on CultureShare.',
      'Omar wrote:\n> Still available?',
      'Reply on CultureShare: ',
      'You get this email because you have message emails turned on. Change that under Notifications on your profile.',
      'Stop these emails: ',
    ]) {
      expect(mail.textBody).toContain(text);
    }
    expect(mail.htmlBody).toContain('<html lang="en">');
  });
});
