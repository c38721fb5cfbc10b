import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { NotificationBell, bellLabel } from './notification-bell';
import { NotificationCentre } from './notification-centre';

afterEach(() => vi.unstubAllGlobals());

const item = (id: number, readAt: string | null = null) => ({
  id,
  kind: 'reservation',
  title: `Ana reserved Kefir <b>grains</b> ${id} for you`,
  body: 'Reserved for you',
  url: `/messages?starter=${id}&with=u1`,
  createdAt: new Date().toISOString(),
  readAt,
});

describe('NotificationBell', () => {
  it('names the unread count and links to the centre', async () => {
    fakeServer({ 'GET /api/notifications': () => ({ notifications: [item(1)], unread: 3 }) });
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bellLabel(0)).toBe('Notifications');
  });
});

describe('NotificationCentre', () => {
  it('lists items as links to their pages and marks the unread ones read on opening', async () => {
    const calls = fakeServer({
      'GET /api/notifications': () => ({ notifications: [item(2), item(1, 'x')], unread: 1 }),
      'POST /api/notifications/read': () => ({ unread: 0 }),
    });
    renderWithProviders(<NotificationCentre />);
    const link = await screen.findByRole('link', { name: /Kefir <b>grains<\/b> 2/ });
    expect(link).toHaveAttribute('href', '/messages?starter=2&with=u1');
    expect(link).toHaveTextContent('New:');
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/api/notifications/read',
        body: { ids: [2] },
      }),
    );
    expect(screen.getByRole('link', { name: 'Choose which also come by email' })).toHaveAttribute(
      'href',
      '/profile?tab=notifications',
    );
  });

  it('says so when there is nothing yet', async () => {
    fakeServer({ 'GET /api/notifications': () => ({ notifications: [], unread: 0 }) });
    renderWithProviders(<NotificationCentre />);
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });
});
