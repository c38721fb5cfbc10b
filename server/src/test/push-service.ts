import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import type { PushPayload } from '../../../common/notifications/push';
import type { Db } from '../db/client';
import { pushOutbox, pushSubscriptions } from '../db/schema';

/** A browser's side of one subscription: the keys the push service's message is encrypted to. */
export interface TestDevice {
  endpoint: string;
  /** What `PushSubscription.toJSON()` gives, for POST /api/push/subscriptions. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: crypto.ECDH;
  auth: Buffer;
}

export interface ReceivedPush {
  device: string;
  status: number;
  /** The VAPID key the request was signed with (`k=` of the Authorization header). */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  topic?: string;
  /** The decrypted payload. */
  payload: unknown;
}

export interface TestPushService {
  origin: string;
  received: ReceivedPush[];
  /** The statuses to answer next, in order; 201 once they run out. */
  answers: number[];
  /** Headers to send with every non-201 answer (e.g. Retry-After). */
  refusalHeaders: Record<string, string>;
  device(): TestDevice;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));
}

/** RFC 8291 + RFC 8188 (aes128gcm, one record) as a browser decrypts a push message. */
export function decryptAes128gcm(body: Buffer, device: Pick<TestDevice, 'ecdh' | 'auth'>): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const senderKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ecdhSecret = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.ecdh.getPublicKey(),
    senderKey,
  ]);
  const ikm = hkdf(device.auth, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('bad record delimiter');
  return padded.subarray(0, end);
}

/** Checks RFC 8292's `vapid t=<JWT>, k=<key>`: an ES256 signature by k over the claims. */
export function verifyVapid(header: string | undefined, endpointOrigin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no VAPID Authorization');
  const [, jwt, k] = match as unknown as [string, string, string];
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64u(point.subarray(1, 33)),
      y: b64u(point.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('bad VAPID signature');
  const header0 = JSON.parse(Buffer.from(head, 'base64url').toString());
  if (header0.alg !== 'ES256') throw new Error('VAPID JWT not ES256');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
  if (claims.aud !== endpointOrigin) throw new Error(`VAPID aud ${claims.aud}`);
  if (!(claims.exp > Date.now() / 1000)) throw new Error('VAPID JWT expired');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error('VAPID sub missing');
  return { vapidKey: k, claims };
}

/**
 * A Web Push service on loopback: it checks each request's VAPID signature and decrypts its
 * body with the device's private key as a browser would, then answers as told.
 */
export async function startTestPushService(): Promise<TestPushService> {
  const devices = new Map<string, TestDevice>();
  const service: TestPushService = {
    origin: '',
    received: [],
    answers: [],
    refusalHeaders: {},
    device() {
      const id = crypto.randomUUID();
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const endpoint = `${service.origin}/push/${id}`;
      const device: TestDevice = {
        endpoint,
        ecdh,
        auth,
        subscription: {
          endpoint,
          keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
        },
      };
      devices.set(id, device);
      return device;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const device = id ? devices.get(id) : undefined;
      try {
        if (!device || req.method !== 'POST') throw new Error('unknown subscription');
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!req.headers.ttl) throw new Error('no TTL');
        const { vapidKey, claims } = verifyVapid(req.headers.authorization, service.origin);
        const payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), device).toString());
        const status = service.answers.shift() ?? 201;
        service.received.push({
          device: device.endpoint,
          status,
          vapidKey,
          claims,
          topic: req.headers.topic as string | undefined,
          payload,
        });
        // Each answer closes its connection: a kept-alive socket that this server drops after
        // its idle timeout, just as the next push reuses it, would fail that push at random.
        res
          .writeHead(status, {
            connection: 'close',
            ...(status === 201 ? {} : service.refusalHeaders),
          })
          .end();
      } catch (err) {
        res.writeHead(400, { 'content-type': 'text/plain', connection: 'close' }).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return service;
}

/**
 * The pushes queued for `userId`'s devices and not yet delivered, oldest first, as the service
 * worker will read them (tests of what a push says, without a push service round trip).
 */
export async function queuedPushesFor(db: Db, userId: string): Promise<PushPayload[]> {
  const rows = await db
    .select({ payload: pushOutbox.payload })
    .from(pushOutbox)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushOutbox.id));
  return rows.map((r) => JSON.parse(r.payload) as PushPayload);
}
