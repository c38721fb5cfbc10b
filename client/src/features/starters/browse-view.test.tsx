import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Starter } from '../../../../common/listings/starters';
import { aStarter } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { BrowseView } from './browse-view';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function starterFixture(overrides: Partial<Starter> = {}): Starter {
  return aStarter({
    id: 1,
    title: 'Milk kefir grains',
    description: 'Plump grains that ferment a litre of milk overnight.',
    category: 'dairy',
    subcategory: 'kefir',
    starterType: 'Kefir grains',
    location: 'Portland, Oregon',
    createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    user: {
      id: 'owner-1',
      username: null,
      firstName: 'Kefira',
      lastName: 'Smith',
      profileImageUrl: null,
    },
    ...overrides,
  });
}

function serve(list: (url: URL) => Response | Promise<Response>) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/auth/user') return json({ message: 'Sign in required' }, 401);
      if (url.pathname === '/api/starters') {
        urls.push(url);
        return list(url);
      }
      return json({ message: 'Not found' }, 404);
    }),
  );
  return urls;
}

function Where() {
  const location = useLocation();
  return <output aria-label="url">{location.pathname + location.search}</output>;
}

const renderBrowse = (path = '/browse') =>
  renderWithProviders(
    <>
      <BrowseView />
      <Where />
    </>,
    { path },
  );

afterEach(() => vi.unstubAllGlobals());

