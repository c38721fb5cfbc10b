import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../../common/members/users';
import { aMember, aStarter } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { BrowseView } from './browse-view';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const BEAVERTON = 'Beaverton, Oregon, United States';
const PORTLAND = 'Portland, Oregon, United States';

/** The API as browse sees it: starters carry a distance when a place is asked about. */
function serve(user: CurrentUser | null = null) {
  const lists: URL[] = [];
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      asked.push(url);
      if (url.pathname === '/api/auth/user')
        return user ? json(user) : json({ message: 'Sign in required' }, 401);
      if (url.pathname === '/api/places') {
        const q = url.searchParams.get('q')!.toLowerCase();
        const names = [BEAVERTON, 'Beaverton, Michigan, United States', PORTLAND];
        return json({
          places: names.filter((n) => n.toLowerCase().startsWith(q)).map((name) => ({ name })),
        });
      }
      if (url.pathname === '/api/places/nearest') return json({ name: BEAVERTON });
      if (url.pathname === '/api/starters') {
        lists.push(url);
        const near = url.searchParams.get('near');
        return json({
          starters: [
            aStarter({
              id: 7,
              title: 'Portland milk kefir',
              location: 'Portland, Oregon',
              ...(near ? { distanceKm: near === PORTLAND ? 0.2 : 10.7 } : {}),
            }),
          ],
          total: 1,
        });
      }
      return json({ message: 'Not found' }, 404);
    }),
  );
  return { lists, asked };
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

// The member chose kilometres (the test browser's region, en-US, would say miles).
beforeEach(() => localStorage.setItem('cultureshare:units', 'metric'));
afterEach(() => vi.unstubAllGlobals());

// Typing, waiting for the typing to settle and answering take a while on a busy machine.
describe('the browse place picker', { timeout: 30_000 }, () => {
  it('types ahead over the places, picks one by keyboard, and shows how far each card is', async () => {
    const { lists } = serve();
    renderBrowse('/browse?page=3');
    const box = await screen.findByRole('combobox', { name: 'Location' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/km away/)).not.toBeInTheDocument();

    await userEvent.type(box, 'beav');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    const list = screen.getByRole('listbox', { name: 'Places' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      BEAVERTON,
      'Beaverton, Michigan, United States',
    ]);
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');

    // In the address, nearest first, back to page 1; the list asks about the place.
    await waitFor(() =>
      expect(screen.getByLabelText('url')).toHaveTextContent(
        '/browse?near=Beaverton%2C+Oregon%2C+United+States',
      ),
    );
    expect(box).toHaveValue(BEAVERTON);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(await screen.findByText('11 km away')).toBeInTheDocument();
    expect(lists.at(-1)!.searchParams.get('near')).toBe(BEAVERTON);
    expect(lists.at(-1)!.searchParams.get('sort')).toBe('closest');
  });

  it('narrows to a radius only once a place is chosen, and Escape leaves the place as it was', async () => {
    const { lists } = serve();
    renderBrowse('/browse?near=Beaverton%2C+Oregon%2C+United+States&page=2');
    const radius = await screen.findByRole('combobox', { name: 'Distance' });
    expect(radius).toBeEnabled();
    expect(
      within(radius)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Anywhere', 'Within 5 km', 'Within 10 km', 'Within 25 km', 'Within 50 km']);
    await userEvent.selectOptions(radius, 'Within 10 km');
    await waitFor(() =>
      expect(screen.getByLabelText('url')).toHaveTextContent(
        '/browse?near=Beaverton%2C+Oregon%2C+United+States&radiusKm=10',
      ),
    );
    await waitFor(() => expect(lists.at(-1)!.searchParams.get('radiusKm')).toBe('10'));

    const box = screen.getByRole('combobox', { name: 'Location' });
    await userEvent.clear(box);
    await userEvent.type(box, 'port');
    await screen.findByRole('option', { name: PORTLAND });
    await userEvent.keyboard('{Escape}{Escape}');
    expect(box).toHaveValue(BEAVERTON);

    await userEvent.click(screen.getByRole('button', { name: 'Clear location' }));
    await waitFor(() => expect(screen.getByLabelText('url')).toHaveTextContent(/^\/browse$/));
    expect(screen.getByRole('combobox', { name: 'Distance' })).toBeDisabled();
  });

  it('keeps a half-typed place on leaving the box, and says why distance waits', async () => {
    serve();
    renderBrowse('/browse');
    const box = await screen.findByRole('combobox', { name: 'Location' });
    const radius = screen.getByRole('combobox', { name: 'Distance' });
    expect(radius).toBeDisabled();
    expect(radius).toHaveAccessibleDescription(
      'Choose a location first: distance is measured from it.',
    );
    await userEvent.type(box, 'Portl');
    // The list lies above the floating Share Starter button (z-40), never under it.
    expect(await screen.findByRole('listbox', { name: 'Places' })).toHaveClass('z-50');
    await userEvent.tab();
    expect(box).toHaveValue('Portl');
    expect(box).toHaveAccessibleDescription('Pick a place from the list to search near it.');
    expect(screen.getByLabelText('url')).toHaveTextContent(/^\/browse$/);
  });

  it("starts from a member's profile place, nearest first, and lets them choose none", async () => {
    const { lists } = serve(aMember({ location: 'portland, or', place: PORTLAND }));
    renderBrowse('/browse');
    const box = await screen.findByRole('combobox', { name: 'Location' });
    await waitFor(() => expect(box).toHaveValue(PORTLAND));
    expect(await screen.findByText('Under 1 km away')).toBeInTheDocument();
    expect(lists.at(-1)!.searchParams.get('near')).toBe(PORTLAND);
    expect(lists.at(-1)!.searchParams.get('sort')).toBe('closest');
    // The default goes without saying in the address.
    expect(screen.getByLabelText('url')).toHaveTextContent(/^\/browse$/);
    await userEvent.click(screen.getByRole('button', { name: 'Clear location' }));
    await waitFor(() =>
      expect(screen.getByLabelText('url')).toHaveTextContent(/^\/browse\?near=$/),
    );
    await waitFor(() => expect(screen.queryByText('Under 1 km away')).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
  });

  it('rounds "Use my location" to the nearest place before it leaves the browser', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 45.487061, longitude: -122.803712 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const { asked } = serve();
    renderBrowse('/browse');
    const panel = await screen.findByRole('complementary', { name: 'Filters' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Use my location' }));
    await waitFor(() =>
      expect(screen.getByLabelText('url')).toHaveTextContent(
        '/browse?near=Beaverton%2C+Oregon%2C+United+States',
      ),
    );
    const nearest = asked.find((u) => u.pathname === '/api/places/nearest')!;
    expect(nearest.search).toBe('?lat=45.49&lng=-122.80');
    expect(asked.some((u) => u.search.includes('45.487'))).toBe(false);
  });
});
