import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptedOfferSchema,
  myStandingOffersSchema,
  standingOfferSettingsSchema,
  standingOfferViewSchema,
  yourTurnsSchema,
} from '../../../../common/conversations/standing-offers';
import type { AppDeps } from '../../deps';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import {
  acceptOffer,
  declineOffer,
  endStandingOffer,
  getStandingOffer,
  joinWaitlist,
  leaveWaitlist,
  myOpenTurns,
  offerRoundNow,
  pauseStandingOffer,
  saveStandingOffer,
} from './standing-offers.service';
import { myStandingOffers } from './my-standing-offers';
import { idParam } from '../../../../common/site/ids';

const idParams = (what: string) => z.object({ id: idParam(what) });
const starterParams = idParams('starter');
const offerParams = z.object({ offerId: idParam('offer') });

/** Settings are five short fields; everything else has no body. */
const SMALL_BODY = 2 * 1024;

/** The view differs per member (their place, their offer): never shared by a cache. */
const privately = (reply: FastifyReply) => reply.header('Cache-Control', 'private, no-store');

export async function standingOffersRoutes(instance: FastifyInstance, deps: AppDeps) {
  standingOfferRoutes(instance, deps);
  waitlistRoutes(instance, deps);
}

/** A listing's standing offer: reading, setting, pausing and ending it, and its rounds. */
function standingOfferRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const member = { onRequest: signedInOnly, bodyLimit: SMALL_BODY };
  const viewOf = (request: { user: Parameters<typeof getStandingOffer>[1] }, starterId: number) =>
    getStandingOffer(deps, request.user, { starterId });

  app.get(
    '/api/standing-offers/my-turns',
    { onRequest: signedInOnly, schema: { response: { 200: yourTurnsSchema } } },
    async (request, reply) => {
      privately(reply);
      return myOpenTurns(deps, requireUser(request));
    },
  );

  app.get(
    '/api/starters/:id/standing-offer',
    { schema: { params: starterParams, response: { 200: standingOfferViewSchema } } },
    async (request, reply) => {
      privately(reply);
      return viewOf(request, request.params.id);
    },
  );

  app.post(
    '/api/starters/:id/standing-offer',
    {
      ...member,
      schema: {
        params: starterParams,
        body: standingOfferSettingsSchema,
        response: { 200: standingOfferViewSchema },
      },
    },
    async (request, reply) => {
      await saveStandingOffer(deps, requireUser(request), {
        starterId: request.params.id,
        settings: request.body,
      });
      privately(reply);
      return viewOf(request, request.params.id);
    },
  );

  app.delete(
    '/api/starters/:id/standing-offer',
    { ...member, schema: { params: starterParams } },
    async (request, reply) => {
      await endStandingOffer(deps, requireUser(request), { starterId: request.params.id });
      return reply.status(204).send();
    },
  );

  for (const [action, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    app.post(
      `/api/starters/:id/standing-offer/${action}`,
      {
        ...member,
        schema: { params: starterParams, response: { 200: standingOfferViewSchema } },
      },
      async (request, reply) => {
        await pauseStandingOffer(deps, requireUser(request), {
          starterId: request.params.id,
          paused,
        });
        privately(reply);
        return viewOf(request, request.params.id);
      },
    );
  }

  app.post(
    '/api/starters/:id/standing-offer/rounds',
    { ...member, schema: { params: starterParams, response: { 200: standingOfferViewSchema } } },
    async (request, reply) => {
      await offerRoundNow(deps, requireUser(request), { starterId: request.params.id });
      privately(reply);
      return viewOf(request, request.params.id);
    },
  );
}

/** Joining and leaving a waitlist, answering an offer, and a member's own standing offers. */
function waitlistRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const member = { onRequest: signedInOnly, bodyLimit: SMALL_BODY };
  const viewOf = (request: { user: Parameters<typeof getStandingOffer>[1] }, starterId: number) =>
    getStandingOffer(deps, request.user, { starterId });

  app.post(
    '/api/starters/:id/waitlist',
    { ...member, schema: { params: starterParams, response: { 200: standingOfferViewSchema } } },
    async (request, reply) => {
      await joinWaitlist(deps, requireUser(request), { starterId: request.params.id });
      privately(reply);
      return viewOf(request, request.params.id);
    },
  );

  app.delete(
    '/api/starters/:id/waitlist',
    { ...member, schema: { params: starterParams } },
    async (request, reply) => {
      await leaveWaitlist(deps, requireUser(request), { starterId: request.params.id });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/standing-offers/offers/:offerId/accept',
    { ...member, schema: { params: offerParams, response: { 201: acceptedOfferSchema } } },
    async (request, reply) => {
      const accepted = await acceptOffer(deps, requireUser(request), {
        offerId: request.params.offerId,
      });
      return reply.status(201).send(accepted);
    },
  );

  app.post(
    '/api/standing-offers/offers/:offerId/decline',
    { ...member, schema: { params: offerParams } },
    async (request, reply) => {
      await declineOffer(deps, requireUser(request), { offerId: request.params.offerId });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/me/standing-offers',
    { onRequest: signedInOnly, schema: { response: { 200: myStandingOffersSchema } } },
    async (request, reply) => {
      privately(reply);
      return myStandingOffers(deps, requireUser(request));
    },
  );
}
