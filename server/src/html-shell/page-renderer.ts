import fs from 'node:fs';
import { siteUrl } from '../config';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  browseListParams,
  parseBrowseFilters,
  starterListQuery,
} from '../../../common/listings/browse-page';
import { PAGE_DATA_ID, type PageData } from '../../../common/site/page-data';
import {
  documentTitle,
  isTitledPage,
  languageUrl,
  pageAt,
  pages,
} from '../../../common/site/pages';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  manifestPath,
  type Language,
} from '../../../common/i18n/languages';
import { requestLanguage, translator } from '../i18n/translate';
import { cardPhoto } from '../../../common/listings/card-photo';
import {
  starterListQuerySchema,
  starterSchema,
  type Starter,
  type StarterList,
} from '../../../common/listings/starters';
import type { AppDeps } from '../deps';
import { toCurrentUserWithTrust } from '../features/account/auth/auth.service';
import { homeAnswer } from '../features/site/home.service';
import { siteSettings } from '../features/site/site.service';
import { siteLanguages } from '../../../common/i18n/completeness';
import { browseStarters } from '../features/starters/starters.service';
import { escapeHtml, scriptSafeJson } from './html';
import { createPrerenderer } from './prerender';
import { routeChunks, textChunks, type RouteChunks } from './route-chunks';

export interface PageRenderer {
  /** Sends the client app's page for this request, its first answers inlined. */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    options?: {
      head?: (html: string) => string;
      /** `/starter/:id`: the starter as a visitor sees it, for the page sent rendered. */
      starter?: Starter;
    },
  ): Promise<FastifyReply>;
}

type RendererDeps = Pick<AppDeps, 'config' | 'db' | 'listings'>;

/**
 * The client app's index.html, filled in per request: the route's title, description, canonical
 * address and robots rule, preloads of the route's chunks (and of the first browse photo), and a
 * data island with the answers the page would ask for first (decision 028). A visitor's page
 * holds public data only; a member's is theirs and is never stored by a cache.
 */
export function createPageRenderer(deps: RendererDeps): PageRenderer | undefined {
  const root = path.resolve(deps.config.clientDist);
  const indexPath = path.join(root, 'index.html');
  if (!fs.existsSync(indexPath)) return undefined;
  // The built client does not change while the server runs: read it once.
  const template = fs.readFileSync(indexPath, 'utf8');
  const appScripts = scriptsOf(template);
  const chunksOf = routeChunks(root);
  const textsOf = textChunks(root);
  const prerender = createPrerenderer(root);
  const site = siteSettings(deps);
  const languages = JSON.stringify(siteLanguages() satisfies PageData['languages']);

  return {
    async send(request, reply, options) {
      const [pathname = '/', search = ''] = request.url.split('?', 2) as [string, string?];
      const page = pageAt(pathname);
      const language = requestLanguage(request);
      const t = translator(language);
      const key = Object.keys(pages).find((k) => pages[k as keyof typeof pages] === page);
      const title = key && isTitledPage(key) ? t(`common:pageTitles.${key}`) : undefined;
      const description = t(`common:pageDescriptions.${key}`, {
        defaultValue: t('common:pageDescriptions.default'),
      });
      // Never the Host header: a cache could keep a page whose links point elsewhere.
      const origin = siteUrl(deps.config);
      const user = request.user ? await toCurrentUserWithTrust(deps.db, request.user) : null;
      const browse =
        page === pages.browse
          ? await firstBrowsePage(deps, request, search, user?.place ?? null)
          : undefined;
      const home = page === pages.home ? await homeData(deps, request) : undefined;
      // The visitor's answer of GET /api/starters/:id (a member's page asks for their own).
      const starter =
        page === pages.starter && !user && options?.starter
          ? starterSchema.parse(options.starter)
          : undefined;

      const dataJson = pageDataJson({ user, site, languages, browse, home, starter });
      const data = scriptSafeJson(dataJson);
      // Visitors only: a member's page holds parts that load later (their unread count, their
      // check-ins), which a page rendered in one pass cannot carry over to the app.
      // A starter's page only with its starter: an unknown one is the app's to answer.
      const body =
        page.prerender && !user && (page !== pages.starter || starter)
          ? await prerender(request.url, dataJson, language, request.log)
          : '';

      const route = chunksOf(`src/pages/${page.module}.tsx`);
      // The page's own chunks, then the texts the app reads before it first renders.
      const chunks = { css: route.css, js: [...new Set([...route.js, ...textsOf(language)])] };
      // A page sent rendered is read before the app starts: its scripts wait for its first
      // paint (decision 113). Any other page needs them at once.
      const later = body !== '' && appScripts;
      const head = [
        ...addressTags(page, pathname, search, origin, language),
        ...assetTags(chunks, later || undefined, browse?.answer),
      ];

      let html = fillTemplate(later ? later.without : template, {
        language,
        title,
        description,
        head,
        body,
        data,
      });
      if (options?.head) html = options.head(html);

      // A visitor's page holds public answers only; a member's is theirs alone. Compressed by
      // @fastify/compress (registered with the page routes) for browsers that take it.
      reply
        .header('cache-control', user ? 'private, no-store' : 'no-cache')
        .header('vary', 'Cookie, Accept-Language, accept-encoding')
        .type('text/html; charset=utf-8')
        .compress(html);
      return reply;
    },
  };
}

