import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStarter, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { FeedReminder, FreshnessNote } from './freshness';

afterEach(() => vi.unstubAllGlobals());

/** The day `days` ago, as the post form's date input stores it (that day's midnight UTC). */
function pickedDaysAgo(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() - days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T00:00:00.000Z`;
}

describe('FreshnessNote', () => {
  it('says "Fed 2 days ago" for an active culture fed two days ago, with no warning', () => {
    renderWithProviders(<FreshnessNote starter={aStarter({ lastFedAt: pickedDaysAgo(2) })} />);
    expect(screen.getByText('Fed 2 days ago')).toBeInTheDocument();
    expect(screen.queryByText('May need a feed')).toBeNull();
  });

  it('adds "May need a feed" past the care card’s figure (7 days for sourdough)', () => {
    renderWithProviders(<FreshnessNote starter={aStarter({ lastFedAt: pickedDaysAgo(9) })} />);
    expect(screen.getByText('Fed 9 days ago')).toBeInTheDocument();
    expect(screen.getByText('May need a feed')).toBeInTheDocument();
  });

  it('says nothing for a dried culture or an unknown last feed', () => {
    const { container } = renderWithProviders(
      <>
        <FreshnessNote starter={aStarter({ form: 'dried' })} />
        <FreshnessNote starter={aStarter({ lastFedAt: null })} />
      </>,
    );
    expect(container.textContent).toBe('');
  });
});

describe('FeedReminder, for the owner', () => {
  it('flags an overdue culture and records a feed with Fed today', async () => {
    const starter = aStarter({ lastFedAt: pickedDaysAgo(9) });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        return jsonResponse({ ...starter, lastFedAt: new Date().toISOString() });
      }),
    );
    renderWithProviders(<FeedReminder starter={starter} />);
    expect(screen.getByText('Not fed for 9 days — feed it and tap Fed today')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fed today' }));
    await waitFor(() => expect(calls).toContain('POST /api/starters/42/fed'));
  });

  it('in My Starters shows only overdue cultures', () => {
    const { container } = renderWithProviders(
      <FeedReminder starter={aStarter({ lastFedAt: pickedDaysAgo(3) })} compact />,
    );
    expect(container.textContent).toBe('');
  });
});

describe('a claimed listing', () => {
  it('stops asking to be fed, on the card and for its owner', () => {
    const claimed = aStarter({ lastFedAt: pickedDaysAgo(9), isClaimed: true, status: 'claimed' });
    const { container } = renderWithProviders(
      <>
        <FreshnessNote starter={claimed} />
        <FeedReminder starter={claimed} />
        <FeedReminder starter={claimed} compact />
      </>,
    );
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('button', { name: /Fed today/ })).toBeNull();
  });
});
