import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { notReadyReason } from './health.service';

const NOT_READY_MESSAGES = {
  draining: 'Shutting down',
  unavailable: 'Database unavailable',
  migrations_pending: 'Database migrations pending',
} as const;

export async function healthRoutes(app: FastifyInstance, deps: AppDeps) {
  /** The process is up. */
  app.get('/healthz', async () => ({ status: 'ok' }));

  /**
   * Whether a load balancer should send this copy requests: its database answers and is
   * migrated to this build's head, and it is not shutting down (decision 134).
   */
  app.get('/readyz', async (request, reply) => {
    const reason = app.drain.draining ? 'draining' : await notReadyReason(deps);
    if (reason === null) return { status: 'ok' };
    if (reason !== 'draining') request.log.warn({ reason }, 'readiness check failed');
    return reply
      .status(503)
      .header('cache-control', 'no-store')
      .send({ message: NOT_READY_MESSAGES[reason], code: reason });
  });
}
