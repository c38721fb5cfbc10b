import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditEntrySchema,
  auditQuerySchema,
  createSanctionSchema,
  liftSanctionSchema,
  sanctionIdParamsSchema,
  sanctionItemSchema,
  sanctionListQuerySchema,
} from '../../../../common/moderation';
import type { AppDeps } from '../../deps';
import { moderatorsOnly, requireModerator } from '../../plugins/sessions';
import { createSanction, liftSanction, listAudit, listSanctions } from './moderation.service';

export async function moderationRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Who may call is settled before the body is read.
  app.get(
    '/api/moderation/sanctions',
    {
      onRequest: moderatorsOnly,
      schema: {
        querystring: sanctionListQuerySchema,
        response: { 200: z.array(sanctionItemSchema) },
      },
    },
    async (request) =>
      listSanctions(deps, requireModerator(request), { active: request.query.active }),
  );

  app.post(
    '/api/moderation/sanctions',
    {
      onRequest: moderatorsOnly,
      schema: { body: createSanctionSchema, response: { 201: sanctionItemSchema } },
    },
    async (request, reply) => {
      const sanction = await createSanction(deps, requireModerator(request), request.body);
      return reply.status(201).send(sanction);
    },
  );

  app.post(
    '/api/moderation/sanctions/:id/lift',
    {
      onRequest: moderatorsOnly,
      schema: {
        params: sanctionIdParamsSchema,
        body: liftSanctionSchema,
        response: { 200: sanctionItemSchema },
      },
    },
    async (request) =>
      liftSanction(deps, requireModerator(request), {
        id: request.params.id,
        reason: request.body.reason,
      }),
  );

  app.get(
    '/api/moderation/audit',
    {
      onRequest: moderatorsOnly,
      schema: { querystring: auditQuerySchema, response: { 200: z.array(auditEntrySchema) } },
    },
    async (request) => listAudit(deps, requireModerator(request), request.query),
  );
}
