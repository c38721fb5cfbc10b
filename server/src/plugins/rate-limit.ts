import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { tooManyRequests } from '../errors';
import * as clock from '../clock/clock';

/**
 * The network a per-address limit counts: an IPv4 address whole (an IPv4-mapped IPv6 one as
 * its IPv4 address), an IPv6 address by its /64, which one subscriber commonly holds whole and
 * can rotate through at will.
 */
export function clientNetwork(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (net.isIPv4(address)) return address;
  if (!net.isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped)
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` and a dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = dotted
    ? address.slice(0, dotted.index) +
      `${((+dotted[1]! << 8) | +dotted[2]!).toString(16)}:${((+dotted[3]! << 8) | +dotted[4]!).toString(16)}`
    : address;
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((g) => parseInt(g, 16)) : [];
  const front = parse(head);
  const back = parse(tail);
  return tail === undefined
    ? front
    : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** The key of a per-address limit: `purpose` counted per client network (`clientNetwork`). */
export function perAddressKey(purpose: string, ip: string): string {
  return `${purpose}:addr:${clientNetwork(ip)}`;
}

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters shared by every server copy: in Postgres by default,
 * in Redis when REDIS_URL is set (per-address limits see the most traffic).
 */
export interface RateLimiter {
  /** Counts one hit against `key` and says whether it stays within `limit` per `windowMs`. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Like hit(), but throws 429 with Retry-After when over the limit. */
  consume(key: string, limit: number, windowMs: number, message: string): Promise<void>;
  /** Gives back one hit counted in the current window (a write it guarded did not happen). */
  refund(key: string): Promise<void>;
  /** Forgets a key (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
  /** Reads a key without counting. */
  peek(key: string, limit: number): Promise<RateLimitResult>;
}

function build(store: {
  hit(key: string, windowMs: number): Promise<{ hits: number; resetAt: number }>;
  get(key: string): Promise<{ hits: number; resetAt: number } | undefined>;
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}): RateLimiter {
  const result = (hits: number, resetAt: number, limit: number): RateLimitResult => ({
    allowed: hits <= limit,
    hits,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - clock.nowMs()) / 1000)),
  });
  const limiter: RateLimiter = {
    async hit(key, limit, windowMs) {
      const { hits, resetAt } = await store.hit(key, windowMs);
      return result(hits, resetAt, limit);
    },
    async consume(key, limit, windowMs, message) {
      const r = await limiter.hit(key, limit, windowMs);
      if (!r.allowed) throw tooManyRequests(message, r.retryAfterSeconds);
    },
    refund: (key) => store.refund(key),
    reset: (key) => store.reset(key),
    async peek(key, limit) {
      const found = await store.get(key);
      if (!found || found.resetAt <= clock.nowMs())
        return { allowed: true, hits: 0, retryAfterSeconds: 0 };
      // Reaching the limit already blocks the next attempt.
      return { ...result(found.hits, found.resetAt, limit), allowed: found.hits < limit };
    },
  };
  return limiter;
}

/**
 * Charges one hit of a quota, then runs `write`. Counting first keeps parallel requests from
 * all passing a check made before any of them counted; giving the hit back when the write
 * throws (refused by a rule, a constraint, a lost connection) or the quota is already spent
 * means only writes that happened cost the member anything.
 */
export async function withQuota<T>(
  limiter: RateLimiter,
  key: string,
  limit: number,
  windowMs: number,
  message: string,
  write: () => Promise<T>,
): Promise<T> {
  const charged = await limiter.hit(key, limit, windowMs);
  if (!charged.allowed) {
    await limiter.refund(key);
    throw tooManyRequests(message, charged.retryAfterSeconds);
  }
  try {
    return await write();
  } catch (err) {
    // A failed refund must not hide why the write failed.
    await limiter.refund(key).catch(() => {});
    throw err;
  }
}

export function postgresRateLimiter(db: Db): RateLimiter {
  return build({
    async hit(key, windowMs) {
      const now = clock.sqlNow();
      const rows = await db.execute(sql`
        INSERT INTO rate_limits (key, hits, reset_at)
        VALUES (${key}, 1, ${now} + make_interval(secs => ${windowMs / 1000}))
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.hits + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= ${now}
            THEN ${now} + make_interval(secs => ${windowMs / 1000}) ELSE rate_limits.reset_at END
        RETURNING hits, reset_at`);
      const row = rowsOf<{ hits: number; reset_at: string | Date }>(rows)[0]!;
      return { hits: Number(row.hits), resetAt: new Date(row.reset_at).getTime() };
    },
    async get(key) {
      const rows = await db.execute(sql`SELECT hits, reset_at FROM rate_limits WHERE key = ${key}`);
      const row = rowsOf<{ hits: number; reset_at: string | Date }>(rows)[0];
      return row
        ? { hits: Number(row.hits), resetAt: new Date(row.reset_at).getTime() }
        : undefined;
    },
    async refund(key) {
      // Only within the window that was charged: a new window starts from nothing anyway.
      await db.execute(
        sql`UPDATE rate_limits SET hits = hits - 1 WHERE key = ${key} AND hits > 0 AND reset_at > ${clock.sqlNow()}`,
      );
    },
    async reset(key) {
      await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
    },
  });
}

const REFUND_SCRIPT = `
local hits = tonumber(redis.call('GET', KEYS[1]))
if hits and hits > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

export function redisRateLimiter(redis: Redis, prefix = 'cs:rl:'): RateLimiter {
  return build({
    async hit(key, windowMs) {
      const k = prefix + key;
      const [[, hits], , [, ttl]] = (await redis
        .multi()
        .incr(k)
        .pexpire(k, windowMs, 'NX')
        .pttl(k)
        .exec()) as [[unknown, number], [unknown, number], [unknown, number]];
      return { hits, resetAt: clock.nowMs() + Math.max(ttl, 0) };
    },
    async get(key) {
      const k = prefix + key;
      const [[, hits], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [
        [unknown, string | null],
        [unknown, number],
      ];
      return hits === null
        ? undefined
        : { hits: Number(hits), resetAt: clock.nowMs() + Math.max(ttl, 0) };
    },
    async refund(key) {
      // Atomic, and never creates a key (a DECR on an expired one would, without an expiry).
      await redis.eval(REFUND_SCRIPT, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  });
}
