import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PORTIONS_MAX,
  PORTIONS_MESSAGE,
  type StarterActivity,
} from '../../../../common/conversations/handovers';
import { aStarter } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ListingState, listingStateText } from './listing-state';
import { MyHandovers } from './my-handovers';
import { fakeServer } from '../../test/fake-server';

afterEach(() => vi.unstubAllGlobals());

const now = new Date('2030-03-10T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
const arlo = { id: 'a', username: null, firstName: 'Arlo', lastName: null, profileImageUrl: null };

const activity = (over: Partial<StarterActivity> = {}): StarterActivity => ({
  starterId: 42,
  status: 'available',
  portions: 3,
  portionsLeft: 2,
  portionsReserved: 1,
  portionsGiven: 0,
  availableUntil: inDays(20),
  renewalsLeft: 5,
  askers: [{ user: arlo, firstAskedAt: '', reservation: null, handover: null }],
  offSiteHandovers: 0,
  ...over,
});

describe('listingStateText', () => {
  it('names the state of each listing', () => {
    expect(listingStateText(aStarter())).toBe('available');
    expect(listingStateText(aStarter({ portionsReserved: 2 }))).toBe('2 portions reserved');
    expect(listingStateText(aStarter({ portionsReserved: 1 }))).toBe('1 portion reserved');
    expect(listingStateText(aStarter({ status: 'expired' }))).toBe('expired');
    expect(listingStateText(aStarter({ isClaimed: true, status: 'claimed' }))).toBe('given out');
  });
});

describe('ListingState', () => {
  it('shows the state and who asked, with no renewal while far from the end', () => {
    fakeServer({});
    renderWithProviders(
      <ListingState
        starter={aStarter({
          portions: 3,
          portionsLeft: 2,
          portionsReserved: 1,
          availableUntil: inDays(20),
        })}
        activity={activity()}
        now={now}
      />,
    );
    expect(screen.getByText('1 portion reserved')).toBeInTheDocument();
    expect(screen.getByText('2 of 3 left')).toBeInTheDocument();
    expect(screen.getByText('Arlo')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Still available' })).toBeNull();
  });

  it('reminds 2 days before the end and renews with "Still available"', async () => {
    const calls = fakeServer({ 'POST /api/starters/42/renew': () => undefined });
    renderWithProviders(
      <ListingState starter={aStarter({ availableUntil: inDays(2) })} now={now} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'This listing ends in 2 days. Is it still available?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Still available' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/starters/42/renew')).toBe(true));
  });

  it('shows an expired listing with "Still available", unless renewed too often', () => {
    fakeServer({});
    const expired = aStarter({ status: 'expired', availableUntil: inDays(-1) });
    const first = renderWithProviders(
      <ListingState starter={expired} activity={activity({ status: 'expired' })} now={now} />,
    );
    expect(screen.getByText('expired')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Still available' })).toBeInTheDocument();
    first.unmount();
    renderWithProviders(
      <ListingState
        starter={expired}
        activity={activity({ status: 'expired', renewalsLeft: 0 })}
        now={now}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Still available' })).toBeNull();
  });

  it('never shows expiry on a claimed starter', () => {
    fakeServer({});
    renderWithProviders(
      <ListingState
        starter={aStarter({ isClaimed: true, status: 'claimed', availableUntil: inDays(1) })}
        now={now}
      />,
    );
    expect(screen.getByText('given out')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Still available' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add portions' })).toBeNull();
  });

  it('adds portions when the grains grew', async () => {
    const calls = fakeServer({ 'POST /api/starters/42/portions': () => undefined });
    renderWithProviders(<ListingState starter={aStarter({ portions: 2 })} now={now} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add portions' }));
    const count = screen.getByLabelText('My grains grew: how many more portions?');
    await userEvent.clear(count);
    await userEvent.type(count, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ add: 3 }));
  });

  it('checks the count with the common rule and the listing’s room before sending', async () => {
    const calls = fakeServer({ 'POST /api/starters/42/portions': () => undefined });
    renderWithProviders(<ListingState starter={aStarter({ portions: 18 })} now={now} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add portions' }));
    const count = screen.getByLabelText('My grains grew: how many more portions?');
    await userEvent.clear(count);
    await userEvent.type(count, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(PORTIONS_MESSAGE)).toBeInTheDocument();
    await userEvent.clear(count);
    await userEvent.type(count, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(`Between 1 and ${PORTIONS_MAX - 18}`)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('MyHandovers', () => {
  it('lists what is reserved for the member with pickup times, and what they received', async () => {
    const olive = {
      id: 'o',
      username: null,
      firstName: 'Olive',
      lastName: null,
      profileImageUrl: null,
    };
    const starter = { id: 7, title: 'Kefir grains', thumbnailPath: null, owner: olive };
    fakeServer({
      'GET /api/me/handovers': () => ({
        reservedForMe: [
          {
            id: 1,
            starterId: 7,
            member: arlo,
            at: '2030-01-05T10:00',
            status: 'active',
            createdAt: '',
            starter,
          },
        ],
        received: [
          {
            id: 2,
            starterId: 8,
            giver: olive,
            recipient: arlo,
            status: 'received',
            at: null,
            createdAt: '',
            confirmedAt: '',
            healthCheck: null,
            canLeaveFeedback: false,
            myFeedback: 'up',
            starter: { ...starter, id: 8, title: 'Sourdough' },
          },
        ],
        given: [],
      }),
    });
    renderWithProviders(<MyHandovers />);
    const reserved = await screen.findByRole('region', { name: 'Reserved for you' });
    expect(reserved).toHaveTextContent('Kefir grains');
    expect(reserved).toHaveTextContent(/from Olive · pickup .*10:00/);
    expect(screen.getByRole('region', { name: 'Received' })).toHaveTextContent(
      'Sourdoughfrom Olive · received',
    );
  });
});
