import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blocksSchema, unreachableSchema } from '../../../../common/members/blocks';
import type { AppDeps } from '../../deps';
import { SMALL_BODY } from '../../http/body-limits';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import { blockMember, myBlocks, unblockMember, unreachableMembers } from './blocks.service';

const memberParams = z.object({ memberId: z.string().trim().min(1).max(100) });

export async function blocksRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/me/blocks',
    { onRequest: signedInOnly, schema: { response: { 200: blocksSchema } } },
    async (request) => myBlocks(deps, requireUser(request)),
  );

  app.get(
    '/api/me/unreachable',
    { onRequest: signedInOnly, schema: { response: { 200: unreachableSchema } } },
    async (request) => ({ memberIds: await unreachableMembers(deps, requireUser(request)) }),
  );

  app.put(
    '/api/blocks/:memberId',
    { onRequest: signedInOnly, bodyLimit: SMALL_BODY, schema: { params: memberParams } },
    async (request, reply) => {
      await blockMember(deps, requireUser(request), { memberId: request.params.memberId });
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/blocks/:memberId',
    { onRequest: signedInOnly, bodyLimit: SMALL_BODY, schema: { params: memberParams } },
    async (request, reply) => {
      await unblockMember(deps, requireUser(request), { memberId: request.params.memberId });
      return reply.status(204).send();
    },
  );
}
