import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { NoticesPanel } from './notices-panel';
import { fakeServer } from '../../test/fake-server';

afterEach(() => vi.unstubAllGlobals());

describe('NoticesPanel', () => {
  it('tells the owner a listing expires soon and links to the profile', async () => {
    fakeServer({
      'GET /api/me/notices': () => [
        {
          kind: 'expires_soon',
          starterId: 7,
          starterTitle: 'Kefir <b>grains</b>',
          availableUntil: '2026-11-28T12:00:00.000Z',
          handoverId: null,
        },
        {
          kind: 'confirm_handover',
          starterId: 8,
          starterTitle: 'Kombucha SCOBY',
          availableUntil: null,
          handoverId: 3,
        },
      ],
    });
    renderWithProviders(<NoticesPanel />);
    const banner = await screen.findByRole('region', { name: 'To do' });
    expect(banner).toHaveTextContent(
      'Kefir <b>grains</b> leaves browse and search on Saturday, November 28.',
    );
    expect(banner).toHaveTextContent('Did “Kombucha SCOBY” reach you?');
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('answers "Did it reach you?" in the notification centre itself, with no trip to the profile', async () => {
    let confirmed = false;
    const calls = fakeServer({
      'GET /api/me/notices': () =>
        confirmed
          ? []
          : [
              {
                kind: 'confirm_handover',
                starterId: 8,
                starterTitle: 'Milk kefir grains',
                availableUntil: null,
                handoverId: 3,
              },
            ],
      'POST /api/handovers/3/confirm': () => {
        confirmed = true;
        return undefined;
      },
    });
    renderWithProviders(<NoticesPanel />);
    const banner = await screen.findByRole('region', { name: 'To do' });
    expect(banner).toHaveTextContent('Did “Milk kefir grains” reach you?');
    // Only the hand-over to confirm: nothing to do on the profile.
    expect(screen.queryByRole('link', { name: 'Go to your profile' })).toBeNull();
    expect(screen.getByRole('button', { name: 'It didn’t happen' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Received' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/handovers/3/confirm',
        body: { received: true },
      }),
    );
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'To do' })).toBeNull());
  });

  it('says "It didn’t happen" from the notification centre too', async () => {
    const calls = fakeServer({
      'GET /api/me/notices': () => [
        {
          kind: 'confirm_handover',
          starterId: 8,
          starterTitle: 'Water kefir',
          availableUntil: null,
          handoverId: 4,
        },
      ],
      'POST /api/handovers/4/confirm': () => undefined,
    });
    renderWithProviders(<NoticesPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'It didn’t happen' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ received: false }),
    );
  });

  it('shows nothing without notices', async () => {
    const calls = fakeServer({ 'GET /api/me/notices': () => [] });
    renderWithProviders(<NoticesPanel />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'To do' })).toBeNull();
  });
});
