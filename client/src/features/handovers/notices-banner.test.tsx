import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { NoticesBanner } from './notices-banner';
import { fakeServer } from '../../test/fake-server';

afterEach(() => vi.unstubAllGlobals());

describe('NoticesBanner', () => {
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
    renderWithProviders(<NoticesBanner signedIn />);
    const banner = await screen.findByRole('complementary', { name: 'Notices' });
    expect(banner).toHaveTextContent(
      'Kefir <b>grains</b> leaves browse and search on Saturday 28 November.',
    );
    expect(banner).toHaveTextContent('Did “Kombucha SCOBY” reach you?');
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('shows nothing without notices, and never asks when signed out', async () => {
    const calls = fakeServer({ 'GET /api/me/notices': () => [] });
    const { unmount } = renderWithProviders(<NoticesBanner signedIn />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('complementary', { name: 'Notices' })).toBeNull();
    unmount();
    renderWithProviders(<NoticesBanner signedIn={false} />);
    expect(screen.queryByRole('complementary', { name: 'Notices' })).toBeNull();
    expect(calls).toHaveLength(1);
  });
});
