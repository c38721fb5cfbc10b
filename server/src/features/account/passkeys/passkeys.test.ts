import crypto from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, passkeys, users } from '../../../db/schema';
import { cookieFrom, createTestApp, signedInMember, type TestApp } from '../../../test/app';
import { mailWithSubject } from '../../../test/mail';
import { hashPassword } from '../auth/passwords';

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

const PASSWORD = 'cultured-butter-2025';
let passwordHash: Promise<string> | undefined;

/** A signed-in member with a password (PASSWORD), as one who signed up with the form. */
async function memberWithPassword(overrides: Parameters<typeof signedInMember>[1] = {}) {
  passwordHash ??= hashPassword(PASSWORD);
  return signedInMember(t.db, { passwordHash: await passwordHash, ...overrides });
}

const registerOptions = (member: Member, proof: object = { currentPassword: PASSWORD }) =>
  t.call(member, 'POST', '/api/auth/passkeys/register/options', proof);

async function addPasskey(member: Member, authenticator: SoftAuthenticator, name = 'My phone') {
  const options = await registerOptions(member);
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
    const member = await memberWithPassword();
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
    const member = await memberWithPassword();
    const other = await memberWithPassword();
    const key = new SoftAuthenticator(PUBLIC_URL, 'cultureshare.example');
    const theirs = await registerOptions(other);
    const stolen = await t.call(member, 'POST', '/api/auth/passkeys/register', {
      name: 'Stolen',
      response: key.create(theirs.json().challenge),
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('passkey_invalid');

    const options = await registerOptions(member);
    const phishing = await t.call(member, 'POST', '/api/auth/passkeys/register', {
      name: 'Phished',
      response: key.create(options.json().challenge, {
        origin: 'https://cultureshare.example.evil',
      }),
    });
    expect(phishing.statusCode).toBe(400);

    const fresh = await registerOptions(member);
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
    const member = await memberWithPassword();
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

const mailTo = (to: string, subject: RegExp) => mailWithSubject(t.db, to, subject);

const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0';

describe('adding a passkey asks who it is, in the same step', () => {
  it('answers 401 with a message without the current password, or with a wrong one', async () => {
    const member = await memberWithPassword();
    const bare = await t.call(member, 'POST', '/api/auth/passkeys/register/options');
    expect(bare.statusCode).toBe(401);
    expect(bare.json().message).toBe('Enter your current password to add a passkey.');
    const wrong = await registerOptions(member, { currentPassword: 'not-my-password-9' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Your current password is not right');
    expect((await registerOptions(member)).statusCode).toBe(200);
  });

  it('takes an answer from a passkey the member already has, never from someone else’s', async () => {
    const member = await memberWithPassword();
    const phone = new SoftAuthenticator(PUBLIC_URL, 'cultureshare.example');
    expect((await addPasskey(member, phone)).statusCode).toBe(201);
    const assertion = async (key: SoftAuthenticator) => {
      const login = await t.call(null, 'POST', '/api/auth/passkeys/login/options');
      return key.get(login.json().challenge);
    };
    const own = await registerOptions(member, { assertion: await assertion(phone) });
    expect(own.statusCode, own.body).toBe(200);

    const stranger = await memberWithPassword();
    const theirs = await registerOptions(stranger, { assertion: await assertion(phone) });
    expect(theirs.statusCode).toBe(401);
  });

  it('mails a link to a member with neither a password nor a passkey; it works once', async () => {
    const member = await signedInMember(t.db);
    expect((await registerOptions(member, {})).statusCode).toBe(401);
    const asked = await t.call(member, 'POST', '/api/auth/passkeys/register/link');
    expect(asked.statusCode, asked.body).toBe(202);
    const mail = await mailTo(member.user.email, /Add a passkey/);
    const token = mail?.textBody.match(/passkey=([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeDefined();
    expect((await registerOptions(member, { emailToken: token })).statusCode).toBe(200);
    expect((await registerOptions(member, { emailToken: token })).statusCode).toBe(401);
    // Another member cannot use one mailed to someone else.
    const other = await signedInMember(t.db);
    await t.call(other, 'POST', '/api/auth/passkeys/register/link');
    const [theirs] = await t.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.userId, other.user.id));
    expect(theirs).toBeDefined();

    // A member with a password uses it instead of a link.
    const withPassword = await memberWithPassword();
    expect(
      (await t.call(withPassword, 'POST', '/api/auth/passkeys/register/link')).statusCode,
    ).toBe(400);
  });

  it('mails the member when a passkey is added: the time and the device, no link', async () => {
    const member = await memberWithPassword({ timeZone: 'Europe/Berlin' });
    const key = new SoftAuthenticator(PUBLIC_URL, 'cultureshare.example');
    const options = await registerOptions(member);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/register',
      headers: { cookie: member.cookie, 'user-agent': FIREFOX_ANDROID },
      payload: { name: 'Pocket phone', response: key.create(options.json().challenge) },
    });
    expect(added.statusCode, added.body).toBe(201);
    const mail = await mailTo(member.user.email, /passkey was added/);
    expect(mail?.textBody).toContain('“Pocket phone”');
    expect(mail?.textBody).toContain('from Firefox on Android');
    expect(mail?.textBody).toMatch(/This happened on .+20\d\d/);
    expect(mail?.textBody).not.toMatch(/token=|passkey=/);
  });

  it('in the member’s language', async () => {
    const member = await memberWithPassword({ language: 'de' });
    const key = new SoftAuthenticator(PUBLIC_URL, 'cultureshare.example');
    expect((await addPasskey(member, key, 'Laptop')).statusCode).toBe(201);
    const mail = await mailTo(member.user.email, /Passkey hinzugefügt/);
    expect(mail?.textBody).toContain('„Laptop“');
  });

  it('"sign out everywhere" can take the passkeys too', async () => {
    const member = await memberWithPassword();
    const key = new SoftAuthenticator(PUBLIC_URL, 'cultureshare.example');
    expect((await addPasskey(member, key)).statusCode).toBe(201);
    const kept = await t.call(member, 'POST', '/api/users/me/sessions/sign-out-others', {});
    expect(kept.statusCode).toBe(200);
    expect(
      await t.db.select().from(passkeys).where(eq(passkeys.userId, member.user.id)),
    ).toHaveLength(1);
    const gone = await t.call(member, 'POST', '/api/users/me/sessions/sign-out-others', {
      removePasskeys: true,
    });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toMatch(/One passkey was removed/);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, member.user.id))).toEqual(
      [],
    );
    expect((await signInWith(key)).statusCode).toBe(401);
  });

  it('refuses a member whose address is not confirmed yet, whatever they show', async () => {
    const member = await memberWithPassword({ emailVerifiedAt: null });
    const res = await registerOptions(member);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('email_unconfirmed');
    expect((await t.call(member, 'POST', '/api/auth/passkeys/register/link')).statusCode).toBe(403);
  });
});
