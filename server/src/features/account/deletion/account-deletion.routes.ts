import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deleteAccountSchema } from '../../../../../common/members/account';
import { noticeSchema } from '../../../../../common/members/auth';
import type { AppDeps } from '../../../deps';
import { noticeFor } from '../../../i18n/wording';
import { requireUser, signedInOnly } from '../../../plugins/sessions';
import { deleteAccount, pauseListings, requestDeletionCode } from './account-deletion.service';

export async function accountDeletionRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/users/me/pause-listings',
    { onRequest: signedInOnly, schema: { response: { 200: noticeSchema } } },
    async (request) => {
      const count = await pauseListings(deps, requireUser(request));
      return noticeFor(
        request,
        count === 0
          ? { key: 'messages:noListingsOnOffer' }
          : count === 1
            ? { key: 'messages:listingPaused' }
            : { key: 'messages:listingsPaused', values: { count } },
      );
    },
  );

  r.post(
    '/api/users/me/delete/code',
    { onRequest: signedInOnly, schema: { response: { 202: noticeSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await requestDeletionCode(deps, user);
      return reply
        .code(202)
        .send(
          noticeFor(request, { key: 'messages:deletionCodeSent', values: { email: user.email } }),
        );
    },
  );

  r.post(
    '/api/users/me/delete',
    {
      onRequest: signedInOnly,
      schema: { body: deleteAccountSchema, response: { 202: noticeSchema } },
    },
    async (request, reply) => {
      await deleteAccount(deps, requireUser(request), request.body);
      // Every session ended with the deletion; this clears the cookie too.
      await app.sessions.end(request, reply);
      reply.header('cache-control', 'no-store');
      return reply.code(202).send(noticeFor(request, { key: 'messages:accountDeletedSignedOut' }));
    },
  );
}
