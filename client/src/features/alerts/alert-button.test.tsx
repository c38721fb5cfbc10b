import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aMember, jsonResponse } from '../../test/fixtures';
import { renderWithProviders, showIn } from '../../test/render';
import { AlertButton } from './alert-button';

afterEach(() => vi.unstubAllGlobals());

function signedIn() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/user') return jsonResponse(aMember());
      return jsonResponse({}, 404);
    }),
  );
}

describe('the alert dialog', () => {
  it('says it rings the bell too, and mails immediately unless a digest is chosen', async () => {
    signedIn();
    renderWithProviders(<AlertButton />, { path: '/browse?search=kefir' });
    await userEvent.click(await screen.findByRole('button', { name: /Tell me when/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'When a new listing matches, we ring your bell here and email you as often as you choose.',
    );
    expect(screen.getByLabelText('How often')).toHaveValue('immediate');
  }, 30_000);

  it('says so in Spanish', async () => {
    await showIn('es');
    signedIn();
    renderWithProviders(<AlertButton />, { path: '/browse' });
    await userEvent.click(await screen.findByRole('button', { name: /Avísame/ }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(/campana/);
    expect(screen.getByLabelText('Con qué frecuencia')).toHaveValue('immediate');
  }, 30_000);
});
