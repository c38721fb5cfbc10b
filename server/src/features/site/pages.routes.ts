import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { withLinkPreview } from '../starters/link-preview';
import { getStarter } from '../starters/starters.service';
import type { PageRenderer } from './pages';

/**
 * Pages that need more than the client app's page: a starter's page carries its link-preview
 * tags. Every other client route is served by the client app plugin through the same renderer.
 */
export async function pagesRoutes(
  app: FastifyInstance,
  deps: AppDeps & { pages: PageRenderer | undefined },
) {
  const { pages } = deps;
  app.get('/starter/:id', async (request, reply) => {
    if (!pages) return reply.callNotFound();
    const raw = (request.params as { id?: string }).id ?? '';
    // Previews describe public starters only, whoever follows the link.
    const starter = /^\d{1,9}$/.test(raw)
      ? await getStarter(deps, null, { id: Number(raw) }).catch(() => null)
      : null;
    const origin = deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
    return pages.send(request, reply, {
      head: starter ? (html) => withLinkPreview(html, starter, origin) : undefined,
    });
  });
}
