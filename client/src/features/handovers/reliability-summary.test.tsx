import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ratingsText, ReliabilitySummary, replyTimeText } from './reliability-summary';
import { aSummary } from '../../test/fixtures';
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
  it('shows the share of 👍, counts, reply speed and the year’s no-shows, never contact details', async () => {
    const calls = fakeServer({
      'GET /api/users/u-1/summary': () =>
        aSummary({
          given: 3,
          received: 1,
          thumbsUp: 4,
          thumbsDown: 1,
          replyRate: 0.9,
          typicalReplyMinutes: 100,
          replyHours: 2,
          noShows365d: 1,
          lateCancellations365d: 2,
          kitchensReached: 5,
        }),
    });
    renderWithProviders(<ReliabilitySummary userId="u-1" />);
    expect(await screen.findByText('3 starters given · 1 received')).toBeInTheDocument();
    expect(
      screen.getByText('Usually replies within a few hours (answers 90%)'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('In the last year: 1 no-show, 2 late cancellations'),
    ).toBeInTheDocument();
    expect(screen.getByText('Kitchens reached: 5')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Reliability' });
    expect(group).toHaveTextContent('80% positive · 5 ratings');
    expect(calls.map((c) => c.url)).toEqual(['/api/users/u-1/summary']);
  });

  it('leaves out what a new member has no history for', async () => {
    fakeServer({
      'GET /api/users/u-2/summary': () => aSummary(),
    });
    renderWithProviders(<ReliabilitySummary userId="u-2" />);
    expect(await screen.findByText('0 starters given · 0 received')).toBeInTheDocument();
    expect(screen.queryByText(/replies/)).toBeNull();
    expect(screen.getByText('No ratings yet')).toBeInTheDocument();
    expect(screen.queryByText(/In the last year/)).toBeNull();
    expect(screen.queryByText(/Kitchens reached/)).toBeNull();
  });
});

describe('ratingsText', () => {
  const rated = (thumbsUp: number, thumbsDown: number) =>
    ratingsText(aSummary({ thumbsUp, thumbsDown }));

  it('says how many ratings in words below three, never a percentage', () => {
    expect(rated(0, 0)).toBe('No ratings yet');
    expect(rated(0, 1)).toBe('One rating so far');
    expect(rated(1, 1)).toBe('Two ratings so far');
  });

  it('shows the share of 👍 from the third rating on', () => {
    expect(rated(2, 1)).toBe('67% positive · 3 ratings');
    expect(rated(0, 3)).toBe('0% positive · 3 ratings');
    expect(rated(12, 0)).toBe('100% positive · 12 ratings');
  });

  it('shows no-shows and late cancellations once a member has a hand-over', async () => {
    fakeServer({
      'GET /api/users/u-3/summary': () => aSummary({ given: 1, thumbsUp: 1 }),
    });
    renderWithProviders(<ReliabilitySummary userId="u-3" />);
    expect(
      await screen.findByText('In the last year: no no-shows, no late cancellations'),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Reliability' })).toHaveTextContent(
      'One rating so far',
    );
    expect(screen.queryByText(/%/)).toBeNull();
  });
});
