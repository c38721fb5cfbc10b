import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  browseListParams,
  parseBrowseFilters,
  starterListQuery,
} from '../../../../common/browse-page';
import { PAGE_DATA_ID, type PageData } from '../../../../common/page-data';
import { cardPhoto } from '../../../../common/starter-photo';
import { starterListQuerySchema, type StarterList } from '../../../../common/starters';
import type { AppDeps } from '../../deps';
import { toCurrentUser } from '../auth/auth.service';
import { browseStarters } from '../starters/starters.service';
import { siteSettings } from './site.service';

const SITE = 'CultureShare';
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface PageMeta {
  /** As the page's own `useDocumentTitle` sets it. */
  title?: string;
  description: string;
  /** The client module of the route, whose chunks the page preloads. */
  module?: string;
  /** Pages of one member or one moment (a form, a mailed link): not for search results. */
  noindex?: boolean;
  /**
   * Sent with the page's HTML already rendered (decision 034): the pages every visitor may
   * land on whose content is all in the page's data. The others paint once the app has run.
   */
  prerender?: boolean;
}

/**
 * Prerendered pages kept for the next visitor asking the same address with the same answers:
 * how many at most, and for how long (the page's "5 minutes ago" must stay about right).
 */
const PRERENDERED_KEPT = 64;
const PRERENDERED_FOR_MS = 30_000;

const DEFAULT_DESCRIPTION =
  'CultureShare: neighbours giving away kefir grains, sourdough, kombucha SCOBY and other fermentation starters for free.';

/**
 * Each client route's title and description; the client router (client/src/app/router.tsx) is
 * the source of the routes, and a test holds the two to the same routes and page modules.
 */
const pages: Record<string, PageMeta> = {
  '/': {
    prerender: true,
    title: 'Share the Culture',
    description:
      'Neighbours giving away kefir grains, sourdough, kombucha SCOBY, yogurt, miso and tempeh cultures for free. Find a starter near you or pass yours on.',
  },
  '/browse': {
    prerender: true,
    title: 'Browse Starters',
    description:
      'Free fermentation starters offered near you: kefir grains, sourdough, kombucha SCOBY, yogurt and cheese cultures, miso and tempeh. Search by category, type and place.',
    module: 'src/pages/browse.tsx',
  },
  '/rules': {
    prerender: true,
    title: 'Community Rules',
    description:
      'The rules of CultureShare: healthy, active cultures only, free gifts only, and respectful communication.',
    module: 'src/pages/rules.tsx',
  },
  '/safety': {
    prerender: true,
    title: 'Safety Guidelines',
    description:
      'How to hand over and receive fermentation starters safely: meeting, hygiene and what to check.',
    module: 'src/pages/safety.tsx',
  },
  '/help': {
    prerender: true,
    title: 'Help Center',
    description:
      'Answers about posting, finding and handing over fermentation starters on CultureShare.',
    module: 'src/pages/help.tsx',
  },
  '/contact': {
    prerender: true,
    title: 'Contact Us',
    description: 'How to reach the people who run CultureShare.',
    module: 'src/pages/contact.tsx',
  },
  '/privacy': {
    prerender: true,
    title: 'Privacy Policy',
    description: 'What CultureShare stores about you, why, and how to have it removed.',
    module: 'src/pages/privacy.tsx',
  },
  '/join': {
    prerender: true,
    title: 'Join Community',
    description:
      'Join CultureShare to give away your spare fermentation starters and message neighbours who offer theirs.',
    module: 'src/pages/join.tsx',
  },
  '/login': { description: DEFAULT_DESCRIPTION, module: 'src/pages/login.tsx', noindex: true },
  '/signup': { description: DEFAULT_DESCRIPTION, module: 'src/pages/signup.tsx', noindex: true },
  '/post': { description: DEFAULT_DESCRIPTION, module: 'src/pages/post.tsx', noindex: true },
  '/messages': {
    description: DEFAULT_DESCRIPTION,
    module: 'src/pages/messages.tsx',
    noindex: true,
  },
  '/profile': { description: DEFAULT_DESCRIPTION, module: 'src/pages/profile.tsx', noindex: true },
  '/moderation': {
    description: DEFAULT_DESCRIPTION,
    module: 'src/pages/moderation.tsx',
    noindex: true,
  },
  '/forgot-password': {
    description: DEFAULT_DESCRIPTION,
    module: 'src/pages/forgot-password.tsx',
    noindex: true,
  },
  '/reset-password': {
    description: DEFAULT_DESCRIPTION,
    module: 'src/pages/reset-password.tsx',
    noindex: true,
  },
  '/confirm-email': {
    description: DEFAULT_DESCRIPTION,
    module: 'src/pages/confirm-email.tsx',
    noindex: true,
  },
};
const starterPage: PageMeta = {
  description: DEFAULT_DESCRIPTION,
  module: 'src/pages/starter-detail.tsx',
};
const familyPage: PageMeta = {
  description:
    'Where a fermentation starter came from and every kitchen it has reached since: its family tree and a map of the places it travelled.',
  module: 'src/pages/starter-family.tsx',
};
const notFoundPage: PageMeta = {
  description: DEFAULT_DESCRIPTION,
  module: 'src/pages/not-found.tsx',
  noindex: true,
};

