import { eq } from 'drizzle-orm';
import { advanceClock, resetClock } from '../../clock/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertMatches, checkins, messageMailDue, users } from '../../db/schema';
import {
  createStarterRow,
  createTestApp,
  receivedHandover,
  signedInMember,
  zoneWhereItIs,
  type TestApp,
} from '../../test/app';
import { expectMailIn, lastMailTo } from '../../test/mail';
import { queueDueAlertMail } from '../alerts/alert-mail';
import { queueAskMails } from '../asks/ask-mail';
import { hashPassword } from '../account/auth/passwords';
import { queueCheckinMails } from '../checkins/checkin-mail';
import { buildDataExports } from '../account/data-export/data-export.service';
import { queueDueReservationMail, queueReservationMail } from '../handovers/handover-mail';
import { queueDueMessageMail } from '../messages/message-mail';
import { removalMail, reportOutcomeMail } from '../moderation/moderation-mail';
import { tell } from '../notifications/tell';
import { locate } from '../places/places.service';
import { offerMail } from '../standing-offers/standing-offer-mail';
import { queueExpiryReminders } from '../starters/expiry-reminders';

// Every mail is written in its receiver's language (decision 091), whoever caused it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MESSAGE_MAIL_DELAY_SECONDS: '0' });
});
afterAll(() => t?.close());

const DAY = 86_400_000;
const LEEDS = 'Leeds, England, United Kingdom';

/** A giver (English) and their listing, and a receiver who speaks `language`. */
async function giverAndReceiver(language: string, firstName: string) {
  const giver = await signedInMember(t.db, { username: null, firstName: 'Mia' });
  const receiver = await signedInMember(t.db, { username: null, firstName, language });
  const starter = await createStarterRow(t.db, giver.user.id, { title: 'Roggensauer' });
  return { giver, receiver, starter };
}

