import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../../common/ids';
import {
  appealDecisionSchema,
  appealIdParamsSchema,
  appealItemSchema,
  appealListQuerySchema,
  appealSchema,
  starterRemovalSchema,
  auditEntrySchema,
  auditQuerySchema,
  createSanctionSchema,
  liftSanctionSchema,
  sanctionIdParamsSchema,
  sanctionItemSchema,
  sanctionListQuerySchema,
} from '../../../../common/moderation';
import { moderationWaitingSchema } from '../../../../common/screening';
import type { AppDeps } from '../../deps';
import {
  moderatorsOnly,
  requireModerator,
  requireUser,
  signedInOnly,
} from '../../plugins/sessions';
import { appealRemoval, decideAppeal, getStarterRemoval, listAppeals } from './appeals.service';
import { createSanction, liftSanction, listAudit, listSanctions } from './moderation.service';
import { moderationWaiting } from './waiting.service';

/** An appeal of at most 1000 characters, even all escaped (6 bytes each), under 8 KiB. */
const APPEAL_BODY_LIMIT = 8 * 1024;
const starterIdParams = z.object({ id: idParam('starter') });

export async function moderationRoutes(instance: FastifyInstance, deps: AppDeps) {
  sanctionRoutes(instance, deps);
  removalRoutes(instance, deps);
}

/** What waits for moderators, sanctions and their lifting, and the audit log. */
function sanctionRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/moderation/waiting',
    { onRequest: moderatorsOnly, schema: { response: { 200: moderationWaitingSchema } } },
    async (request) => moderationWaiting(deps, requireModerator(request)),
  );

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

/** A removal as its owner sees it, their appeal, and moderators' decisions on appeals. */
function removalRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // The owner's side of a removal: why, and their one appeal.
  app.get(
    '/api/starters/:id/removal',
    {
      onRequest: signedInOnly,
      schema: { params: starterIdParams, response: { 200: starterRemovalSchema } },
    },
    async (request) => getStarterRemoval(deps, requireUser(request), request.params.id),
  );

  app.post(
    '/api/starters/:id/appeal',
    {
      onRequest: signedInOnly,
      bodyLimit: APPEAL_BODY_LIMIT,
      schema: {
        params: starterIdParams,
        body: appealSchema,
        response: { 201: starterRemovalSchema },
      },
    },
    async (request, reply) => {
      const removal = await appealRemoval(deps, requireUser(request), {
        starterId: request.params.id,
        text: request.body.text,
      });
      return reply.status(201).send(removal);
    },
  );

  app.get(
    '/api/moderation/appeals',
    {
      onRequest: moderatorsOnly,
      schema: { querystring: appealListQuerySchema, response: { 200: z.array(appealItemSchema) } },
    },
    async (request) => listAppeals(deps, requireModerator(request), request.query),
  );

  app.post(
    '/api/moderation/appeals/:id',
    {
      onRequest: moderatorsOnly,
      schema: {
        params: appealIdParamsSchema,
        body: appealDecisionSchema,
        response: { 200: starterRemovalSchema },
      },
    },
    async (request) =>
      decideAppeal(deps, requireModerator(request), {
        id: request.params.id,
        decision: request.body.decision,
      }),
  );
}