export function metaOf(pathname: string): PageMeta {
  const key = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  if (pages[key]) return pages[key];
  if (/^\/starter\/[^/]+\/family$/.test(key)) return familyPage;
  if (/^\/starter(\/|$)/.test(key)) return starterPage;
  return notFoundPage;
}

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * JSON that is safe inside `<script type="application/json">`: no `<` (so no `</script>` or
 * `<!--`), `>`, `&` or line separators survive as such; JSON.parse reads the escapes back.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

interface Manifest {
  [key: string]: { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
}

/** The chunks a route module needs at once, beyond what index.html already loads. */
function chunksOf(manifest: Manifest, module: string): { js: string[]; css: string[] } {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep, into);
  };
  if (entryKey) walk(entryKey, loaded);
  const needed = new Set<string>();
  walk(module, needed);
  const js: string[] = [];
  const css: string[] = [];
  for (const key of needed) {
    if (loaded.has(key)) continue;
    js.push(`/${manifest[key]!.file}`);
    for (const file of manifest[key]!.css ?? []) css.push(`/${file}`);
  }
  return { js, css };
}

export interface PageRenderer {
  /** Sends the client app's page for this request, its first answers inlined. */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    options?: { head?: (html: string) => string },
  ): Promise<FastifyReply>;
}

/**
 * The client app's index.html, filled in per request: the route's title, description, canonical
 * address and robots rule, preloads of the route's chunks (and of the first browse photo), and a
 * data island with the answers the page would ask for first (decision 028). A visitor's page
 * holds public data only; a member's is theirs and is never stored by a cache.
 */
