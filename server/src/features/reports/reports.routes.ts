import type { FastifyInstance } from 'fastify';
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
} from '../../../../common/moderation/reports';
import { guardedRoutes } from '../../access/guarded-route';
import type { AppDeps } from '../../deps';
import { SHORT_TEXT_BODY } from '../../http/body-limits';
import {
  createReport,
  listReports,
  removeReportedStarter,
  reportStats,
  updateReportStatus,
} from './reports.service';

export async function reportsRoutes(app: FastifyInstance, deps: AppDeps) {
  // Who may call is settled before the body is read: a visitor learns nothing about the rules.
  const moderator = guardedRoutes(app, deps, 'moderator');
  // Stewards too, for the reports in their area (access/stewards.ts).
  const steward = guardedRoutes(app, deps, 'steward');

  guardedRoutes(app, deps, 'member').post(
    '/api/reports',
    {
      body: createReportSchema,
      bodyLimit: SHORT_TEXT_BODY,
      response: createdReportSchema,
      status: 201,
    },
    createReport,
  );
  steward.get(
    '/api/reports',
    { query: reportListQuerySchema, response: z.array(reportItemSchema) },
    listReports,
  );
  moderator.get('/api/reports/stats', { response: reportStatsSchema }, reportStats);
  steward.patch(
    '/api/reports/:id',
    {
      params: reportIdParamsSchema,
      body: updateReportSchema,
      bodyLimit: SHORT_TEXT_BODY,
      response: reportItemSchema,
    },
    updateReportStatus,
  );
  steward.post(
    '/api/reports/:id/remove-starter',
    {
      params: reportIdParamsSchema,
      body: removeStarterSchema,
      bodyLimit: SHORT_TEXT_BODY,
      response: reportItemSchema,
    },
    removeReportedStarter,
  );
}
