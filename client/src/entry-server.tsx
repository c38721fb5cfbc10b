/**
 * The page prerenderer (decision 034), built by `vite build --ssr` and loaded by the server:
 * renders a page's HTML from the answers the server puts in its data island, so the browser
 * paints the page before any script has run. The client then renders over it with the same
 * answers (main.tsx), so what was painted and what the app shows are one page.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { PageData } from '../../common/page-data';
import { seedQueryClient } from './app/providers';
import { preloadPages, routes } from './app/router';
import { createQueryClient } from './lib/query-client';

const handler = createStaticHandler(routes);

/** The HTML of the page at `url` (path and query), as the app first renders it with `data`. */
export async function render(url: string, data: PageData): Promise<string> {
  const request = new Request(new URL(url, 'http://localhost'));
  await preloadPages(new URL(request.url).pathname);
  const context = await handler.query(request);
  // The app's routes have no loaders, so no redirect can come back; if one did, send no HTML.
  if (context instanceof Response) return '';
  const queryClient = createQueryClient();
  seedQueryClient(queryClient, data);
  try {
    return renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </QueryClientProvider>
      </StrictMode>,
    );
  } finally {
    // Drops the answers and their garbage-collection timers: nothing outlives the request.
    queryClient.clear();
  }
}
