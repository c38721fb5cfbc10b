import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { parseStarterId } from '../../lib/starter-id';
import { StarterDetailView } from './starter-detail-view';
import { aStarter, jsonResponse, aMember } from '../../test/fixtures';

const json = jsonResponse;

const starter = aStarter({
  id: 5,
  title: 'Rye sourdough',
  description: 'Vigorous rye starter that doubles in four hours.',
  customDescription: 'Feed it 1:1:1 with rye flour.',
  location: 'Boston, MA',
  isClaimed: true,
  createdAt: new Date(Date.now() - 26 * 3600_000).toISOString(),
});

function serve(userId: string | null, answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/user')
        return userId ? json(aMember({ id: userId })) : json({ message: 'Sign in required' }, 401);
      if (url.startsWith('/api/starters/') && !url.endsWith('/lineage')) return answer();
      return json({ message: 'Not found' }, 404);
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('parseStarterId', () => {
  it('accepts positive whole numbers only', () => {
    expect(parseStarterId('12')).toBe(12);
    for (const bad of [undefined, '', 'abc', '1.5', '-3', '0', '12abc']) {
      expect(parseStarterId(bad)).toBeNull();
    }
  });
});

describe('StarterDetailView', () => {
  it("says 'Invalid starter ID' without asking the server", () => {
    serve(null, () => json(starter));
    renderWithProviders(<StarterDetailView rawId="abc" />);
    expect(screen.getByRole('heading', { name: 'Invalid starter ID' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Browse' })).toHaveAttribute('href', '/browse');
    expect(
      vi.mocked(fetch).mock.calls.some(([url]) => String(url).startsWith('/api/starters')),
    ).toBe(false);
  });

  it("says 'Failed to load starter' when the call fails", async () => {
    serve(null, () => json({ message: 'Something broke' }, 500));
    renderWithProviders(<StarterDetailView rawId="5" />);
    expect(
      await screen.findByRole('heading', { name: 'Failed to load starter' }),
    ).toBeInTheDocument();
  });

  it('says a starter that no longer exists is no longer available, with a way to browse', async () => {
    serve(null, () => json({ message: 'Starter not found' }, 404));
    renderWithProviders(<StarterDetailView rawId="5" />);
    expect(
      await screen.findByRole('heading', { name: 'This starter is no longer available' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Browse' })).toHaveAttribute('href', '/browse');
  });

  it("says 'Invalid starter ID' for /starter/ with no id", () => {
    serve(null, () => json(starter));
    renderWithProviders(<StarterDetailView rawId={undefined} />);
    expect(screen.getByRole('heading', { name: 'Invalid starter ID' })).toBeInTheDocument();
  });

  it('shows everything of the starter and tells the owner it has been claimed', async () => {
    serve('owner-1', () => json(starter));
    renderWithProviders(<StarterDetailView rawId="5" />);
    expect(await screen.findByRole('heading', { name: 'Rye sourdough' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Rye sourdough/);
    expect(screen.getByText('No image available')).toBeInTheDocument();
    expect(screen.getByText('Grain Ferments')).toBeInTheDocument();
    expect(screen.getByText('✅ Claimed')).toBeInTheDocument();
    expect(screen.getByText('Additional Details')).toBeInTheDocument();
    expect(screen.getByText('Feed it 1:1:1 with rye flour.')).toBeInTheDocument();
    expect(screen.getByText('Shared by')).toBeInTheDocument();
    expect(screen.getByText('ryeriley')).toBeInTheDocument();
    expect(screen.getByText('1 day ago')).toBeInTheDocument();
    expect(await screen.findByText('This starter has been claimed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message Owner' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report Post' })).toBeNull();
  });

  it('offers Sign In to Message to visitors and Report Post only to signed-in members', async () => {
    serve(null, () => json({ ...starter, isClaimed: false }));
    const { unmount } = renderWithProviders(<StarterDetailView rawId="5" />);
    expect(await screen.findByRole('button', { name: 'Sign In to Message' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report Post' })).toBeNull();
    unmount();

    serve('someone-else', () => json({ ...starter, isClaimed: false }));
    renderWithProviders(<StarterDetailView rawId="5" />);
    expect(await screen.findByRole('button', { name: 'Report Post' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Message Owner' })).toBeInTheDocument();
  });

  it('says first that it is free, then shows the photo, the title and a main button kept in sight on a phone', async () => {
    serve('someone-else', () => json({ ...starter, isClaimed: false }));
    renderWithProviders(<StarterDetailView rawId="5" />);
    const message = await screen.findByRole('button', { name: 'Message Owner' });
    const free = screen.getByText('Free — shared by a neighbour');
    const photo = screen.getByText('No image available');
    const title = screen.getByRole('heading', { level: 1 });
    const follows = (a: Element, b: Element) =>
      !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(free, photo) && follows(photo, title) && follows(title, message)).toBe(true);
    // Sticky at the bottom of a phone's screen, alone: Report Post is not in its bar.
    const bar = message.parentElement!;
    expect(bar).toHaveClass('max-sm:sticky', 'max-sm:bottom-0');
    expect(within(bar).queryByRole('button', { name: 'Report Post' })).toBeNull();
  });
});
