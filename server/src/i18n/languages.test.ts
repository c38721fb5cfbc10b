import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../db/schema';
import { createMember, createTestApp, signedInMember, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const mailTo = async (to: string) =>
  (
    await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, to))
      .orderBy(desc(mailOutbox.id))
  )[0];

describe('GET /api/site/languages', () => {
  it('lists each language by its own name with how complete it is', async () => {
    const res = await t.app.inject('/api/site/languages');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { code: 'en', name: 'English', complete: 1 },
      { code: 'es', name: 'Español', complete: 1 },
      { code: 'de', name: 'Deutsch', complete: 1 },
      { code: 'fr', name: 'Français', complete: 1 },
    ]);
  });
});

describe("a member's language", () => {
  it('is part of the current user and saved alone by PATCH /api/users/profile', async () => {
    const { user, cookie } = await signedInMember(t.db, { username: 'levain-lover' });
    const before = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(before.json().language).toBeNull();

    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { cookie },
      payload: { language: 'de' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ language: 'de', username: 'levain-lover' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ language: 'de', username: 'levain-lover' });

    // With the profile's fields too, and back to following the browser.
    const full = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { cookie },
      payload: { username: 'levain-lover', location: 'Lyon', contactInfo: null, language: null },
    });
    expect(full.json()).toMatchObject({ language: null, location: 'Lyon' });
  });

  it('refuses a language the site does not speak, and a profile without its username', async () => {
    const { cookie } = await signedInMember(t.db, { username: 'kefir-keeper' });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { cookie },
      payload: { language: 'xx' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      fields: { language: "Choose one of the site's languages" },
    });
    const noName = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { cookie },
      payload: { location: 'Lyon', language: 'fr' },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ fields: { username: 'Username is required' } });
  });

  it('is the one a member signs up in, and their confirmation mail is written in it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9', cookie: 'lang=fr' },
      payload: {
        email: 'camille@example.test',
        password: 'levain-et-kefir-7',
        firstName: 'Camille',
        lastName: 'Martin',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(
      'Compte créé. Nous vous avons envoyé un lien pour confirmer votre adresse ; vous pouvez vous connecter dès maintenant.',
    );
    const mail = await mailTo('camille@example.test');
    expect(mail).toMatchObject({ subject: 'Confirmez votre adresse e-mail' });
    expect(mail!.textBody).toContain('Bonjour Camille,');
    expect(mail!.textBody).toContain('Confirmer mon adresse: ');
    expect(mail!.htmlBody).toContain('<html lang="fr">');
  });

  it("mails in the receiver's language, not the one the request came in", async () => {
    await createMember(t.db, {
      email: 'jonas@example.test',
      username: null,
      firstName: 'Jonas',
      language: 'de',
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'accept-language': 'es' },
      payload: {
        email: 'jonas@example.test',
        password: 'sauerteig-anstellgut-3',
        firstName: 'Someone',
        lastName: 'Else',
      },
    });
    const mail = await mailTo('jonas@example.test');
    expect(mail).toMatchObject({ subject: 'Jemand wollte mit deiner Adresse ein Konto erstellen' });
    expect(mail!.textBody).toContain('Hallo Jonas,');
  });
});

describe('error messages', () => {
  it("come in the caller's language when the catalogue has them, and in English otherwise", async () => {
    const login = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        payload: { email: 'nobody@example.test', password: 'wrong-password' },
      });
    expect((await login({ 'accept-language': 'de' })).json().message).toBe(
      'E-Mail oder Passwort falsch',
    );
    expect((await login({})).json().message).toBe('Invalid email or password');
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'accept-language': 'es' },
      payload: { email: 'not-an-address', password: 'x', firstName: '', lastName: 'B' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toMatchObject({
      email: 'Escribe un correo electrónico válido',
      password: 'La contraseña debe tener al menos 8 caracteres',
      firstName: 'Escribe tu nombre',
    });
  });
});
