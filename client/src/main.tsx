import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter, preloadPages } from './app/router';
import './index.css';

const router = createRouter();
const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
// A page whose code fails to load still renders: its route shows the error then.
preloadPages(window.location.pathname).then(render, render);
