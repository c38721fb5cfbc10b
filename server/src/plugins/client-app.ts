import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ApiErrorBody } from '../../../common/site/errors';

/**
 * Serves the built React app's files: hashed assets cached for a year, the brotli or gzip copy
 * the build wrote beside a file when the browser takes it (`preCompressed`), and the JSON 404
 * for everything no route answers. The pages themselves are the page routes' (src/pages).
 */
export async function clientAppPlugin(app: FastifyInstance, opts: { root: string }) {
  const root = path.resolve(opts.root);
  if (fs.existsSync(path.join(root, 'index.html'))) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The cache lifetime is this plugin's own (setHeaders), not the static server's default.
      cacheControl: false,
      setHeaders(res, filePath) {
        // The same address answers brotli, gzip or plain by the request's Accept-Encoding, so a
        // shared cache must keep them apart.
        res.setHeader('vary', 'Accept-Encoding');
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    return reply.status(404).send({
      message: `No route for ${request.method} ${pathname}`,
      code: 'not_found',
      requestId: request.id,
    } satisfies ApiErrorBody);
  });
}
