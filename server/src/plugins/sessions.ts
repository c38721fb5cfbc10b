import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { sessions, users } from '../db/schema';
import { assertModerator, mayAct } from '../access/members';
import { unauthorized } from '../errors';
import { findPlace } from '../features/places/places.service';
import * as clock from '../clock/clock';
import { requestRegion } from '../i18n/wording';
import { DAY_MS, MINUTE_MS } from '../../../common/site/time';

export type SessionUser = typeof users.$inferSelect;

export const SESSION_COOKIE = 'cs_session';
/**
 * The cookie's name over HTTPS: browsers accept a `__Host-` cookie only when it is Secure, for
 * the whole site and for this host alone, so a sibling subdomain or a plain-HTTP page cannot
 * plant or overwrite it (session fixation).
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
/** Longest User-Agent kept for "Where am I signed in": enough to name browser and system. */
const USER_AGENT_MAX = 300;
/** Sliding the idle expiry costs a write; do it at most this often per session. */
const TOUCH_INTERVAL_MS = 5 * MINUTE_MS;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, or null. */
    user: SessionUser | null;
    /** Hash of the session id the request came with (when valid). */
    sessionHash: string | null;
  }
}

export interface SessionOptions {
  idleDays: number;
  maxDays: number;
  publicUrl?: string;
  /** A header a trusted proxy sets to the visitor's town (e.g. a CDN's city header), if any. */
  placeHeader?: string;
}

export const hashSessionId = (id: string) => crypto.createHash('sha256').update(id).digest('hex');

/** Ends every session of a member at once (sign-out everywhere, ban, suspension). */
export async function endUserSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Whether a session (by its stored hash) still exists and has not expired; live streams re-check it. */
export async function sessionIsActive(db: Db, sessionHash: string): Promise<boolean> {
  const [row] = await db
    .select({ sid: sessions.sid })
    .from(sessions)
    .where(
      and(
        eq(sessions.sid, sessionHash),
        gt(sessions.expire, sql`now()`),
        gt(sessions.absoluteExpire, sql`now()`),
      ),
    )
    .limit(1);
  return !!row;
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expire, sql`now()`));
}

const isSecure = (request: FastifyRequest, opts: SessionOptions) =>
  request.protocol === 'https' || (opts.publicUrl?.startsWith('https://') ?? false);

function cookieOptions(request: FastifyRequest, opts: SessionOptions, maxAgeSeconds: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecure(request, opts),
    maxAge: maxAgeSeconds,
  };
}

/** The session cookie's value: the `__Host-` one over HTTPS, the plain one otherwise. */
function readSessionCookie(request: FastifyRequest, opts: SessionOptions): string | undefined {
  return isSecure(request, opts)
    ? request.cookies[SECURE_SESSION_COOKIE]
    : request.cookies[SESSION_COOKIE];
}

function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, opts: SessionOptions) {
  if (isSecure(request, opts)) {
    reply.clearCookie(SECURE_SESSION_COOKIE, { path: '/', secure: true });
  } else {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }
}

/** The town a trusted proxy names for the request, only when the gazetteer knows it. */
function placeOf(request: FastifyRequest, opts: SessionOptions): string | null {
  if (!opts.placeHeader) return null;
  const named = request.headers[opts.placeHeader.toLowerCase()];
  const text = Array.isArray(named) ? named[0] : named;
  return text ? (findPlace(text.slice(0, 100))?.name ?? null) : null;
}

/**
 * Stores a new session of `userId` and answers its id, the cookie's value (the table keeps only
 * its hash). Sign-ins start one through the manager below; the browser tests' seeding route
 * (TEST_CLOCK only) through this, for members it makes.
 */
export async function insertSession(
  db: DbOrTx,
  opts: Pick<SessionOptions, 'idleDays' | 'maxDays'>,
  userId: string,
  seen: { userAgent: string | null; place: string | null },
): Promise<string> {
  const raw = crypto.randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.insert(sessions).values({
    sid: hashSessionId(raw),
    userId,
    sess: { createdAt: new Date(now).toISOString() },
    expire: new Date(now + opts.idleDays * DAY_MS),
    absoluteExpire: new Date(now + opts.maxDays * DAY_MS),
    createdAt: clock.now(),
    lastSeenAt: clock.now(),
    userAgent: seen.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    place: seen.place,
  });
  return raw;
}

export interface SessionManager {
  /** Starts a session for `userId`, replacing the request's current one (id rotation). */
  start(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
  /** Ends the request's session server-side and clears the cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionManager;
  }
}

/** Database-backed sessions: the cookie holds a 256-bit random id, the table only its hash. */
export const sessionsPlugin = fp(
  async (app: FastifyInstance, opts: SessionOptions & { db: Db }) => {
    const { db } = opts;
    app.decorateRequest('user', null);
    app.decorateRequest('sessionHash', null);

    app.addHook('onRequest', async (request, reply) => {
      const raw = readSessionCookie(request, opts);
      if (!raw || raw.length > 100) return;
      const sid = hashSessionId(raw);
      const [row] = await db
        .select({ user: users, expire: sessions.expire, absoluteExpire: sessions.absoluteExpire })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.sid, sid),
            gt(sessions.expire, sql`now()`),
            gt(sessions.absoluteExpire, sql`now()`),
          ),
        )
        .limit(1);
      if (!row) {
        clearSessionCookie(request, reply, opts);
        return;
      }
      if (!mayAct(row.user)) {
        await db.delete(sessions).where(eq(sessions.sid, sid));
        clearSessionCookie(request, reply, opts);
        return;
      }
      request.user = row.user;
      request.sessionHash = sid;
      const idleMs = opts.idleDays * DAY_MS;
      if (row.expire.getTime() - idleMs < Date.now() - TOUCH_INTERVAL_MS) {
        const next = new Date(Math.min(Date.now() + idleMs, row.absoluteExpire.getTime()));
        // "Last seen" rides on the same write: at most once per interval per session.
        await db
          .update(sessions)
          .set({ expire: next, lastSeenAt: clock.now() })
          .where(eq(sessions.sid, sid));
      }
    });

    app.decorate('sessions', {
      async start(request, reply, userId) {
        if (request.sessionHash)
          await db.delete(sessions).where(eq(sessions.sid, request.sessionHash));
        const raw = await insertSession(db, opts, userId, {
          userAgent: request.headers['user-agent'] ?? null,
          place: placeOf(request, opts),
        });
        request.sessionHash = hashSessionId(raw);
        // Mail, written without a request, writes times in the region this browser names.
        const region = requestRegion(request);
        if (region)
          await db.update(users).set({ localeRegion: region }).where(eq(users.id, userId));
        reply.setCookie(
          isSecure(request, opts) ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
          raw,
          cookieOptions(request, opts, opts.maxDays * 24 * 60 * 60),
        );
      },
      async end(request, reply) {
        if (request.sessionHash)
          await db.delete(sessions).where(eq(sessions.sid, request.sessionHash));
        request.sessionHash = null;
        request.user = null;
        clearSessionCookie(request, reply, opts);
      },
    } satisfies SessionManager);
  },
);

/** The signed-in member, or 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** A signed-in moderator, or 401/403. */
export function requireModerator(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  assertModerator(user);
  return user;
}

/**
 * `onRequest` route hooks that refuse visitors (401) and non-moderators (403) before the body
 * is even read: a signed-out caller learns they must sign in, not what a valid request looks
 * like, and cannot make the server parse a large body for nothing.
 */
export const signedInOnly = async (request: FastifyRequest) => void requireUser(request);
export const moderatorsOnly = async (request: FastifyRequest) => void requireModerator(request);
