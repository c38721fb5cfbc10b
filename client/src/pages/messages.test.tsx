import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { starterKeys } from '../lib/query-keys';
import { aMember, aStarter, jsonResponse } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import MessagesPage from './messages';

const starter = aStarter({ id: 7, title: 'Rye sourdough starter' });

afterEach(() => vi.unstubAllGlobals());

describe('the messages page', () => {
  it("caches a new thread's starter once, under the starters feature's key", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/auth/user') return jsonResponse(aMember());
        if (url === '/api/conversations') return jsonResponse([]);
        if (url === '/api/starters/7') return jsonResponse(starter);
        if (url.startsWith('/api/messages/starter/7')) return jsonResponse([]);
        return jsonResponse({ message: 'Not found' }, 404);
      }),
    );
    const { queryClient } = renderWithProviders(<MessagesPage />, { path: '/messages?starter=7' });
    expect(
      await screen.findByRole('heading', { name: 'Rye sourdough starter' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(starterKeys.detail(7))).toEqual(starter));
    const holdingTheStarter = queryClient
      .getQueryCache()
      .findAll()
      .filter((q) => (q.state.data as { title?: string } | undefined)?.title === starter.title);
    expect(holdingTheStarter.map((q) => q.queryKey)).toEqual([starterKeys.detail(7)]);
  });
});
