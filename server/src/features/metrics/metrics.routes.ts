import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { bearerMatches, type Metrics } from './metrics.service';

/**
 * GET /metrics on the site's own port, only with METRICS_TOKEN as a bearer token; without a
 * token configured it does not exist there (decision 134).
 */
export async function metricsRoutes(
  app: FastifyInstance,
  { config, metrics }: Pick<AppDeps, 'config'> & { metrics: Metrics },
) {
  const token = config.metrics.token;
  if (!token) return;
  app.get('/metrics', async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: 'A valid metrics token is required', code: 'unauthorized' });
    }
    return reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.render());
  });
}

/** GET /metrics without a token, on 127.0.0.1 only, at METRICS_PORT. */
export async function listenMetrics(metrics: Metrics, port: number): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.render().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => response.writeHead(503).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}
