import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signUpSchema } from '../../../common/members/auth';
import { currentUserSchema } from '../../../common/members/users';
import type { AppDeps } from '../deps';
import { toCurrentUser } from '../features/account/auth/auth.service';
import { requestLanguage } from '../i18n/translate';
import { seedMember } from './test-seed.service';
import { sceneSchema, seedScene } from './test-scene';

/**
 * Browser tests make the members they need in one call instead of signing up, reading the
 * mailed link and confirming (decision 128): the real sign-up, confirmation and reset keep
 * their own tests. Registered, like the test clock, only when TEST_CLOCK is on, which the
 * configuration refuses in production.
 */
export async function testSeedRoutes(instance: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/test/members',
    { schema: { body: signUpSchema, response: { 201: currentUserSchema } } },
    async (request, reply) => {
      const user = await seedMember(db, { ...request.body, language: requestLanguage(request) });
      // Signed in, as after the real sign-in: the cookie goes to whoever asked.
      await instance.sessions.start(request, reply, user.id);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(toCurrentUser(user));
    },
  );
  // A test's members, their listings and what passed between them, in one call: each member
  // with a session of their own, whose id the test sets as a cookie on that member's context.
  app.post('/api/test/scene', { schema: { body: sceneSchema } }, async (request, reply) => {
    const made = await seedScene(deps, request.body, requestLanguage(request));
    reply.header('cache-control', 'no-store');
    return reply.code(201).send(made);
  });
}
