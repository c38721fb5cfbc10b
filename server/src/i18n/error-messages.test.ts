import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../../common/i18n/catalogues';
import { flatten, messageArguments } from '../../../common/i18n/keys';
import { NUDGE_TOO_SOON } from '../../../common/conversations/messages';
import { FEEDBACK_NOT_FOUND } from '../../../common/conversations/handovers';
import { MEET_OVER } from '../../../common/listings/meets';
import { REVIEW_NOT_ALLOWED } from '../../../common/moderation/review';
import { createTestApp, signedInMember, type TestApp } from '../test/app';
import { translator } from './translate';
import { translateMessage } from './wording';

// The server's error messages and the shared schemas' are found by their English words
// (decision 090): English stays as it is, the others answer in the caller's language.

describe('the shared messages', () => {
  it('render in English exactly as the English text they are looked up by', () => {
    const t = translator('en');
    // A message with arguments, given each argument's own name in braces, reads as written.
    const asWritten = (text: string) =>
      Object.fromEntries(messageArguments(text).map((name) => [name, `{${name}}`]));
    const differ = [...flatten(catalogues.en.messages)].filter(
      ([key, text]) => t(`messages:${key}`, asWritten(text as string)) !== text,
    );
    expect(differ).toEqual([]);
  });

  it('translate a server error and a schema message, and leave an unknown text alone', () => {
    expect(translateMessage('de', NUDGE_TOO_SOON)).toBe(
      'Du kannst in einer Unterhaltung einmal alle 24 Stunden erinnern.',
    );
    expect(translateMessage('fr', 'Title is required')).toBe('Le titre est obligatoire');
    expect(translateMessage('en', 'Title is required')).toBe('Title is required');
    expect(translateMessage('es', 'Not a message anyone says')).toBe('Not a message anyone says');
  });

  it('translate the meets, review and stewards refusals a Spanish member can meet', () => {
    expect(translateMessage('es', MEET_OVER)).toBe('Este encuentro ya terminó');
    expect(translateMessage('es', REVIEW_NOT_ALLOWED)).toBe(
      'Solo pueden revisar los miembros de confianza cuyas revisiones suelen coincidir con las decisiones finales.',
    );
    expect(translateMessage('es', FEEDBACK_NOT_FOUND)).toBe(
      'No has dejado ninguna valoración sobre esta entrega',
    );
  });

  it('translate a message with a part that varies, keeping that part', () => {
    expect(translateMessage('de', 'Unknown place "Atlantis": try "City, State/Country"')).toBe(
      'Unbekannter Ort „Atlantis“: versuch es mit „Stadt, Bundesland/Land“',
    );
    expect(translateMessage('es', 'Your account is suspended until 3 Dec 2026 UTC: spam')).toBe(
      'Tu cuenta está suspendida hasta el 3 Dec 2026 UTC: spam',
    );
    expect(translateMessage('fr', 'Your account is suspended until 3 Dec 2026 UTC.')).toBe(
      'Votre compte est suspendu jusqu’au 3 Dec 2026 UTC.',
    );
  });
});

describe("the error handler answers in the request's language", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const ask = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/asks/987654', headers });

  it('a 404 from a service, in Spanish for a Spanish browser and in English otherwise', async () => {
    const es = await ask({ 'accept-language': 'es-ES,es;q=0.9' });
    expect(es.statusCode).toBe(404);
    expect(es.json().message).toBe('No se ha encontrado la petición');
    expect((await ask({})).json().message).toBe('Ask not found');
  });

  it('an unknown place, in French with the place as typed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/starters?near=Atlantis',
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Lieu inconnu « Atlantis » : essayez « Ville, Région/Pays »');
  });

  it("a schema's field messages, in the member's saved language", async () => {
    const member = await signedInMember(t.db, { language: 'de' });
    const res = await t.call(member, 'POST', '/api/asks', { location: 'Leeds' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ category: 'Bitte wähle eine Kategorie' });
  });
});
