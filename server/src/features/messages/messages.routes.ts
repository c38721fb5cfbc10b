import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationSchema,
  messageSchema,
  sendMessageSchema,
  unreadCountSchema,
} from '../../../../common/messages';
import type { AppDeps } from '../../deps';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import { eventsRoutes } from './events.routes';
import { countUnread, listConversations, readThread, sendMessage } from './messages.service';

const threadParams = z.object({
  starterId: z.coerce.number({ error: 'Invalid starter ID' }).int().positive('Invalid starter ID'),
});
const threadQuery = z.object({ with: z.string().trim().min(1).max(100).optional() });

export async function messagesRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, limiter, config, live } = deps;

  await app.register(eventsRoutes, deps);

  /** Publishing is best effort: the message is stored, and clients refetch on reconnect. */
  const publish = (...args: Parameters<typeof live.publish>) =>
    live.publish(...args).catch((err: unknown) => app.log.warn({ err }, 'live publish failed'));

  app.post(
    '/api/messages',
    {
      onRequest: signedInOnly,
      schema: { body: sendMessageSchema, response: { 201: messageSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const message = await sendMessage(user, request.body, {
        db,
        limiter,
        messagesPerDay: config.limits.messagesPerDay,
      });
      await publish([message.receiverId, message.senderId], {
        type: 'message',
        messageId: message.id,
        starterId: message.starterId,
        senderId: message.senderId,
        receiverId: message.receiverId,
      });
      return reply.status(201).send(message);
    },
  );

  app.get(
    '/api/conversations',
    { schema: { response: { 200: z.array(conversationSchema) } } },
    async (request) => listConversations(requireUser(request), db),
  );

  app.get(
    '/api/messages/unread-count',
    { schema: { response: { 200: unreadCountSchema } } },
    async (request) => ({ count: await countUnread(requireUser(request), db) }),
  );

  app.get(
    '/api/messages/starter/:starterId',
    {
      schema: {
        params: threadParams,
        querystring: threadQuery,
        response: { 200: z.array(messageSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const thread = await readThread(
        user,
        { starterId: request.params.starterId, with: request.query.with },
        db,
      );
      if (thread.markedRead > 0 && thread.otherId) {
        // The reader's other tabs update their badges.
        await publish([user.id], {
          type: 'read',
          starterId: request.params.starterId,
          readerId: user.id,
          otherId: thread.otherId,
        });
      }
      return thread.messages;
    },
  );
}
