import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { HttpError } from '../errors';
import { postgresRateLimiter, redisRateLimiter, type RateLimiter } from './rate-limit';

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
      await limiter.hit(key, 1, 300);
      expect((await limiter.hit(key, 1, 300)).allowed).toBe(false);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await limiter.hit(key, 1, 300)).allowed).toBe(true);
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
});
