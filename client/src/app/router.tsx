import { createElement, lazy } from 'react';
import {
  matchRoutes,
  UNSAFE_createBrowserHistory,
  useRoutes,
  type RouteObject,
} from 'react-router';
import { Layout } from './layout';
import { RouteErrorBoundary } from './route-error';
import { guardHistory } from '../lib/guarded-history';
import { pages, type Page as TablePage } from '../../../common/site/pages';

// Every page module is its own chunk, the landing page's too: the first-load script holds the
// app's frame only, and the server preloads the chunks of the page it sends (decision 101).
const modules = import.meta.glob<{ default: React.ComponentType }>([
  '../pages/*.tsx',
  '!../pages/*.test.tsx',
]);

// `handle.preload` loads a page before it is first shown: main.tsx awaits it for the page the
// visit starts on (whose chunks the server already preloads), so the first paint is the page
// itself rather than a loading spinner that the page then pushes the footer away from.
const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  let loaded: React.ComponentType | undefined;
  const Lazy = lazy(load);
  const Page = () => (loaded ? createElement(loaded) : <Lazy />);
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
    });
  return { element: <Page />, handle: { preload } };
};

/** Loads the page modules of the routes matching `pathname`, before the first render. */
export async function preloadPages(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map((m) =>
      (m.route.handle as { preload?: () => Promise<void> } | undefined)?.preload?.(),
    ),
  );
}

/** The route of a page in the page table (common/site/pages.ts): its path and its module. */
function routeOf({ path, module }: TablePage): RouteObject {
  const load = modules[`../pages/${module}.tsx`];
  if (!load)
    throw new Error(`The page table names client/src/pages/${module}.tsx, which is missing`);
  return { path, ...page(load) };
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: Object.values(pages).map(routeOf),
  },
];

/** The app's pages, under whichever router holds them (the browser's, the prerender's). */
export function AppRoutes() {
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>;
}

/** The browser's history, with the question a page may ask before it is left. */
export const createAppHistory = () => guardHistory(UNSAFE_createBrowserHistory({ v5Compat: true }));
