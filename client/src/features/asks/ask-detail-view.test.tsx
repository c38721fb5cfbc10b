import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ask } from '../../../../common/listings/asks';
import { aMember } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { AskDetailView } from './ask-detail-view';

afterEach(() => vi.unstubAllGlobals());

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const myAsk = (over: Partial<Ask> = {}): Ask => ({
  id: 7,
  category: 'beverage',
  subcategory: 'scoby',
  search: null,
  location: 'Seattle, Washington, United States',
  note: null,
  createdAt: new Date().toISOString(),
  expiresAt: inDays(30),
  closedAt: null,
  user: { id: 'me-1', username: 'fern', firstName: 'Fern', lastName: null, profileImageUrl: null },
  ...over,
});

function showMyAsk(ask: Ask) {
  const calls = fakeServer({
    'GET /api/auth/user': () => aMember({ id: 'me-1' }),
    'GET /api/asks/7': () => ask,
    'POST /api/asks/7/renew': () => ask,
  });
  renderWithProviders(<AskDetailView id={7} />);
  return calls;
}

describe('AskDetailView: renewing my ask', () => {
  it('offers no renewal for an ask just posted, only close and delete', async () => {
    showMyAsk(myAsk());
    expect(await screen.findByRole('button', { name: 'Close (Fulfilled)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Renew for 30 Days' })).not.toBeInTheDocument();
  });

  it('offers renewal once the ask is near its end, and renews it', async () => {
    const calls = showMyAsk(myAsk({ expiresAt: inDays(1) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Renew for 30 Days' }));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/asks/7/renew')).toBe(true);
  });

  it('offers renewal for an ask that has ended', async () => {
    showMyAsk(myAsk({ expiresAt: inDays(-3) }));
    expect(await screen.findByRole('button', { name: 'Renew for 30 Days' })).toBeInTheDocument();
  });

  it('offers to open a closed ask again by renewing it', async () => {
    showMyAsk(myAsk({ closedAt: new Date().toISOString() }));
    expect(await screen.findByRole('button', { name: 'Renew for 30 Days' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close (Fulfilled)' })).not.toBeInTheDocument();
  });
});