/**
 * The app's entry script and the modules index.html preloads with it, and the page without
 * them; undefined when the built page has no entry script (a test's stand-in page).
 */
function scriptsOf(template: string) {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
  if (!entry) return undefined;
  const preload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  return {
    entry: entry[1]!,
    preloads: [...template.matchAll(preload)].map((m) => m[1]!),
    without: template.replace(entry[0], '').replace(preload, ''),
  };
}

async function firstBrowsePage(
  deps: RendererDeps,
  request: FastifyRequest,
  search: string,
  place: string | null,
) {
  // The same question the app asks: the member's profile place unless the address names one.
  const params = browseListParams(parseBrowseFilters(new URLSearchParams(search), { place }));
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

async function homeData(deps: RendererDeps, request: FastifyRequest) {
  try {
    return await homeAnswer(deps, request.user);
  } catch (err) {
    // The page still works: the client asks for it itself.
    request.log.warn({ err }, 'home answer for the page failed');
    return undefined;
  }
}

/** The page data island's JSON, built as text: the browse answer is already the API's JSON. */
function pageDataJson(parts: {
  user: PageData['user'];
  site: PageData['site'];
  languages: string;
  browse: { params: unknown; answer: string } | undefined;
  home: PageData['home'] | undefined;
  starter: PageData['starter'] | undefined;
}) {
  const { user, site, languages, browse, home, starter } = parts;
  return (
    `{"user":${JSON.stringify(user)},"site":${JSON.stringify(site)}` +
    `,"languages":${languages}` +
    (browse
      ? `,"browse":{"params":${JSON.stringify(browse.params)},"answer":${browse.answer}}`
      : '') +
    (home ? `,"home":${JSON.stringify(home)}` : '') +
    (starter ? `,"starter":${JSON.stringify(starter)}` : '') +
    '}'
  );
}

/** The robots rule, or the page's canonical address and its address in every language. */
function addressTags(
  page: ReturnType<typeof pageAt>,
  pathname: string,
  search: string,
  origin: string,
  language: Language,
): string[] {
  if (page.noindex) return ['<meta name="robots" content="noindex" />'];
  const head: string[] = [];
  const category =
    page === pages.browse && parseBrowseFilters(new URLSearchParams(search)).category;
  const address = `${pathname === '/' ? '/' : pathname.replace(/\/+$/, '')}${category ? `?category=${category}` : ''}`;
  const canonical = languageUrl(origin, address, language);
  head.push(`<link rel="canonical" href="${escapeHtml(canonical)}" />`);
  // The page in every language, each at its own address (decision 090).
  for (const other of LANGUAGES)
    head.push(
      `<link rel="alternate" hreflang="${other}" href="${escapeHtml(languageUrl(origin, address, other))}" />`,
    );
  head.push(
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(languageUrl(origin, address, DEFAULT_LANGUAGE))}" />`,
  );
  return head;
}

/**
 * The route's styles and scripts — its scripts through boot.js when `later` (a page sent
 * rendered), else preloaded — and the first browse card's photo, the largest paint of /browse.
 */
function assetTags(
  chunks: RouteChunks,
  later: NonNullable<ReturnType<typeof scriptsOf>> | undefined,
  browseAnswer: string | undefined,
): string[] {
  const head: string[] = [];
  for (const file of chunks.css) head.push(`<link rel="stylesheet" href="${escapeHtml(file)}" />`);
  if (later) {
    head.push(
      `<script defer src="/boot.js" data-entry="${escapeHtml(later.entry)}"` +
        ` data-preload="${escapeHtml([...later.preloads, ...chunks.js].join(' '))}"></script>`,
    );
  } else {
    for (const file of chunks.js)
      head.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`);
  }
  const firstPhoto = browseAnswer && firstCardPhoto(browseAnswer);
  if (firstPhoto) {
    head.push(
      `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(firstPhoto.src)}"` +
        (firstPhoto.srcSet
          ? ` imagesrcset="${escapeHtml(firstPhoto.srcSet)}" imagesizes="${escapeHtml(firstPhoto.sizes!)}"`
          : '') +
        ' />',
    );
  }
  return head;
}

/** index.html with this page's language, manifest, title, description, head, body and data. */
function fillTemplate(
  template: string,
  fill: {
    language: Language;
    title: string | undefined;
    description: string;
    head: string[];
    body: string;
    data: string;
  },
) {
  const { language, title, description, head, body, data } = fill;
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace('href="/manifest.webmanifest"', () => `href="${manifestPath(language)}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(documentTitle(title))}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_m, start: string, end: string) => `${start}${escapeHtml(description)}${end}`,
    )
    .replace('</head>', () => `    ${head.join('\n    ')}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${body}</div>\n    <script type="application/json" id="${PAGE_DATA_ID}">${data}</script>`,
    );
}

function firstCardPhoto(answer: string) {
  const first = (JSON.parse(answer) as StarterList).starters[0];
  return first ? cardPhoto(first) : null;
}
