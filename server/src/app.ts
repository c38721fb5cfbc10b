import crypto from 'node:crypto';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { rememberAskedLanguage } from './i18n/translate';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { tileSource, trustProxyOption, type Config } from './config';
import type { Database } from './db/client';
import type { AppDeps } from './deps';
import { errorsPlugin } from './plugins/errors';
import { securityPlugin } from './plugins/security';
import { sessionsPlugin } from './plugins/sessions';
import { sessionsRoutes } from './features/account/sessions/sessions.routes';
import { postgresRateLimiter, redisRateLimiter } from './plugins/rate-limit';
import { clientAppPlugin } from './plugins/client-app';
import { multipartPlugin } from './plugins/multipart';
import { installDrain } from './plugins/drain';
import { loggerOptions, timeoutOptions } from './server-options';
import { createPageRenderer } from './html-shell/page-renderer';
import { pagesPlugin } from './html-shell/pages.plugin';
import { healthRoutes } from './features/health/health.routes';
import { metricsRoutes } from './features/metrics/metrics.routes';
import { installMetrics, type Metrics } from './features/metrics/metrics.service';
import { siteRoutes } from './features/site/site.routes';
import { authRoutes } from './features/account/auth/auth.routes';
import { usersRoutes } from './features/account/users/users.routes';
import { saveLanguage } from './features/account/users/users.service';
import { sitemapRoutes } from './features/starters/sitemap.routes';
import { starterMapRoutes } from './features/starters/map.routes';
import { startersRoutes } from './features/starters/starters.routes';
import { placesRoutes } from './features/places/places.routes';
import { messagesRoutes } from './features/messages/messages.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { moderationRoutes } from './features/moderation/moderation.routes';
import { screeningRoutes } from './features/screening/screening.routes';
import { reviewRoutes } from './features/review/review.routes';
import { handoversRoutes } from './features/handovers/handovers.routes';
import { blocksRoutes } from './features/blocks/blocks.routes';
import { savedRoutes } from './features/saved/saved.routes';
import { asksRoutes } from './features/asks/asks.routes';
import { mailRoutes } from './features/mail/mail.routes';
import { alertsRoutes } from './features/alerts/alerts.routes';
import { checkinsRoutes } from './features/checkins/checkins.routes';
import { standingOffersRoutes } from './features/standing-offers/standing-offers.routes';
import { careCardsRoutes } from './features/care-cards/care-cards.routes';
import { lineageRoutes } from './features/lineage/lineage.routes';
import { labelsRoutes } from './features/labels/labels.routes';
import { meetsRoutes } from './features/meets/meets.routes';
import { accountDeletionRoutes } from './features/account/deletion/account-deletion.routes';
import { dataExportRoutes } from './features/account/data-export/data-export.routes';
import { passkeysRoutes } from './features/account/passkeys/passkeys.routes';
import { pushRoutes } from './features/push/push.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { createLiveEvents } from './features/messages/live-events';
import { LISTING_CHANGED_CHANNEL, ListingCache } from './features/starters/listing-cache';
import { testClockRoutes } from './clock/test-clock.routes';
import { testSeedRoutes } from './test-seed/test-seed.routes';

/** Enough for any JSON body the API takes (a profile, a sanction with its reason). */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Sees every route as it is registered (tests check the whole route table with it). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp({
  config,
  database,
  logger,
  onRoute,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    ...timeoutOptions(config),
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => crypto.randomUUID(),
    // JSON bodies are small: a route that needs more (or less) says so with its own
    // `bodyLimit`. Photos come as multipart, which keeps its own limits.
    bodyLimit: DEFAULT_BODY_LIMIT,
    forceCloseConnections: 'idle',
    routerOptions: {
      caseSensitive: false,
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  installDrain(app);
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

  // Infrastructure every feature shares, built once here.
  const listings = new ListingCache({ maxBytes: config.browseCacheBytes });
  const unlistenListings = await database.listen(LISTING_CHANGED_CHANNEL, (category) =>
    listings.invalidate(category),
  );
  app.addHook('onClose', async () => unlistenListings());
  const live = await createLiveEvents(database, app.log);
  // Open event streams never finish by themselves; end them before the server waits for
  // connections to drain, or a graceful shutdown would hang.
  app.addHook('preClose', async () => {
    await live.close();
  });

  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    limiter: redis ? redisRateLimiter(redis) : postgresRateLimiter(database.db),
    listings,
    live,
  };
  // Before any route, so every route is measured.
  const metrics = installMetrics(app, deps);
  app.decorate('metrics', metrics);

  await app.register(errorsPlugin);
  await app.register(fastifyCookie);
  app.addHook(
    'preHandler',
    rememberAskedLanguage((userId, language) => saveLanguage(deps, userId, language)),
  );
  await app.register(multipartPlugin);
  await app.register(securityPlugin, {
    publicUrl: config.publicUrl,
    mapTilesSource: config.mapTilesUrl ? tileSource(config.mapTilesUrl) : null,
  });
  await app.register(sessionsPlugin, {
    db: database.db,
    ...config.session,
    publicUrl: config.publicUrl,
  });

  await registerFeatureRoutes(app, deps, metrics);

  const pages = createPageRenderer(deps);
  await app.register(pagesPlugin, { ...deps, pages });
  await app.register(clientAppPlugin, { root: config.clientDist });
  return app;
}

/** Every feature's API routes, in the order they have always been registered. */
async function registerFeatureRoutes(app: FastifyInstance, deps: AppDeps, metrics: Metrics) {
  await app.register(healthRoutes, deps);
  await app.register(metricsRoutes, { ...deps, metrics });
  await app.register(siteRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(usersRoutes, deps);
  await app.register(sessionsRoutes, deps);
  await app.register(startersRoutes, deps);
  await app.register(starterMapRoutes, deps);
  await app.register(placesRoutes, deps);
  await app.register(sitemapRoutes, deps);
  await app.register(messagesRoutes, deps);
  await app.register(reportsRoutes, deps);
  await app.register(moderationRoutes, deps);
  await app.register(screeningRoutes, deps);
  await app.register(reviewRoutes, deps);
  await app.register(handoversRoutes, deps);
  await app.register(blocksRoutes, deps);
  await app.register(savedRoutes, deps);
  await app.register(asksRoutes, deps);
  await app.register(mailRoutes, deps);
  await app.register(alertsRoutes, deps);
  await app.register(checkinsRoutes, deps);
  await app.register(standingOffersRoutes, deps);
  await app.register(careCardsRoutes, deps);
  await app.register(lineageRoutes, deps);
  await app.register(labelsRoutes, deps);
  await app.register(meetsRoutes, deps);
  await app.register(accountDeletionRoutes, deps);
  await app.register(dataExportRoutes, deps);
  await app.register(passkeysRoutes, deps);
  await app.register(pushRoutes, deps);
  await app.register(notificationsRoutes, deps);
  if (deps.config.testClock) {
    await app.register(testClockRoutes);
    await app.register(testSeedRoutes, deps);
  }
}
