import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteSettings } from '../../../common/site';
import { renderWithProviders } from '../test/render';
import { siteQueryKey } from '../lib/query-keys';
import HomePage from './home';

function serveSite(site: SiteSettings) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/site') {
      return new Response(JSON.stringify(site), {
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

const noLinks: SiteSettings = { donationUrl: null, socialUrl: null, externalSignIn: null };

describe('the landing page', () => {
  it('greets with the hero and its two buttons', () => {
    serveSite(noLinks);
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Share the Culture');
    expect(screen.getByRole('link', { name: 'Browse Starters' })).toHaveAttribute(
      'href',
      '/browse',
    );
    expect(screen.getByRole('link', { name: 'Join' })).toHaveAttribute('href', '/join');
  });

  it('explains the three steps', () => {
    serveSite(noLinks);
    renderWithProviders(<HomePage />);
    for (const step of ['Share Your Starters', 'Connect with the Community', 'Arrange Pickup']) {
      expect(screen.getByRole('heading', { name: step })).toBeInTheDocument();
    }
  });

  it('links each of the four category cards to its browse filter', () => {
    serveSite(noLinks);
    renderWithProviders(<HomePage />);
    const cards: [string, string][] = [
      ['Dairy Ferments', 'dairy'],
      ['Grain Ferments', 'grain'],
      ['Tea & Beverages', 'beverage'],
      ['Legume & Soy', 'legume'],
    ];
    for (const [name, key] of cards) {
      expect(screen.getByRole('link', { name: new RegExp(name) })).toHaveAttribute(
        'href',
        `/browse?category=${key}`,
      );
    }
  });

  it('opens the configured donation page in a new tab', async () => {
    serveSite({ ...noLinks, donationUrl: 'https://donate.example/cultureshare' });
    renderWithProviders(<HomePage />);
    const donate = await screen.findByRole('link', { name: /Make a Donation/ });
    expect(donate).toHaveAttribute('href', 'https://donate.example/cultureshare');
    expect(donate).toHaveAttribute('target', '_blank');
    expect(donate).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('leaves the donation call out when no donation page is configured', async () => {
    serveSite(noLinks);
    const { queryClient } = renderWithProviders(<HomePage />);
    await waitFor(() => expect(queryClient.getQueryState(siteQueryKey)?.status).toBe('success'));
    expect(screen.getByRole('heading', { name: 'Our Community Culture' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Donation/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Help Keep CultureShare Growing/ })).toBeNull();
  });
});
