import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestApp, type TestApp } from '../../../test/app';
import { lastMailTo as lastMail } from '../../../test/mail';
import { mailRequestedAccountLinks } from './account-mail.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const lastMailTo = (to: string) => lastMail(t.db, to);

/** Asks for a link the way the forms do (in German, whoever receives it), then mails it. */
async function ask(url: string, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'accept-language': 'de' },
    payload: { email },
  });
  expect(res.statusCode).toBe(202);
  await mailRequestedAccountLinks({ db: t.db, config: t.config });
  return lastMailTo(email);
}

describe("the password reset mail is in the receiver's language", () => {
  it('French for a member who chose French', async () => {
    await createMember(t.db, {
      email: 'elise@example.test',
      username: null,
      firstName: 'Élise',
      language: 'fr',
    });
    const mail = await ask('/api/auth/password-reset', 'elise@example.test');
    expect(mail.subject).toBe('Réinitialisez votre mot de passe CultureShare');
    expect(mail.textBody).toContain('Bonjour Élise,');
    expect(mail.textBody).toContain(
      'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte CultureShare.',
    );
    expect(mail.textBody).toContain('Choisir un nouveau mot de passe: ');
    expect(mail.textBody).toContain('/reset-password?token=');
    expect(mail.textBody).not.toContain('Someone asked');
    expect(mail.htmlBody).toContain('<html lang="fr">');
  });

  it('the same English words as before for an English member', async () => {
    await createMember(t.db, { email: 'ruth@example.test', username: null, firstName: 'Ruth' });
    const mail = await ask('/api/auth/password-reset', 'ruth@example.test');
    expect(mail.subject).toBe('Reset your CultureShare password');
    for (const text of [
      'Hi Ruth,',
      'Someone asked to reset the password of your CultureShare account. Choose a new one with the button below.',
      'The link works once, for one hour. If you did not ask for this, ignore this email: your password stays as it is.',
      'Choose a new password: ',
      'You get this email because a password reset was asked for on CultureShare.',
    ]) {
      expect(mail.textBody).toContain(text);
    }
    expect(mail.htmlBody).toContain('<html lang="en">');
  });
});

describe("the sign-in link mail is in the receiver's language", () => {
  it('Spanish for a member who chose Spanish', async () => {
    await createMember(t.db, {
      email: 'lucia@example.test',
      username: null,
      firstName: 'Lucía',
      language: 'es',
    });
    const mail = await ask('/api/auth/sign-in-link', 'lucia@example.test');
    expect(mail.subject).toBe('Tu enlace para entrar en CultureShare');
    expect(mail.textBody).toContain('Hola, Lucía:');
    expect(mail.textBody).toContain('Entrar en CultureShare: ');
    expect(mail.textBody).toContain('/sign-in-link?token=');
    expect(mail.textBody).not.toContain('Someone asked');
    expect(mail.htmlBody).toContain('<html lang="es">');
  });

  it('the same English words as before for an English member', async () => {
    await createMember(t.db, { email: 'amos@example.test', username: null, firstName: 'Amos' });
    const mail = await ask('/api/auth/sign-in-link', 'amos@example.test');
    expect(mail.subject).toBe('Your CultureShare sign-in link');
    for (const text of [
      'Hi Amos,',
      'Someone asked for a link to sign in to your CultureShare account without its password. Sign in with the button below.',
      'The link works once, for 15 minutes. If you did not ask for this, ignore this email: nobody can use the link but you.',
      'Sign in to CultureShare: ',
      'You get this email because a sign-in link was asked for on CultureShare.',
    ]) {
      expect(mail.textBody).toContain(text);
    }
  });
});

describe("the notice of a changed address is in the receiver's language", () => {
  const PASSWORD = 'sauerteig-und-kefir-8';
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  /** Signs up (in `language`, which the account keeps), then moves to another address. */
  async function changeAddress(email: string, firstName: string, language?: string) {
    const headers: Record<string, string> = language
      ? { 'accept-language': language, cookie: `lang=${language}` }
      : {};
    await post(
      '/api/auth/signup',
      { email, password: PASSWORD, firstName, lastName: 'B' },
      headers,
    );
    const welcome = (await lastMailTo(email)).textBody.match(/confirm-email\?token=([\w-]+)/)![1]!;
    expect((await post('/api/auth/confirm-email', { token: welcome })).statusCode).toBe(200);
    const login = await post('/api/auth/login', { email, password: PASSWORD });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const next = `new-${email}`;
    const asked = await post(
      '/api/users/email',
      { email: next, currentPassword: PASSWORD },
      { cookie },
    );
    expect(asked.statusCode).toBeLessThan(300);
    const token = (await lastMailTo(next)).textBody.match(/confirm-email\?token=([\w-]+)/)![1]!;
    expect((await post('/api/auth/confirm-email', { token })).statusCode).toBe(200);
    return { mail: await lastMailTo(email), next };
  }

  it('German for a member who chose German', async () => {
    const { mail, next } = await changeAddress('jonas@example.test', 'Jonas', 'de');
    expect(mail.subject).toBe('Die Adresse deines CultureShare-Kontos wurde geändert');
    expect(mail.textBody).toContain('Hallo Jonas,');
    expect(mail.textBody).toContain(
      `Dein CultureShare-Konto nutzt jetzt ${next} statt dieser Adresse.`,
    );
    expect(mail.textBody).toContain('Änderung rückgängig machen: ');
    expect(mail.textBody).toContain('/undo-email-change?token=');
    expect(mail.textBody).not.toMatch(/Your CultureShare|Undo this change/);
    expect(mail.htmlBody).toContain('<html lang="de">');
  });

  it('the same English words as before for an English member', async () => {
    const { mail, next } = await changeAddress('nell@example.test', 'Nell');
    expect(mail.subject).toBe('Your CultureShare address was changed');
    for (const text of [
      'Hi Nell,',
      `Your CultureShare account now uses ${next} instead of this address.`,
      "If that wasn't you, use the button below within 7 days: it moves the account back to this address and signs everyone out. Then choose a new password with “Forgot password”.",
      'Undo this change: ',
      'You get this email because it is about the security of your account.',
    ]) {
      expect(mail.textBody).toContain(text);
    }
  });
});