describe("mails about listings and hand-overs are in the receiver's language", () => {
  it('a reservation, in German', async () => {
    const { giver, receiver, starter } = await giverAndReceiver('de', 'Jonas');
    await queueReservationMail(t.db, t.config, {
      memberId: receiver.user.id,
      ownerId: giver.user.id,
      starterId: starter.id,
      kind: 'reserved',
      line: { key: 'mail:lines.reserved.receiver' },
    });
    await queueDueReservationMail({ db: t.db, config: t.config });
    const mail = await lastMailTo(t.db, receiver.user.email);
    expect(mail.subject).toBe('Mia hat Roggensauer für dich reserviert');
    expect(mail.textBody).toContain('\n\nFür dich reserviert\n\n');
    expect(mail.textBody).toContain('Hallo Jonas,');
    expect(mail.textBody).toContain('Mia hat auf CultureShare eine Portion Roggensauer für dich');
    expect(mail.textBody).toContain('Unterhaltung öffnen: ');
    expectMailIn(mail, 'de');
  });

  it("a standing offer's turn, in French", async () => {
    const { giver, receiver, starter } = await giverAndReceiver('fr', 'Camille');
    await tell(t.db, t.config, {
      kind: 'standing_offer',
      to: receiver.user.id,
      bell: null,
      mail: offerMail(t.db, t.config, {
        ownerId: giver.user.id,
        starterId: starter.id,
        answerHours: 24,
      }),
    });
    const mail = await lastMailTo(t.db, receiver.user.email);
    expect(mail.subject).toBe('C’est votre tour : une part de Roggensauer');
    expect(mail.textBody).toContain('Acceptez-la dans les 24 heures');
    expectMailIn(mail, 'fr');
  });

  it('an expiry reminder, in Spanish, with the date written the Spanish way', async () => {
    const owner = await signedInMember(t.db, {
      username: null,
      firstName: 'Lucía',
      language: 'es',
    });
    await createStarterRow(t.db, owner.user.id, {
      title: 'Masa madre de centeno',
      availableUntil: new Date(Date.now() + DAY),
    });
    await queueExpiryReminders({ db: t.db, config: t.config });
    const mail = await lastMailTo(t.db, owner.user.email);
    expect(mail.subject).toBe('Masa madre de centeno deja pronto de verse en CultureShare');
    expect(mail.textBody).toMatch(/dejará de aparecer al explorar y en las búsquedas el \S+ \d+/);
    expect(mail.textBody).toContain('Abrir Mis cultivos: ');
    expectMailIn(mail, 'es');
  });

  it('a check-in, in French, with its answers', async () => {
    const { giver, receiver, starter } = await giverAndReceiver('fr', 'Élise');
    const handover = await receivedHandover(t.db, {
      starterId: starter.id,
      giverId: giver.user.id,
      recipientId: receiver.user.id,
    });
    await t.db.insert(checkins).values({
      handoverId: handover.id,
      day: 3,
      dueAt: new Date(Date.now() - 60_000),
    });
    await queueCheckinMails({ db: t.db, config: t.config });
    const mail = await lastMailTo(t.db, receiver.user.email);
    expect(mail.subject).toBe('Roggensauer s’est-il réveillé ?');
    expect(mail.textBody).toContain('Cela fait trois jours que Roggensauer vous est arrivé');
    for (const answer of [
      'En pleine forme: ',
      'Se réveille doucement: ',
      'Pas encore / inquiet: ',
    ]) {
      expect(mail.textBody).toContain(answer);
    }
    expectMailIn(mail, 'fr');
  });

  it('a removal and a report’s outcome, in Spanish, naming the rule in Spanish', async () => {
    const { receiver, starter } = await giverAndReceiver('es', 'Pilar');
    await tell(t.db, t.config, {
      kind: 'moderation',
      to: receiver.user.id,
      bell: null,
      mail: removalMail(t.config, {
        starter: { id: starter.id, title: 'Kombucha' },
        reason: 'safety',
        note: null,
      }),
    });
    const removed = await lastMailTo(t.db, receiver.user.email);
    expect(removed.subject).toBe('Se ha retirado tu anuncio «Kombucha»');
    expect(removed.textBody).toContain('porque incumple Norma 1: Seguridad y calidad.');
    expect(removed.textBody).toContain('Solo cultivos sanos, seguros y activos');
    expectMailIn(removed, 'es');

    await tell(t.db, t.config, {
      kind: 'moderation',
      to: receiver.user.id,
      bell: null,
      mail: reportOutcomeMail(t.config, {
        starter: { id: starter.id, title: 'Kombucha' },
        outcome: 'reviewed',
      }),
    });
    const outcome = await lastMailTo(t.db, receiver.user.email);
    expect(outcome.subject).toBe('Hemos revisado tu denuncia');
    expect(outcome.textBody).toContain('Gracias por denunciar «Kombucha» en CultureShare.');
  });

  it('"Could you help?", in German, with the culture’s German name', async () => {
    const at = locate(LEEDS)!;
    const helper = await signedInMember(t.db, { username: null, firstName: 'Ute', language: 'de' });
    await createStarterRow(t.db, helper.user.id, {
      location: LEEDS,
      latitude: at.latitude,
      longitude: at.longitude,
    });
    const asker = await signedInMember(t.db);
    const asked = await t.call(asker, 'POST', '/api/asks', {
      category: 'dairy',
      subcategory: 'kefir',
      location: LEEDS,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    await queueAskMails({ db: t.db, config: t.config });
    const mail = await lastMailTo(t.db, helper.user.email);
    expect(mail.subject).toBe('Kannst du helfen? Jemand in deiner Nähe sucht Kefirknollen');
    expect(mail.textBody).toContain(`Ein Mitglied in ${LEEDS} sucht Kefirknollen`);
    expectMailIn(mail, 'de');
  });

  it('an alert’s new listing, in German', async () => {
    // An immediate alert mails in the member's day.
    const seeker = await signedInMember(t.db, {
      username: null,
      firstName: 'Jonas',
      language: 'de',
      timeZone: zoneWhereItIs(12),
    });
    const made = await t.call(seeker, 'POST', '/api/alerts', {
      search: 'kefir',
      location: 'Leeds, United Kingdom',
      radiusKm: 25,
      frequency: 'immediate',
    });
    expect(made.statusCode, made.body).toBe(201);
    const giver = await signedInMember(t.db);
    const listing = await createStarterRow(t.db, giver.user.id, { location: LEEDS });
    await t.db.insert(alertMatches).values({
      alertId: made.json().id,
      starterId: listing.id,
      userId: seeker.user.id,
      ring: 3,
      announcedAt: new Date(),
    });
    await queueDueAlertMail({ db: t.db, config: t.config });
    const mail = await lastMailTo(t.db, seeker.user.email);
    expect(mail.subject).toBe(`Neu auf CultureShare: ${listing.title}, in ${LEEDS}`);
    expect(mail.textBody).toMatch(
      /Neu für deinen Suchauftrag “kefir” im Umkreis von 25 km um Leeds/,
    );
    expect(mail.textBody).toContain('Angebot ansehen: ');
    expect(mail.textBody).toContain('Diesen Suchauftrag beenden: ');
    expectMailIn(mail, 'de');
  });
});

describe("mails about conversations are in the receiver's language", () => {
  /** An asker (English) writes to an owner who speaks `language` and takes `messageMail`. */
  async function conversation(language: string, messageMail: 'immediately' | 'daily') {
    const owner = await signedInMember(t.db, {
      username: null,
      firstName: 'Ana',
      language,
      messageMail,
    });
    const asker = await signedInMember(t.db, { username: null, firstName: 'Omar' });
    const starter = await createStarterRow(t.db, owner.user.id, { title: 'Kéfir de agua' });
    const sent = await t.call(asker, 'POST', '/api/messages', {
      starterId: starter.id,
      receiverId: owner.user.id,
      content: 'Still available?',
    });
    expect(sent.statusCode).toBe(201);
    return { owner, asker, starter };
  }

  it('a nudge, in French', async () => {
    const { owner, asker, starter } = await conversation('fr', 'immediately');
    // A nudge waits until the message has gone a day without a reply.
    advanceClock(25 * 60 * 60 * 1000);
    const nudged = await t.call(asker, 'POST', `/api/messages/starter/${starter.id}/nudge`, {
      with: owner.user.id,
    });
    resetClock();
    expect(nudged.statusCode, nudged.body).toBeLessThan(300);
    const mail = await lastMailTo(t.db, owner.user.email);
    expect(mail.subject).toBe('Omar attend votre réponse à propos de Kéfir de agua');
    expect(mail.textBody).toContain('Ouvrir la conversation: ');
    expectMailIn(mail, 'fr');
  });

  it('the daily digest, in Spanish', async () => {
    const { owner } = await conversation('es', 'daily');
    await t.db
      .update(messageMailDue)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(messageMailDue.receiverId, owner.user.id));
    await queueDueMessageMail({ db: t.db, config: t.config });
    const mail = await lastMailTo(t.db, owner.user.email);
    expect(mail.subject).toBe('1 mensaje nuevo en 1 conversación en CultureShare');
    expect(mail.textBody).toContain('1 mensaje nuevo de Omar sobre Kéfir de agua');
    expect(mail.textBody).toContain('Recibes este correo porque elegiste un resumen diario');
    expectMailIn(mail, 'es');
  });
});

describe("account mails are in the receiver's language", () => {
  const PASSWORD = 'sauerteig-und-kefir-8';

  it('the notice that the address is being changed, in German', async () => {
    const member = await signedInMember(t.db, {
      username: null,
      firstName: 'Jonas',
      language: 'de',
      passwordHash: await hashPassword(PASSWORD),
    });
    const asked = await t.call(member, 'POST', '/api/users/email', {
      email: `neu-${member.user.email}`,
      currentPassword: PASSWORD,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const mail = await lastMailTo(t.db, member.user.email);
    expect(mail.subject).toBe('Die Adresse deines CultureShare-Kontos wird geändert');
    expect(mail.textBody).toContain(`möchte neu-${member.user.email} statt dieser Adresse nutzen`);
    expectMailIn(mail, 'de');
  });

  it('the data export, in French', async () => {
    const member = await signedInMember(t.db, {
      username: null,
      firstName: 'Élise',
      language: 'fr',
    });
    expect((await t.call(member, 'POST', '/api/users/me/export')).statusCode).toBe(202);
    await buildDataExports({ db: t.db, config: t.config });
    const mail = await lastMailTo(t.db, member.user.email);
    expect(mail.subject).toBe('Vos données CultureShare sont prêtes');
    expect(mail.textBody).toContain('Télécharger mes données: ');
    expectMailIn(mail, 'fr');
  });

  it('the deletion code and the deletion, in Spanish', async () => {
    const member = await signedInMember(t.db, {
      username: null,
      firstName: 'Lucía',
      language: 'es',
    });
    expect((await t.call(member, 'POST', '/api/users/me/delete/code')).statusCode).toBe(202);
    const codeMail = await lastMailTo(t.db, member.user.email);
    expect(codeMail.subject).toBe('Tu código para borrar tu cuenta de CultureShare');
    const code = codeMail.textBody.match(/Tu código es (\d{6})\./)![1]!;
    expectMailIn(codeMail, 'es');

    const deleted = await t.call(member, 'POST', '/api/users/me/delete', { code });
    expect(deleted.statusCode, deleted.body).toBe(202);
    const mail = await lastMailTo(t.db, member.user.email);
    expect(mail.subject).toBe('Tu cuenta de CultureShare está borrada');
    expect(mail.textBody).toMatch(/Vuelve a entrar antes del \d+ de \S+ de \d{4}/);
    expectMailIn(mail, 'es');
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.deletedAt).not.toBeNull();
  });
});

describe('English mails say what they said before', () => {
  it('a reservation to a member who never chose a language', async () => {
    const giver = await signedInMember(t.db, { username: null, firstName: 'Mia' });
    const receiver = await signedInMember(t.db, { username: null, firstName: 'Ruth' });
    const starter = await createStarterRow(t.db, giver.user.id, { title: 'Rye sour' });
    await queueReservationMail(t.db, t.config, {
      memberId: receiver.user.id,
      ownerId: giver.user.id,
      starterId: starter.id,
      kind: 'reserved',
      line: { key: 'mail:lines.reserved.receiver' },
    });
    await queueDueReservationMail({ db: t.db, config: t.config });
    const mail = await lastMailTo(t.db, receiver.user.email);
    expect(mail.subject).toBe('Mia reserved Rye sour for you');
    expect(mail.textBody).toContain('\n\nReserved for you\n\n');
    for (const text of [
      'Hi Ruth,',
      'Mia reserved a portion of Rye sour for you on CultureShare.',
      'Open the conversation: ',
      'You get this email because you have reservation and hand-over emails turned on. Change that under Notifications on your profile.',
      'Stop these emails: ',
    ]) {
      expect(mail.textBody).toContain(text);
    }
    expect(mail.htmlBody).toContain('<html lang="en">');
  });
});
