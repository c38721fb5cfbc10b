import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import BrowsePage from './browse';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.removeItem('cultureshare:units');
});

describe('the browse page', () => {
  it('offers the radii in miles to a member who measures in miles', async () => {
    localStorage.setItem('cultureshare:units', 'imperial');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost');
        if (url.pathname === '/api/starters') return json({ starters: [], total: 0 });
        return json({ message: 'Not found' }, 404);
      }),
    );
    renderWithProviders(<BrowsePage />, {
      path: '/browse?near=Beaverton%2C+Oregon%2C+United+States',
    });
    const radius = await screen.findByRole('combobox', { name: 'Distance' });
    expect(
      within(radius)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Anywhere', 'Within 3 mi', 'Within 6 mi', 'Within 16 mi', 'Within 31 mi']);
  });
});
