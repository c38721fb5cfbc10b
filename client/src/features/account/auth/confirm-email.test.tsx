import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/fake-server';
import { jsonResponse } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ConfirmEmail } from './confirm-email';

const TOKEN = 'a-confirmation-token-long-enough';

function serve(details: unknown, signedIn = false) {
  fakeServer({
    'GET /api/auth/user': () =>
      signedIn
        ? { id: 'u1', email: 'kim@example.test', firstName: 'Kim', username: null }
        : jsonResponse({ message: 'Sign in required' }, 401),
    'POST /api/auth/confirm-email/details': () => details,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('a confirmation link reopened after it was used', () => {
  it('says the address is already confirmed and leads on to sign in, not an error', async () => {
    serve({ name: 'Kim', email: 'kim@example.test', alreadyConfirmed: true });
    renderWithProviders(<ConfirmEmail token={TOKEN} next="/starter/5" />, {
      path: '/confirm-email',
    });
    expect(await screen.findByText(/is already confirmed/)).toHaveTextContent(
      'kim@example.test is already confirmed.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: /Confirm this address/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign In to Continue' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/starter/5')}`,
    );
  });

  it('leads a signed-out member to sign in even when the link names no page', async () => {
    serve({ name: 'Kim', email: 'kim@example.test', alreadyConfirmed: true });
    renderWithProviders(<ConfirmEmail token={TOKEN} />, { path: '/confirm-email' });
    expect(await screen.findByRole('link', { name: 'Sign In to Continue' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('still asks before confirming a link not used yet', async () => {
    serve({ name: 'Kim', email: 'kim@example.test' });
    renderWithProviders(<ConfirmEmail token={TOKEN} />, { path: '/confirm-email' });
    expect(
      await screen.findByRole('button', { name: 'Confirm this address for Kim' }),
    ).toBeEnabled();
    expect(screen.queryByText(/already confirmed/)).toBeNull();
  });
});
