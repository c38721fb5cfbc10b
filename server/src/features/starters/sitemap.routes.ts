import { desc } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { indexedPaths } from '../../../../common/pages';
import { publiclyVisible } from '../../access/starter-access';
import { starters } from '../../db/schema';
import type { AppDeps } from '../../deps';

/** A sitemap holds at most 50,000 addresses; the newest starters matter most to search engines. */
const SITEMAP_MAX_STARTERS = 49_000;
/** Rebuilt at most this often: search engines read it rarely, and it reads many rows. */
const SITEMAP_TTL_MS = 60 * 60 * 1000;

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** robots.txt and a sitemap of the public pages and every listed starter. */
export async function sitemapRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'config'>) {
  // Without a configured address, the one the request came to (sitemaps need full URLs).
  const baseOf = (req: FastifyRequest) => deps.config.publicUrl ?? `${req.protocol}://${req.host}`;
  let cached: { body: string; base: string; expires: number } | undefined;

  app.get('/robots.txt', async (req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `User-agent: *\nDisallow: /api/\nAllow: /api/photos/\n\nSitemap: ${baseOf(req)}/sitemap.xml\n`,
      ),
  );

  app.get('/sitemap.xml', async (req, reply) => {
    const base = baseOf(req);
    if (!cached || cached.expires < Date.now() || cached.base !== base) {
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
      cached = {
        body: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
        base,
        expires: Date.now() + SITEMAP_TTL_MS,
      };
    }
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(cached.body);
  });
}
