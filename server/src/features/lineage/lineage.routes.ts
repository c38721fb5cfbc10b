import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  lineageSchema,
  receivedCultureSchema,
  updateOriginSchema,
} from '../../../../common/cultures/lineage';
import { starterSchema } from '../../../../common/listings/starters';
import type { AppDeps } from '../../deps';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import { getLineage, myReceivedCulture, myReceivedCultures, updateOrigin } from './lineage.service';
import { idParam } from '../../../../common/site/ids';
import {
  askKeeperSchema,
  diedAnswerSchema,
  diedSchema,
  familyKeepersSchema,
  keeperAskedSchema,
} from '../../../../common/cultures/culture-backups';
import {
  askKeeper,
  cultureDied,
  declineKeeperAsk,
  familyKeepers,
  keepBackup,
  stopKeepingBackup,
} from './backups.service';

const idParams = (what: string) => z.object({ id: idParam(what) });

const handoverParams = z.object({ handoverId: idParam('hand-over') });

const PRIVATE = 'private, no-store';

export async function lineageRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  backupRoutes(instance, deps);

  // Depends on who asks only for the starter itself (its owner sees it while it is hidden).
  app.get(
    '/api/starters/:id/lineage',
    { schema: { params: idParams('starter'), response: { 200: lineageSchema } } },
    async (request, reply) => {
      const lineage = await getLineage(deps, request.user, { id: request.params.id });
      return reply.header('cache-control', 'no-cache').send(lineage);
    },
  );

  // The spec's PATCH stays claim-only; the origin has its own owner-only call.
  app.put(
    '/api/starters/:id/origin',
    {
      onRequest: signedInOnly,
      bodyLimit: 8 * 1024,
      schema: {
        params: idParams('starter'),
        body: updateOriginSchema,
        response: { 200: starterSchema },
      },
    },
    async (request) =>
      updateOrigin(deps, requireUser(request), { id: request.params.id, ...request.body }),
  );

  app.get(
    '/api/me/received-cultures',
    {
      onRequest: signedInOnly,
      schema: { response: { 200: z.array(receivedCultureSchema) } },
    },
    async (request, reply) =>
      reply
        .header('cache-control', PRIVATE)
        .send(await myReceivedCultures(deps, requireUser(request))),
  );

  app.get(
    '/api/me/received-cultures/:handoverId',
    {
      onRequest: signedInOnly,
      schema: { params: handoverParams, response: { 200: receivedCultureSchema } },
    },
    async (request, reply) =>
      reply.header('cache-control', PRIVATE).send(
        await myReceivedCulture(deps, requireUser(request), {
          handoverId: request.params.handoverId,
        }),
      ),
  );
}

/** A backup when a culture dies (decision 161): keepers, "It died", asking a keeper. */
function backupRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const small = { onRequest: signedInOnly, bodyLimit: 1024 };

  app.get(
    '/api/starters/:id/keepers',
    { schema: { params: idParams('starter'), response: { 200: familyKeepersSchema } } },
    async (request, reply) =>
      reply
        .header('cache-control', PRIVATE)
        .send(await familyKeepers(deps, request.user, { id: request.params.id })),
  );

  app.put(
    '/api/starters/:id/keeper',
    { ...small, schema: { params: idParams('starter') } },
    async (request, reply) => {
      await keepBackup(deps, requireUser(request), { id: request.params.id });
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/starters/:id/keeper',
    { ...small, schema: { params: idParams('starter') } },
    async (request, reply) => {
      await stopKeepingBackup(deps, requireUser(request), { id: request.params.id });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/starters/:id/died',
    {
      ...small,
      schema: {
        params: idParams('starter'),
        body: diedSchema,
        response: { 200: diedAnswerSchema },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', PRIVATE).send(
        await cultureDied(deps, requireUser(request), {
          id: request.params.id,
          reason: request.body.reason,
        }),
      ),
  );

  app.post(
    '/api/starters/:id/died/ask',
    {
      ...small,
      schema: {
        params: idParams('starter'),
        body: askKeeperSchema,
        response: { 201: keeperAskedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await askKeeper(deps, requireUser(request), {
          id: request.params.id,
          memberId: request.body.memberId,
        }),
      ),
  );

  app.post(
    '/api/keeper-asks/:id/decline',
    { ...small, schema: { params: idParams('ask') } },
    async (request, reply) => {
      await declineKeeperAsk(deps, requireUser(request), { id: request.params.id });
      return reply.status(204).send();
    },
  );
}
