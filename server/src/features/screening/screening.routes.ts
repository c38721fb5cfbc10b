import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../../common/ids';
import {
  builtInRuleParamsSchema,
  conversationSignsSchema,
  heldDecidedSchema,
  heldDecisionSchema,
  heldIdParamsSchema,
  heldMessageSchema,
  heldStarterDecisionSchema,
  heldStarterSchema,
  screeningSettingsSchema,
  screeningWordParamsSchema,
  screeningWordSchema,
  updateBuiltInRuleSchema,
} from '../../../../common/screening';
import type { AppDeps } from '../../deps';
import {
  moderatorsOnly,
  requireModerator,
  requireUser,
  signedInOnly,
} from '../../plugins/sessions';
import { decideHeldMessage, listHeldMessages, undoHeldDecision } from './held.service';
import {
  decideHeldStarter,
  listHeldStarters,
  undoHeldStarterDecision,
} from './held-listings.service';
import {
  addWord,
  deleteWord,
  screeningSettings,
  updateBuiltInRule,
  updateWord,
} from './rules.service';
import { conversationSigns } from './signs.service';

const heldStarterParams = z.object({ id: idParam('starter') });
const signsParams = z.object({ starterId: idParam('starter') });
const signsQuery = z.object({ with: z.string().trim().min(1).max(100) });

export async function screeningRoutes(instance: FastifyInstance, deps: AppDeps) {
  heldRoutes(instance, deps);
  screeningRuleRoutes(instance, deps);
}

/** Messages and listings held by screening, and moderators' decisions on them. */
function heldRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/moderation/held',
    { onRequest: moderatorsOnly, schema: { response: { 200: z.array(heldMessageSchema) } } },
    async (request) => listHeldMessages(deps, requireModerator(request)),
  );

  app.post(
    '/api/moderation/held/:id',
    {
      onRequest: moderatorsOnly,
      schema: {
        params: heldIdParamsSchema,
        body: heldDecisionSchema,
        response: { 200: heldDecidedSchema },
      },
    },
    async (request) =>
      decideHeldMessage(deps, requireModerator(request), {
        id: request.params.id,
        decision: request.body.decision,
        suspendDays: request.body.suspendDays,
      }),
  );

  app.post(
    '/api/moderation/held/:id/undo',
    {
      onRequest: moderatorsOnly,
      schema: { params: heldIdParamsSchema, response: { 200: heldDecidedSchema } },
    },
    async (request) => undoHeldDecision(deps, requireModerator(request), request.params.id),
  );

  app.get(
    '/api/moderation/held-starters',
    { onRequest: moderatorsOnly, schema: { response: { 200: z.array(heldStarterSchema) } } },
    async (request) => listHeldStarters(deps, requireModerator(request)),
  );

  app.post(
    '/api/moderation/held-starters/:id',
    {
      onRequest: moderatorsOnly,
      schema: {
        params: heldStarterParams,
        body: heldStarterDecisionSchema,
        response: { 200: heldDecidedSchema },
      },
    },
    async (request) =>
      decideHeldStarter(deps, requireModerator(request), {
        id: request.params.id,
        decision: request.body.decision,
      }),
  );

  app.post(
    '/api/moderation/held-starters/:id/undo',
    {
      onRequest: moderatorsOnly,
      schema: { params: heldStarterParams, response: { 200: heldDecidedSchema } },
    },
    async (request) => undoHeldStarterDecision(deps, requireModerator(request), request.params.id),
  );
}

/** The screening rules and words, and the signs screening found in a conversation. */
function screeningRuleRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/moderation/screening',
    { onRequest: moderatorsOnly, schema: { response: { 200: screeningSettingsSchema } } },
    async (request) => screeningSettings(deps, requireModerator(request)),
  );

  app.put(
    '/api/moderation/screening/rules/:code',
    {
      onRequest: moderatorsOnly,
      schema: {
        params: builtInRuleParamsSchema,
        body: updateBuiltInRuleSchema,
        response: { 200: screeningSettingsSchema },
      },
    },
    async (request) =>
      updateBuiltInRule(deps, requireModerator(request), request.params.code, request.body),
  );

  app.post(
    '/api/moderation/screening/words',
    {
      onRequest: moderatorsOnly,
      schema: { body: screeningWordSchema, response: { 201: screeningSettingsSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await addWord(deps, requireModerator(request), request.body)),
  );

  app.put(
    '/api/moderation/screening/words/:id',
    {
      onRequest: moderatorsOnly,
      schema: {
        params: screeningWordParamsSchema,
        body: screeningWordSchema,
        response: { 200: screeningSettingsSchema },
      },
    },
    async (request) => updateWord(deps, requireModerator(request), request.params.id, request.body),
  );

  app.delete(
    '/api/moderation/screening/words/:id',
    {
      onRequest: moderatorsOnly,
      schema: { params: screeningWordParamsSchema, response: { 200: screeningSettingsSchema } },
    },
    async (request) => deleteWord(deps, requireModerator(request), request.params.id),
  );

  app.get(
    '/api/messages/starter/:starterId/signs',
    {
      onRequest: signedInOnly,
      schema: {
        params: signsParams,
        querystring: signsQuery,
        response: { 200: conversationSignsSchema },
      },
    },
    async (request) => ({
      signs: await conversationSigns(deps, requireUser(request), {
        starterId: request.params.starterId,
        with: request.query.with,
      }),
    }),
  );
}
