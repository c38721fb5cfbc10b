import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, showIn } from '../../test/render';
import { StarterCard } from './starter-card';
import { aStarter, jsonResponse } from '../../test/fixtures';

const json = jsonResponse;

const starter = aStarter({
  id: 7,
  title: 'Heirloom yogurt',
  description: 'Bulgarian style culture, thick and tangy.',
  category: 'dairy',
  subcategory: 'yogurt',
  starterType: 'Yogurt starter cultures',
  location: 'Seattle, WA',
  imagePath: '/api/photos/00000000-0000-4000-8000-000000000000/full.webp',
  thumbnailPath: '/api/photos/00000000-0000-4000-8000-000000000000/thumb.webp',
  createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
  user: { id: 'owner-1', username: null, firstName: null, lastName: null, profileImageUrl: null },
});

const member = (id: string) => ({
  id,
  username: 'neighbour',
  firstName: 'Nia',
  lastName: 'Bour',
  email: 'n@example.test',
  location: null,
  contactInfo: null,
  profileImageUrl: null,
  isModerator: false,
  createdAt: new Date().toISOString(),
});

function signedInAs(userId: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/auth/user'
        ? userId
          ? json(member(userId))
          : json({ message: 'Sign in required' }, 401)
        : json({ message: 'Not found' }, 404),
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('StarterCard', () => {
  it('shows the badge, time, owner fallback name, location and a lazy thumbnail', async () => {
    signedInAs(null);
    renderWithProviders(<StarterCard starter={starter} />);
    expect(screen.getByText('Dairy Ferments')).toBeInTheDocument();
    expect(screen.getByText('🧀')).toBeInTheDocument();
    expect(screen.getByText('about 2 hours ago')).toBeInTheDocument();
    expect(screen.getByText('Anonymous')).toBeInTheDocument();
    expect(screen.getByText('Seattle, WA')).toBeInTheDocument();
    const img = screen.getByRole('img', { name: 'Heirloom yogurt' });
    expect(img).toHaveAttribute('src', starter.thumbnailPath);
    expect(img).toHaveAttribute('loading', 'lazy');
    // A link that says why and leads to signing in, then to this starter's message dialog.
    expect(
      await screen.findByRole('link', { name: 'Sign In to Message: Heirloom yogurt' }),
    ).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(`/starter/${starter.id}?dialog=message`)}`,
    );
  });

  it("falls back to the emoji, title and 'Photo processing...' when the photo fails", () => {
    signedInAs(null);
    renderWithProviders(<StarterCard starter={starter} />);
    fireEvent.error(screen.getByRole('img', { name: 'Heirloom yogurt' }));
    expect(screen.getByText('Photo processing...')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Heirloom yogurt' })).not.toBeInTheDocument();
  });

  it('offers Message Owner and the report menu to another member', async () => {
    signedInAs('someone-else');
    renderWithProviders(<StarterCard starter={starter} />);
    expect(
      await screen.findByRole('button', { name: 'Message Owner: Heirloom yogurt' }),
    ).toBeEnabled();
    // The menu's code loads after the card (decision 101).
    expect(
      await screen.findByRole('button', { name: 'Actions for Heirloom yogurt' }),
    ).toBeInTheDocument();
  });

  it('hides Message Owner from the owner and on claimed starters', async () => {
    signedInAs('owner-1');
    const { unmount } = renderWithProviders(<StarterCard starter={starter} />);
    expect(
      await screen.findByRole('button', { name: 'Actions for Heirloom yogurt' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Message/ })).not.toBeInTheDocument();
    unmount();

    signedInAs('someone-else');
    renderWithProviders(<StarterCard starter={{ ...starter, isClaimed: true }} />);
    expect(
      await screen.findByRole('button', { name: 'Actions for Heirloom yogurt' }),
    ).toBeInTheDocument();
    expect(screen.getByText('✅ Claimed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Message/ })).not.toBeInTheDocument();
  });

  it("names the starter's type on its photo in the page's language", async () => {
    signedInAs(null);
    await showIn('es');
    const kefir = { ...starter, subcategory: 'kefir', starterType: 'Kefir grains' };
    const { unmount } = renderWithProviders(<StarterCard starter={kefir} />);
    expect(screen.getByText('Gránulos de kéfir')).toBeInTheDocument();
    expect(screen.queryByText('Kefir grains')).not.toBeInTheDocument();
    unmount();
    // A type the catalogue lacks is named in the member's own words.
    renderWithProviders(
      <StarterCard starter={{ ...starter, subcategory: 'other', starterType: 'Viili' }} />,
    );
    expect(screen.getByText('Viili')).toBeInTheDocument();
  });
});
