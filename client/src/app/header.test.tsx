import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { Header, showsShareButton } from './header';

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

describe('the floating Share Starter button', () => {
  it("stays off a starter's page, whose main button holds the bottom of a phone's screen", () => {
    expect(showsShareButton('/browse')).toBe(true);
    expect(showsShareButton('/starter/5')).toBe(false);
    expect(showsShareButton('/starter/5/edit')).toBe(false);
  });
});
