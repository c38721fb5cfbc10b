import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ApiErrorBody } from '../../../common/errors';
import type { PageRenderer } from '../features/site/pages';

/**
 * Serves the built React app: hashed assets cached for a year (brotli or gzip copies written by
 * the build when the browser takes them), the page for every client route (never cached
 * unrevalidated, so a deploy is picked up at once; `pages` fills it in per request), JSON 404
 * for unknown /api paths.
 */
export async function clientAppPlugin(
  app: FastifyInstance,
  opts: { root: string; pages?: PageRenderer },
) {
  const root = path.resolve(opts.root);
  const indexPath = path.join(root, 'index.html');
  const hasClient = fs.existsSync(indexPath);

  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isApi = pathname === '/api' || pathname.toLowerCase().startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !wantsPage || !hasClient || pathname.startsWith('/assets/')) {
      return reply.status(404).send({
        message: `No route for ${request.method} ${pathname}`,
        code: 'not_found',
        requestId: request.id,
      } satisfies ApiErrorBody);
    }
    if (opts.pages) return opts.pages.send(request, reply);
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(fs.createReadStream(indexPath));
  });
}
