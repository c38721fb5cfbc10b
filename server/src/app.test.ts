import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorsPlugin } from './plugins/errors';
import { securityPlugin } from './plugins/security';
import { requireUser, sessionsPlugin } from './plugins/sessions';
import {
  createTestApp,
  sessionCookieFor,
  createMember,
  signedInMember,
  type TestApp,
} from './test/app';
import { sessions, users } from './db/schema';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from './db/rows';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('answers /healthz and /readyz while the database is reachable', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
  });
});

describe('unknown paths', () => {
  it('answers JSON 404 for unknown /api paths', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ code: 'not_found', message: expect.any(String) });
  });
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff, a referrer policy and a request id on every response', async () => {
    const res = await t.app.inject('/healthz');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeTruthy();
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS when served over HTTPS', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    // Without a trusted proxy the forwarded protocol is ignored.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const secure = await createTestApp({ PUBLIC_URL: 'https://cultureshare.example' });
    try {
      const r = await secure.app.inject('/healthz');
      expect(r.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});

describe('cross-site protection', () => {
  it('refuses state changes whose Origin is another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/cross-site/i);
  });

  it('with PUBLIC_URL, compares its whole origin, whatever Host the request names', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    await app.register(securityPlugin, { publicUrl: 'https://share.example' });
    app.post('/x', async () => ({ ok: true }));
    const post = (origin: string, host: string) =>
      app.inject({ method: 'POST', url: '/x', headers: { origin, host } });
    expect((await post('https://share.example', 'share.example')).statusCode).toBe(200);
    // Another site that names itself in Host, the same host over plain HTTP, another port.
    expect((await post('https://evil.example', 'evil.example')).statusCode).toBe(403);
    expect((await post('http://share.example', 'share.example')).statusCode).toBe(403);
    expect((await post('https://share.example:8443', 'share.example:8443')).statusCode).toBe(403);
  });

  it('refuses state changes marked cross-site by the browser', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/starters/1',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('error handler', () => {
  async function probeApp() {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    app.post(
      '/echo',
      { schema: { body: z.object({ name: z.string().min(1, 'Name is required') }) } },
      async (r) => r.body,
    );
    app.get('/boom', async () => {
      throw new Error('secret internal detail at /srv/app.ts:12');
    });
    return app;
  }

  it('answers malformed JSON with 400 and a message', async () => {
    const app = await probeApp();
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'malformed_json', message: 'Malformed JSON body' });
  });

  it('names the failing field on validation errors', async () => {
    const app = await probeApp();
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { name: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      fields: { name: 'Name is required' },
    });
  });

  it('hides 5xx detail and returns a request id instead', async () => {
    const app = await probeApp();
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('.ts');
    expect(res.json()).toMatchObject({
      message: 'Something went wrong',
      requestId: expect.any(String),
    });
  });

  it('also refuses cross-site requests in a bare app with the security plugin', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    await app.register(securityPlugin, {});
    app.post('/x', async () => ({ ok: true }));
    const same = await app.inject({
      method: 'POST',
      url: '/x',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(same.statusCode).toBe(200);
    const other = await app.inject({
      method: 'POST',
      url: '/x',
      headers: { origin: 'http://localhost:81', host: 'localhost:80' },
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('sessions', () => {
  async function whoamiApp() {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    await app.register(fastifyCookie);
    await app.register(sessionsPlugin, { db: t.db, idleDays: 1, maxDays: 2 });
    app.get('/whoami', async (request) => ({ id: requireUser(request).id }));
    app.post('/start/:id', async (request, reply) => {
      await app.sessions.start(request, reply, (request.params as { id: string }).id);
      return { ok: true };
    });
    app.post('/end', async (request, reply) => {
      await app.sessions.end(request, reply);
      return { ok: true };
    });
    return app;
  }

  it('recognises a valid session and refuses a replayed cookie after it ends', async () => {
    const app = await whoamiApp();
    const member = await createMember(t.db);
    const cookie = await sessionCookieFor(t.db, member.id);
    expect((await app.inject({ url: '/whoami', headers: { cookie } })).json()).toEqual({
      id: member.id,
    });
    await app.inject({ method: 'POST', url: '/end', headers: { cookie } });
    expect((await app.inject({ url: '/whoami', headers: { cookie } })).statusCode).toBe(401);
  });

  it('stores only a hash of the id and rotates the id when a new session starts', async () => {
    const app = await whoamiApp();
    const member = await createMember(t.db);
    const first = await app.inject({ method: 'POST', url: `/start/${member.id}` });
    const firstCookie = first.cookies.find((c) => c.name === 'cs_session')!;
    expect(firstCookie.httpOnly).toBe(true);
    expect(firstCookie.sameSite).toBe('Lax');
    expect(firstCookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(rows.map((r) => r.sid)).not.toContain(firstCookie.value);

    const cookie = `cs_session=${firstCookie.value}`;
    const second = await app.inject({
      method: 'POST',
      url: `/start/${member.id}`,
      headers: { cookie },
    });
    const secondCookie = second.cookies.find((c) => c.name === 'cs_session')!;
    expect(secondCookie.value).not.toBe(firstCookie.value);
    expect((await app.inject({ url: '/whoami', headers: { cookie } })).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          url: '/whoami',
          headers: { cookie: `cs_session=${secondCookie.value}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('signs out a member who is banned or deactivated', async () => {
    const app = await whoamiApp();
    const member = await createMember(t.db);
    const cookie = await sessionCookieFor(t.db, member.id);
    await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, member.id));
    expect((await app.inject({ url: '/whoami', headers: { cookie } })).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(
      0,
    );
  });
});

describe('database trouble', () => {
  it('answers /readyz with 503 while the database is unreachable, and /healthz still 200', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close();
      const ready = await broken.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: 'unavailable' });
      expect((await broken.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await broken.app.close();
    }
  });

  it('answers /readyz with 503 while the newest migration is missing', async () => {
    const behind = await createTestApp();
    try {
      await behind.db.execute(
        sql`DELETE FROM drizzle.__drizzle_migrations
            WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
      );
      const ready = await behind.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: 'migrations_pending' });
    } finally {
      await behind.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'survives Postgres dropping its connections and serves the next request',
    async () => {
      // Three queries at once: the pool holds several connections, so there are some to drop.
      await Promise.all([1, 2, 3].map(() => t.db.execute(sql`SELECT 1`)));
      const terminated = rowsOf<{ ended: boolean }>(
        await t.db.execute(
          sql`SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
              WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        ),
      );
      // Postgres really dropped the pool's other connections.
      expect(terminated.length).toBeGreaterThan(0);
      expect(terminated.every((row) => row.ended)).toBe(true);
      // The pool hands out a fresh connection; nothing crashed in between.
      await vi.waitFor(async () => expect((await t.app.inject('/readyz')).statusCode).toBe(200), {
        timeout: 5000,
      });
      expect((await t.app.inject('/api/starters')).statusCode).toBe(200);
    },
  );
});

describe('member-only calls', () => {
  it('answer a visitor 401 before looking at the body, and a member 403 on moderator calls', async () => {
    const calls: Array<[string, string]> = [
      ['POST', '/api/messages'],
      ['PATCH', '/api/starters/1'],
      ['DELETE', '/api/starters/1'],
      ['PATCH', '/api/users/profile'],
      ['POST', '/api/reports'],
      ['PATCH', '/api/reports/1'],
      ['POST', '/api/moderation/sanctions'],
    ];
    for (const [method, url] of calls) {
      const res = await t.app.inject({
        method: method as 'POST',
        url,
        payload: { nonsense: true },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const { cookie } = await signedInMember(t.db);
    for (const [method, url] of [
      ['PATCH', '/api/reports/1'],
      ['POST', '/api/moderation/sanctions'],
    ] as const) {
      const res = await t.call({ cookie }, method, url, { nonsense: true });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('request bodies', () => {
  const big = JSON.stringify({ content: 'x'.repeat(1024 * 1024) });
  /** State-changing calls a visitor may make; every other one is for members. */
  const forVisitors = new Set([
    'POST /api/auth/signup',
    'POST /api/auth/login',
    'POST /api/logout',
    'POST /api/auth/logout',
    // Mailed links: whoever holds the link may use it, signed in or not.
    'POST /api/auth/confirm-email',
    'POST /api/auth/confirm-email/details',
    'POST /api/auth/email-change/undo',
    'POST /api/auth/sign-in-link',
    'POST /api/auth/sign-in-link/confirm',
    'POST /api/auth/password-reset',
    'POST /api/auth/password-reset/confirm',
    'POST /api/mail/unsubscribe/:key',
    'POST /api/mail/unsubscribe/:key/:kind',
    'PUT /api/mail/unsubscribe/:key/:kind',
    'POST /api/checkins/:id/mail',
    'POST /api/auth/passkeys/login/options',
    'POST /api/auth/passkeys/login',
    'POST /api/data-export/download',
    'POST /api/alerts/stop/:key/:id',
  ]);

  it('refuses a visitor with 401 before reading the body of any member call, however large or malformed', async () => {
    const routes: RouteOptions[] = [];
    const probe = await createTestApp({}, { onRoute: (r) => void routes.push(r) });
    try {
      const memberCalls = routes
        .filter((r) => r.url.startsWith('/api/'))
        .flatMap((r) => [r.method].flat().map((m) => [m, r.url] as const))
        .filter(
          ([m, url]) => !['GET', 'HEAD', 'OPTIONS'].includes(m) && !forVisitors.has(`${m} ${url}`),
        );
      expect(memberCalls.length).toBeGreaterThan(8);
      for (const [method, path] of memberCalls) {
        const url = path.replace(/:\w+/g, '1');
        for (const payload of [big, `{${'"'.repeat(1024 * 1024)}`]) {
          const res = await probe.app.inject({
            method: method as 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload,
          });
          expect(res.statusCode, `${method} ${path}`).toBe(401);
        }
      }
    } finally {
      await probe.close();
    }
  });

  it('refuses a member with 403 before reading the body of a moderators’ call', async () => {
    const member = await signedInMember(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/moderation/sanctions',
      headers: { cookie: member.cookie, 'content-type': 'application/json' },
      payload: big,
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 413 to a signed-in member whose body is larger than the call needs', async () => {
    const member = await signedInMember(t.db);
    for (const [url, size] of [
      ['/api/messages', 9 * 1024],
      ['/api/reports', 9 * 1024],
      ['/api/messages/starter/1/read', 2 * 1024],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: member.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ content: 'x'.repeat(size) }),
      });
      expect(res.statusCode, url).toBe(413);
      expect(res.json()).toMatchObject({ code: 'too_large' });
    }
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { cookie: member.cookie, 'content-type': 'application/json' },
      payload: big,
    });
    expect(profile.statusCode).toBe(413);
  });
});

describe('dependencies', () => {
  it('flow one way: nothing but the entry point (main.ts, serve.ts) and tests imports the app', () => {
    const srcDir = path.dirname(fileURLToPath(import.meta.url));
    const importers = fs
      .readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => !['main.ts', 'serve.ts'].includes(file))
      .filter((file) => !file.startsWith(`test${path.sep}`))
      .filter((file) => {
        const text = fs.readFileSync(path.join(srcDir, file), 'utf8');
        const fromDir = path.dirname(path.join(srcDir, file));
        return [...text.matchAll(/from '(\.[^']*)'/g)].some(
          ([, spec]) => path.resolve(fromDir, spec!) === path.join(srcDir, 'app'),
        );
      });
    expect(importers).toEqual([]);
  });
});
