import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { checkReadiness } from './health.service';

export async function healthRoutes(app: FastifyInstance, deps: AppDeps) {
  /** The process is up. */
  app.get('/healthz', async () => ({ status: 'ok' }));

  /** The process can reach its database. */
  app.get('/readyz', async (request, reply) => {
    try {
      await checkReadiness(deps);
      return { status: 'ok' };
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed');
      return reply.status(503).send({ message: 'Database unavailable', code: 'unavailable' });
    }
  });
}
