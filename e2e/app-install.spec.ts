import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  newMember,
  shareStarter,
  signUpAndIn,
  test,
} from './fixtures';
import { FULL_BROWSER } from './chromium';

// The installed app's worker is what this spec is about (decision 105).
test.use({ serviceWorkers: 'allow' });

const SW_FILE = path.join(process.env.CLIENT_DIST ?? './dist/client', 'sw.js');

async function signUp(request: APIRequestContext, firstName: string) {
  await signUpAndIn(request, newMember({ firstName }));
  return (await (await request.get('/api/auth/user')).json()) as { id: string };
}

/**
 * Waits until the service worker is active and controls the page (first visit: it claims it).
 * `waitForFunction` does not wait for a promise (a pending one is truthy), so the check reads
 * the page's synchronous state; `navigator.serviceWorker.ready` is awaited by `evaluate`. The
 * check is a function: a text would be evaluated in the page, which the site's CSP forbids.
 */
async function controlledBy(page: Page) {
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await page.waitForFunction(() => {
    // In the page (the tests' types have no DOM).
    const { serviceWorker } = (
      globalThis as unknown as {
        navigator: { serviceWorker: { controller: { state: string } | null } };
      }
    ).navigator;
    return serviceWorker.controller?.state === 'activated';
  });
}

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });

async function serviceWorkerOf(context: BrowserContext) {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

test('the app is installable and its worker and manifest are served fresh', async ({
  page,
  baseURL,
  launchOptions,
}) => {
  // Test contexts are incognito, where Chromium never offers to install: a profile on disk.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-install-'));
  const installing = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const tab = installing.pages()[0] ?? (await installing.newPage());
    await tab.goto('/');
    await controlledBy(tab);
    const cdp = await installing.newCDPSession(tab);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    // The browser read the whole manifest, screenshots included, without a complaint.
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
  } finally {
    await installing.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }

  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const body = await manifest.json();
  expect(body).toMatchObject({ display: 'standalone', start_url: '/', scope: '/' });
  expect(body.shortcuts.map((s: { name: string }) => s.name)).toEqual([
    'Browse',
    'Share Starter',
    'Messages',
  ]);
  // The install sheet's pictures: a phone's and a desktop's, each the size it says it is.
  expect(
    body.screenshots.map((s: { form_factor: string; type: string }) => [s.form_factor, s.type]),
  ).toEqual([
    ['narrow', 'image/png'],
    ['wide', 'image/png'],
  ]);
  for (const shot of body.screenshots as Array<{ src: string; sizes: string; label: string }>) {
    expect(shot.label).not.toBe('');
    const png = await page.request.get(shot.src);
    expect(png.status(), shot.src).toBe(200);
    const bytes = await png.body();
    // A PNG's IHDR: width and height, big-endian, at bytes 16 and 20.
    expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(shot.sizes);
  }
  const [narrow, wide] = (body.screenshots as Array<{ sizes: string }>).map((s) =>
    s.sizes.split('x').map(Number),
  );
  expect(narrow![0]!).toBeLessThan(narrow![1]!);
  expect(wide![0]!).toBeGreaterThan(wide![1]!);
  const sw = await page.request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toContain('javascript');
});

