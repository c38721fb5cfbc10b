import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  askHelpAnswerSchema,
  askHelpSchema,
  askListQuerySchema,
  askListSchema,
  askSchema,
  createAskSchema,
  listingAsksSchema,
  renewAskSchema,
} from '../../../../common/listings/asks';
import { idParam } from '../../../../common/site/ids';
import type { AppDeps } from '../../deps';
import { SHORT_TEXT_BODY } from '../../http/body-limits';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import { validationError } from '../starters/starter-form';
import {
  asksForListing,
  closeAsk,
  createAsk,
  deleteAsk,
  getAsk,
  helpWithAsk,
  listAsks,
  myAsks,
  renewAsk,
} from './asks.service';
import { starterIdParamsSchema } from '../../../../common/listings/starters';

const idParams = z.object({ id: idParam('ask') });

/** Reads a JSON body with `schema`; a refusal names its fields (400 `validation_failed`). */
function parsed<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export async function asksRoutes(fastify: FastifyInstance, deps: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/asks',
    { schema: { querystring: askListQuerySchema, response: { 200: askListSchema } } },
    async (request) => listAsks(deps, request.user, request.query),
  );

  app.get(
    '/api/asks/my',
    { onRequest: signedInOnly, schema: { response: { 200: z.array(askSchema) } } },
    async (request) => myAsks(deps, requireUser(request)),
  );

  app.post(
    '/api/asks',
    { onRequest: signedInOnly, bodyLimit: SHORT_TEXT_BODY },
    async (request, reply) => {
      const input = parsed(createAskSchema, request.body);
      return reply.status(201).send(await createAsk(deps, requireUser(request), input));
    },
  );

  app.get(
    '/api/asks/:id',
    { schema: { params: idParams, response: { 200: askSchema } } },
    async (request) => getAsk(deps, request.user, request.params.id),
  );

  app.delete(
    '/api/asks/:id',
    { onRequest: signedInOnly, schema: { params: idParams } },
    async (request, reply) => {
      await deleteAsk(deps, requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/asks/:id/close',
    {
      onRequest: signedInOnly,
      bodyLimit: SHORT_TEXT_BODY,
      schema: { params: idParams, response: { 200: askSchema } },
    },
    async (request) => closeAsk(deps, requireUser(request), request.params.id),
  );

  app.post(
    '/api/asks/:id/renew',
    {
      onRequest: signedInOnly,
      bodyLimit: SHORT_TEXT_BODY,
      schema: { params: idParams, response: { 200: askSchema } },
    },
    async (request) => {
      const { days } = parsed(renewAskSchema, request.body);
      return renewAsk(deps, requireUser(request), request.params.id, days);
    },
  );

  app.post(
    '/api/asks/:id/help',
    {
      onRequest: signedInOnly,
      bodyLimit: SHORT_TEXT_BODY,
      schema: { params: idParams, response: { 200: askHelpAnswerSchema } },
    },
    async (request) =>
      helpWithAsk(
        deps,
        requireUser(request),
        request.params.id,
        parsed(askHelpSchema, request.body),
      ),
  );

  app.get(
    '/api/starters/:id/asks',
    {
      onRequest: signedInOnly,
      schema: { params: starterIdParamsSchema, response: { 200: listingAsksSchema } },
    },
    async (request) => asksForListing(deps, requireUser(request), request.params.id),
  );
}
