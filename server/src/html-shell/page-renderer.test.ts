import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PageData } from '../../../common/site/page-data';
import { pages } from '../../../common/site/pages';
import { translator } from '../i18n/translate';
import {
  createMember,
  createStarterRow,
  createTestApp,
  signedInMember,
  type TestApp,
} from '../test/app';
import { scriptSafeJson } from './html';

// The built page's shape (client/index.html after the build), with a manifest of route chunks.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Default description" />
    <title>CultureShare</title>
    <link rel="manifest" href="/manifest.webmanifest">
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-abc.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared-abc.js' },
  'src/pages/browse.tsx': {
    file: 'assets/browse-abc.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared.js', '_card.js'],
  },
  '_card.js': { file: 'assets/card-abc.js' },
  // Texts the app reads before its first render (client/src/lib/i18n.ts): one catalogue per
  // language here, the Spanish date wording and the ICU formatter.
  '../common/locales/en/home.json': { file: 'assets/home-en.js', imports: ['_shared.js'] },
  '../common/locales/es/home.json': { file: 'assets/home-es.js', imports: ['_shared.js'] },
  '../node_modules/date-fns/locale/es.js': { file: 'assets/date-es.js' },
  '../node_modules/intl-messageformat/lib/index.js': {
    file: 'assets/icu.js',
    imports: ['_tslib.js'],
  },
  '_tslib.js': { file: 'assets/tslib.js' },
};

// The built web app manifest's shape (vite.config.ts), in English.
const APP_MANIFEST = {
  id: '/',
  name: 'CultureShare — free fermentation starters',
  short_name: 'CultureShare',
  description: 'CultureShare: neighbours giving away starters.',
  lang: 'en',
  start_url: '/',
  display: 'standalone',
  shortcuts: [
    { name: 'Browse', url: '/browse' },
    { name: 'Share Starter', url: '/post' },
    { name: 'Messages', url: '/messages' },
  ],
  screenshots: [{ src: '/screenshots/browse-narrow.png', label: 'Browse free starters' }],
};

const BREAKOUT = '</script><script>alert(1)</script><!--';

// A stand-in for the built prerenderer (client/src/entry-server.tsx): says what it was given,
// and numbers its renders.
const PRERENDERER = `
let renders = 0;
export async function render(url, data) {
  if (url.startsWith('/help')) throw new Error('the help page does not render');
  const who = data.user ? 'member' : 'visitor';
  const count = data.browse ? data.browse.answer.starters.length : 0;
  renders += 1;
  return '<main data-url="' + encodeURIComponent(url) + '" data-render="' + renders + '">' +
    who + ', ' + count + ' starters</main>';
}
`;

let t: TestApp;
let built: string;
beforeAll(async () => {
  built = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-pages-'));
  const dist = path.join(built, 'client');
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify(APP_MANIFEST));
  fs.mkdirSync(path.join(built, 'ssr'));
  fs.writeFileSync(path.join(built, 'ssr', 'entry-server.js'), PRERENDERER);
  t = await createTestApp({ CLIENT_DIST: dist, PUBLIC_URL: 'https://cultureshare.example' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(built, { recursive: true, force: true });
});

/** What the page's root element holds as sent. */
const rootOf = (html: string) => /<div id="root">([^]*?)<\/div>\n/.exec(html)?.[1];

/**
 * The app's modules as the page names them: loaded with the page (`<script>` and preloads), or
 * by boot.js once it has painted (decision 113).
 */
function appModules(html: string) {
  const boot =
    /<script defer src="\/boot\.js" data-entry="([^"]*)" data-preload="([^"]*)"><\/script>/.exec(
      html,
    );
  const entries = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)">/g)];
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)];
  if (boot) {
    expect(entries.concat(preloads), 'nothing is loaded before the page paints').toEqual([]);
    return { afterPaint: true, entry: boot[1], modules: boot[2]!.split(' ') };
  }
  expect(entries).toHaveLength(1);
  return { afterPaint: false, entry: entries[0]![1], modules: preloads.map((m) => m[1]!) };
}

