import type { FastifyInstance } from 'fastify';
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
import { guardedRoutes, openRoutes } from '../../access/guarded-route';
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
  const anyone = openRoutes(instance, deps);
  const member = guardedRoutes(instance, deps, 'member');

  anyone.get(
    '/api/meets',
    { query: meetsQuerySchema, response: meetListSchema, cache: 'private, no-cache' },
    listMeets,
  );
  anyone.get(
    '/api/meets/:id',
    { params: meetParams, response: meetSchema, cache: 'private, no-cache' },
    getMeet,
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
  // Coming is one state, set (PUT) or taken back (DELETE), and each answers the new count.
  const coming = { params: meetParams, bodyLimit: SMALL_BODY, response: comingSchema };
  member.put('/api/meets/:id/coming', coming, comeToMeet);
  member.delete('/api/meets/:id/coming', coming, leaveMeet);
}
