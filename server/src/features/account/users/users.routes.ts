import type { FastifyInstance } from 'fastify';
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
import { guardedRoutes } from '../../../access/guarded-route';
import type { AppDeps } from '../../../deps';
import { noticeFor, requestRegion } from '../../../i18n/wording';
import { toCurrentUserWithTrust } from '../auth/auth.service';
import { myTrustSchema } from '../../../../../common/members/trust';
import { myTrust } from '../../../access/trust';
import { updateProfile } from './users.service';
import { changePassword, requestEmailChange } from './account.service';
import { clearAway, setAway } from './away.service';

export async function usersRoutes(app: FastifyInstance, deps: AppDeps) {
  const member = guardedRoutes(app, deps, 'member');

  // Signed out is 401 whatever the body says.
  member.patch(
    '/api/users/profile',
    { body: profileUpdateSchema, response: currentUserSchema },
    async (deps, me, profile, request) => {
      const updated = await updateProfile(deps, me, profile, requestRegion(request));
      return toCurrentUserWithTrust(deps.db, updated);
    },
  );

  member.get('/api/users/me/trust', { response: myTrustSchema }, (deps, me) =>
    myTrust(deps.db, me),
  );

  member.put(
    '/api/users/me/away',
    { body: awaySchema, response: awayStateSchema },
    async (deps, me, away) => {
      const until = await setAway(deps, me, away);
      return { awayUntil: until.toISOString() };
    },
  );

  member.delete('/api/users/me/away', { status: 204 }, clearAway);

  member.post(
    '/api/users/password',
    { body: changePasswordSchema, response: noticeSchema },
    async (deps, me, passwords, request) => {
      await changePassword(deps, me, {
        ...passwords,
        sessionHash: request.sessionHash,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return noticeFor(request, { key: 'messages:passwordChangedSignedOut' });
    },
  );

  member.post(
    '/api/users/email',
    { body: changeEmailSchema, response: noticeSchema, status: 202 },
    async (deps, me, change, request) => {
      await requestEmailChange(deps, me, change);
      return noticeFor(request, {
        key: 'messages:emailChangeSent',
        values: { email: change.email },
      });
    },
  );
}
