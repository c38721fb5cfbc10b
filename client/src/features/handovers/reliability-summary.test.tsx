import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ReliabilitySummary, replyTimeText } from './reliability-summary';
import { fakeServer } from '../../test/fake-server';

afterEach(() => vi.unstubAllGlobals());

describe('replyTimeText', () => {
  it('says how fast a member usually replies', () => {
    expect(replyTimeText(null)).toBeNull();
    expect(replyTimeText(0.5)).toBe('Usually replies within an hour');
    expect(replyTimeText(3)).toBe('Usually replies within a few hours');
    expect(replyTimeText(20)).toBe('Usually replies within a day');
    expect(replyTimeText(50)).toBe('Usually replies within a few days');
    expect(replyTimeText(100)).toBe('Usually takes a few days or more to reply');
  });
});

describe('ReliabilitySummary', () => {
  it('shows counts, reply speed and backed-out reservations, never contact details', async () => {
    const calls = fakeServer({
      'GET /api/users/u-1/summary': () => ({
        given: 3,
        received: 1,
        thumbsUp: 4,
        thumbsDown: 1,
        replyRate: 0.9,
        typicalReplyMinutes: 100,
        replyHours: 2,
        backedOut90d: 2,
        kitchensReached: 5,
      }),
    });
    renderWithProviders(<ReliabilitySummary userId="u-1" />);
    expect(await screen.findByText('3 starters given · 1 received')).toBeInTheDocument();
    expect(
      screen.getByText('Usually replies within a few hours (answers 90%)'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Backed out of 2 reservations in the last 90 days'),
    ).toBeInTheDocument();
    expect(screen.getByText('Kitchens reached: 5')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Reliability' });
    expect(group).toHaveTextContent('Thumbs up:4');
    expect(group).toHaveTextContent('Thumbs down:1');
    expect(calls.map((c) => c.url)).toEqual(['/api/users/u-1/summary']);
  });

  it('leaves out what a new member has no history for', async () => {
    fakeServer({
      'GET /api/users/u-2/summary': () => ({
        given: 0,
        received: 0,
        thumbsUp: 0,
        thumbsDown: 0,
        replyRate: null,
        typicalReplyMinutes: null,
        replyHours: null,
        backedOut90d: 0,
        kitchensReached: 0,
      }),
    });
    renderWithProviders(<ReliabilitySummary userId="u-2" />);
    expect(await screen.findByText('0 starters given · 0 received')).toBeInTheDocument();
    expect(screen.queryByText(/replies/)).toBeNull();
    expect(screen.queryByText(/Backed out/)).toBeNull();
    expect(screen.queryByText(/Kitchens reached/)).toBeNull();
  });
});
