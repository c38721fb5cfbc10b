import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import type { AppDeps } from '../../app';
import { requireModerator, requireUser } from '../../plugins/sessions';
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
  const signedIn = async (request: FastifyRequest) => void requireUser(request);
  const moderator = async (request: FastifyRequest) => void requireModerator(request);

  app.post(
    '/api/reports',
    {
      preValidation: signedIn,
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
      preValidation: moderator,
      schema: { querystring: reportListQuerySchema, response: { 200: z.array(reportItemSchema) } },
    },
    async (request) => listReports(db, requireUser(request), request.query),
  );

  app.get(
    '/api/reports/stats',
    { preValidation: moderator, schema: { response: { 200: reportStatsSchema } } },
    async (request) => reportStats(db, requireUser(request)),
  );

  app.patch(
    '/api/reports/:id',
    {
      preValidation: moderator,
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
      preValidation: moderator,
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
