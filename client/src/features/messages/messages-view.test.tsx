import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '../../../../common/conversations/messages';
import { queryOptions } from '@tanstack/react-query';
import type { Starter } from '../../../../common/listings/starters';
import { apiRequest } from '../../lib/api';
import { renderWithProviders } from '../../test/render';
import { MessagesView } from './messages-view';

const ME = 'me-1';
const OWNER = {
  id: 'owner-1',
  username: 'olive',
  firstName: 'Olive',
  lastName: 'Owner',
  profileImageUrl: null,
};

const conversation: Conversation = {
  starterId: 7,
  starterTitle: 'Rye sourdough starter',
  otherUser: OWNER,
  lastMessage: { content: 'Sure, Saturday works', createdAt: new Date().toISOString() },
  unreadCount: 1,
};

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const thread: Message[] = [
  {
    id: 1,
    starterId: 7,
    senderId: ME,
    receiverId: OWNER.id,
    content: 'Can I have some?',
    isRead: true,
    createdAt: at(5),
  },
  {
    id: 2,
    starterId: 7,
    senderId: OWNER.id,
    receiverId: ME,
    content: 'Sure, Saturday works',
    isRead: true,
    createdAt: at(1),
  },
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve({ conversations = [conversation], messages = thread } = {}) {
  const posts: unknown[] = [];
  const threadCalls: string[] = [];
  const reads: { url: string; body: unknown }[] = [];
  const conversationCalls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/conversations') {
        conversationCalls.push(url);
        return json(conversations);
      }
      if (url === '/api/messages/unread-count') return json({ count: 0 });
      if (url.endsWith('/read') && init?.method === 'POST') {
        reads.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(null, { status: 204 });
      }
      if (url === '/api/starters/7') {
        return json({ id: 7, userId: OWNER.id, title: 'Rye sourdough starter', user: OWNER });
      }
      if (url.includes('/signs?')) return json({ signs: [] });
      if (url.startsWith('/api/messages/starter/') && !url.endsWith('/read')) {
        threadCalls.push(url);
        return json(messages);
      }
      if (url === '/api/messages' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posts.push(body);
        return json(
          { id: 3, isRead: false, createdAt: new Date().toISOString(), senderId: ME, ...body },
          201,
        );
      }
      return json({ message: 'not found' }, 404);
    }),
  );
  return { posts, threadCalls, reads, conversationCalls };
}

/** Stands in for the starters feature's query, which the page passes in. */
const starterQuery = (id: number) =>
  queryOptions({
    queryKey: ['starters', 'detail', id],
    queryFn: () => apiRequest<Starter>(`/api/starters/${id}`),
  });

afterEach(() => vi.unstubAllGlobals());

