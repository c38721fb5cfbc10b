import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { Header } from './header';

afterEach(() => vi.unstubAllGlobals());

describe('Header', () => {
  it('signs a visitor in and back to the page Sign In was pressed on', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Not signed in' }, 401)),
    );
    renderWithProviders(<Header />, { path: '/browse?category=dairy' });
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/login?next=%2Fbrowse%3Fcategory%3Ddairy',
    );
  });
});
