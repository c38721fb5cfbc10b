import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { RouteError } from './route-error';
import HomePage from '../pages/home';
import { paths } from '../lib/paths';

// The landing page ships in the first bundle; every other page loads when first visited.
const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  const Component = lazy(load);
  return <Component />;
};

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.browse, element: page(() => import('../pages/browse')) },
      { path: paths.post, element: page(() => import('../pages/post')) },
      { path: paths.messages, element: page(() => import('../pages/messages')) },
      { path: paths.profile, element: page(() => import('../pages/profile')) },
      { path: paths.moderation, element: page(() => import('../pages/moderation')) },
      { path: paths.rules, element: page(() => import('../pages/rules')) },
      { path: paths.safety, element: page(() => import('../pages/safety')) },
      { path: paths.contact, element: page(() => import('../pages/contact')) },
      { path: paths.help, element: page(() => import('../pages/help')) },
      { path: paths.privacy, element: page(() => import('../pages/privacy')) },
      { path: paths.join, element: page(() => import('../pages/join')) },
      { path: paths.login, element: page(() => import('../pages/login')) },
      { path: paths.signup, element: page(() => import('../pages/signup')) },
      { path: paths.forgotPassword, element: page(() => import('../pages/forgot-password')) },
      { path: paths.resetPassword, element: page(() => import('../pages/reset-password')) },
      { path: paths.confirmEmail, element: page(() => import('../pages/confirm-email')) },
      { path: paths.starter.path, element: page(() => import('../pages/starter-detail')) },
      { path: paths.starterWithoutId, element: page(() => import('../pages/starter-detail')) },
      { path: '*', element: page(() => import('../pages/not-found')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
