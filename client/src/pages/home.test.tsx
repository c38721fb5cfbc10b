import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../../common/conversations/messages';
import type { Notice } from '../../../common/conversations/notices';
import type { HomeAnswer, SiteSettings } from '../../../common/site/site';
import type { Starter } from '../../../common/listings/starters';
import type { CurrentUser } from '../../../common/members/users';
import { renderWithProviders } from '../test/render';
import { currentUserQueryKey, homeQueryKey, siteQueryKey } from '../lib/query-keys';
import HomePage from './home';

function serveSite(site: SiteSettings, more: Record<string, unknown> = {}) {
  const fetchMock = vi.fn(async (url: string) => {
    const body = url === '/api/site' ? site : more[url.split('?')[0]!];
    if (body !== undefined) {
      return new Response(JSON.stringify(body), {
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

const noLinks: SiteSettings = {
  donationUrl: null,
  socialUrl: null,
  externalSignIn: null,
  mapTilesUrl: null,
};

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
    expect(document.title).toBe('Share the Culture · CultureShare');
  });

  it('explains the three steps', () => {
    serveSite(noLinks);
    renderWithProviders(<HomePage />);
    for (const step of ['Share Your Starters', 'Connect with the Community', 'Arrange Pickup']) {
      expect(screen.getByRole('heading', { name: step })).toBeInTheDocument();
    }
  });

  it('links each of the four category cards, the hero’s tilted tiles too, to its browse filter', () => {
    serveSite(noLinks);
    renderWithProviders(<HomePage />);
    const cards: [string, string][] = [
      ['Dairy Ferments', 'dairy'],
      ['Grain Ferments', 'grain'],
      ['Tea & Beverages', 'beverage'],
      ['Legume & Soy', 'legume'],
    ];
    const tiles = within(screen.getByRole('navigation', { name: 'Categories' }));
    for (const [name, key] of cards) {
      const links = screen.getAllByRole('link', { name: new RegExp(name) });
      expect(links).toHaveLength(2);
      for (const link of links) expect(link).toHaveAttribute('href', `/browse?category=${key}`);
      expect(tiles.getByRole('link', { name })).toHaveAttribute('href', `/browse?category=${key}`);
    }
  });

  it('shows the listings just shared, with their photos, and the site’s true figures', () => {
    serveSite(noLinks);
    renderWithProviders(<HomePage />, {}, (client) =>
      client.setQueryData(homeQueryKey, homeAnswer),
    );
    const strip = within(screen.getByRole('region', { name: 'Just Shared' }));
    const tile = strip.getByRole('link', { name: /Rye sourdough/ });
    expect(tile).toHaveAttribute('href', '/starter/7');
    const photo = tile.querySelector('img')!;
    expect(photo).toHaveAttribute('src', '/api/photos/p7/thumb.webp');
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveAttribute('width', '480');
    expect(screen.getByText('312 starters shared')).toBeInTheDocument();
    expect(screen.getByText('1,048 kitchens reached')).toBeInTheDocument();
  });

  it('says a member’s listings are closest to their place when the server measured from it', () => {
    serveSite(noLinks);
    renderWithProviders(<HomePage />, {}, (client) =>
      client.setQueryData(homeQueryKey, {
        ...homeAnswer,
        nearby: { ...homeAnswer.nearby, near: 'Portland, Oregon' },
      }),
    );
    const strip = within(screen.getByRole('region', { name: 'Just Shared Near You' }));
    expect(strip.getByText('Closest to Portland, Oregon first')).toBeInTheDocument();
  });

  it('puts what waits for a member first: a reply they owe, and not the hand-over the banner asks', async () => {
    serveSite(noLinks, {
      '/api/conversations': [conversation(true), { ...conversation(false), starterId: 9 }],
      '/api/me/notices': [confirmNotice],
      '/api/checkins': [],
      '/api/me/standing-offers': {
        giving: [
          {
            starterId: 5,
            title: 'Kombucha SCOBY',
            paused: false,
            nextRoundAt: '2026-11-28T10:00:00.000Z',
            waiting: 3,
          },
        ],
        offeredToMe: [],
      },
    });
    renderWithProviders(<HomePage />, {}, (client) => {
      client.setQueryData(currentUserQueryKey, member);
      client.setQueryData(homeQueryKey, homeAnswer);
    });
    const waiting = within(await screen.findByRole('region', { name: 'Waiting for You' }));
    const reply = await waiting.findByText('Fern is waiting for your reply about “Rye sourdough”');
    expect(reply.closest('li')!.querySelector('a')).toHaveAttribute(
      'href',
      '/messages?starter=7&with=u-fern',
    );
    // Only the one where the other member wrote last.
    expect(waiting.getAllByRole('link', { name: 'Reply' })).toHaveLength(1);
    expect(
      await waiting.findByText(/Your standing offer of “Kombucha SCOBY”: 3 members waiting/),
    ).toBeInTheDocument();
    // The notices banner above every page asks "Did it reach you?" with one-tap answers.
    expect(waiting.queryByText(/reach you/)).toBeNull();
    // It comes before the hero.
    const section = screen.getByRole('region', { name: 'Waiting for You' });
    const hero = screen.getByRole('heading', { level: 1 });
    expect(section.compareDocumentPosition(hero) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
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

const starter = {
  id: 7,
  userId: 'u-fern',
  title: 'Rye sourdough',
  description: 'A lively rye sourdough, fed twice a day.',
  category: 'grain',
  subcategory: 'sourdough',
  starterType: 'Sourdough starter',
  location: 'Portland, Oregon',
  imagePath: '/api/photos/p7/full.webp',
  thumbnailPath: '/api/photos/p7/thumb.webp',
  isClaimed: false,
  createdAt: new Date().toISOString(),
} as unknown as Starter;

const homeAnswer: HomeAnswer = {
  figures: { startersShared: 312, kitchensReached: 1048 },
  nearby: { near: null, starters: [starter] },
};

const member = {
  id: 'u-me',
  username: 'mara',
  firstName: 'Mara',
  lastName: 'Neighbour',
  email: 'mara@example.test',
  location: 'Portland, Oregon',
  contactInfo: null,
  profileImageUrl: null,
  isModerator: false,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
} satisfies CurrentUser;

const conversation = (awaitingReply: boolean): Conversation => ({
  starterId: 7,
  starterTitle: 'Rye sourdough',
  otherUser: {
    id: 'u-fern',
    username: 'Fern',
    firstName: null,
    lastName: null,
    profileImageUrl: null,
  },
  lastMessage: { content: 'Saturday at ten?', createdAt: '2026-11-25T10:00:00.000Z' },
  unreadCount: 0,
  awaitingReply,
});

const confirmNotice: Notice = {
  kind: 'confirm_handover',
  starterId: 3,
  starterTitle: 'Milk kefir',
  availableUntil: null,
  handoverId: 11,
};
