import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { siteUrl } from '../../config';
import { indexedPaths, languageUrl } from '../../../../common/site/pages';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../../common/i18n/languages';
import { publiclyVisible } from '../../access/starter-access';
import { starters } from '../../db/schema';
import type { AppDeps } from '../../deps';

/** A sitemap holds at most 50,000 addresses; the newest starters matter most to search engines. */
const SITEMAP_MAX_STARTERS = 49_000;
/** The sitemap's entry in the listing cache (browse keys are JSON arrays, never this). */
const SITEMAP_KEY = 'sitemap.xml';

const OTHER_LANGUAGES = LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE);

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** robots.txt and a sitemap of the public pages and every listed starter. */
export async function sitemapRoutes(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'config' | 'listings'>,
) {
  // Full URLs come from PUBLIC_URL only, never from the Host header a request names.
  const base = siteUrl(deps.config);

  app.get('/robots.txt', async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `User-agent: *\nDisallow: /api/\nAllow: /api/photos/\n\nSitemap: ${base}/sitemap.xml\n` +
          OTHER_LANGUAGES.map((l) => `Sitemap: ${base}/sitemap-${l}.xml\n`).join(''),
      ),
  );

  // Kept with the browse answers: a listing deleted, hidden or removed leaves the sitemap at
  // once, as it leaves browse, on every server copy.
  const build = async () => {
    const rows = await deps.db
      .select({ id: starters.id, updatedAt: starters.updatedAt })
      .from(starters)
      .where(publiclyVisible())
      .orderBy(desc(starters.createdAt), desc(starters.id))
      .limit(SITEMAP_MAX_STARTERS);
    const urls = [
      ...indexedPaths.map((path) => `<url><loc>${escapeXml(base)}${path}</loc></url>`),
      ...rows.map(
        (r) =>
          `<url><loc>${escapeXml(base)}/starter/${r.id}</loc><lastmod>${r.updatedAt.toISOString()}</lastmod></url>`,
      ),
    ];
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  };

  // One sitemap per other language (decision 090): the information pages in that language,
  // each naming its versions in every language; listings are written in their owner's own.
  const languageSitemaps = new Map(
    OTHER_LANGUAGES.map((language) => {
      const urls = indexedPaths.map((path) => {
        const alternates = LANGUAGES.map(
          (l) =>
            `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(languageUrl(base, path, l))}"/>`,
        ).join('');
        return `<url><loc>${escapeXml(languageUrl(base, path, language))}</loc>${alternates}</url>`;
      });
      const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
      return [`/sitemap-${language}.xml`, body] as const;
    }),
  );
  for (const [url, body] of languageSitemaps) {
    app.get(url, async (_req, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(body),
    );
  }

  app.get('/sitemap.xml', async (_req, reply) => {
    const body = await deps.listings.get(SITEMAP_KEY, build);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(body);
  });
}
