import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { createTestApp, signedInMember, type TestApp } from '../../../test/app';
import { hashPassword } from '../auth/passwords';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const patch = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/profile',
    headers: cookie ? { cookie } : {},
    payload: payload as Record<string, unknown>,
  });

describe('PATCH /api/users/profile', () => {
  it('saves the profile and answers the updated current user', async () => {
    const { user, cookie } = await signedInMember(t.db, {
      passwordHash: await hashPassword('a-secret-passphrase'),
    });
    const res = await patch(cookie, {
      username: '  kefir_kim ',
      location: 'Portland, Oregon',
      contactInfo: 'kim@example.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      username: 'kefir_kim',
      location: 'Portland, Oregon',
      contactInfo: 'kim@example.test',
    });
    expect(res.body).not.toContain('argon2');
    const me = await t.call({ cookie }, 'GET', '/api/auth/user');
    expect(me.json().username).toBe('kefir_kim');
    // A known place keeps only that place's centre.
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.latitude).toBeCloseTo(45.5, 0);
    expect(row!.longitude).toBeCloseTo(-122.7, 0);
  });

  it('stores blank optional fields as not set, and forgets the old place', async () => {
    const { user, cookie } = await signedInMember(t.db, {
      location: 'Portland, Oregon',
      latitude: 45.5,
      longitude: -122.6,
      contactInfo: 'old',
    });
    const res = await patch(cookie, { username: user.username, location: '  ', contactInfo: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ location: null, contactInfo: null });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ latitude: null, longitude: null });
  });

  it('requires a username', async () => {
    const { user, cookie } = await signedInMember(t.db);
    const res = await patch(cookie, { username: '   ', location: 'Somewhere' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ username: 'Username is required' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.username).toBe(user.username);
  });

  it('answers 409 with a field message when the username is taken, in any case', async () => {
    await signedInMember(t.db, { username: 'MisoMaker' });
    const { user, cookie } = await signedInMember(t.db);
    const res = await patch(cookie, { username: 'misomaker' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'conflict',
      fields: { username: 'That username is already taken' },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.username).toBe(user.username);
  });

  it('lets a member keep their own username with a different case', async () => {
    const { cookie } = await signedInMember(t.db, { username: 'TempehTom' });
    const res = await patch(cookie, { username: 'tempehtom' });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('tempehtom');
  });

  it('changes nothing but the three profile fields', async () => {
    const { user, cookie } = await signedInMember(t.db);
    const res = await patch(cookie, {
      username: 'plain_member',
      isModerator: true,
      email: 'takeover@example.test',
      firstName: 'Mallory',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      username: 'plain_member',
      isModerator: false,
      email: user.email,
      firstName: user.firstName,
    });
  });

  it('answers 401 when signed out, whatever the body', async () => {
    expect((await patch(undefined, { username: 'x' })).statusCode).toBe(401);
    expect((await patch(undefined, {})).statusCode).toBe(401);
  });
});

describe('usernames that look alike or hide characters', () => {
  it('refuses a look-alike of an existing username (a Cyrillic о in rowan_mod)', async () => {
    const owner = await signedInMember(t.db);
    expect((await patch(owner.cookie, { username: 'rowan_mod' })).statusCode).toBe(200);
    const impostor = await signedInMember(t.db);
    for (const lookAlike of [
      'r\u043Ewan_mod',
      'ROWAN_MOD',
      'r0wan_m\u03BFd',
      'ｒｏｗａｎ_ｍｏｄ',
    ]) {
      const res = await patch(impostor.cookie, { username: lookAlike });
      expect(res.statusCode, lookAlike).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'conflict',
        fields: { username: 'That username is already taken' },
      });
    }
    // The owner may still re-save their own name, in another case too.
    expect((await patch(owner.cookie, { username: 'Rowan_Mod' })).statusCode).toBe(200);
  });

  it('folds compatibility characters to one spelling (NFKC)', async () => {
    const { cookie } = await signedInMember(t.db);
    const res = await patch(cookie, { username: 'ｆｅｒｎ_ﬁsh' });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('fern_fish');
  });

  it('refuses zero-width, bidi-override and other invisible characters with a clear message', async () => {
    const { user, cookie } = await signedInMember(t.db);
    for (const username of [
      'rowan\u200Bmod',
      '\u202Edom_nawor',
      'rowan_mod\u2066',
      'row\u00ADan',
      'rowan\uFE0F',
      '\u3164',
    ]) {
      const res = await patch(cookie, { username });
      expect(res.statusCode, JSON.stringify(username)).toBe(400);
      expect(res.json().fields.username).toBe(
        'Username cannot contain invisible, control or text-direction characters',
      );
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.username).toBe(user.username);
  });
});
