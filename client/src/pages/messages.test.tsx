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

  it('asks a visitor to sign in to see their messages', async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      jsonResponse({ message: 'Not signed in' }, 401),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<MessagesPage />, { path: '/messages' });
    expect(await screen.findByRole('heading', { name: 'Sign In Required' })).toBeInTheDocument();
    expect(screen.getByText('You need to sign in to view your messages.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/conversations');
  });
});

describe('Nudge', () => {
  const me = aMember({ id: 'me-1' });
  const conversation = (mayNudge: boolean) => ({
    starterId: 7,
    starterTitle: starter.title,
    otherUser: { id: 'olive', username: null, firstName: 'Olive', lastName: null },
    lastMessage: { content: 'Could I have some?', createdAt: new Date().toISOString() },
    unreadCount: 0,
    role: 'asker',
    stage: 'asked',
    awaitingReply: false,
    mayNudge,
  });
  const mine = (status: 'sent' | 'held') => ({
    id: 1,
    starterId: 7,
    senderId: me.id,
    receiverId: 'olive',
    content: 'Could I have some?',
    isRead: false,
    createdAt: new Date().toISOString(),
    kind: 'text',
    system: null,
    status,
  });
  function serve(mayNudge: boolean, status: 'sent' | 'held' = 'sent') {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/auth/user') return jsonResponse(me);
        if (url === '/api/conversations') return jsonResponse([conversation(mayNudge)]);
        if (url === '/api/starters/7') return jsonResponse(starter);
        if (url.startsWith('/api/messages/starter/7')) return jsonResponse([mine(status)]);
        return jsonResponse({ message: 'Not found' }, 404);
      }),
    );
  }
  const open = async () => {
    renderWithProviders(<MessagesPage />, { path: '/messages?starter=7&with=olive' });
    await screen.findAllByText('Could I have some?');
  };

  it('is offered when the server says the other side owes a reply and a day has passed', async () => {
    serve(true);
    await open();
    expect(await screen.findByRole('button', { name: 'Nudge' })).toBeVisible();
    expect(screen.getByText('Waiting for Olive to reply?')).toBeVisible();
  });

  it('is not offered before then, though the member wrote last', async () => {
    serve(false);
    await open();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Nudge' })).toBeNull());
    expect(screen.queryByText('Waiting for Olive to reply?')).toBeNull();
  });

  it('is not offered on a message held for review', async () => {
    serve(false, 'held');
    await open();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Nudge' })).toBeNull());
  });
});
