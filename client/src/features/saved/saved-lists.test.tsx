import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server';
import { aStarter } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { SavedListings } from './saved-lists';

afterEach(() => vi.unstubAllGlobals());

describe('SavedListings', () => {
  it('lists the saved listings with links, and Remove takes one off the list', async () => {
    const user = userEvent.setup();
    let saved = [
      aStarter({ id: 7, title: 'Rye sourdough' }),
      aStarter({ id: 9, title: 'Water kefir' }),
    ];
    const calls = fakeServer({
      'GET /api/users/me/saved': () => saved,
      'DELETE /api/starters/7/saved': () => {
        saved = saved.filter((s) => s.id !== 7);
        return undefined;
      },
    });
    renderWithProviders(<SavedListings />);
    const list = await screen.findByRole('list', { name: 'Saved' });
    expect(list).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rye sourdough' })).toHaveAttribute(
      'href',
      '/starter/7',
    );
    await user.click(screen.getByRole('button', { name: 'Remove Rye sourdough from Saved' }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Rye sourdough' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Water kefir' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/starters/7/saved')).toBe(
      true,
    );
  });

  it('says so when nothing is saved', async () => {
    fakeServer({ 'GET /api/users/me/saved': () => [] });
    renderWithProviders(<SavedListings />);
    expect(await screen.findByText(/Nothing saved yet/)).toBeInTheDocument();
  });
});
