import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../../common/i18n/catalogues';
import { flatten } from '../../../common/i18n/keys';
import { createTestApp, sessionCookieFor, signedInMember, type TestApp } from '../test/app';

// The notices an API answer carries are worded for whoever asked, in their language, like
// everything else the site writes (decision 124): none is left in English for the page to find.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Every English text of the server's notices and messages, whole. */
const english = new Set([...flatten(catalogues.en.messages).values()].map(String));

describe("a notice is worded in the member's language", () => {
  it('signing out the other devices and their passkeys, in German, one sentence each', async () => {
    const member = await signedInMember(t.db, { language: 'de' });
    await sessionCookieFor(t.db, member.user.id);
    const res = await t.call(member, 'POST', '/api/users/me/sessions/sign-out-others', {
      removePasskeys: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Ein anderes Gerät ist abgemeldet. 0 Passkeys wurden entfernt.',
    );
  });

  it('the data export on its way, in French, with the address', async () => {
    const member = await signedInMember(t.db, { language: 'fr' });
    const res = await t.call(member, 'POST', '/api/users/me/export');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe(
      `Nous préparons vos données. Nous enverrons un lien de téléchargement à ${member.user.email}.`,
    );
  });

  it('pausing listings when there are none, in Spanish', async () => {
    const member = await signedInMember(t.db, { language: 'es' });
    const res = await t.call(member, 'POST', '/api/users/me/pause-listings');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Ahora mismo no tienes ningún anuncio en oferta.');
  });

  it("a visitor's sign-up, in the language they chose, and in English for an English one", async () => {
    const signUp = (lang: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { cookie: `lang=${lang}` },
        payload: { email, password: 'cultured-butter-2025', firstName: 'Ana', lastName: 'Ruiz' },
      });
    const fr = await signUp('fr', `notice-fr-${Date.now()}@example.test`);
    expect(fr.statusCode, fr.body).toBe(201);
    expect(english.has(fr.json().message)).toBe(false);
    expect(fr.json().message).toMatch(/^Compte créé/);
    const en = await signUp('en', `notice-en-${Date.now()}@example.test`);
    expect(en.json().message).toBe(
      "Account created. We've emailed you a link to confirm your address; you can sign in now.",
    );
  });
});
