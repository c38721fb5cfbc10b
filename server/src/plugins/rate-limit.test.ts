import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as clock from '../clock/clock';
import { createTestApp, type TestApp } from '../test/app';
import { HttpError } from '../errors';
import {
  clientNetwork,
  postgresRateLimiter,
  redisRateLimiter,
  withQuota,
  type RateLimiter,
} from './rate-limit';

let t: TestApp;
let redis: Redis | undefined;
beforeAll(async () => {
  t = await createTestApp();
  if (process.env.TEST_REDIS_URL) redis = new Redis(process.env.TEST_REDIS_URL);
});
afterAll(async () => {
  await t?.close();
  await redis?.quit();
});
afterEach(() => clock.resetClock());

const stores: Array<[string, () => RateLimiter | undefined]> = [
  ['postgres', () => postgresRateLimiter(t.db)],
  [
    'redis',
    () => (redis ? redisRateLimiter(redis, `cs:test:${process.pid}:${Date.now()}:`) : undefined),
  ],
];

describe.each(stores)('%s rate limiter', (name, make) => {
  it.skipIf(name === 'redis' && !process.env.TEST_REDIS_URL)(
    'allows up to the limit, then refuses with a retry time',
    async () => {
      const limiter = make()!;
      const key = `k-${Math.random()}`;
      for (let i = 1; i <= 3; i++) expect((await limiter.hit(key, 3, 60_000)).allowed).toBe(true);
      const over = await limiter.hit(key, 3, 60_000);
      expect(over.allowed).toBe(false);
      expect(over.retryAfterSeconds).toBeGreaterThan(0);
      expect(over.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect((await limiter.hit(`other-${key}`, 3, 60_000)).allowed).toBe(true);
    },
  );

  it.skipIf(name === 'redis' && !process.env.TEST_REDIS_URL)(
    'starts a new window once the old one has passed',
    async () => {
      const limiter = make()!;
      const key = `w-${Math.random()}`;
      if (name === 'postgres') {
        // The window is read on the server's clock: a minute on, it has passed.
        await limiter.hit(key, 1, 60_000);
        expect((await limiter.hit(key, 1, 60_000)).allowed).toBe(false);
        clock.advanceClock(59_000);
        expect((await limiter.hit(key, 1, 60_000)).allowed).toBe(false);
        clock.advanceClock(1_000);
        expect((await limiter.hit(key, 1, 60_000)).allowed).toBe(true);
      } else {
        // Redis ends a window itself (the key's expiry): a short one, waited for.
        await limiter.hit(key, 1, 300);
        expect((await limiter.hit(key, 1, 300)).allowed).toBe(false);
        await vi.waitFor(async () => expect((await limiter.peek(key, 1)).allowed).toBe(true), {
          timeout: 5_000,
          interval: 50,
        });
        expect((await limiter.hit(key, 1, 300)).allowed).toBe(true);
      }
    },
  );

  it.skipIf(name === 'redis' && !process.env.TEST_REDIS_URL)(
    'consume() throws 429 with Retry-After; reset() forgets',
    async () => {
      const limiter = make()!;
      const key = `c-${Math.random()}`;
      await limiter.consume(key, 1, 60_000, 'Too many');
      const err = await limiter.consume(key, 1, 60_000, 'Too many').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).statusCode).toBe(429);
      expect(Number((err as HttpError).headers?.['retry-after'])).toBeGreaterThan(0);
      expect((await limiter.peek(key, 1)).allowed).toBe(false);
      await limiter.reset(key);
      expect((await limiter.peek(key, 1)).allowed).toBe(true);
    },
  );

  it.skipIf(name === 'redis' && !process.env.TEST_REDIS_URL)(
    'withQuota() charges a write that happens and refunds one that throws or is refused',
    async () => {
      const limiter = make()!;
      const key = `q-${Math.random()}`;
      const quota = <T>(write: () => Promise<T>) =>
        withQuota(limiter, key, 2, 60_000, 'Too many', write);
      const failure = new Error('the write failed');
      await expect(quota(() => Promise.reject(failure))).rejects.toBe(failure);
      expect((await limiter.peek(key, 2)).hits).toBe(0);
      expect(await quota(async () => 'first')).toBe('first');
      expect(await quota(async () => 'second')).toBe('second');
      expect((await limiter.peek(key, 2)).hits).toBe(2);
      let wrote = false;
      const refused = await quota(async () => (wrote = true)).catch((e: unknown) => e);
      expect((refused as HttpError).statusCode).toBe(429);
      expect(wrote).toBe(false);
      // The refused attempt is not counted: only real writes are.
      expect((await limiter.peek(key, 2)).hits).toBe(2);
    },
  );

  it.skipIf(name === 'redis' && !process.env.TEST_REDIS_URL)(
    'withQuota() lets no more than the limit through when calls race',
    async () => {
      const limiter = make()!;
      const key = `r-${Math.random()}`;
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, () =>
          withQuota(limiter, key, 3, 60_000, 'Too many', async () => 'ok'),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      expect((await limiter.peek(key, 3)).hits).toBe(3);
    },
  );

  it.skipIf(name === 'redis' && !process.env.TEST_REDIS_URL)(
    'refund() never goes below zero nor creates a key',
    async () => {
      const limiter = make()!;
      const key = `z-${Math.random()}`;
      await limiter.refund(key);
      expect((await limiter.peek(key, 1)).hits).toBe(0);
      await limiter.hit(key, 1, 60_000);
      await limiter.refund(key);
      await limiter.refund(key);
      expect((await limiter.peek(key, 1)).hits).toBe(0);
      expect((await limiter.hit(key, 1, 60_000)).hits).toBe(1);
    },
  );
});

describe('clientNetwork', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['::ffff:c000:207', '192.0.2.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.7', '64:ff9b:0:0::/64'],
  ])('%s counts as %s', (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });
});
