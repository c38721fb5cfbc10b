import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStarter } from '../../test/fixtures';
import { renderWithProviders, showIn } from '../../test/render';
import { BrowseView } from './browse-view';
import { StarterCard } from './starter-card';
import { StarterDistance } from './starter-distance';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const PORTLAND = 'Portland, Oregon, United States';

/** Every starter is 16.1 km (10 mi) from the place asked about. */
function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/auth/user') return json({ message: 'Sign in required' }, 401);
      if (url.pathname === '/api/starters')
        return json({ starters: [aStarter({ id: 7, distanceKm: 16.1 })], total: 1 });
      if (url.pathname === '/api/starters/7') return json(aStarter({ id: 7, distanceKm: 16.1 }));
      return json({ message: 'Not found' }, 404);
    }),
  );
}

const chooseMiles = () => localStorage.setItem('cultureshare:units', 'imperial');
const chooseKilometres = () => localStorage.setItem('cultureshare:units', 'metric');

afterEach(() => vi.unstubAllGlobals());

// Outside the pages that compose the starter dialogs in, too: the one unit is the member's.
describe("a starter's distances in the member's unit", { timeout: 30_000 }, () => {
  it('a card says miles for a member who chose them', async () => {
    serve();
    chooseMiles();
    renderWithProviders(<StarterCard starter={aStarter({ id: 7, distanceKm: 16.1 })} />);
    expect(await screen.findByText('10 mi away')).toBeInTheDocument();
    expect(screen.queryByText(/km away/)).not.toBeInTheDocument();
  });

  it("a starter's page says miles from the place it was opened from", async () => {
    serve();
    chooseMiles();
    renderWithProviders(<StarterDistance starterId={7} />, {
      path: `/starters/7?near=${encodeURIComponent(PORTLAND)}`,
    });
    expect(await screen.findByText('10 mi away')).toBeInTheDocument();
  });

  it("browse's radius and cards say miles, in Spanish too", async () => {
    serve();
    chooseMiles();
    await showIn('es');
    renderWithProviders(<BrowseView />, {
      path: `/browse?near=${encodeURIComponent(PORTLAND)}`,
    });
    const radius = await screen.findByRole('combobox', { name: 'Distancia' });
    expect(
      within(radius)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Cualquier lugar',
      'A menos de 3 mi',
      'A menos de 6 mi',
      'A menos de 16 mi',
      'A menos de 31 mi',
    ]);
    expect(await screen.findByText('a 10 mi')).toBeInTheDocument();
  });

  it('kilometres for a member who chose them', async () => {
    serve();
    chooseKilometres();
    renderWithProviders(<StarterCard starter={aStarter({ id: 7, distanceKm: 16.1 })} />);
    expect(await screen.findByText('16 km away')).toBeInTheDocument();
  });
});
