import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ask } from '../../../../common/asks';
import { aMember, jsonResponse as json } from '../../test/fixtures';
import { renderWithProviders, showIn } from '../../test/render';
import { AskForm } from './ask-form';
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
});
