import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
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
  // A data router, as the app has: pages may ask before leaving (useBlocker).
  const router = createMemoryRouter([{ path: route, element: ui }], { initialEntries: [path] });
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}

/** Shows the app in `language` from here on; each test ends back in English (setup.ts). */
export async function showIn(language: Language) {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}