describe('BrowseView', () => {
  it('shows six skeleton cards, then the results and their count', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    serve(async () => {
      await gate;
      return json({ starters: [starterFixture()], total: 1 });
    });
    const { container } = renderBrowse();
    expect(screen.getByText('Loading starters…')).toBeInTheDocument();
    expect(container.querySelectorAll('.animate-pulse.aspect-\\[4\\/3\\]')).toHaveLength(6);
    release();
    expect(await screen.findByText('1 result(s)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Milk kefir grains' })).toHaveAttribute(
      'href',
      '/starter/1',
    );
    expect(
      screen.getByRole('link', { name: 'Sign In to Message: Milk kefir grains' }),
    ).toHaveAttribute('href', `/login?next=${encodeURIComponent('/starter/1?dialog=message')}`);
  });

  it('sends the page, category and type, and a category change clears the type and page', async () => {
    const urls = serve(() => json({ starters: [starterFixture()], total: 120 }));
    renderBrowse('/browse?category=dairy&subcategory=kefir&page=7');
    await screen.findByText('120 result(s)');
    const first = urls.at(-1)!;
    expect(first.searchParams.get('offset')).toBe('72');
    expect(first.searchParams.get('limit')).toBe('12');
    expect(first.searchParams.get('subcategory')).toBe('kefir');
    // Five numbers around page 7 of 10.
    const pages = screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);
    expect(pages).toEqual(['5', '6', '7', '8', '9']);
    expect(screen.getByRole('button', { name: 'Page 7' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: /Grain Ferments/ }));
    await waitFor(() =>
      expect(screen.getByLabelText('url')).toHaveTextContent(/^\/browse\?category=grain$/),
    );
    await waitFor(() => expect(urls.at(-1)!.searchParams.get('category')).toBe('grain'));
    expect(urls.at(-1)!.searchParams.get('subcategory')).toBe('all');
    expect(urls.at(-1)!.searchParams.get('offset')).toBe('0');
    expect(screen.getByLabelText('Starter Type')).toHaveValue('all');
  });

  it('shows the empty state, and Clear Filters empties the URL', async () => {
    serve(() => json({ starters: [], total: 0 }));
    renderBrowse('/browse?search=unicorn&sort=oldest');
    expect(await screen.findByText('No starters found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters or search terms')).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('unicorn');
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear Filters' })[1]!);
    await waitFor(() => expect(screen.getByLabelText('url')).toHaveTextContent(/^\/browse$/));
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it('shows the error state with Try Again', async () => {
    serve(() => json({ message: 'boom' }, 500));
    renderBrowse();
    expect(await screen.findByText('Failed to load starters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('writes a typed search to the URL after a pause, back on page 1', async () => {
    const urls = serve(() => json({ starters: [], total: 0 }));
    renderBrowse('/browse?page=3');
    await screen.findByText('0 result(s)');
    await userEvent.type(screen.getByLabelText('Search'), 'rye');
    await waitFor(() =>
      expect(screen.getByLabelText('url')).toHaveTextContent(/^\/browse\?search=rye$/),
    );
    await waitFor(() => expect(urls.at(-1)!.searchParams.get('search')).toBe('rye'));
  });

  it('says "1,000+ results" when the server stops counting, and offers Best match while searching', async () => {
    serve(() => json({ starters: [starterFixture()], total: 1000, totalIsCapped: true }));
    renderBrowse('/browse?search=kefir');
    expect(await screen.findByText('1,000+ results')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Best match' })).toBeInTheDocument();
  });
});

describe('BrowseView, read by a person', () => {
  it('tells a visitor of an empty site it is empty, not to adjust filters never set', async () => {
    serve(() => json({ starters: [], total: 0 }));
    renderBrowse();
    expect(await screen.findByText('No starters shared yet')).toBeInTheDocument();
    expect(
      screen.queryByText('Try adjusting your filters or search terms'),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Share a Starter' })).toHaveAttribute('href', '/post');
  });

  it('keeps the filter wording when filters are set', async () => {
    serve(() => json({ starters: [], total: 0 }));
    renderBrowse('/browse?search=miso');
    expect(
      await screen.findByText('Try adjusting your filters or search terms'),
    ).toBeInTheDocument();
  });

  it('offers the last page for a page past the end', async () => {
    serve((url) =>
      url.searchParams.get('offset') === '1176'
        ? json({ starters: [], total: 50 })
        : json({ starters: [starterFixture()], total: 50 }),
    );
    renderBrowse('/browse?page=99');
    expect(await screen.findByText('This page is past the end of the results')).toBeInTheDocument();
    expect(screen.queryByText('No starters found')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 5' }));
    await waitFor(() => expect(screen.getByLabelText('url')).toHaveTextContent('/browse?page=5'));
  });

  it('moves focus to the results heading after paging', async () => {
    serve(() => json({ starters: [starterFixture()], total: 30 }));
    renderBrowse();
    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    expect(screen.getByRole('heading', { name: 'Available Starters' })).toHaveFocus();
  });

  it('folds the filters behind a button that counts the active ones', async () => {
    serve(() => json({ starters: [starterFixture()], total: 1 }));
    renderBrowse('/browse?search=kefir&sort=oldest');
    const toggle = await screen.findByRole('button', { name: /^Filters/ });
    // The search box is not one of them: it is always in sight.
    expect(toggle).toHaveAccessibleName('Filters, 1 active');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps the search box outside the folded panel, folds the panel once done, and leaves claimed listings out unless asked', async () => {
    const calls = serve(() => json({ starters: [starterFixture()], total: 1 }));
    renderBrowse('/browse');
    const panel = screen.getByRole('complementary', { name: 'Filters' });
    const search = await screen.findByRole('searchbox', { name: 'Search' });
    expect(panel).not.toContainElement(search);
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('claimed')).toBe('hide'));

    const toggle = screen.getByRole('button', { name: /^Filters/ });
    await userEvent.click(toggle);
    await userEvent.click(
      within(panel).getByRole('checkbox', { name: 'Include claimed listings' }),
    );
    await waitFor(() => expect(screen.getByLabelText('url')).toHaveTextContent('claimed=show'));
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('claimed')).toBeNull());
    await userEvent.click(within(panel).getByRole('button', { name: 'Show results' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it("says why 'Closest to me' cannot sort and offers a position or a place", async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
      fail?.({ code: 1, message: 'denied' } as GeolocationPositionError),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    serve(() => json({ starters: [starterFixture()], total: 1 }));
    renderBrowse('/browse?sort=closest');
    const notice = (
      await screen.findByText(
        "We don't know where you are, so these are the newest starters first.",
      )
    ).closest('[role="status"]') as HTMLElement;
    // Nothing is asked of the browser until the member says so.
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await userEvent.click(within(notice).getByRole('button', { name: 'Use my location' }));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(
      await within(notice).findByText('Failed to find your location. Type a place instead.'),
    ).toBeInTheDocument();
    await userEvent.click(within(notice).getByRole('button', { name: 'Set a location' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Location' })).toHaveFocus());
  });
});