describe('/messages', () => {
  it('shows the empty states when there is nothing yet', async () => {
    serve({ conversations: [] });
    renderWithProviders(<MessagesView meId={ME} starterQuery={starterQuery} />, {
      path: '/messages',
    });
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    expect(screen.getByText('Start by messaging a starter owner')).toBeInTheDocument();
    expect(screen.getByText('Select a conversation to start messaging')).toBeInTheDocument();
  });

  it('lists conversations with their title, last message and unread count', async () => {
    serve();
    renderWithProviders(<MessagesView meId={ME} starterQuery={starterQuery} />, {
      path: '/messages',
    });
    const link = await screen.findByRole('link', { name: /Rye sourdough starter/ });
    expect(link).toHaveAttribute('href', `/messages?starter=7&with=${OWNER.id}`);
    expect(within(link).getByText('Sure, Saturday works')).toBeInTheDocument();
    expect(within(link).getByText(/less than a minute ago|1 minute ago/)).toBeInTheDocument();
    expect(link).toHaveTextContent('1 unread');
  });

  it('leads the owner’s rows with the person and where the hand-over stands', async () => {
    const fern = { ...OWNER, id: 'fern-1', username: 'fern' };
    const basil = { ...OWNER, id: 'basil-1', username: 'basil' };
    const cal = { ...OWNER, id: 'cal-1', username: 'cal' };
    const mine = { ...conversation, starterTitle: 'Milk kefir grains', role: 'owner' as const };
    serve({
      conversations: [
        { ...mine, otherUser: fern, stage: 'asked' },
        { ...mine, otherUser: basil, stage: 'reserved', unreadCount: 0 },
        { ...mine, otherUser: cal, stage: 'given', unreadCount: 0 },
        // A thread where I asked: the listing still leads.
        { ...conversation, role: 'asker', stage: 'reserved', unreadCount: 0 },
      ],
    });
    renderWithProviders(<MessagesView meId={ME} starterQuery={starterQuery} />, {
      path: '/messages',
    });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const rows = within(list).getAllByRole('link');
    const lead = (row: HTMLElement) => row.querySelector('p')!.textContent;
    expect(rows.map(lead)).toEqual([
      'fernAsked',
      'basilReserved',
      'calGiven',
      'Rye sourdough starter',
    ]);
    expect(within(rows[1]!).getByText('Reserved')).toHaveClass('rounded-full');
    expect(rows[1]).toHaveTextContent('Milk kefir grains');
  });

  it('names the other member one way in the inbox and the thread: the display rule', async () => {
    const maya = { ...OWNER, username: 'maya_ferments', firstName: 'Maya', lastName: 'Lopez' };
    serve({ conversations: [{ ...conversation, otherUser: maya, role: 'owner' }] });
    renderWithProviders(<MessagesView meId={ME} starterQuery={starterQuery} />, {
      path: `/messages?starter=7&with=${OWNER.id}`,
    });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByRole('link')).toHaveTextContent('maya_ferments');
    // The list's row, and the open thread's own naming of the same person.
    await waitFor(() =>
      expect(document.body.textContent!.split('maya_ferments').length).toBeGreaterThan(2),
    );
    expect(document.body.textContent).not.toMatch(/\bMaya\b|Lopez/);
  });

  it('opens the thread named in the URL with own messages on the right', async () => {
    const { threadCalls } = serve();
    renderWithProviders(<MessagesView meId={ME} starterQuery={starterQuery} />, {
      path: `/messages?starter=7&with=${OWNER.id}`,
    });
    const mine = await screen.findByText('Can I have some?');
    const theirs = screen
      .getAllByText('Sure, Saturday works')
      .find((el) => el.closest('li > div[class*="justify"]'))!;
    expect(mine.closest('li > div')).toHaveClass('justify-end');
    expect(theirs.closest('li > div')).toHaveClass('justify-start');
    expect(threadCalls).toEqual([`/api/messages/starter/7?with=${OWNER.id}`]);
    expect(screen.getByRole('link', { name: /Rye sourdough starter/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows the empty-thread prompt for a conversation without messages', async () => {
    serve({ messages: [] });
    renderWithProviders(<MessagesView meId={ME} starterQuery={starterQuery} />, {
      path: `/messages?starter=7&with=${OWNER.id}`,
    });
    expect(await screen.findByText('No messages yet. Start the conversation!')).toBeInTheDocument();
  });

  it('opens a new thread with the starter owner from a link naming only the starter', async () => {
    const { posts } = serve({ conversations: [], messages: [] });
    renderWithProviders(<MessagesView meId={ME} starterQuery={starterQuery} />, {
      path: '/messages?starter=7',
    });
    expect(await screen.findByText('No messages yet. Start the conversation!')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Rye sourdough starter' }),
    ).toBeInTheDocument();
    const input = screen.getByPlaceholderText('Type your message...');
    await userEvent.type(input, 'Hello! Is it still available?{Enter}');
    await waitFor(() =>
      expect(posts).toEqual([
        { starterId: 7, receiverId: OWNER.id, content: 'Hello! Is it still available?' },
      ]),
    );
  });

  it('sends with Enter to the other member, keeps Send disabled for blank text', async () => {
    const { posts } = serve();
    renderWithProviders(<MessagesView meId={ME} starterQuery={starterQuery} />, {
      path: `/messages?starter=7&with=${OWNER.id}`,
    });
    await screen.findByText('Can I have some?');
    const input = screen.getByPlaceholderText('Type your message...');
    const sendButton = screen.getByRole('button', { name: 'Send message' });
    expect(sendButton).toBeDisabled();
    await userEvent.type(input, '   ');
    expect(sendButton).toBeDisabled();
    await userEvent.type(input, '{Enter}');
    expect(posts).toEqual([]);

    await userEvent.clear(input);
    await userEvent.type(input, '  See you at ten  {Enter}');
    await waitFor(() => expect(input).toHaveValue(''));
    expect(posts).toEqual([{ starterId: 7, receiverId: OWNER.id, content: 'See you at ten' }]);
  });

  it('marks the thread read once its unread messages are shown, then reloads the counts', async () => {
    const unread = thread.map((m) => (m.senderId === OWNER.id ? { ...m, isRead: false } : m));
    const { reads, conversationCalls } = serve({ messages: unread });
    renderWithProviders(<MessagesView meId={ME} starterQuery={starterQuery} />, {
      path: `/messages?starter=7&with=${OWNER.id}`,
    });
    await screen.findByText('Can I have some?');
    await waitFor(() =>
      expect(reads).toEqual([
        { url: '/api/messages/starter/7/read', body: { with: OWNER.id, upTo: 2 } },
      ]),
    );
    // The list (and the header's badge, through the same keys) reloads its unread counts.
    await waitFor(() => expect(conversationCalls).toHaveLength(2));
  });

  it('sends no mark-read when everything shown is already read', async () => {
    const { reads } = serve();
    renderWithProviders(<MessagesView meId={ME} starterQuery={starterQuery} />, {
      path: `/messages?starter=7&with=${OWNER.id}`,
    });
    await screen.findByText('Can I have some?');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toEqual([]);
  });

  it('keeps the typed message when sending fails', async () => {
    serve();
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/messages' && init?.method === 'POST') {
        return json({ message: 'Too many messages today', code: 'rate_limited' }, 429);
      }
      if (url === '/api/conversations') return json([conversation]);
      if (url === '/api/messages/unread-count') return json({ count: 0 });
      return json(thread);
    });
    renderWithProviders(<MessagesView meId={ME} starterQuery={starterQuery} />, {
      path: `/messages?starter=7&with=${OWNER.id}`,
    });
    await screen.findByText('Can I have some?');
    const input = screen.getByPlaceholderText('Type your message...');
    await userEvent.type(input, 'Still there?{Enter}');
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
    );
    expect(input).toHaveValue('Still there?');
  });

  it('lets an owner with several inquirers choose one for ?starter=N', async () => {
    const fern = { ...OWNER, id: 'fern-1', username: 'fern' };
    const basil = { ...OWNER, id: 'basil-1', username: 'basil' };
    serve({
      conversations: [
        { ...conversation, otherUser: fern },
        { ...conversation, otherUser: basil, unreadCount: 0 },
      ],
    });
    renderWithProviders(<MessagesView meId={ME} starterQuery={starterQuery} />, {
      path: '/messages?starter=7',
    });
    expect(await screen.findByText('Several members wrote about this starter')).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Conversation' });
    expect(within(region).getByRole('link', { name: /fern/ })).toHaveAttribute(
      'href',
      '/messages?starter=7&with=fern-1',
    );
    expect(within(region).getByRole('link', { name: /basil/ })).toHaveAttribute(
      'href',
      '/messages?starter=7&with=basil-1',
    );
    expect(screen.queryByText(/choose one with/)).not.toBeInTheDocument();
  });
});
