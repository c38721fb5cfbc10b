import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { homeAnswer } from './home.service';
import { siteSettings } from './site.service';
import { siteLanguages } from '../../../../common/i18n/completeness';

export async function siteRoutes(app: FastifyInstance, deps: AppDeps) {
  // Configuration does not change while the server runs.
  const body = siteSettings(deps);
  app.get('/api/site', async () => body);

  // The catalogues do not change while the server runs either (decision 090).
  const languages = siteLanguages();
  app.get('/api/site/languages', async () => languages);

  // A member's strip is measured from their own place: theirs alone.
  app.get('/api/site/home', async (request, reply) => {
    reply.header('cache-control', request.user ? 'private, no-store' : 'no-cache');
    return homeAnswer(deps, request.user);
  });
}
