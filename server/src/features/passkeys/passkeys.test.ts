import crypto from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys, users } from '../../db/schema';
import { cookieFrom, createTestApp, signedInMember, type TestApp } from '../../test/app';

/**
 * A software authenticator (ES256, "none" attestation): what a phone or security key does,
 * so the whole ceremony runs against the real library without a browser.
 */
class SoftAuthenticator {
  private readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = crypto.randomBytes(16);
  private count = 0;
  constructor(
    private readonly origin: string,
    private readonly rpId: string,
  ) {}

  get id() {
    return this.credentialId.toString('base64url');
  }

  private clientData(type: string, challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authData(flags: number, attested?: Buffer) {
    const rpIdHash = crypto.createHash('sha256').update(this.rpId).digest();
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.count);
    return Buffer.concat([
      rpIdHash,
      Buffer.from([flags]),
      counter,
      ...(attested ? [attested] : []),
    ]);
  }

  create(challenge: string, { origin }: { origin?: string } = {}) {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, cose]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(0x45, attested)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData('webauthn.create', challenge, origin).toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
    };
  }

  get(challenge: string) {
    this.count += 1;
    const clientDataJSON = this.clientData('webauthn.get', challenge);
    const authenticatorData = this.authData(0x05);
    const signature = crypto.sign(
      'sha256',
      Buffer.concat([
        authenticatorData,
        crypto.createHash('sha256').update(clientDataJSON).digest(),
      ]),
      this.keys.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authenticatorData.toString('base64url'),
        signature: signature.toString('base64url'),
      },
    };
  }
}

const PUBLIC_URL = 'https://cultureshare.example';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
});

type Member = Awaited<ReturnType<typeof signedInMember>>;

async function addPasskey(member: Member, authenticator: SoftAuthenticator, name = 'My phone') {
  const options = await t.call(member, 'POST', '/api/auth/passkeys/register/options');
  expect(options.statusCode, options.body).toBe(200);
  expect(options.json().rp.id).toBe('cultureshare.example');
  return t.call(member, 'POST', '/api/auth/passkeys/register', {
    name,
    response: authenticator.create(options.json().challenge),
  });
}

async function signInWith(authenticator: SoftAuthenticator) {
  const options = await t.call(null, 'POST', '/api/auth/passkeys/login/options');
  expect(options.statusCode).toBe(200);
  return t.call(null, 'POST', '/api/auth/passkeys/login', {
    response: authenticator.get(options.json().challenge),
  });
}

describe('passkeys', () => {
  it('are added from the profile, listed, renamed, used to sign in and removed', async () => {
    const member = await signedInMember(t.db);
    const phone = new SoftAuthenticator(PUBLIC_URL, 'cultureshare.example');
    const added = await addPasskey(member, phone);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().name).toBe('My phone');

    const signedIn = await signInWith(phone);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().id).toBe(member.user.id);
    const cookie = cookieFrom(signedIn)!;
    expect((await t.call({ cookie }, 'GET', '/api/auth/user')).json().id).toBe(member.user.id);

    const listed = await t.call(member, 'GET', '/api/users/me/passkeys');
    expect(listed.json()).toHaveLength(1);
    expect(listed.json()[0].lastUsedAt).not.toBeNull();
    const id = listed.json()[0].id as number;
    const renamed = await t.call(member, 'PATCH', `/api/users/me/passkeys/${id}`, {
      name: 'Kitchen laptop',
    });
    expect(renamed.json().name).toBe('Kitchen laptop');

    // Nobody else can rename or remove it.
    const stranger = await signedInMember(t.db);
    expect((await t.call(stranger, 'DELETE', `/api/users/me/passkeys/${id}`)).statusCode).toBe(404);

    expect((await t.call(member, 'DELETE', `/api/users/me/passkeys/${id}`)).statusCode).toBe(204);
    expect((await signInWith(phone)).statusCode).toBe(401);
  });

  it('refuses an answer to another member’s challenge, a replayed one, or one from another site', async () => {
    const member = await signedInMember(t.db);
    const other = await signedInMember(t.db);
    const key = new SoftAuthenticator(PUBLIC_URL, 'cultureshare.example');
    const theirs = await t.call(other, 'POST', '/api/auth/passkeys/register/options');
    const stolen = await t.call(member, 'POST', '/api/auth/passkeys/register', {
      name: 'Stolen',
      response: key.create(theirs.json().challenge),
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('passkey_invalid');

    const options = await t.call(member, 'POST', '/api/auth/passkeys/register/options');
    const phishing = await t.call(member, 'POST', '/api/auth/passkeys/register', {
      name: 'Phished',
      response: key.create(options.json().challenge, {
        origin: 'https://cultureshare.example.evil',
      }),
    });
    expect(phishing.statusCode).toBe(400);

    const fresh = await t.call(member, 'POST', '/api/auth/passkeys/register/options');
    const response = key.create(fresh.json().challenge);
    expect(
      (await t.call(member, 'POST', '/api/auth/passkeys/register', { name: 'Once', response }))
        .statusCode,
    ).toBe(201);
    // The same answer again: its challenge is spent.
    expect(
      (await t.call(member, 'POST', '/api/auth/passkeys/register', { name: 'Twice', response }))
        .statusCode,
    ).toBe(400);
    expect(
      await t.db.select().from(passkeys).where(eq(passkeys.userId, member.user.id)),
    ).toHaveLength(1);

    const login = await t.call(null, 'POST', '/api/auth/passkeys/login/options');
    const answer = key.get(login.json().challenge);
    expect(
      (await t.call(null, 'POST', '/api/auth/passkeys/login', { response: answer })).statusCode,
    ).toBe(200);
    expect(
      (await t.call(null, 'POST', '/api/auth/passkeys/login', { response: answer })).statusCode,
    ).toBe(401);
  });

  it('answers malformed input with 400 and unknown passkeys with 401', async () => {
    const member = await signedInMember(t.db);
    expect(
      (await t.call(member, 'POST', '/api/auth/passkeys/register', { name: 'x', response: {} }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.call(member, 'POST', '/api/auth/passkeys/register', { name: '', response: {} }))
        .statusCode,
    ).toBe(400);
    expect((await t.call(null, 'POST', '/api/auth/passkeys/register/options')).statusCode).toBe(
      401,
    );
    expect((await t.call(null, 'GET', '/api/users/me/passkeys')).statusCode).toBe(401);
    const stranger = new SoftAuthenticator(PUBLIC_URL, 'cultureshare.example');
    const res = await signInWith(stranger);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('passkey_unknown');
  });

  it('brings back a member who is leaving, and refuses a banned one', async () => {
    const member = await signedInMember(t.db);
    const key = new SoftAuthenticator(PUBLIC_URL, 'cultureshare.example');
    expect((await addPasskey(member, key)).statusCode).toBe(201);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, member.user.id));
    expect((await signInWith(key)).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.deletedAt).toBeNull();

    await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, member.user.id));
    const banned = await signInWith(key);
    expect(banned.statusCode).toBe(403);
  });
});
