import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changeEmailSchema,
  changePasswordSchema,
  noticeSchema,
  profileUpdateSchema,
} from '../../../../../common/members/auth';
import {
  awaySchema,
  awayStateSchema,
  currentUserSchema,
} from '../../../../../common/members/users';
import type { AppDeps } from '../../../deps';
import { noticeFor, requestRegion } from '../../../i18n/wording';
import { requireUser, signedInOnly } from '../../../plugins/sessions';
import { toCurrentUserWithTrust } from '../auth/auth.service';
import { myTrustSchema } from '../../../../../common/members/trust';
import { myTrust } from '../../../access/trust';
import { updateProfile } from './users.service';
import { changePassword, requestEmailChange } from './account.service';
import { clearAway, setAway } from './away.service';

export async function usersRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    '/api/users/profile',
    {
      // Signed out is 401 whatever the body says.
      onRequest: signedInOnly,
      schema: { body: profileUpdateSchema, response: { 200: currentUserSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const updated = await updateProfile(deps, user, request.body, requestRegion(request));
      return toCurrentUserWithTrust(deps.db, updated);
    },
  );

  r.get(
    '/api/users/me/trust',
    { onRequest: signedInOnly, schema: { response: { 200: myTrustSchema } } },
    async (request) => myTrust(deps.db, requireUser(request)),
  );

  r.put(
    '/api/users/me/away',
    {
      onRequest: signedInOnly,
      schema: { body: awaySchema, response: { 200: awayStateSchema } },
    },
    async (request) => {
      const until = await setAway(deps, requireUser(request), request.body);
      return { awayUntil: until.toISOString() };
    },
  );

  r.delete('/api/users/me/away', { onRequest: signedInOnly }, async (request, reply) => {
    await clearAway(deps, requireUser(request));
    return reply.code(204).send();
  });

  r.post(
    '/api/users/password',
    {
      onRequest: signedInOnly,
      schema: { body: changePasswordSchema, response: { 200: noticeSchema } },
    },
    async (request) => {
      await changePassword(deps, requireUser(request), {
        ...request.body,
        sessionHash: request.sessionHash,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return noticeFor(request, { key: 'messages:passwordChangedSignedOut' });
    },
  );

  r.post(
    '/api/users/email',
    {
      onRequest: signedInOnly,
      schema: { body: changeEmailSchema, response: { 202: noticeSchema } },
    },
    async (request, reply) => {
      await requestEmailChange(deps, requireUser(request), request.body);
      return reply.code(202).send(
        noticeFor(request, {
          key: 'messages:emailChangeSent',
          values: { email: request.body.email },
        }),
      );
    },
  );
}
