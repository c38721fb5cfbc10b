import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** Public settings the client needs at run time (links, whether external sign-in exists). */
export async function siteRoutes(app: FastifyInstance, { config }: AppDeps) {
  const body = {
    donationUrl: config.donationUrl ?? null,
    socialUrl: config.socialUrl ?? null,
    externalSignIn: config.oidc ? { name: config.oidc.providerName } : null,
  };
  app.get('/api/site', async () => body);
}
