import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../../common/site/ids';
import {
  labelCodeParams,
  labelsQuerySchema,
  labelViewSchema,
  receivedLabelSchema,
  receiveLabelSchema,
} from '../../../../common/cultures/labels';
import { guardedRoutes, openRoutes } from '../../access/guarded-route';
import type { AppDeps } from '../../deps';
import { requestReader } from '../../i18n/wording';
import { requireUser, signedInOnly } from '../../plugins/sessions';
import { getLabel, printLabels, receiveLabel } from './labels.service';

/** Jar labels (decision 157): printing them, a scanned label's page data, and its one scan. */
export async function labelsRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/starters/:id/labels.pdf',
    {
      onRequest: signedInOnly,
      schema: { params: z.object({ id: idParam('starter') }), querystring: labelsQuerySchema },
    },
    async (request, reply) => {
      const pdf = await printLabels(deps, requireUser(request), {
        starterId: request.params.id,
        reader: requestReader(request),
        count: request.query.count,
        layout: request.query.layout,
      });
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="jar-labels-${request.params.id}.pdf"`)
        .type('application/pdf')
        .send(pdf);
    },
  );

  openRoutes(instance, deps).get(
    '/api/labels/:code',
    { params: labelCodeParams, response: labelViewSchema, cache: 'private, no-store' },
    getLabel,
  );
  guardedRoutes(instance, deps, 'member').post(
    '/api/labels/:code/receive',
    {
      params: labelCodeParams,
      body: receiveLabelSchema,
      bodyLimit: 1024,
      response: receivedLabelSchema,
    },
    receiveLabel,
  );
}
