import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { RouteError } from './route-error';
import HomePage from '../pages/home';

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
      { path: '/', element: <HomePage /> },
      { path: '/browse', element: page(() => import('../pages/browse')) },
      { path: '/post', element: page(() => import('../pages/post')) },
      { path: '/messages', element: page(() => import('../pages/messages')) },
      { path: '/profile', element: page(() => import('../pages/profile')) },
      { path: '/moderation', element: page(() => import('../pages/moderation')) },
      { path: '/rules', element: page(() => import('../pages/rules')) },
      { path: '/safety', element: page(() => import('../pages/safety')) },
      { path: '/contact', element: page(() => import('../pages/contact')) },
      { path: '/help', element: page(() => import('../pages/help')) },
      { path: '/privacy', element: page(() => import('../pages/privacy')) },
      { path: '/join', element: page(() => import('../pages/join')) },
      { path: '/login', element: page(() => import('../pages/login')) },
      { path: '/signup', element: page(() => import('../pages/signup')) },
      { path: '/starter/:id', element: page(() => import('../pages/starter-detail')) },
      { path: '*', element: page(() => import('../pages/not-found')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
