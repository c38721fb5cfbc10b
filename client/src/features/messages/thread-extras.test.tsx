import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '../../../../common/conversations/messages';
import type { Starter } from '../../../../common/listings/starters';
import { apiRequest } from '../../lib/api';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { MessagesView } from './messages-view';

const OWNER = {
  id: 'owner-1',
  username: null,
  firstName: 'Olive',
  lastName: null,
  profileImageUrl: null,
};
const conversation: Conversation = {
  starterId: 7,
  starterTitle: 'Kefir grains',
  otherUser: OWNER,
  lastMessage: { content: 'Reserved for you', createdAt: new Date().toISOString() },
  unreadCount: 0,
};
const messages: Message[] = [
  {
    id: 1,
    starterId: 7,
    senderId: 'me-1',
    receiverId: OWNER.id,
    content: 'May I have some?',
    isRead: true,
    createdAt: new Date().toISOString(),
  },
  {
    id: 2,
    starterId: 7,
    senderId: OWNER.id,
    receiverId: 'me-1',
    content: 'Reserved for you — Saturday 10:00',
    isRead: true,
    createdAt: new Date().toISOString(),
    kind: 'system',
    system: { event: 'reserved', at: '2030-01-05T10:00', reservationId: 3, handoverId: null },
  },
];

const starterQuery = (id: number) =>
  queryOptions({
    queryKey: ['starters', 'detail', id],
    queryFn: () => apiRequest<Starter>(`/api/starters/${id}`),
  });

afterEach(() => vi.unstubAllGlobals());

describe('a thread with hand-over extras', () => {
  it('shows system lines apart from chat bubbles, and the composed summary and toolbar', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/conversations') return jsonResponse([conversation]);
        if (url === '/api/messages/unread-count') return jsonResponse({ count: 0 });
        if (url.startsWith('/api/messages/starter/7')) return jsonResponse(messages);
        return jsonResponse({ message: 'not found' }, 404);
      }),
    );
    renderWithProviders(
      <MessagesView
        meId="me-1"
        starterQuery={starterQuery}
        threadExtras={{
          Summary: ({ userId }) => <p>summary of {userId}</p>,
          Toolbar: ({ otherId, otherName }) => (
            <p>
              toolbar for {otherName} ({otherId})
            </p>
          ),
        }}
      />,
      { path: `/messages?starter=7&with=${OWNER.id}` },
    );
    const log = await screen.findByRole('log', { name: 'Messages' });
    const line = await within(log).findByText(/Reserved for you — Saturday 10:00/);
    expect(line).toHaveTextContent('CultureShare: Reserved for you — Saturday 10:00');
    expect(line.closest('li')).toHaveClass('justify-center');
    const bubble = within(log).getByText('May I have some?');
    expect(bubble.closest('li > div')).toHaveClass('justify-end');
    expect(screen.getByText('summary of owner-1')).toBeInTheDocument();
    expect(screen.getByText('toolbar for Olive (owner-1)')).toBeInTheDocument();
  });

  it('folds the facts and Block under the header’s ⋯ button, leaving the conversation the room', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/conversations') return jsonResponse([conversation]);
        if (url === '/api/messages/unread-count') return jsonResponse({ count: 0 });
        if (url.startsWith('/api/messages/starter/7')) return jsonResponse(messages);
        return jsonResponse({ message: 'not found' }, 404);
      }),
    );
    renderWithProviders(
      <MessagesView
        meId="me-1"
        starterQuery={starterQuery}
        threadExtras={{
          Summary: ({ userId }) => <p>summary of {userId}</p>,
          Toolbar: () => <p>toolbar</p>,
          More: ({ otherName }) => <button type="button">Block {otherName}</button>,
        }}
      />,
      { path: `/messages?starter=7&with=${OWNER.id}` },
    );
    await screen.findByRole('log', { name: 'Messages' });
    // At rest: who and what, one line each; no Block bar, no summary.
    expect(await screen.findByRole('heading', { name: 'Kefir grains' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block Olive' })).toBeNull();
    expect(screen.getByText('summary of owner-1')).not.toBeVisible();
    const more = screen.getByRole('button', { name: 'Conversation options' });
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Block Olive' })).toBeVisible();
    expect(screen.getByText('summary of owner-1')).toBeVisible();
    expect(screen.getByRole('link', { name: 'View starter' })).toHaveAttribute(
      'href',
      '/starter/7',
    );
    await userEvent.click(more);
    expect(screen.queryByRole('button', { name: 'Block Olive' })).toBeNull();
  });
});
