import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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
} from '../../../../common/moderation/moderation';
import { moderationWaitingSchema } from '../../../../common/moderation/screening';
import { setTrustAnswerSchema, setTrustSchema } from '../../../../common/members/trust';
import { guardedRoutes } from '../../access/guarded-route';
import type { AppDeps } from '../../deps';
import { appealRemoval, decideAppeal, getStarterRemoval, listAppeals } from './appeals.service';
import { createSanction, liftSanction, listAudit, listSanctions } from './moderation.service';
import { moderationWaiting } from './waiting.service';
import { setTrustLevel } from './trust.service';
import { starterIdParamsSchema } from '../../../../common/listings/starters';
import { moderationLog } from './moderation-log.service';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  moderationLogEntrySchema,
  moderationLogQuerySchema,
} from '../../../../common/moderation/moderation-log';
import { appointSteward, listStewards, removeSteward } from './stewards.service';
import {
  createdStewardSchema,
  createStewardSchema,
  stewardIdParamsSchema,
  stewardItemSchema,
} from '../../../../common/moderation/stewards';

/** An appeal of at most 1000 characters, even all escaped (6 bytes each), under 8 KiB. */
const APPEAL_BODY_LIMIT = 8 * 1024;
const memberIdParams = z.object({ id: z.string().trim().min(1).max(100) });

export async function moderationRoutes(app: FastifyInstance, deps: AppDeps) {
  // Who may call is settled before the body is read (access/guarded-route.ts).
  const moderator = guardedRoutes(app, deps, 'moderator');
  const member = guardedRoutes(app, deps, 'member');
  const steward = guardedRoutes(app, deps, 'steward');

  // What waits (for a steward, in their areas), sanctions and their lifting, and the audit log.
  steward.get('/api/moderation/waiting', { response: moderationWaitingSchema }, moderationWaiting);
  moderator.get(
    '/api/moderation/sanctions',
    { query: sanctionListQuerySchema, response: z.array(sanctionItemSchema) },
    listSanctions,
  );
  steward.post(
    '/api/moderation/sanctions',
    { body: createSanctionSchema, response: sanctionItemSchema, status: 201 },
    createSanction,
  );
  moderator.post(
    '/api/moderation/sanctions/:id/lift',
    { params: sanctionIdParamsSchema, body: liftSanctionSchema, response: sanctionItemSchema },
    liftSanction,
  );
  moderator.post(
    '/api/moderation/members/:id/trust',
    { params: memberIdParams, body: setTrustSchema, response: setTrustAnswerSchema },
    setTrustLevel,
  );
  moderator.get(
    '/api/moderation/audit',
    { query: auditQuerySchema, response: z.array(auditEntrySchema) },
    listAudit,
  );

  // Stewards: members a moderator trusts with one area (decision 166).
  moderator.get('/api/moderation/stewards', { response: z.array(stewardItemSchema) }, listStewards);
  moderator.post(
    '/api/moderation/stewards',
    { body: createStewardSchema, response: createdStewardSchema, status: 201 },
    appointSteward,
  );
  moderator.delete(
    '/api/moderation/stewards/:id',
    { params: stewardIdParamsSchema, status: 204 },
    removeSteward,
  );

  // The public moderation log (decision 167): anyone may read it, signed in or not.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/moderation/log',
    {
      schema: {
        querystring: moderationLogQuerySchema,
        response: { 200: z.array(moderationLogEntrySchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return moderationLog(deps.db, request.query);
    },
  );

  // The owner's side of a removal: why, and their one appeal; moderators' decisions on appeals.
  member.get(
    '/api/starters/:id/removal',
    { params: starterIdParamsSchema, response: starterRemovalSchema },
    (deps, owner, { id }) => getStarterRemoval(deps, owner, id),
  );
  member.post(
    '/api/starters/:id/appeal',
    {
      params: starterIdParamsSchema,
      body: appealSchema,
      bodyLimit: APPEAL_BODY_LIMIT,
      response: starterRemovalSchema,
      status: 201,
    },
    (deps, owner, { id, text }) => appealRemoval(deps, owner, { starterId: id, text }),
  );
  // Stewards too, for appeals in their area of removals no steward made (decision 166).
  steward.get(
    '/api/moderation/appeals',
    { query: appealListQuerySchema, response: z.array(appealItemSchema) },
    listAppeals,
  );
  steward.post(
    '/api/moderation/appeals/:id',
    { params: appealIdParamsSchema, body: appealDecisionSchema, response: starterRemovalSchema },
    decideAppeal,
  );
}
