import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  UNSAFE_createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  useRoutes,
  type RouteObject,
} from 'react-router';
import { guardHistory, type GuardedHistory } from '../lib/guarded-history';
import { createQueryClient } from '../lib/query-client';
import { i18n, loadLanguage } from '../lib/i18n';
import type { Language } from '../../../common/i18n/languages';

/**
 * Renders a page or component inside the app's providers at `path`; `seed` puts answers in the
 * cache first, as a page's data island does.
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', route = '*' } = {},
  seed?: (queryClient: QueryClient) => void,
) {
  const queryClient = createQueryClient();
  seed?.(queryClient);
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <AppRouter history={memoryHistory(path)} routes={[{ path: route, element: ui }]} />
      </QueryClientProvider>,
    ),
  };
}

/** A history in memory at `path`, guarded as the app's is (pages may ask before leaving). */
export const memoryHistory = (path: string) =>
  guardHistory(UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }));

function Routed({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** `routes` under the router the app uses, moving through `history`. */
export function AppRouter({ history, routes }: { history: GuardedHistory; routes: RouteObject[] }) {
  return (
    <HistoryRouter history={history}>
      <Routed routes={routes} />
    </HistoryRouter>
  );
}

/** Shows the app in `language` from here on; each test ends back in English (setup.ts). */
export async function showIn(language: Language) {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}
