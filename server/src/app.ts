import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/client';
import { errorsPlugin } from './plugins/errors';
import { securityPlugin } from './plugins/security';
import { sessionsPlugin } from './plugins/sessions';
import { postgresRateLimiter, redisRateLimiter, type RateLimiter } from './plugins/rate-limit';
import { clientAppPlugin } from './plugins/client-app';
import { loggerOptions, timeoutOptions } from './server-options';
import { healthRoutes } from './features/health/health.routes';
import { siteRoutes } from './features/site/site.routes';
import { authRoutes } from './features/auth/auth.routes';
import { usersRoutes } from './features/users/users.routes';
import { startersRoutes } from './features/starters/starters.routes';
import { messagesRoutes } from './features/messages/messages.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { moderationRoutes } from './features/moderation/moderation.routes';

/** What every feature's routes receive. */
export interface AppDeps {
  config: Config;
  database: Database;
  limiter: RateLimiter;
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp({
  config,
  database,
  logger,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    ...timeoutOptions(config),
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    routerOptions: {
      caseSensitive: false,
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => {});
    });
  }
  const deps: AppDeps = {
    config,
    database,
    limiter: redis ? redisRateLimiter(redis) : postgresRateLimiter(database.db),
  };

  await app.register(errorsPlugin);
  await app.register(fastifyCookie);
  await app.register(securityPlugin, { publicUrl: config.publicUrl });
  await app.register(sessionsPlugin, {
    db: database.db,
    ...config.session,
    publicUrl: config.publicUrl,
  });

  await app.register(healthRoutes, { database });
  await app.register(siteRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(usersRoutes, deps);
  await app.register(startersRoutes, deps);
  await app.register(messagesRoutes, deps);
  await app.register(reportsRoutes, deps);
  await app.register(moderationRoutes, deps);

  await app.register(clientAppPlugin, { root: config.clientDist });
  return app;
}
