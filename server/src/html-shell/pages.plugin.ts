import path from 'node:path';
import zlib from 'node:zlib';
import { siteUrl } from '../config';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import type { AppDeps } from '../deps';
import { withLinkPreview } from '../features/starters/link-preview';
import { requestLanguage, translator } from '../i18n/translate';
import { getStarter } from '../features/starters/starters.service';
import { isLanguage } from '../../../common/i18n/languages';
import { appManifests } from './app-manifest';
import type { PageRenderer } from './page-renderer';

/**
 * The client app's pages, one GET route for every address the API and the built files do not
 * answer, each filled in by the page renderer. A starter's page also carries its link-preview
 * tags. The page is compressed per request; API answers are not (decision 038).
 */
export async function pagesPlugin(
  app: FastifyInstance,
  deps: AppDeps & { pages: PageRenderer | undefined },
) {
  const { pages } = deps;
  if (!pages) return;

  // Inside this plugin only: `reply.compress` for the page routes, no hook on any other route
  // and no decompression of request bodies.
  await app.register(fastifyCompress, {
    global: false,
    // As before (decision 028): brotli at quality 5, else gzip.
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });

  // The install sheet in the page's language (its `<link rel="manifest">` names it).
  const manifests = appManifests(path.resolve(deps.config.clientDist));
  app.get('/manifests/:file', async (request, reply) => {
    const language = (request.params as { file: string }).file.match(/^(\w+)\.webmanifest$/)?.[1];
    const manifest = isLanguage(language) ? manifests?.get(language) : undefined;
    if (!manifest) return reply.callNotFound();
    return reply
      .type('application/manifest+json')
      .header('cache-control', 'no-cache')
      .send(manifest);
  });

  app.get('/starter/:id', async (request, reply) => {
    const raw = (request.params as { id?: string }).id ?? '';
    // Previews describe public starters only, whoever follows the link.
    const starter = /^\d{1,9}$/.test(raw)
      ? await getStarter(deps, null, { id: Number(raw) }).catch(() => null)
      : null;
    // Never the Host header: a cache could keep a page whose links point elsewhere.
    const origin = siteUrl(deps.config);
    return pages.send(request, reply, {
      head: starter
        ? (html) =>
            withLinkPreview(
              html,
              starter,
              origin,
              translator(requestLanguage(request))('starters:detail.free'),
            )
        : undefined,
      // A visitor's page is sent rendered with the starter (decision 123).
      starter: starter ?? undefined,
    });
  });

  // Every other address is a page of the app (its not-found page if no route matches), except
  // API calls and built files that do not exist: those get the JSON 404.
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0]!.toLowerCase();
    if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/'))
      return reply.callNotFound();
    return pages.send(request, reply);
  });
}
