import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { Footer } from './footer';
import { Header, showsShareButton } from './header';

function Where() {
  return <p aria-label="path">{useLocation().pathname}</p>;
}

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

  it("offers a visitor Sign In and Join Community, and the main nav's Browse opens /browse", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Not signed in' }, 401)),
    );
    renderWithProviders(
      <>
        <Header />
        <Where />
      </>,
    );
    expect(await screen.findByRole('link', { name: 'Join Community' })).toHaveAttribute(
      'href',
      '/join',
    );
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Browse',
      }),
    );
    expect(screen.getByLabelText('path')).toHaveTextContent('/browse');
  });
});

describe('the footer', () => {
  it("links the site's own pages and says everything is shared for free", () => {
    renderWithProviders(<Footer />);
    const footer = screen.getByRole('contentinfo');
    for (const [name, href] of [
      ['Community Rules', '/rules'],
      ['Safety Guidelines', '/safety'],
      ['Help Center', '/help'],
      ['Contact Us', '/contact'],
      ['Privacy Policy', '/privacy'],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(footer).toHaveTextContent('© 2025');
  });
});

describe('the floating Share Starter button', () => {
  it("stays off a starter's page, whose main button holds the bottom of a phone's screen", () => {
    expect(showsShareButton('/browse')).toBe(true);
    expect(showsShareButton('/starter/5')).toBe(false);
    expect(showsShareButton('/starter/5/edit')).toBe(false);
  });
});
