import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { fakeServer } from '../test/fake-server';
import { aMember, aStarter } from '../test/fixtures';
import { AskGiverWithPhoto } from './ask-giver-with-photo';

afterEach(() => vi.unstubAllGlobals());

const giver = {
  id: 'giver-1',
  username: 'olive',
  firstName: 'Olive',
  lastName: null,
  profileImageUrl: null,
};
const starter = aStarter({ id: 7, user: giver });

const handovers = (status: string) => ({
  reservedForMe: [],
  given: [],
  received: [
    {
      id: 1,
      starterId: 7,
      giver,
      recipient: null,
      status,
      at: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      confirmedAt: null,
      healthCheck: null,
      canLeaveFeedback: false,
      myFeedback: null,
      starter: { id: 7, title: 'Kefir', thumbnailPath: null, owner: giver },
    },
  ],
});

describe('AskGiverWithPhoto', () => {
  it('opens the thread with the giver, photo button ready, for a member who received it', async () => {
    fakeServer({
      'GET /api/auth/user': () => aMember({ id: 'me' }),
      'GET /api/me/handovers': () => handovers('received'),
    });
    renderWithProviders(<AskGiverWithPhoto starter={starter} />);
    const link = await screen.findByRole('link', { name: 'Ask the giver with a photo' });
    expect(link).toHaveAttribute('href', '/messages?starter=7&with=giver-1&photo=1');
  });

  it('explains when the member has not received it', async () => {
    fakeServer({
      'GET /api/auth/user': () => aMember({ id: 'me' }),
      'GET /api/me/handovers': () => handovers('not_received'),
    });
    renderWithProviders(<AskGiverWithPhoto starter={starter} />);
    expect(
      await screen.findByText(/Once you have received this culture, you can ask its giver/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
