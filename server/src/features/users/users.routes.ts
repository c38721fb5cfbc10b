import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileUpdateSchema } from '../../../../common/auth';
import { currentUserSchema } from '../../../../common/users';
import type { AppDeps } from '../../deps';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import { toCurrentUser } from '../auth/auth.service';
import { updateProfile } from './users.service';

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
      const updated = await updateProfile(deps, user, request.body);
      return toCurrentUser(updated);
    },
  );
}
