import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { starterMapQuerySchema } from '../../../../common/listings/starter-map';
import type { AppDeps } from '../../deps';
import { starterMap } from './map.service';

/** GET /api/starters/map: the browse map's view (decision 082). */
export async function starterMapRoutes(
  fastify: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'listings'>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/starters/map',
    // Built from typed rows, then cached as JSON like browse answers.
    { schema: { querystring: starterMapQuerySchema } },
    async (request, reply) => {
      const json = await starterMap(deps, request.query, request.user?.id);
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );
}
