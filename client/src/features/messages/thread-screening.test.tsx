import { screen, within } from '@testing-library/react';
import { queryOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '../../../../common/conversations/messages';
import type { Starter } from '../../../../common/listings/starters';
import { apiRequest } from '../../lib/api';
import { renderWithProviders, showIn } from '../../test/render';
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

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The thread with ARLO as the owner opens it, the server saying `signs` about Arlo. */
async function openThreadWithSigns(signs: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/conversations') return json([conversation]);
      if (url === '/api/messages/unread-count') return json({ count: 0 });
      if (url.includes('/signs?')) return json({ signs });
      if (url.startsWith('/api/messages/starter/')) return json(thread);
      return json({});
    }),
  );
  renderWithProviders(<MessagesView meId={ME} starterQuery={starterQuery} />, {
    path: `/messages?starter=7&with=${ASKER.id}`,
  });
  return screen.findByRole('region', { name: /About this member|Sobre este miembro/ });
}

/** As the server sends them: English kilometres in `text`, the facts beside. */
const FAR_AND_THUMBS_DOWN = [
  { code: 'joined_today', text: 'Joined CultureShare today' },
  { code: 'far_away', text: 'Lives about 3524 km from this starter', km: 3524 },
  {
    code: 'negative_feedback',
    text: '2 thumbs-down from other members in the last 6 months',
    count: 2,
  },
];

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

  it('says how far the sender lives in miles to a member who reads miles', async () => {
    localStorage.setItem('cultureshare:units', 'imperial');
    const about = await openThreadWithSigns(FAR_AND_THUMBS_DOWN);
    // 3524 km is about 2190 miles.
    expect(within(about).getByText('Lives about 2,190 mi from this starter')).toBeInTheDocument();
    expect(within(about).queryByText(/km/)).toBeNull();
    expect(
      within(about).getByText('2 thumbs-down from other members in the last 6 months'),
    ).toBeInTheDocument();
  });

  it('says the signs in Spanish to a member who reads Spanish', async () => {
    await showIn('es');
    localStorage.setItem('cultureshare:units', 'metric');
    const about = await openThreadWithSigns(FAR_AND_THUMBS_DOWN);
    expect(about).toHaveAccessibleName('Sobre este miembro');
    expect(within(about).getByText('Se unió a CultureShare hoy')).toBeInTheDocument();
    expect(within(about).getByText('Vive a unos 3524 km de este cultivo')).toBeInTheDocument();
    expect(
      within(about).getByText('2 pulgares abajo de otros miembros en los últimos 6 meses'),
    ).toBeInTheDocument();
    expect(within(about).queryByText(/Lives about|thumbs-down/)).toBeNull();
  });
});
