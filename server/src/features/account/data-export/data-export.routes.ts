import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataExportDownloadSchema } from '../../../../../common/members/account';
import { noticeSchema } from '../../../../../common/members/auth';
import type { AppDeps } from '../../../deps';
import { noticeFor } from '../../../i18n/wording';
import { requireUser, signedInOnly } from '../../../plugins/sessions';
import { downloadExport, requestExport } from './data-export.service';

export async function dataExportRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/users/me/export',
    { onRequest: signedInOnly, schema: { response: { 202: noticeSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await requestExport(deps, user);
      return reply
        .code(202)
        .send(noticeFor(request, { key: 'messages:exportStarted', values: { email: user.email } }));
    },
  );

  // The mailed link's page posts its token here: whoever holds the link may use it once. The
  // token travels in the body, never in a logged URL.
  r.post(
    '/api/data-export/download',
    { schema: { body: dataExportDownloadSchema } },
    async (request, reply) => {
      const { zip, createdAt } = await downloadExport(deps, request.body.token);
      const day = createdAt.toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="cultureshare-data-${day}.zip"`)
        .send(zip);
    },
  );
}
