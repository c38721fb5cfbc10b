/**
 * The page prerenderer (decision 034), built by `vite build --ssr` and loaded by the server:
 * renders a page's HTML from the answers the server puts in its data island, so the browser
 * paints the page before any script has run. The client then renders over it with the same
 * answers (main.tsx), so what was painted and what the app shows are one page.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { PageData } from '../../common/site/page-data';
import { seedQueryClient } from './app/providers';
import { AppRoutes, preloadPages } from './app/router';
import { loadStarterParts } from './app/starter-dialogs';
import { createQueryClient } from './lib/query-client';
import type { Locale } from 'date-fns';
import { de, es, fr } from 'date-fns/locale';
import { addCatalogues, allTextsLoaded, i18n } from './lib/i18n';
import { CLIENT_NAMESPACES, LANGUAGES, type Language } from '../../common/i18n/languages';

// Every language at hand (decision 090): the server renders each page in its visitor's.
const catalogues = import.meta.glob<Record<string, unknown>>('../../common/locales/*/*.json', {
  eager: true,
  import: 'default',
});
const dateLocales: Record<Language, Locale | undefined> = { en: undefined, es, de, fr };
for (const language of LANGUAGES) {
  const bundles = Object.fromEntries(
    CLIENT_NAMESPACES.map((ns) => [ns, catalogues[`../../common/locales/${language}/${ns}.json`]]),
  );
  addCatalogues(language, bundles, dateLocales[language]);
}

/**
 * The HTML of the page at `url` (path and query), as the app first renders it with `data`, in
 * `language`.
 */
export async function render(url: string, data: PageData, language: Language): Promise<string> {
  await allTextsLoaded();
  await preloadPages(new URL(url, 'http://localhost').pathname);
  // The starter's parts that load later in the browser are drawn in the page sent (decision 123).
  await loadStarterParts();
  const queryClient = createQueryClient();
  seedQueryClient(queryClient, data);
  // Rendering is synchronous: no other page's language can come between these two lines.
  await i18n.changeLanguage(language);
  try {
    return renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </QueryClientProvider>
      </StrictMode>,
    );
  } finally {
    // Drops the answers and their garbage-collection timers: nothing outlives the request.
    queryClient.clear();
  }
}
