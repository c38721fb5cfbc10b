import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
  createStarterRow,
  createTestApp,
  signedInMember,
  type TestApp,
} from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://cultureshare.example' });
});
afterAll(async () => {
  await t?.close();
});

describe('robots.txt and the sitemap', () => {
  it('point search engines at the listed starters only', async () => {
    const owner = await createMember(t.db);
    const listed = await createStarterRow(t.db, owner.id);
    const hidden = await createStarterRow(t.db, owner.id, { isActive: false });
    const robots = await t.app.inject('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: https://cultureshare.example/sitemap.xml');
    const sitemap = await t.app.inject('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain(`<loc>https://cultureshare.example/starter/${listed.id}</loc>`);
    expect(sitemap.body).not.toContain(`/starter/${hidden.id}<`);
    expect(sitemap.body).toContain('<loc>https://cultureshare.example/browse</loc>');
    // Every page for search results from the page table (common/site/pages.ts), no form.
    expect(sitemap.body).toContain('<loc>https://cultureshare.example/</loc>');
    expect(sitemap.body).toContain('<loc>https://cultureshare.example/rules</loc>');
    expect(sitemap.body).not.toContain('/login<');
  });

  it('never takes its addresses from the Host header a request names', async () => {
    const headers = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const robots = await t.app.inject({ url: '/robots.txt', headers });
    const sitemap = await t.app.inject({ url: '/sitemap.xml', headers });
    const page = await t.app.inject({ url: '/rules', headers });
    for (const res of [robots, sitemap, page]) expect(res.body).not.toContain('evil.example');
  });

  it('forgets a deleted listing at once, not after its cache time', async () => {
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id);
    const loc = `<loc>https://cultureshare.example/starter/${starter.id}</loc>`;
    // A row written straight to the table reaches the cache through the database's change
    // notice, which Postgres delivers a moment later.
    await expect
      .poll(async () => (await t.app.inject('/sitemap.xml')).body, { timeout: 10_000 })
      .toContain(loc);
    const deleted = await t.call(owner, 'DELETE', `/api/starters/${starter.id}`);
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await t.app.inject('/sitemap.xml')).body).not.toContain(loc);
  });
});
