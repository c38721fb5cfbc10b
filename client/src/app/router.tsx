import { createElement, lazy } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { RouteError } from './route-error';
import HomePage from '../pages/home';
import { paths } from '../lib/paths';

// The landing page ships in the first bundle; every other page loads when first visited.
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

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.browse, ...page(() => import('../pages/browse')) },
      { path: paths.post, ...page(() => import('../pages/post')) },
      { path: paths.messages, ...page(() => import('../pages/messages')) },
      { path: paths.profile, ...page(() => import('../pages/profile')) },
      { path: paths.moderation, ...page(() => import('../pages/moderation')) },
      { path: paths.rules, ...page(() => import('../pages/rules')) },
      { path: paths.safety, ...page(() => import('../pages/safety')) },
      { path: paths.contact, ...page(() => import('../pages/contact')) },
      { path: paths.help, ...page(() => import('../pages/help')) },
      { path: paths.privacy, ...page(() => import('../pages/privacy')) },
      { path: paths.join, ...page(() => import('../pages/join')) },
      { path: paths.login, ...page(() => import('../pages/login')) },
      { path: paths.signup, ...page(() => import('../pages/signup')) },
      { path: paths.forgotPassword, ...page(() => import('../pages/forgot-password')) },
      { path: paths.resetPassword, ...page(() => import('../pages/reset-password')) },
      { path: paths.confirmEmail, ...page(() => import('../pages/confirm-email')) },
      { path: paths.starter.path, ...page(() => import('../pages/starter-detail')) },
      { path: paths.starterFamily.path, ...page(() => import('../pages/starter-family')) },
      { path: paths.starterWithoutId, ...page(() => import('../pages/starter-detail')) },
      { path: '*', ...page(() => import('../pages/not-found')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
