import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bringSchema,
  broughtSchema,
  comingSchema,
  createMeetSchema,
  meetListSchema,
  meetSchema,
  meetsQuerySchema,
} from '../../../../common/listings/meets';
import { idParam } from '../../../../common/site/ids';
import { guardedRoutes } from '../../access/guarded-route';
import type { AppDeps } from '../../deps';
import {
  bringToMeet,
  comeToMeet,
  createMeet,
  getMeet,
  leaveMeet,
  listMeets,
} from './meets.service';

const meetParams = z.object({ id: idParam('meet') });
/** A meet is a few short fields and a description of at most 2,000 characters. */
const MEET_BODY = 16 * 1024;
const SMALL_BODY = 1024;

/** Swap meets (decision 169): planning one, finding those near a place, bringing, coming. */
export async function meetsRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const member = guardedRoutes(instance, deps, 'member');

  app.get(
    '/api/meets',
    { schema: { querystring: meetsQuerySchema, response: { 200: meetListSchema } } },
    async (request, reply) =>
      reply
        .header('cache-control', 'private, no-cache')
        .send(await listMeets(deps, request.user, request.query)),
  );

  app.get(
    '/api/meets/:id',
    { schema: { params: meetParams, response: { 200: meetSchema } } },
    async (request, reply) =>
      reply
        .header('cache-control', 'private, no-cache')
        .send(await getMeet(deps, request.user, { id: request.params.id })),
  );

  member.post(
    '/api/meets',
    {
      body: createMeetSchema,
      bodyLimit: MEET_BODY,
      response: z.object({ id: z.number().int() }),
      status: 201,
    },
    createMeet,
  );
  member.post(
    '/api/meets/:id/bring',
    { params: meetParams, body: bringSchema, bodyLimit: SMALL_BODY, response: broughtSchema },
    bringToMeet,
  );
  member.put(
    '/api/meets/:id/coming',
    { params: meetParams, bodyLimit: SMALL_BODY, response: comingSchema },
    comeToMeet,
  );
  member.delete(
    '/api/meets/:id/coming',
    { params: meetParams, bodyLimit: SMALL_BODY, response: comingSchema },
    leaveMeet,
  );
}
