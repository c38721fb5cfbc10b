import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { fakeServer } from '../test/fake-server';
import { aMember } from '../test/fixtures';
import { AppRouter, memoryHistory } from '../test/render';
import ProfilePage from './profile';
import SettingsPage from './settings';

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  const history = memoryHistory(path);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AppRouter
        history={history}
        routes={[
          { path: '/profile', element: <ProfilePage /> },
          { path: '/settings', element: <SettingsPage /> },
        ]}
      />
    </QueryClientProvider>,
  );
  return history;
}

describe('the account settings page', () => {
  it('holds the password, address, passkeys, sessions and data', async () => {
    fakeServer({
      'GET /api/auth/user': () => aMember({ email: 'fern@example.org' }),
      'GET /api/passkeys': () => [],
      'GET /api/auth/sessions': () => ({ sessions: [], pendingEmailChanges: [] }),
    });
    renderAt('/settings');
    expect(
      await screen.findByRole('heading', { name: 'Account Settings', level: 1 }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('New email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Posts' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it("leads an older link to the profile's account parts to the same part here", async () => {
    fakeServer({ 'GET /api/auth/user': () => aMember() });
    const history = renderAt('/profile?passkey=abc#passkeys');
    await waitFor(() => expect(history.location.pathname).toBe('/settings'));
    expect(history.location.search).toBe('?passkey=abc');
    expect(history.location.hash).toBe('#passkeys');

    const again = renderAt('/profile#sessions');
    await waitFor(() => expect(again.location.pathname).toBe('/settings'));
  });

  it("keeps the profile's own links on the profile", async () => {
    fakeServer({ 'GET /api/auth/user': () => aMember() });
    const history = renderAt('/profile?tab=notifications');
    expect(await screen.findByRole('tab', { name: 'Notifications' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/profile');
  });
});