// The headless shell shows no pushed notification: this one runs on the full browser.
test(
  'a push opens the conversation it is about',
  { tag: FULL_BROWSER },
  async ({ browser, baseURL }) => {
    const giverContext = await browser.newContext();
    const askerContext = await browser.newContext();
    try {
      await giverContext.grantPermissions(['notifications'], { origin: baseURL });
      await signUp(giverContext.request, 'Gwen');
      const asker = await signUp(askerContext.request, 'Ari');
      const title = `Push kefir ${Date.now()}`;
      const starterId = await shareStarter(giverContext.request, title);
      const giverId = (
        (await (await giverContext.request.get('/api/auth/user')).json()) as {
          id: string;
        }
      ).id;
      const sent = await askerContext.request.post('/api/messages', {
        data: { starterId, receiverId: giverId, content: 'Is there some left for Sunday?' },
      });
      expect(sent.status()).toBe(201);

      const page = await giverContext.newPage();
      await page.goto('/profile');
      await controlledBy(page);
      await page.getByRole('tab', { name: 'Notifications' }).click();
      await expect(page.getByRole('heading', { name: 'Push Notifications' })).toBeVisible();
      await expect(
        page.getByRole('switch', { name: "Don't show message text in notifications" }),
      ).toBeVisible();
      await expectNoAxeViolations(page);

      // The browser's own push delivery, as a push service would trigger it.
      const cdp = await giverContext.newCDPSession(page);
      const registrationId = new Promise<string>((resolve) =>
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
          if (ours) resolve(ours.registrationId);
        }),
      );
      await cdp.send('ServiceWorker.enable');
      const url = `/messages?starter=${starterId}&with=${asker.id}`;
      const tag = `conversation:${starterId}:${asker.id}`;
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseURL!,
        registrationId: await registrationId,
        data: JSON.stringify({ title: `Ari · ${title}`, body: 'Is there some left?', url, tag }),
      });

      const worker = await serviceWorkerOf(giverContext);
      await expect
        .poll(() =>
          worker.evaluate(
            'self.registration.getNotifications().then((all) => all.map((n) => n.tag))',
          ),
        )
        .toEqual([tag]);
      // The member clicks the notification.
      await worker.evaluate(`self.registration.getNotifications().then(([notification]) =>
      self.dispatchEvent(new NotificationEvent('notificationclick', { notification })))`);
      await expect(page).toHaveURL(new RegExp(`/messages\\?starter=${starterId}&with=`));
      await expect(
        page.getByRole('log', { name: 'Messages' }).getByText('Is there some left for Sunday?'),
      ).toBeVisible();
    } finally {
      await giverContext.close();
      await askerContext.close();
    }
  },
);

/** A member with a conversation about someone else's starter, the thread open in `page`. */
async function openThread(browser: import('@playwright/test').Browser) {
  const ownerContext = await browser.newContext();
  const context = await browser.newContext();
  const owner = await signUp(ownerContext.request, 'Otto');
  await signUp(context.request, 'Ines');
  const title = `Offline sourdough ${Date.now()}`;
  const starterId = await shareStarter(ownerContext.request, title);
  const first = await context.request.post('/api/messages', {
    data: { starterId, receiverId: owner.id, content: 'Hello from the bus stop' },
  });
  expect(first.status()).toBe(201);
  const page = await context.newPage();
  return { ownerContext, context, page, owner, starterId, title };
}

