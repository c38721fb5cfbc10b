import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import { lastMailTo } from '../../test/mail';
import { queueDueMessageMail } from '../messages/message-mail';
import { queueDueReservationMail } from '../handovers/handover-mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MESSAGE_MAIL_DELAY_SECONDS: '0' });
});
afterAll(() => t?.close());

/*
 * A member with a username is that username everywhere the site names them (the display rule,
 * common/members/display.ts): in the thread, the inbox, the bell and every mail — never their first
 * name in one place and their username in another.
 */
describe('one name per person', () => {
  it('names members by the display rule in thread, inbox, bell and mail', async () => {
    const owner = await signedInMember(t.db, { firstName: 'Maya', username: 'maya_ferments' });
    const asker = await signedInMember(t.db, { firstName: 'Omar', username: 'omar_k' });
    const starter = await createStarterRow(t.db, owner.user.id, {
      title: 'Milk kefir grains',
      portions: 2,
    });
    const sent = await t.call(asker, 'POST', '/api/messages', {
      starterId: starter.id,
      receiverId: owner.user.id,
      content: 'Still available?',
    });
    expect(sent.statusCode, sent.body).toBe(201);

    // Mail about a message: who wrote, and whom it greets.
    await queueDueMessageMail({ db: t.db, config: t.config });
    const message = await lastMailTo(t.db, owner.user.email);
    expect(message.subject).toBe('1 new message from omar_k about Milk kefir grains');
    expect(message.textBody).toContain('Hi maya_ferments,');
    expect(message.textBody).toContain('omar_k wrote:');
    expect(`${message.subject}\n${message.textBody}`).not.toMatch(/\b(Omar|Maya)\b/);

    // The owner reserves a portion: the bell, the thread and the mail say the same names.
    const held = await t.call(owner, 'POST', `/api/starters/${starter.id}/reservations`, {
      memberId: asker.user.id,
    });
    expect(held.statusCode, held.body).toBe(201);
    const bell = (await t.call(asker, 'GET', '/api/notifications')).json();
    expect(bell.notifications[0].title).toBe('maya_ferments reserved Milk kefir grains for you');
    const thread = (
      await t.call(owner, 'GET', `/api/messages/starter/${starter.id}?with=${asker.user.id}`)
    ).json() as Array<{ kind: string; content: string }>;
    expect(thread.find((m) => m.kind === 'system')!.content).toBe(
      'You reserved a portion for omar_k',
    );
    const inbox = (await t.call(asker, 'GET', '/api/conversations')).json();
    expect(inbox[0].otherUser).toMatchObject({ username: 'maya_ferments' });

    await queueDueReservationMail({ db: t.db, config: t.config });
    const reserved = await lastMailTo(t.db, asker.user.email);
    expect(reserved.subject).toBe('maya_ferments reserved Milk kefir grains for you');
    expect(reserved.textBody).toContain('Hi omar_k,');
    expect(`${reserved.subject}\n${reserved.textBody}`).not.toMatch(/\b(Omar|Maya)\b/);
  });

  it('greets and names by the first name only a member with no username', async () => {
    const owner = await signedInMember(t.db, { firstName: 'Maya', username: null });
    const asker = await signedInMember(t.db, { firstName: 'Omar', username: null });
    const starter = await createStarterRow(t.db, owner.user.id, { title: 'Water kefir' });
    await t.call(asker, 'POST', '/api/messages', {
      starterId: starter.id,
      receiverId: owner.user.id,
      content: 'Still available?',
    });
    await queueDueMessageMail({ db: t.db, config: t.config });
    const message = await lastMailTo(t.db, owner.user.email);
    expect(message.subject).toBe('1 new message from Omar about Water kefir');
    expect(message.textBody).toContain('Hi Maya,');
  });
});
