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

export async function reportsRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  // Who may call is settled before the body is parsed: a visitor learns nothing about the rules.

  app.post(
    '/api/reports',
    {
      onRequest: signedInOnly,
      schema: { body: createReportSchema, response: { 201: createdReportSchema } },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const created = await createReport({ ...deps, db }, actor, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/reports',
    {
      onRequest: moderatorsOnly,
      schema: { querystring: reportListQuerySchema, response: { 200: z.array(reportItemSchema) } },
    },
    async (request) => listReports(db, requireUser(request), request.query),
  );

  app.get(
    '/api/reports/stats',
    { onRequest: moderatorsOnly, schema: { response: { 200: reportStatsSchema } } },
    async (request) => reportStats(db, requireUser(request)),
  );

  app.patch(
    '/api/reports/:id',
    {
      onRequest: moderatorsOnly,
      schema: {
        params: reportIdParamsSchema,
        body: updateReportSchema,
        response: { 200: reportItemSchema },
      },
    },
    async (request) =>
      updateReportStatus(db, requireUser(request), request.params.id, request.body.status),
  );

  app.post(
    '/api/reports/:id/remove-starter',
    {
      onRequest: moderatorsOnly,
      schema: {
        params: reportIdParamsSchema,
        body: removeStarterSchema,
        response: { 200: reportItemSchema },
      },
    },
    async (request) =>
      removeReportedStarter(db, requireUser(request), request.params.id, request.body.note),
  );
}