test('offline: viewed pages open from the cache, others show the offline page', async ({
  browser,
}) => {
  const { ownerContext, context, page, starterId, title } = await openThread(browser);
  try {
    await page.goto('/browse');
    await controlledBy(page);
    await page.goto('/browse');
    await expect(page.getByRole('heading', { name: 'Available Starters' })).toBeVisible();
    await page.goto(`/starter/${starterId}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    await context.setOffline(true);
    await page.goto(`/starter/${starterId}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText("You're offline.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/browse');
    await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
    // Never opened on this device: the friendly offline page.
    await page.goto('/safety');
    await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await context.setOffline(false);
    await ownerContext.close();
    await context.close();
  }
});

/** What the worker keeps, by cache: the paths and queries of the requests in each. */
async function kept(page: Page): Promise<Record<string, string[]>> {
  return (await page.evaluate(`(async () => {
    const out = {};
    for (const name of await caches.keys()) {
      if (name.startsWith('workbox-precache')) continue;
      const keys = await (await caches.open(name)).keys();
      out[name] = keys.map((k) => { const u = new URL(k.url); return u.pathname + u.search; });
    }
    return out;
  })()`)) as Record<string, string[]>;
}

test('no-store answers are never kept; a session that ended elsewhere takes the kept pages with it', async ({
  browser,
}) => {
  const { ownerContext, context, page, starterId } = await openThread(browser);
  try {
    await page.goto('/browse');
    await controlledBy(page);
    await page.goto('/browse');
    await expect(page.getByRole('heading', { name: 'Available Starters' })).toBeVisible();
    await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/conversations'),
      page.goto('/messages'),
    ]);
    await page.goto(`/starter/${starterId}`);
    const before = await kept(page);
    const all = Object.values(before).flat();
    // The member's own answers (who they are, their threads) are marked no-store: not kept.
    expect(all.filter((p) => p.startsWith('/api/auth/user'))).toEqual([]);
    expect(all.filter((p) => p.startsWith('/api/conversations'))).toEqual([]);
    expect(all.filter((p) => p.startsWith('/api/messages'))).toEqual([]);
    // Pages are, for reading offline.
    expect(before.pages).toEqual(expect.arrayContaining([`/starter/${starterId}`]));

    // What the page asked for has come (a read answered after the session ended would be a
    // new keeping, not one the end should have taken).
    await page.waitForLoadState('networkidle');
    // The session ends elsewhere (here: the cookie goes); the next check answers 401.
    await context.clearCookies();
    const status = await page.evaluate(`fetch('/api/auth/user').then((r) => r.status)`);
    expect(status).toBe(401);
    await expect.poll(async () => (await kept(page)).pages ?? []).toEqual([]);
    expect((await kept(page))['api-v2'] ?? []).toEqual([]);
  } finally {
    await ownerContext.close();
    await context.close();
  }
});

test('a message written offline waits on the device and is sent once back online', async ({
  browser,
}) => {
  const { ownerContext, context, page, owner, starterId } = await openThread(browser);
  try {
    await page.goto(`/messages?starter=${starterId}&with=${owner.id}`);
    await expect(log(page).getByText('Hello from the bus stop')).toBeVisible();
    // The installed app: its service worker has taken the page before the connection drops.
    await controlledBy(page);

    await context.setOffline(true);
    await expect(page.getByText("You're offline.")).toBeVisible();
    await page.getByLabel('Message', { exact: true }).fill('Running ten minutes late');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(log(page).getByText('Waiting to send')).toBeVisible();
    await expectNoAxeViolations(page);

    await context.setOffline(false);
    await expect(log(page).getByText('Waiting to send')).toHaveCount(0);
    await expect(log(page).getByText('Running ten minutes late')).toBeVisible();
    await expect(page.getByText("You're offline.")).toHaveCount(0);
    const stored = await ownerContext.request.get(`/api/messages/starter/${starterId}`);
    const texts = ((await stored.json()) as Array<{ content: string }>).map((m) => m.content);
    expect(texts.filter((t) => t === 'Running ten minutes late')).toHaveLength(1);
  } finally {
    await context.setOffline(false);
    await ownerContext.close();
    await context.close();
  }
});

test('after a new build is served, the open page offers "Reload" and gets it', async ({ page }) => {
  const original = fs.readFileSync(SW_FILE, 'utf8');
  try {
    await page.goto('/browse');
    await controlledBy(page);
    // A new build: another service worker script at the same address.
    fs.writeFileSync(SW_FILE, `${original}\nself.__build = 'next';\n`);
    await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => r.update())');
    const reload = page.getByRole('button', { name: 'Reload' });
    await expect(reload).toBeVisible();
    await expect(
      page.getByText('A new version of CultureShare is ready', { exact: true }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await Promise.all([page.waitForEvent('load'), reload.click()]);
    await controlledBy(page);
    const build = (await page.evaluate(
      'navigator.serviceWorker.getRegistration().then((r) => ({ waiting: !!r?.waiting }))',
    )) as { waiting: boolean };
    expect(build.waiting).toBe(false);
    const workers = page.context().serviceWorkers();
    const builds = await Promise.all(workers.map((w) => w.evaluate('self.__build ?? null')));
    expect(builds).toContain('next');
  } finally {
    fs.writeFileSync(SW_FILE, original);
  }
});
