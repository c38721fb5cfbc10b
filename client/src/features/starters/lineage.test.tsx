import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lineage, ReceivedCulture } from '../../../../common/lineage';
import { aStarter, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { FamilyTreeView } from './family-tree-view';
import { HANDOVER_NOT_FOUND_NOTICE, PostStarterFromHandover } from './pay-it-forward';

// The map is drawn by Leaflet in the browser (the e2e test looks at it); here it names its places.
vi.mock('./family-map', () => ({
  default: ({ places, label }: { places: Array<{ location: string }>; label: string }) => (
    <div role="img" aria-label={label} data-places={places.map((p) => p.location).join('|')} />
  ),
}));

afterEach(() => vi.unstubAllGlobals());

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
    renderWithProviders(<FamilyTreeView rawId="2" />);

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
    renderWithProviders(<FamilyTreeView rawId="9" />);
    expect(
      await screen.findByRole('heading', { name: 'This starter is no longer available' }),
    ).toBeInTheDocument();
  });
});

const received: ReceivedCulture = {
  handoverId: 7,
  starterId: 41,
  title: 'Rye sourdough',
  category: 'grain',
  subcategory: 'sourdough',
  starterType: 'Rye sourdough',
  form: 'dried',
  careNotes: 'Feed with dark rye, 1:2:2.',
  giver: { id: 'g1', username: 'anna', firstName: 'Anna', lastName: 'B', profileImageUrl: null },
  confirmedAt: '2026-11-01T10:00:00.000Z',
};

function watchUploads() {
  const sent: FormData[] = [];
  class FakeXhr {
    upload = {};
    open = vi.fn();
    send = (body: FormData) => void sent.push(body);
    setRequestHeader = vi.fn();
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('the post form from a received hand-over', () => {
  it('is filled in from the culture, names it as the parent, and sends its form and notes', async () => {
    stubFetch({
      'GET /api/me/received-cultures/7': received,
      'GET /api/me/received-cultures': [received],
    });
    const sent = watchUploads();
    renderWithProviders(<PostStarterFromHandover from="7" />);

    expect(await screen.findByText(/Passing on/)).toHaveTextContent(
      'Passing on Rye sourdough from anna',
    );
    expect(screen.getByLabelText('Title')).toHaveValue('Rye sourdough');
    expect(screen.getByLabelText('Category')).toHaveValue('grain');
    expect(screen.getByLabelText('Starter Type', { exact: true })).toHaveValue('sourdough');
    const parent = await screen.findByLabelText('This culture came from…');
    expect(parent).toHaveValue('41');
    expect(within(parent).getByRole('option', { selected: true })).toHaveTextContent(
      'Rye sourdough — from anna',
    );

    await userEvent.type(screen.getByLabelText('Description'), 'Passed on from Anna, lively.');
    await userEvent.type(screen.getByLabelText('Location'), 'York, UK');
    await userEvent.type(screen.getByLabelText('Born (year)'), '1990');
    await userEvent.click(screen.getByRole('button', { name: 'Post Starter' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0]!;
    expect(body.get('parentId')).toBe('41');
    expect(body.get('form')).toBe('dried');
    expect(body.getAll('careNotes')).toEqual(['Feed with dark rye, 1:2:2.']);
    expect(body.get('bornYear')).toBe('1990');
    expect(body.get('subcategory')).toBe('sourdough');
  });

  it('opens empty with a polite notice for a hand-over that is not the member’s', async () => {
    stubFetch({ 'GET /api/me/received-cultures': [] });
    renderWithProviders(<PostStarterFromHandover from="99" />);
    expect(await screen.findByText(HANDOVER_NOT_FOUND_NOTICE)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Category')).toHaveValue('');
    expect(screen.queryByLabelText('This culture came from…')).toBeNull();
  });
});
