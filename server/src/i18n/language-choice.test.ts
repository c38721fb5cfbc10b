import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { mailRequestedAccountLinks } from '../features/account/auth/account-mail.service';
import { createTestApp, signedInMember, type TestApp } from '../test/app';
import { lastMailTo } from '../test/mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the language a visitor chose is the one they get', () => {
  it('remembers ?lang= like the footer picker: the same cookie, for a year', async () => {
    const asked = await t.app.inject({
      url: '/api/site/languages?lang=es',
      headers: { 'accept-language': 'en-GB' },
    });
    expect(asked.cookies.find((c) => c.name === 'lang')).toMatchObject({
      value: 'es',
      path: '/',
      maxAge: 365 * 24 * 60 * 60,
      sameSite: 'Lax',
    });
    // Already remembered, or nothing asked: nothing to set.
    const again = await t.app.inject({
      url: '/api/site/languages?lang=es',
      headers: { cookie: 'lang=es' },
    });
    expect(again.cookies).toEqual([]);
    expect((await t.app.inject('/api/site/languages?lang=xx')).cookies).toEqual([]);
  });

  it('makes the remembered choice the account’s at sign-up: its answer and mail in it', async () => {
    const email = `ana-${Date.now()}@example.test`;
    const signedUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      // The browser's own language is English; the visitor chose Spanish on the site.
      headers: { cookie: 'lang=es', 'accept-language': 'en-GB,en;q=0.9' },
      payload: { email, password: 'cultured-butter-2025', firstName: 'Ana', lastName: 'Ruiz' },
    });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    expect(signedUp.json().message).not.toMatch(/email/i);
    const [member] = await t.db.select().from(users).where(eq(users.email, email));
    expect(member!.language).toBe('es');
    await mailRequestedAccountLinks({ db: t.db, config: t.config });
    const mail = await lastMailTo(t.db, email);
    expect(mail.subject).toBe('Confirma tu correo electrónico');
    expect(mail.htmlBody).toContain('<html lang="es">');
  });

  it("sets a signed-in member's account to the address's language, as the footer's picker does", async () => {
    const member = await signedInMember(t.db, { language: 'en' });
    const asked = await t.call(member, 'GET', '/api/auth/user?lang=de');
    expect(asked.statusCode, asked.body).toBe(200);
    // The answer, the account and the next call without the parameter are German.
    expect(asked.json().language).toBe('de');
    const [saved] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(saved!.language).toBe('de');
    expect(asked.cookies.find((c) => c.name === 'lang')?.value).toBe('de');
    const next = await t.call(member, 'GET', '/api/asks/987654');
    expect(next.json().message).toBe('Anfrage nicht gefunden');
    // A language the site does not speak changes nothing.
    await t.call(member, 'GET', '/api/auth/user?lang=xx');
    const [still] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(still!.language).toBe('de');
  });
});