/** The page's data island, read back the way the browser's JSON.parse would. */
function pageData(html: string): PageData {
  const islands = [
    ...html.matchAll(/<script type="application\/json" id="page-data">([^]*?)<\/script>/g),
  ];
  expect(islands).toHaveLength(1);
  return JSON.parse(islands[0]![1]!) as PageData;
}

describe('the page the server sends', () => {
  it('carries a visitor-safe first browse page, escaped so no text can leave the island', async () => {
    const owner = await createMember(t.db);
    await createStarterRow(t.db, owner.id, {
      title: `Kefir ${BREAKOUT}`,
      description: 'Grains & whey \u2028 with <b>care</b>, fed daily with whole milk.',
      category: 'dairy',
    });
    const res = await t.app.inject('/browse?category=dairy');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    // Only public answers inside, so a shared cache may keep it (revalidated); a session varies it.
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Cookie/);
    // Nothing a title says reaches the HTML as markup: one island, one closing tag per script.
    expect(res.body).not.toContain(BREAKOUT);
    expect(res.body).not.toContain('<b>');
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);

    const data = pageData(res.body);
    expect(data.user).toBeNull();
    expect(data.site).toMatchObject({ donationUrl: null });
    expect(data.browse?.params).toMatchObject({ limit: 12, offset: 0, category: 'dairy' });
    const titles = data.browse!.answer.starters.map((s) => s.title);
    expect(titles).toContain(`Kefir ${BREAKOUT}`);
    expect(data.browse!.answer.starters[0]!.description).toContain('\u2028');
    // The same answer the API gives for the same question.
    const api = await t.app.inject(
      '/api/starters?limit=12&offset=0&category=dairy&subcategory=all&sort=newest',
    );
    expect(data.browse!.answer).toEqual(api.json());
  });

  it('carries the landing page’s figures and listings, as the API answers them', async () => {
    const owner = await createMember(t.db);
    await createStarterRow(t.db, owner.id, { title: 'Landing strip kefir' });
    const data = pageData((await t.app.inject('/')).body);
    const api = (await t.app.inject('/api/site/home')).json();
    expect(data.home).toEqual(api);
    expect(data.home?.nearby.starters.map((s) => s.title)).toContain('Landing strip kefir');
    expect(data.home?.figures.startersShared).toBeGreaterThan(0);
    expect(pageData((await t.app.inject('/browse')).body).home).toBeUndefined();
  });

  it('names the page, points at its canonical address and preloads its chunks', async () => {
    const res = await t.app.inject('/browse?category=grain&page=2');
    expect(res.body).toContain('<title>Browse Starters · CultureShare</title>');
    expect(res.body).toMatch(/<meta\s+name="description"\s+content="Free fermentation starters/);
    expect(res.body).toContain(
      '<link rel="canonical" href="https://cultureshare.example/browse?category=grain" />',
    );
    // The page's chunks beside the entry's, then the English texts the app reads before it
    // first renders, none twice (decision 176).
    expect(appModules(res.body).modules).toEqual([
      '/assets/shared-abc.js',
      '/assets/browse-abc.js',
      '/assets/card-abc.js',
      '/assets/home-en.js',
      '/assets/icu.js',
      '/assets/tslib.js',
    ]);
    expect(pageData(res.body).browse?.params).toMatchObject({ offset: 12, category: 'grain' });
  });

  it("keeps a member's page theirs: the current user inlined, never stored by a cache", async () => {
    const { user, cookie } = await signedInMember(t.db, { username: 'pagereader' });
    const res = await t.call({ cookie }, 'GET', '/');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = pageData(res.body);
    expect(data.user).toMatchObject({ id: user.id, username: 'pagereader' });
    expect(data.browse).toBeUndefined();
    const me = await t.call({ cookie }, 'GET', '/api/auth/user');
    expect(data.user).toEqual(me.json());
  });

  it('keeps forms and private pages out of search results', async () => {
    for (const url of ['/login', '/messages', '/profile', '/no/such/page']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
    }
    const home = await t.app.inject('/');
    expect(home.body).not.toContain('noindex');
    expect(home.body).toContain('<link rel="canonical" href="https://cultureshare.example/" />');
  });

  it('compresses the page for browsers that take it, and the page only', async () => {
    const page = (encoding?: string) =>
      t.app.inject({
        url: '/browse',
        headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
      });
    const br = await page('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Cookie/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toContain('id="page-data"');

    const gzip = await page('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toContain('id="page-data"');

    for (const plain of [await page(), await page('identity')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('id="page-data"');
      // A cache keeps the plain page apart from the compressed ones.
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
    }

    // API answers go uncompressed (decision 038).
    const api = await t.app.inject({
      url: '/api/starters?limit=12',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-encoding']).toBeUndefined();
  });

  it("answers 'closest' and a place in the page, from the member's profile place by default", async () => {
    const visitor = await t.app.inject('/browse?sort=closest');
    expect(pageData(visitor.body).browse?.params).toMatchObject({ sort: 'closest' });
    const suburb = await t.app.inject('/browse?near=Milwaukie,+Oregon&radiusKm=10');
    expect(pageData(suburb.body).browse?.params).toMatchObject({
      near: 'Milwaukie, Oregon',
      radiusKm: 10,
      sort: 'closest',
    });
    const { cookie } = await signedInMember(t.db, { location: 'Portland, OR' });
    const member = await t.app.inject({ url: '/browse', headers: { cookie } });
    expect(pageData(member.body).browse?.params).toMatchObject({
      near: 'Portland, Oregon, United States',
      sort: 'closest',
    });
    // An unknown place leaves the question to the app, which says what went wrong.
    const unknown = await t.app.inject('/browse?near=Atlantis');
    expect(unknown.statusCode).toBe(200);
    expect(pageData(unknown.body).browse).toBeUndefined();
  });
});

describe('scriptSafeJson', () => {
  it('escapes everything that could end or confuse a script element', () => {
    const json = JSON.stringify({ s: '</script><!-- & \u2028\u2029 >' });
    const safe = scriptSafeJson(json);
    expect(safe).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(safe)).toEqual(JSON.parse(json));
  });
});

describe('pages sent already rendered (decision 034)', () => {
  it("renders a visitor's browse page from the answers in its data island", async () => {
    const owner = await createMember(t.db);
    const kombucha = (title: string) =>
      createStarterRow(t.db, owner.id, { title, category: 'beverage', subcategory: 'scoby' });
    await kombucha('Prerendered kombucha');
    const first = await t.app.inject('/browse?category=beverage');
    const count = pageData(first.body).browse!.answer.starters.length;
    expect(count).toBeGreaterThan(0);
    expect(rootOf(first.body)).toMatch(
      new RegExp(
        `^<main data-url="%2Fbrowse%3Fcategory%3Dbeverage" data-render="\\d+">visitor, ${count} starters</main>$`,
      ),
    );
    expect(rootOf((await t.app.inject('/')).body)).toMatch(
      /^<main data-url="%2F" data-render="\d+">visitor, 0 starters<\/main>$/,
    );

    // The next visitor asking the same with the same answers gets the page already rendered.
    expect(rootOf((await t.app.inject('/browse?category=beverage')).body)).toBe(rootOf(first.body));
    // New answers (another starter) are rendered anew.
    await kombucha('Second kombucha');
    await vi.waitFor(async () => {
      const after = await t.app.inject('/browse?category=beverage');
      expect(rootOf(after.body)).toContain(`visitor, ${count + 1} starters`);
    });
  });

  it("leaves a member's pages and the forms for the app to paint", async () => {
    const { cookie } = await signedInMember(t.db);
    expect(rootOf((await t.call({ cookie }, 'GET', '/browse')).body)).toBe('');
    expect(rootOf((await t.app.inject('/login')).body)).toBe('');
    expect(rootOf((await t.app.inject('/starter/999997')).body)).toBe('');
  });

  it("sends a visitor's starter page rendered, with its starter, its preview saying it is free", async () => {
    const owner = await createMember(t.db);
    const row = await createStarterRow(t.db, owner.id, { title: 'Shared kefir' });
    const res = await t.app.inject(`/starter/${row.id}`);
    expect(rootOf(res.body)).toMatch(
      new RegExp(`^<main data-url="%2Fstarter%2F${row.id}" data-render="\\d+">visitor`),
    );
    const data = pageData(res.body);
    expect(data.starter).toMatchObject({ id: row.id, title: 'Shared kefir' });
    // As GET /api/starters/:id answers a visitor: the client's cache is seeded with it.
    const api = await t.app.inject(`/api/starters/${row.id}`);
    expect(data.starter).toEqual(api.json());
    expect(appModules(res.body).afterPaint).toBe(true);
    expect(res.body).toContain(
      '<meta property="og:description" content="Free — shared by a neighbour. ',
    );
    const spanish = await t.app.inject({ url: `/starter/${row.id}?lang=es` });
    expect(spanish.body).toContain('content="Gratis — lo comparte alguien de tu barrio. ');

    // A member's page is their own (the app asks for the starter as they see it); an unknown
    // starter's is the app's to answer.
    const { cookie } = await signedInMember(t.db);
    const member = await t.call({ cookie }, 'GET', `/starter/${row.id}`);
    expect(rootOf(member.body)).toBe('');
    expect(pageData(member.body).starter).toBeUndefined();
    const unknown = await t.app.inject('/starter/999998');
    expect(rootOf(unknown.body)).toBe('');
    expect(pageData(unknown.body).starter).toBeUndefined();
  });

  it('starts the app once a rendered page has painted, and at once on a page it paints', async () => {
    // A visitor's page is there to read: its scripts wait for boot.js (decision 113).
    const visitor = appModules((await t.app.inject('/browse')).body);
    expect(visitor).toEqual({
      afterPaint: true,
      entry: '/assets/index-abc.js',
      modules: expect.arrayContaining([
        '/assets/shared-abc.js',
        '/assets/browse-abc.js',
        '/assets/home-en.js',
      ]),
    });
    // A member's page, and a form, are painted by the app: its scripts come with the page.
    const { cookie } = await signedInMember(t.db);
    const member = appModules((await t.call({ cookie }, 'GET', '/browse')).body);
    expect(member).toEqual({ ...visitor, afterPaint: false });
    expect(appModules((await t.app.inject('/login')).body)).toMatchObject({
      afterPaint: false,
      entry: '/assets/index-abc.js',
    });
  });

  it('still sends the page, for the app to paint, when prerendering it fails', async () => {
    const res = await t.app.inject('/help');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Help Center · CultureShare</title>');
    expect(rootOf(res.body)).toBe('');
    expect(pageData(res.body).user).toBeNull();
    expect(appModules(res.body).afterPaint).toBe(false);
  });
});

describe('the page table (common/site/pages.ts)', () => {
  it("names each page as the app's title hook does, and preloads the module the router loads", async () => {
    for (const [url, page, title] of [
      ['/join', pages.join, 'Join Community'],
      ['/login', pages.login, 'Sign In'],
      ['/no/such/page', pages.notFound, '404 Page Not Found'],
      ['/browse/', pages.browse, 'Browse Starters'],
    ] as const) {
      const res = await t.app.inject(url);
      expect(res.body, url).toContain(`<title>${title} · CultureShare</title>`);
      expect(res.body, url).toContain(`content="${page.description}"`);
    }
    expect((await t.app.inject('/join?lang=es')).body).toContain(
      `<title>${translator('es')('common:pageTitles.join')} · CultureShare`,
    );
    // The module named in the table is the one whose chunks the page preloads.
    expect(appModules((await t.app.inject('/BROWSE')).body).modules).toContain(
      '/assets/browse-abc.js',
    );
  });

  it("leaves a starter's title to its page and keeps its address indexable", async () => {
    const res = await t.app.inject('/starter/999999');
    expect(res.body).toContain('<title>CultureShare</title>');
    expect(res.body).toContain(
      '<link rel="canonical" href="https://cultureshare.example/starter/999999" />',
    );
    for (const url of ['/starter', '/starter/1/2/3'])
      expect((await t.app.inject(url)).body, url).toContain('noindex');
  });
});

describe('the page in the visitor’s language', () => {
  it('sends / and /browse in Spanish to a browser asking for it, with every language’s address', async () => {
    for (const address of ['/', '/browse']) {
      const res = await t.app.inject({
        url: address,
        headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<html lang="es">');
      expect(res.headers.vary).toMatch(/Accept-Language/);
      for (const lang of ['es', 'de', 'fr'])
        expect(res.body).toContain(
          `<link rel="alternate" hreflang="${lang}" href="https://cultureshare.example${address}?lang=${lang}" />`,
        );
      expect(res.body).toContain(
        `<link rel="alternate" hreflang="x-default" href="https://cultureshare.example${address}" />`,
      );
      expect(res.body).toContain(
        `<link rel="canonical" href="https://cultureshare.example${address}?lang=es" />`,
      );
    }
    const browse = await t.app.inject({ url: '/browse', headers: { 'accept-language': 'es' } });
    expect(browse.body).toContain('<title>Explorar cultivos · CultureShare</title>');
    // Its Spanish texts and date wording come with the page, beside English, the fallback.
    expect(appModules(browse.body).modules).toEqual(
      expect.arrayContaining([
        '/assets/home-en.js',
        '/assets/home-es.js',
        '/assets/date-es.js',
        '/assets/icu.js',
      ]),
    );
    expect(appModules((await t.app.inject('/browse')).body).modules).not.toContain(
      '/assets/home-es.js',
    );
  });

  it('links the install sheet in the page’s language, the same app in each', async () => {
    const manifestLink = async (headers: Record<string, string>) =>
      /<link rel="manifest" href="([^"]+)">/.exec(
        (await t.app.inject({ url: '/browse', headers })).body,
      )?.[1];
    expect(await manifestLink({})).toBe('/manifest.webmanifest');
    expect(await manifestLink({ 'accept-language': 'de' })).toBe('/manifests/de.webmanifest');

    const german = await t.app.inject({ url: '/manifests/de.webmanifest' });
    expect(german.statusCode).toBe(200);
    expect(german.headers['content-type']).toContain('application/manifest+json');
    expect(german.json()).toMatchObject({
      id: '/',
      start_url: '/',
      display: 'standalone',
      lang: 'de',
      name: 'CultureShare — Fermentationskulturen zu verschenken',
      short_name: 'CultureShare',
      description: expect.stringContaining('Nachbarn verschenken'),
      shortcuts: [
        { name: 'Stöbern', url: '/browse' },
        { name: 'Kultur teilen', url: '/post' },
        { name: 'Nachrichten', url: '/messages' },
      ],
      screenshots: [{ label: 'Kostenlose Fermentationskulturen aus der Nachbarschaft entdecken' }],
    });
    for (const file of ['en.webmanifest', 'xx.webmanifest', 'de.json'])
      expect((await t.app.inject({ url: `/manifests/${file}` })).statusCode).toBe(404);
  });

  it('prefers the address’s language, then the remembered one, then the browser’s, then English', async () => {
    const lang = async (url: string, headers: Record<string, string> = {}) =>
      /<html lang="(\w+)">/.exec((await t.app.inject({ url, headers })).body)?.[1];
    expect(await lang('/help')).toBe('en');
    expect(await lang('/help', { 'accept-language': 'pt-BR, de;q=0.8' })).toBe('de');
    expect(await lang('/help', { 'accept-language': 'de', cookie: 'lang=fr' })).toBe('fr');
    expect(await lang('/help?lang=es', { cookie: 'lang=fr' })).toBe('es');
    expect(await lang('/help', { 'accept-language': 'ja' })).toBe('en');
  });

  it('keeps a member’s saved language over the browser’s', async () => {
    const { cookie } = await signedInMember(t.db, { language: 'de' });
    const res = await t.app.inject({ url: '/', headers: { cookie, 'accept-language': 'fr' } });
    expect(res.body).toContain('<html lang="de">');
    expect((pageData(res.body).user as { language?: string }).language).toBe('de');
  });

  it('renders each language apart: the pages kept are keyed by language', async () => {
    const render = async (language: string) =>
      /data-render="(\d+)"/.exec(
        (await t.app.inject({ url: '/rules', headers: { 'accept-language': language } })).body,
      )?.[1];
    const spanish = await render('es');
    const german = await render('de');
    expect(german).not.toBe(spanish);
    // The same language again is the page kept.
    expect(await render('es')).toBe(spanish);
  });
});
