import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { starterIdParamsSchema, starterSchema } from '../../../../common/listings/starters';
import type { AppDeps } from '../../deps';
import { SMALL_BODY } from '../../http/body-limits';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import {
  hideStarter,
  myHidden,
  mySaved,
  saveStarter,
  unhideStarter,
  unsaveStarter,
} from './saved.service';

const PRIVATE = 'private, no-store';

export async function savedRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const mark = {
    onRequest: signedInOnly,
    bodyLimit: SMALL_BODY,
    schema: { params: starterIdParamsSchema },
  };

  app.put('/api/starters/:id/saved', mark, async (request) =>
    saveStarter(deps, requireUser(request), request.params.id),
  );
  app.delete('/api/starters/:id/saved', mark, async (request, reply) => {
    await unsaveStarter(deps, requireUser(request), request.params.id);
    return reply.status(204).send();
  });
  app.put('/api/starters/:id/hidden', mark, async (request) =>
    hideStarter(deps, requireUser(request), request.params.id),
  );
  app.delete('/api/starters/:id/hidden', mark, async (request, reply) => {
    await unhideStarter(deps, requireUser(request), request.params.id);
    return reply.status(204).send();
  });

  const list = { onRequest: signedInOnly, schema: { response: { 200: z.array(starterSchema) } } };
  app.get('/api/users/me/saved', list, async (request, reply) =>
    reply.header('cache-control', PRIVATE).send(await mySaved(deps, requireUser(request))),
  );
  app.get('/api/users/me/hidden', list, async (request, reply) =>
    reply.header('cache-control', PRIVATE).send(await myHidden(deps, requireUser(request))),
  );
}
