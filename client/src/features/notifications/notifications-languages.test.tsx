import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders, showIn } from '../../test/render';
import { NotificationCentre } from './notification-centre';
import { bellLabel } from './notification-bell';

afterEach(async () => {
  vi.unstubAllGlobals();
});

describe('notifications in the page’s language', () => {
  it('tells the notification centre’s empty state in German, then in English again', async () => {
    fakeServer({ 'GET /api/notifications': () => ({ notifications: [], unread: 0 }) });
    await showIn('de');
    const { unmount } = renderWithProviders(<NotificationCentre />);
    expect(await screen.findByText('Noch keine Benachrichtigungen')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Wählen, welche auch per E-Mail kommen' }),
    ).toBeVisible();
    unmount();

    await i18n.changeLanguage('en');
    renderWithProviders(<NotificationCentre />);
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });

  it('names the unread count in French, and in English again', async () => {
    await showIn('fr');
    expect(bellLabel(2)).toBe('Notifications, 2 non lues');
    expect(bellLabel(1)).toBe('Notifications, 1 non lue');
    await i18n.changeLanguage('en');
    expect(bellLabel(2)).toBe('Notifications, 2 unread');
  });
});
