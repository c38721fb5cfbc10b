import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdReportSchema,
  createReportSchema,
  removeStarterSchema,
  reportIdParamsSchema,
  reportItemSchema,
  reportListQuerySchema,
  reportStatsSchema,
  updateReportSchema,
} from '../../../../common/reports';
import type { AppDeps } from '../../deps';
import { moderatorsOnly, requireUser, signedInOnly } from '../../plugins/sessions';
import {
  createReport,
  listReports,
  removeReportedStarter,
  reportStats,
  updateReportStatus,
} from './reports.service';

/** The details are at most 1000 characters: even all escaped (6 bytes each) under 8 KiB. */
const REPORT_BODY_LIMIT = 8 * 1024;
/** A status, or a moderator's note of at most 1000 characters. */
const REVIEW_BODY_LIMIT = 8 * 1024;

export async function reportsRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Who may call is settled before the body is read: a visitor learns nothing about the rules.

  app.post(
    '/api/reports',
    {
      onRequest: signedInOnly,
      bodyLimit: REPORT_BODY_LIMIT,
      schema: { body: createReportSchema, response: { 201: createdReportSchema } },
    },
    async (request, reply) => {
      const created = await createReport(deps, requireUser(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/reports',
    {
      onRequest: moderatorsOnly,
      schema: { querystring: reportListQuerySchema, response: { 200: z.array(reportItemSchema) } },
    },
    async (request) => listReports(deps, requireUser(request), request.query),
  );

  app.get(
    '/api/reports/stats',
    { onRequest: moderatorsOnly, schema: { response: { 200: reportStatsSchema } } },
    async (request) => reportStats(deps, requireUser(request)),
  );

  app.patch(
    '/api/reports/:id',
    {
      onRequest: moderatorsOnly,
      bodyLimit: REVIEW_BODY_LIMIT,
      schema: {
        params: reportIdParamsSchema,
        body: updateReportSchema,
        response: { 200: reportItemSchema },
      },
    },
    async (request) =>
      updateReportStatus(deps, requireUser(request), {
        id: request.params.id,
        status: request.body.status,
      }),
  );

  app.post(
    '/api/reports/:id/remove-starter',
    {
      onRequest: moderatorsOnly,
      bodyLimit: REVIEW_BODY_LIMIT,
      schema: {
        params: reportIdParamsSchema,
        body: removeStarterSchema,
        response: { 200: reportItemSchema },
      },
    },
    async (request) =>
      removeReportedStarter(deps, requireUser(request), {
        id: request.params.id,
        reason: request.body.reason,
        note: request.body.note,
      }),
  );
}
