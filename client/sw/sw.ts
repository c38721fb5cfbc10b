/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** Caches that hold one member's own answers: emptied when they sign out or their session ends. */
const PAGES = 'pages';
const API = 'api-v2';
const PHOTOS = 'photos-v2';
/** What earlier versions kept, `no-store` answers included: gone when this one takes over. */
const RETIRED = ['api', 'photos'];
const OFFLINE_PAGE = '/offline.html';

/**
 * An answer that says `no-store` (a profile, a thread, a message's photo) is never kept: what
 * the server marks as one member's own and not for keeping stays off the device (decision 136).
 * Pages are the exception the offline reading needs; they go when the session does.
 */
const honourNoStore = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    /(^|,)\s*no-store\s*(,|$)/i.test(response.headers.get('cache-control') ?? '') ? null : response,
};

const forgetMember = () => Promise.all([caches.delete(PAGES), caches.delete(API)]);

// The app's scripts, styles and the offline page, by content hash: a new build replaces them.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the open pages at once, so what they load is kept for offline use;
// a later version waits for the page's "Reload" (SKIP_WAITING below).
clientsClaim();
self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all(RETIRED.map((name) => caches.delete(name))));
});

// Signing out: nothing of the member's stays on the device.
registerRoute(
  ({ url, request }) => url.pathname === '/api/logout' && request.mode === 'navigate',
  async ({ request }) => {
    await forgetMember();
    return fetch(request);
  },
);

// Whether anyone is signed in: a 401 means the session ended (elsewhere, by time, by a reset),
// so nothing kept for the member stays. Never kept itself (no-store).
registerRoute(
  ({ url, request }) => url.pathname === '/api/auth/user' && request.method === 'GET',
  async ({ request }) => {
    const response = await fetch(request);
    if (response.status === 401) await forgetMember();
    return response;
  },
);

// Pages: always the network first, so a deploy is picked up at once; the copy kept from the
// last visit is for when there is no network (or it is too slow to answer).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
  new NetworkFirst({
    cacheName: PAGES,
    networkTimeoutSeconds: 6,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60 }),
    ],
  }),
);

// Photos never change under an address: from the cache, at most 200 of them (about 20 MB of
// thumbnails and large versions).
registerRoute(
  ({ url }) => url.pathname.startsWith('/api/photos/'),
  new CacheFirst({
    cacheName: PHOTOS,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      honourNoStore,
      new ExpirationPlugin({
        maxEntries: 200,
        maxAgeSeconds: 30 * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// The live event stream is never cached.
registerRoute(({ url }) => url.pathname === '/api/events', new NetworkOnly());

// API reads: fresh when online, the last answer when not (offline reading).
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/api/'),
  new NetworkFirst({
    cacheName: API,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      honourNoStore,
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * 24 * 60 * 60 }),
    ],
  }),
);

// A page never visited, with no network: the friendly offline page.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') {
    return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  }
  return Response.error();
});

// The page's "Reload" button: the waiting version takes over, and the page reloads into it.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

function readPayload(event: PushEvent): PushPayload {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    if (data?.title) {
      return {
        title: data.title,
        body: data.body ?? '',
        url: data.url ?? '/',
        tag: data.tag ?? '',
      };
    }
  } catch {
    // not JSON: shown as a plain notice below
  }
  return { title: 'CultureShare', body: event.data?.text() ?? '', url: '/messages', tag: '' };
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      // One notification per conversation: a newer message replaces it (and alerts again).
      tag: payload.tag || undefined,
      renotify: !!payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: payload.url },
    } as NotificationOptions),
  );
});

/** Only our own pages: a payload's url is a path on this site. */
function sameOriginUrl(raw: unknown): string {
  try {
    const url = new URL(typeof raw === 'string' ? raw : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = sameOriginUrl((event.notification.data as { url?: string } | null)?.url);
  const opening = (async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((w) => w.url === target) ?? windows[0];
    if (open) {
      try {
        const shown = open.url === target ? open : ((await open.navigate(target)) ?? open);
        await shown.focus().catch(() => undefined);
        return;
      } catch {
        // a window this worker does not control cannot be navigated: open a new one
      }
    }
    await self.clients.openWindow(target);
  })();
  try {
    event.waitUntil(opening);
  } catch {
    // An event dispatched by script (devtools, browser tests) cannot extend the worker's life.
  }
});