export function createPageRenderer(
  deps: Pick<AppDeps, 'config' | 'db' | 'listings'>,
): PageRenderer | undefined {
  const root = path.resolve(deps.config.clientDist);
  const indexPath = path.join(root, 'index.html');
  if (!fs.existsSync(indexPath)) return undefined;
  // The built client does not change while the server runs: read it once.
  const template = fs.readFileSync(indexPath, 'utf8');
  let manifest: Manifest = {};
  try {
    manifest = JSON.parse(
      fs.readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
  } catch {
    // Built without a manifest (or a test's stand-in page): no route preloads.
  }
  const chunks = new Map<string, { js: string[]; css: string[] }>();
  const chunksFor = (module: string) => {
    let found = chunks.get(module);
    if (!found) chunks.set(module, (found = chunksOf(manifest, module)));
    return found;
  };
  const site = siteSettings(deps);
  // Loaded on the first page that asks for it, not at start: it is a large module.
  let prerenderer: Promise<Render | undefined> | undefined;
  // The last pages rendered, by address, oldest first.
  const rendered = new Map<string, { data: string; html: string; at: number }>();

  async function firstBrowsePage(request: FastifyRequest, search: string) {
    const params = browseListParams(parseBrowseFilters(new URLSearchParams(search)));
    // 'Closest' needs the browser's position, which only the browser knows.
    if (params.sort === 'closest') return undefined;
    const query = starterListQuerySchema.safeParse(Object.fromEntries(starterListQuery(params)));
    if (!query.success) return undefined;
    try {
      const answer = await browseStarters(deps, request.user, query.data);
      return { params, answer };
    } catch (err) {
      // The page still works: the client asks for the list itself.
      request.log.warn({ err }, 'browse answer for the page failed');
      return undefined;
    }
  }

  /** The page's HTML, or none (the app then paints it) if there is no prerenderer or it fails. */
  async function prerender(request: FastifyRequest, dataJson: string): Promise<string> {
    const kept = rendered.get(request.url);
    if (kept?.data === dataJson && Date.now() - kept.at < PRERENDERED_FOR_MS) return kept.html;
    try {
      const render = await (prerenderer ??= loadPrerenderer(root));
      if (!render) return '';
      const html = await render(request.url, JSON.parse(dataJson) as PageData);
      rendered.delete(request.url);
      rendered.set(request.url, { data: dataJson, html, at: Date.now() });
      if (rendered.size > PRERENDERED_KEPT) rendered.delete(rendered.keys().next().value!);
      return html;
    } catch (err) {
      request.log.warn({ err }, 'prerendering the page failed');
      return '';
    }
  }

  return {
    async send(request, reply, options) {
      const [pathname = '/', search = ''] = request.url.split('?', 2) as [string, string?];
      const meta = metaOf(pathname);
      const origin = deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
      const user = request.user ? toCurrentUser(request.user) : null;
      const browse =
        metaOf(pathname) === pages['/browse'] ? await firstBrowsePage(request, search) : undefined;

      // Built as text: the browse answer is already the JSON the API sends.
      const dataJson =
        `{"user":${JSON.stringify(user satisfies PageData['user'])},"site":${JSON.stringify(site satisfies PageData['site'])}` +
        (browse
          ? `,"browse":{"params":${JSON.stringify(browse.params)},"answer":${browse.answer}}`
          : '') +
        '}';
      const data = scriptSafeJson(dataJson);
      // Visitors only: a member's page holds parts that load later (their unread count, their
      // check-ins), which a page rendered in one pass cannot carry over to the app.
      const body = meta.prerender && !user ? await prerender(request, dataJson) : '';

      const head: string[] = [];
      if (meta.noindex) head.push('<meta name="robots" content="noindex" />');
      else {
        const category =
          pathname === '/browse' && parseBrowseFilters(new URLSearchParams(search)).category;
        const canonical = `${origin}${pathname === '/' ? '/' : pathname.replace(/\/+$/, '')}${category ? `?category=${category}` : ''}`;
        head.push(`<link rel="canonical" href="${escapeHtml(canonical)}" />`);
      }
      if (meta.module) {
        const { js, css } = chunksFor(meta.module);
        for (const file of css) head.push(`<link rel="stylesheet" href="${escapeHtml(file)}" />`);
        for (const file of js)
          head.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`);
      }
      // The first card's photo is the largest paint of /browse: fetch it with the page.
      const firstPhoto = browse && firstCardPhoto(browse.answer);
      if (firstPhoto) {
        head.push(
          `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(firstPhoto.src)}"` +
            (firstPhoto.srcSet
              ? ` imagesrcset="${escapeHtml(firstPhoto.srcSet)}" imagesizes="${escapeHtml(firstPhoto.sizes!)}"`
              : '') +
            ' />',
        );
      }

      let html = template
        .replace(
          /<title>[^<]*<\/title>/,
          () => `<title>${escapeHtml(meta.title ? `${meta.title} · ${SITE}` : SITE)}</title>`,
        )
        .replace(
          /(<meta\s+name="description"\s+content=")[^"]*(")/,
          (_m, start: string, end: string) => `${start}${escapeHtml(meta.description)}${end}`,
        )
        .replace('</head>', () => `    ${head.join('\n    ')}\n  </head>`)
        .replace(
          '<div id="root"></div>',
          () =>
            `<div id="root">${body}</div>\n    <script type="application/json" id="${PAGE_DATA_ID}">${data}</script>`,
        );
      if (options?.head) html = options.head(html);

      // A visitor's page holds public answers only; a member's is theirs alone.
      reply
        .header('cache-control', user ? 'private, no-store' : 'no-cache')
        .header('vary', 'Cookie, Accept-Encoding')
        .type('text/html; charset=utf-8');
      const accepts = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepts)) {
        const body = await brotli(html, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
        });
        return reply.header('content-encoding', 'br').send(body);
      }
      if (/\bgzip\b/.test(accepts)) {
        return reply.header('content-encoding', 'gzip').send(await gzip(html));
      }
      return reply.send(html);
    },
  };
}

type Render = (url: string, data: PageData) => Promise<string>;

/**
 * The prerenderer `npm run build` writes beside the client (client/src/entry-server.tsx), or
 * undefined without one (a test's stand-in page, or a build from before it existed).
 */
async function loadPrerenderer(clientRoot: string): Promise<Render | undefined> {
  const entry = path.join(clientRoot, '..', 'ssr', 'entry-server.js');
  if (!fs.existsSync(entry)) return undefined;
  const module = (await import(pathToFileURL(entry).href)) as { render: Render };
  return module.render;
}

function firstCardPhoto(answer: string) {
  const first = (JSON.parse(answer) as StarterList).starters[0];
  return first ? cardPhoto(first) : null;
}
