import { lazy, Suspense, useEffect, useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet, UNSAFE_createBrowserHistory } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useFocusHeadingOnRouteChange } from './route-focus';
import { guardHistory } from '../lib/guarded-history';
import { AppRouter } from '../test/render';

const main = () => document.getElementById('main');

function Shell() {
  useFocusHeadingOnRouteChange(main);
  return (
    <>
      <nav>
        <Link to="/later">Later page</Link> <Link to="/?page=2">Page 2</Link>{' '}
        <Link to="/form">Form page</Link> <Link to="/slow">Slow page</Link>{' '}
        <Link to="/lazy">Lazy page</Link> <button type="button">Account menu</button>
      </nav>
      <main id="main">
        <Suspense fallback={<p>Loading page…</p>}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}

/** A page whose heading comes once its data has arrived, as pages after a move do. */
function LaterPage() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    void Promise.resolve().then(() => setLoaded(true));
  }, []);
  return loaded ? <h1>Later heading</h1> : <p>Loading…</p>;
}

/** A page whose heading comes only when the test lets it (`showSlowHeading`). */
let showSlowHeading: () => void = () => {};
function SlowPage() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    showSlowHeading = () => setLoaded(true);
  }, []);
  return loaded ? <h1>Slow heading</h1> : <p>Loading…</p>;
}

/**
 * A page whose code arrives only when the test lets it (`loadLazyPage`): the address has changed
 * and the old page stays in view until it does, as after signing in.
 */
let loadLazyPage: () => void = () => {};
const LazyPage = lazy(
  () =>
    new Promise<{ default: () => React.JSX.Element }>((resolve) => {
      loadLazyPage = () => resolve({ default: () => <h1>Lazy heading</h1> });
    }),
);

function FormPage() {
  return (
    <>
      <h1>Form heading</h1>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- what the hook must leave alone */}
      <input aria-label="Search" autoFocus />
    </>
  );
}

function renderShell() {
  // The browser's own address, as on the site: it changes as a move begins, before the new page
  // is drawn.
  window.history.replaceState(null, '', '/');
  const history = guardHistory(UNSAFE_createBrowserHistory({ v5Compat: true }));
  const routes = [
    {
      element: <Shell />,
      children: [
        { path: '/', element: <h1>Home heading</h1> },
        { path: '/later', element: <LaterPage /> },
        { path: '/form', element: <FormPage /> },
        { path: '/slow', element: <SlowPage /> },
        { path: '/lazy', element: <LazyPage /> },
      ],
    },
  ];
  render(<AppRouter history={history} routes={routes} />);
  return history;
}

describe('focus after a route change', () => {
  it('stays put on the first load, then lands on the new page heading once it is drawn', async () => {
    const user = userEvent.setup();
    renderShell();
    expect(screen.getByRole('heading', { name: 'Home heading' })).not.toHaveFocus();
    expect(document.activeElement).toBe(document.body);

    await user.click(screen.getByRole('link', { name: 'Later page' }));
    const heading = await screen.findByRole('heading', { name: 'Later heading' });
    await waitFor(() => expect(heading).toHaveFocus());
    // Focusable by script only: not a new Tab stop.
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('leaves focus alone for a change of query on the same page', async () => {
    const user = userEvent.setup();
    const history = renderShell();
    const link = screen.getByRole('link', { name: 'Page 2' });
    await user.click(link);
    expect(history.location.search).toBe('?page=2');
    expect(link).toHaveFocus();
  });

  it('leaves focus where the new page put it on purpose', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('link', { name: 'Form page' }));
    const field = await screen.findByRole('textbox', { name: 'Search' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.getByRole('heading', { name: 'Form heading' })).not.toHaveFocus();
  });

  it('leaves focus where the member moved it while the new page was loading', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('link', { name: 'Slow page' }));
    const menu = screen.getByRole('button', { name: 'Account menu' });
    menu.focus();
    act(() => showSlowHeading());
    await screen.findByRole('heading', { name: 'Slow heading' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(menu).toHaveFocus();
  });

  it('leaves focus where the member moved it before the new page was drawn at all', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('link', { name: 'Lazy page' }));
    expect(window.location.pathname).toBe('/lazy');
    expect(screen.getByRole('heading', { name: 'Home heading' })).toBeInTheDocument();
    // The member goes on from the link to the account menu while the page's code loads.
    await user.tab();
    const menu = screen.getByRole('button', { name: 'Account menu' });
    expect(menu).toHaveFocus();
    await act(async () => loadLazyPage());
    await screen.findByRole('heading', { name: 'Lazy heading' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(menu).toHaveFocus();
  });
});
