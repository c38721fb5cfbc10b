import { screen, within } from '@testing-library/react';
import { queryOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Starter } from '../../../../common/listings/starters';
import { apiRequest } from '../../lib/api';
import { i18n, loadLanguage } from '../../lib/i18n';
import type { Lineage } from '../../../../common/cultures/lineage';
import { aStarter, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { FamilyTreeView } from './family-tree-view';

// The map is drawn by Leaflet in the browser (the e2e test looks at it); here it names its places.
vi.mock('./family-map', () => ({
  default: ({ places, label }: { places: Array<{ location: string }>; label: string }) => (
    <div role="img" aria-label={label} data-places={places.map((p) => p.location).join('|')} />
  ),
}));

afterEach(() => vi.unstubAllGlobals());

/** The starters feature's query as the page hands it over (this feature cannot import it). */
const starterDetail = (id: number) =>
  queryOptions({
    queryKey: ['starters', 'detail', id],
    queryFn: () => apiRequest<Starter>(`/api/starters/${id}`),
  });

/** fetch answering from a table of "METHOD /path" → JSON (404 otherwise). */
function stubFetch(routes: Record<string, unknown>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (!(key in routes)) return jsonResponse({ message: 'Not found' }, 404);
    return jsonResponse(routes[key]);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const place = (id: number, title: string, location: string, generation: number) => ({
  id,
  title,
  location,
  generation,
  latitude: 53.8,
  longitude: -1.55,
});

const lineage: Lineage = {
  starter: place(2, 'Leeds loaf', 'Leeds, UK', 2),
  ancestors: [place(1, 'Oregon Trail sourdough', 'Portland, Oregon', 1)],
  descendants: [
    {
      ...place(3, 'Bath batch', 'Bath, UK', 3),
      children: [{ ...place(5, 'Bristol bake', 'Bristol, UK', 4), children: [] }],
    },
    { ...place(4, 'York crock', 'York, UK', 3), latitude: null, longitude: null, children: [] },
  ],
  descendantsCapped: false,
  kitchens: 6,
  generations: 4,
  origin: {
    starterId: 1,
    title: 'Oregon Trail sourdough',
    originStory: 'Carried west in a covered wagon.',
    bornYear: 1847,
  },
};

describe('FamilyTreeView', () => {
  it('shows the line to the first sharer, the descendants as nested lists, figures and places', async () => {
    stubFetch({
      'GET /api/starters/2/lineage': lineage,
      'GET /api/starters/2': aStarter({ id: 2, title: 'Leeds loaf' }),
    });
    renderWithProviders(<FamilyTreeView rawId="2" starterQuery={starterDetail} />);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Family tree of Leeds loaf' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Kitchens reached:').nextSibling).toHaveTextContent('6');
    expect(screen.getByText('Generations:').nextSibling).toHaveTextContent('4');
    expect(screen.getByText('Carried west in a covered wagon.')).toBeInTheDocument();
    expect(screen.getByText(/born 1847/)).toBeInTheDocument();

    const line = screen.getByRole('heading', { name: 'Back to the first sharer' }).parentElement!;
    const steps = within(line).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Generation 1 · first sharer: Oregon Trail sourdough · Portland, Oregon',
      'Generation 2: Leeds loaf · Leeds, UK (this one)',
    ]);
    expect(within(steps[0]!).getByRole('link')).toHaveAttribute('href', '/starter/1');

    const tree = screen.getByRole('navigation', { name: 'Descendants' });
    const top = within(tree).getAllByRole('list')[0]!;
    const children = Array.from(top.children) as HTMLElement[];
    expect(children.map((li) => within(li).getAllByRole('link')[0]!.textContent)).toEqual([
      'Bath batch',
      'York crock',
    ]);
    // Bristol grew from Bath: it sits in Bath's own list, one level down.
    const nested = within(children[0]!).getByRole('list');
    expect(within(nested).getByRole('link', { name: 'Bristol bake' })).toHaveAttribute(
      'href',
      '/starter/5',
    );

    const map = await screen.findByRole('img', { name: /Map of the 4 places/ });
    expect(map.dataset.places).toBe('Portland, Oregon|Leeds, UK|Bath, UK|Bristol, UK|York, UK');
    const placeList = screen.getByRole('heading', { name: 'Places' }).nextElementSibling!;
    const york = within(placeList as HTMLElement)
      .getAllByRole('listitem')
      .find((li) => li.textContent?.startsWith('York, UK'));
    expect(york).toHaveTextContent('not on the map');
  });

  it('answers a hidden starter as gone', async () => {
    stubFetch({});
    renderWithProviders(<FamilyTreeView rawId="9" starterQuery={starterDetail} />);
    expect(
      await screen.findByRole('heading', { name: 'This starter is no longer available' }),
    ).toBeInTheDocument();
  });
});

describe('the family tree in the page’s language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('tells the family in French, its map label too, and the tab title follows', async () => {
    await loadLanguage('fr');
    await i18n.changeLanguage('fr');
    stubFetch({
      'GET /api/starters/2/lineage': lineage,
      'GET /api/starters/2': aStarter({ id: 2, title: 'Leeds loaf' }),
    });
    renderWithProviders(<FamilyTreeView rawId="2" starterQuery={starterDetail} />);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Arbre généalogique de Leeds loaf' }),
    ).toBeInTheDocument();
    expect(document.title).toMatch(/^Arbre généalogique de Leeds loaf/);
    expect(screen.getByText('Cuisines atteintes :').nextSibling).toHaveTextContent('6');
    expect(screen.getByText(/né en 1847/)).toBeInTheDocument();
    const line = screen.getByRole('heading', {
      name: 'En remontant jusqu’au premier partage',
    }).parentElement!;
    expect(
      within(line)
        .getAllByRole('listitem')
        .map((s) => s.textContent),
    ).toEqual([
      'Génération 1 · premier partage : Oregon Trail sourdough · Portland, Oregon',
      'Génération 2 : Leeds loaf · Leeds, UK (celui-ci)',
    ]);
    expect(screen.getByRole('navigation', { name: 'Descendants' })).toBeInTheDocument();
    expect(
      await screen.findByRole('img', {
        name: 'Carte des 4 lieux atteints par ce ferment ; les mêmes lieux sont listés en dessous.',
      }),
    ).toBeInTheDocument();
    const placeList = screen.getByRole('heading', { name: 'Lieux' }).nextElementSibling!;
    const york = within(placeList as HTMLElement)
      .getAllByRole('listitem')
      .find((li) => li.textContent?.startsWith('York, UK'));
    expect(york).toHaveTextContent('York, UK — York crock, génération 3 (absent de la carte');
  });

  it('says the map label in English word for word', async () => {
    stubFetch({
      'GET /api/starters/2/lineage': lineage,
      'GET /api/starters/2': aStarter({ id: 2, title: 'Leeds loaf' }),
    });
    renderWithProviders(<FamilyTreeView rawId="2" starterQuery={starterDetail} />);
    expect(
      await screen.findByRole('img', {
        name: 'Map of the 4 places this culture has reached; the same places are listed below it.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Grown from it' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Family tree of Leeds loaf/);
  });
});
