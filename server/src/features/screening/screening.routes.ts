import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../../common/site/ids';
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
} from '../../../../common/moderation/screening';
import { guardedRoutes } from '../../access/guarded-route';
import type { AppDeps } from '../../deps';
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
import { starterIdParamsSchema } from '../../../../common/listings/starters';

const signsParams = z.object({ starterId: idParam('starter') });
const signsQuery = z.object({ with: z.string().trim().min(1).max(100) });

export async function screeningRoutes(app: FastifyInstance, deps: AppDeps) {
  heldRoutes(app, deps);
  screeningRuleRoutes(app, deps);
}

/** Messages and listings held by screening, and moderators' and stewards' decisions on them. */
function heldRoutes(app: FastifyInstance, deps: AppDeps) {
  // Stewards too, each within their areas (decision 166).
  const moderator = guardedRoutes(app, deps, 'steward');

  moderator.get('/api/moderation/held', { response: z.array(heldMessageSchema) }, listHeldMessages);
  moderator.post(
    '/api/moderation/held/:id',
    { params: heldIdParamsSchema, body: heldDecisionSchema, response: heldDecidedSchema },
    decideHeldMessage,
  );
  moderator.post(
    '/api/moderation/held/:id/undo',
    { params: heldIdParamsSchema, response: heldDecidedSchema },
    (deps, actor, { id }) => undoHeldDecision(deps, actor, id),
  );

  moderator.get(
    '/api/moderation/held-starters',
    { response: z.array(heldStarterSchema) },
    listHeldStarters,
  );
  moderator.post(
    '/api/moderation/held-starters/:id',
    { params: starterIdParamsSchema, body: heldStarterDecisionSchema, response: heldDecidedSchema },
    decideHeldStarter,
  );
  moderator.post(
    '/api/moderation/held-starters/:id/undo',
    { params: starterIdParamsSchema, response: heldDecidedSchema },
    (deps, actor, { id }) => undoHeldStarterDecision(deps, actor, id),
  );
}

/** The screening rules and words, and the signs screening found in a conversation. */
function screeningRuleRoutes(app: FastifyInstance, deps: AppDeps) {
  const moderator = guardedRoutes(app, deps, 'moderator');

  moderator.get(
    '/api/moderation/screening',
    { response: screeningSettingsSchema },
    screeningSettings,
  );
  moderator.put(
    '/api/moderation/screening/rules/:code',
    {
      params: builtInRuleParamsSchema,
      body: updateBuiltInRuleSchema,
      response: screeningSettingsSchema,
    },
    (deps, actor, { code, ...rule }) => updateBuiltInRule(deps, actor, code, rule),
  );
  moderator.post(
    '/api/moderation/screening/words',
    { body: screeningWordSchema, response: screeningSettingsSchema, status: 201 },
    addWord,
  );
  moderator.put(
    '/api/moderation/screening/words/:id',
    {
      params: screeningWordParamsSchema,
      body: screeningWordSchema,
      response: screeningSettingsSchema,
    },
    (deps, actor, { id, ...word }) => updateWord(deps, actor, id, word),
  );
  moderator.delete(
    '/api/moderation/screening/words/:id',
    { params: screeningWordParamsSchema, response: screeningSettingsSchema },
    (deps, actor, { id }) => deleteWord(deps, actor, id),
  );

  guardedRoutes(app, deps, 'member').get(
    '/api/messages/starter/:starterId/signs',
    { params: signsParams, query: signsQuery, response: conversationSignsSchema },
    async (deps, member, input) => ({ signs: await conversationSigns(deps, member, input) }),
  );
}
