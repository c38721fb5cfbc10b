import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { siteSettings } from './site.service';

export async function siteRoutes(app: FastifyInstance, deps: AppDeps) {
  // Configuration does not change while the server runs.
  const body = siteSettings(deps);
  app.get('/api/site', async () => body);
}
