import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aMember, jsonResponse as json } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import Page from './post-ask';

afterEach(() => vi.unstubAllGlobals());

describe('/asks/new', () => {
  it('names the place box once, "Location", with the member’s place in it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/user'
          ? json(aMember({ place: 'Seattle, Washington, United States' }))
          : json({}),
      ),
    );
    renderWithProviders(<Page />, { path: '/asks/new' });
    const box = await screen.findByRole('combobox', { name: 'Location' });
    expect(box).toHaveValue('Seattle, Washington, United States');
  });
});
