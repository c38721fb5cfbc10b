import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../common/conversations/messages';
import { renderWithProviders } from '../../test/render';
import { ConversationList } from './conversation-list';

const conversation = (overrides: Partial<Conversation>): Conversation => ({
  starterId: 9,
  starterTitle: 'Milk kefir grains',
  otherUser: {
    id: 'o1',
    username: 'kefir_kim',
    firstName: null,
    lastName: null,
    profileImageUrl: null,
  },
  lastMessage: {
    content: 'Hi! Could you text me when it is ready?',
    createdAt: new Date().toISOString(),
  },
  unreadCount: 0,
  role: 'asker',
  stage: 'asked',
  awaitingReply: false,
  ...overrides,
});

describe('the inbox', () => {
  it('keeps the sender’s held conversation, marked as waiting for review or not delivered', () => {
    renderWithProviders(
      <ConversationList
        conversations={[
          conversation({ review: 'waiting' }),
          conversation({ starterId: 10, starterTitle: 'Rye starter', review: 'rejected' }),
          conversation({ starterId: 11, starterTitle: 'Water kefir' }),
        ]}
        isLoading={false}
        isError={false}
        onRetry={() => {}}
        selected={null}
      />,
    );
    const [held, rejected, plain] = within(
      screen.getByRole('list', { name: 'Conversations' }),
    ).getAllByRole('listitem');
    expect(held).toHaveTextContent('Milk kefir grains');
    expect(within(held!).getByText('Waiting for review')).toBeInTheDocument();
    expect(within(rejected!).getByText('Not delivered')).toBeInTheDocument();
    expect(within(plain!).queryByText('Waiting for review')).not.toBeInTheDocument();
  });
});
