import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  reviewIdParamsSchema,
  reviewItemSchema,
  reviewOutcomeSchema,
  reviewVerdictSchema,
} from '../../../../common/moderation/review';
import { guardedRoutes } from '../../access/guarded-route';
import type { AppDeps } from '../../deps';
import { listReview, reviewVerdict } from './review.service';

/** Review by the many (decision 165): trusted members' queue and verdicts; moderators' too. */
export async function reviewRoutes(app: FastifyInstance, deps: AppDeps) {
  const member = guardedRoutes(app, deps, 'member');
  member.get('/api/review', { response: z.array(reviewItemSchema) }, listReview);
  member.post(
    '/api/review/:id',
    { params: reviewIdParamsSchema, body: reviewVerdictSchema, response: reviewOutcomeSchema },
    reviewVerdict,
  );
}
