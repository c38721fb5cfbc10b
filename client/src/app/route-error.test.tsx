import { act, render, screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error';
import { AppRouter, memoryHistory } from '../test/render';

afterEach(() => vi.restoreAllMocks());

function Broken(): React.JSX.Element {
  throw new Error('This page failed to render');
}

describe('RouteErrorBoundary', () => {
  it('shows the error page in place of a page that fails, and the next page once moved on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const history = memoryHistory('/broken');
    render(
      <AppRouter
        history={history}
        routes={[
          {
            element: (
              <RouteErrorBoundary>
                <header>Site header</header>
                <Outlet />
              </RouteErrorBoundary>
            ),
            children: [
              { path: '/broken', element: <Broken /> },
              { path: '/fine', element: <h1>A page that works</h1> },
            ],
          },
        ]}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Site header')).toBeNull();

    act(() => history.push('/fine'));
    expect(await screen.findByRole('heading', { name: 'A page that works' })).toBeVisible();
    expect(screen.getByText('Site header')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});
