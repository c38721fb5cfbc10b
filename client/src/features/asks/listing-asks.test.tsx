import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ask } from '../../../../common/listings/asks';
import { aMember, jsonResponse as json } from '../../test/fixtures';
import { renderWithProviders, showIn } from '../../test/render';
import { AskForm, type PlaceField } from './ask-form';
import { ListingAsks } from './listing-asks';

const anAsk = (overrides: Partial<Ask> = {}): Ask => ({
  id: 7,
  category: 'beverage',
  subcategory: 'scoby',
  search: 'jun',
  location: 'Seattle, Washington, United States',
  note: null,
  createdAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  closedAt: null,
  user: { id: 'maya-1', username: null, firstName: 'Maya', lastName: 'K', profileImageUrl: null },
  ...overrides,
});

function serve(userId: string, routes: Record<string, () => Response> = {}) {
  const calls: { url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/auth/user') return json(aMember({ id: userId }));
      const answer = routes[url];
      return answer ? answer() : json({ message: 'Not found' }, 404);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

/** The place box as a plain input (the place picker asks the server for names). */
const placeBox: PlaceField = ({ id, value, onChange }) => (
  <input id={id} value={value} onChange={(e) => onChange(e.target.value)} />
);

describe('ListingAsks: the giver sees who asked for their listing', () => {
  it('says "<name> asked for this" with a link to each ask', async () => {
    serve('giver-1', {
      '/api/starters/5/asks': () =>
        json({ asks: [anAsk(), anAsk({ id: 8, user: { ...anAsk().user, username: 'sol' } })] }),
    });
    renderWithProviders(<ListingAsks starter={{ id: 5, userId: 'giver-1' }} />);
    const maya = await screen.findByRole('link', { name: 'Maya asked for this' });
    expect(maya).toHaveAttribute('href', '/asks/7');
    // The display-name rule: the username first.
    expect(screen.getByRole('link', { name: 'sol asked for this' })).toHaveAttribute(
      'href',
      '/asks/8',
    );
  });

  it('in the reader’s language', async () => {
    await showIn('de');
    serve('giver-1', { '/api/starters/5/asks': () => json({ asks: [anAsk()] }) });
    renderWithProviders(<ListingAsks starter={{ id: 5, userId: 'giver-1' }} />);
    expect(await screen.findByRole('link', { name: 'Maya hat danach gesucht' })).toBeVisible();
  });

  it('shows nothing to anyone but the giver, and does not ask the server', async () => {
    const calls = serve('someone-else', {
      '/api/starters/5/asks': () => json({ asks: [anAsk()] }),
    });
    const { container } = renderWithProviders(
      <ListingAsks starter={{ id: 5, userId: 'giver-1' }} />,
    );
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/user')).toBe(true));
    expect(container).toBeEmptyDOMElement();
    expect(calls.some((c) => c.url.endsWith('/asks'))).toBe(false);
  });
});

describe('AskForm: how new listings reach the asker', () => {
  it('offers the alert choices, immediately by default, and sends the one chosen', async () => {
    const calls = serve('maya-1', { '/api/asks': () => json({ id: 9 }, 201) });
    renderWithProviders(
      <AskForm
        placeField={({ id, value, onChange }) => (
          <input id={id} value={value} onChange={(e) => onChange(e.target.value)} />
        )}
        place="Seattle, Washington, United States"
      />,
      { path: '/asks/new?category=beverage&subcategory=scoby' },
    );
    const choice = screen.getByLabelText('Email me about new listings');
    expect(choice).toHaveValue('immediate');
    expect(choice).toHaveAccessibleDescription(
      'Until you close your ask, each new matching listing nearby rings your bell here too.',
    );
    fireEvent.change(choice, { target: { value: 'daily' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Ask' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/asks')?.body).toMatchObject({
        category: 'beverage',
        subcategory: 'scoby',
        frequency: 'daily',
      }),
    );
  });

  it('holds an ask without a category or type, saying so on the first box, focused', async () => {
    const calls = serve('maya-1', { '/api/asks': () => json({ id: 9 }, 201) });
    renderWithProviders(
      <AskForm placeField={placeBox} place="Seattle, Washington, United States" />,
      {
        path: '/asks/new?search=jun',
      },
    );
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: 'Mine died' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Ask' }));
    expect(await screen.findByText('Category is required')).toBeVisible();
    expect(screen.getByText('Starter type is required')).toBeVisible();
    expect(screen.getByLabelText('Category')).toHaveFocus();
    expect(screen.getByLabelText('Note (optional)')).toHaveValue('Mine died');
    expect(calls.some((c) => c.url === '/api/asks')).toBe(false);
  });

  it('puts the server’s word on an unknown place on the place box, focused, keeping the rest', async () => {
    serve('maya-1', {
      '/api/asks': () =>
        json({ message: 'Bad request', fields: { location: 'Choose a place from the list' } }, 400),
    });
    renderWithProviders(<AskForm placeField={placeBox} place="Atlantis" />, {
      path: '/asks/new?category=beverage&subcategory=scoby',
    });
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: 'Mine died' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Ask' }));
    expect(await screen.findByText('Choose a place from the list')).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveFocus());
    expect(screen.getByLabelText('Location')).toHaveValue('Atlantis');
    expect(screen.getByLabelText('Note (optional)')).toHaveValue('Mine died');
    expect(screen.getByLabelText('Starter type')).toHaveValue('scoby');
  });
});
