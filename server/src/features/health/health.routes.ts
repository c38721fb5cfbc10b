import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';

export async function healthRoutes(app: FastifyInstance, opts: { database: Database }) {
  /** The process is up. */
  app.get('/healthz', async () => ({ status: 'ok' }));

  /** The process can reach its database. */
  app.get('/readyz', async (request, reply) => {
    try {
      await opts.database.ping();
      return { status: 'ok' };
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed');
      return reply.status(503).send({ message: 'Database unavailable', code: 'unavailable' });
    }
  });
}
