import { screen, within } from '@testing-library/react';
import { queryOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '../../../../common/messages';
import type { Starter } from '../../../../common/starters';
import { apiRequest } from '../../lib/api';
import { renderWithProviders } from '../../test/render';
import { MessagesView } from './messages-view';

const ME = 'me-1';
const ASKER = {
  id: 'asker-1',
  username: 'arlo',
  firstName: 'Arlo',
  lastName: 'Asker',
  profileImageUrl: null,
};
const now = new Date().toISOString();
const conversation: Conversation = {
  starterId: 7,
  starterTitle: 'Rye sourdough starter',
  otherUser: ASKER,
  lastMessage: { content: 'Hello', createdAt: now },
  unreadCount: 0,
};
const base = { starterId: 7, isRead: true, createdAt: now };
const thread: Message[] = [
  {
    ...base,
    id: 1,
    senderId: ASKER.id,
    receiverId: ME,
    content: 'My kombucha cures everything, could I have some?',
    warnings: ['health'],
  },
  { ...base, id: 2, senderId: ME, receiverId: ASKER.id, content: 'Sure!', status: 'sent' },
  {
    ...base,
    id: 3,
    senderId: ME,
    receiverId: ASKER.id,
    content: 'Pay me at paypal.me/x',
    status: 'held',
  },
];

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const starterQuery = (id: number) =>
  queryOptions({
    queryKey: ['starters', 'detail', id],
    queryFn: () => apiRequest<Starter>(`/api/starters/${id}`),
  });

afterEach(() => vi.unstubAllGlobals());

describe('a thread with screening', () => {
  it('shows the receiver a warning banner, the sender "Held for review", and facts about a first-time sender', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/conversations') return json([conversation]);
        if (url === '/api/messages/unread-count') return json({ count: 0 });
        if (url.includes('/signs?')) {
          return json({ signs: [{ code: 'joined_today', text: 'Joined CultureShare today' }] });
        }
        if (url.startsWith('/api/messages/starter/')) return json(thread);
        return json({});
      }),
    );
    renderWithProviders(<MessagesView meId={ME} starterQuery={starterQuery} />, {
      path: `/messages?starter=7&with=${ASKER.id}`,
    });
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(
      await within(log).findByText(
        'This message makes a health claim. Cultures are food, not medicine.',
      ),
    ).toBeInTheDocument();
    expect(within(log).getAllByText('Held for review')).toHaveLength(1);
    const about = await screen.findByRole('region', { name: 'About this member' });
    expect(within(about).getByText('Joined CultureShare today')).toBeInTheDocument();
  });
});
