import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createStarterRow, createTestApp, type TestApp } from '../../test/app';

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
    // Every page for search results from the page table (common/pages.ts), no form.
    expect(sitemap.body).toContain('<loc>https://cultureshare.example/</loc>');
    expect(sitemap.body).toContain('<loc>https://cultureshare.example/rules</loc>');
    expect(sitemap.body).not.toContain('/login<');
  });
});
