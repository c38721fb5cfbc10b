import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import { freePort } from '../../test/server-process';
import { listenMetrics } from './metrics.routes';

const TOKEN = 'metrics-token-0123456789abcdef';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t?.close();
});

const scrape = (authorization?: string) =>
  t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('is refused without the token or with another one', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
  });

  it('does not exist on the site port when no token is set', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject('/metrics')).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('counts requests by route template and holds no id, token, email or address', async () => {
    const { user, cookie } = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, user.id);
    const secret = 'a-reset-token-that-must-not-leak';
    const member = { cookie };
    await t.call(member, 'GET', `/api/starters/${starter.id}`);
    await t.call(null, 'GET', '/api/starters?category=dairy');
    await t.call(null, 'GET', '/api/starters?category=dairy');
    await t.call(null, 'GET', `/api/nowhere/${user.id}?token=${secret}`);
    await t.call(null, 'GET', `/reset-password/${secret}`);
    await t.call(null, 'POST', '/api/auth/login', { email: user.email, password: secret });

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toContain('route="/api/starters/:id"');
    expect(text).toContain('route="unmatched"');
    expect(text).toMatch(/cultureshare_http_request_duration_seconds_count\{[^}]*\} \d+/);
    expect(text).toMatch(/cultureshare_database_roundtrip_seconds \d/);
    expect(text).toMatch(/cultureshare_database_waiting_queries \d/);
    for (const job of ['mail', 'push', 'alert-announce']) {
      expect(text).toContain(`cultureshare_job_lag_seconds{job="${job}"}`);
    }
    expect(text).toMatch(/cultureshare_live_event_streams \d/);
    expect(text).toContain('cultureshare_mail_sent_total');
    expect(text).toContain('cultureshare_push_failed_total');
    const hits = /cultureshare_browse_cache_hits_total (\d+)/.exec(text)?.[1];
    expect(Number(hits)).toBeGreaterThanOrEqual(1);

    for (const leak of [secret, TOKEN, user.id, user.email, user.username, cookie.split('=')[1]]) {
      expect(text).not.toContain(leak);
    }
    expect(text).not.toContain(`/api/starters/${starter.id}`);
    expect(text).not.toContain('@');
    // No IPv4 or IPv6 address anywhere.
    expect(text).not.toMatch(/\b\d{1,3}(\.\d{1,3}){3}\b/);
    expect(text).not.toMatch(/::1|::ffff:/);
  });

  it('is served without a token on its own loopback port', async () => {
    const port = await freePort();
    const server = await listenMetrics(t.app.metrics, port);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('cultureshare_http_request_duration_seconds');
      expect(server.address()).toMatchObject({ address: '127.0.0.1' });
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
