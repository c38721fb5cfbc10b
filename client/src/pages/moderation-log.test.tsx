import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModerationLogEntry } from '../../../common/moderation/moderation-log';
import { renderWithProviders, showIn } from '../test/render';
import ModerationLogPage from './moderation-log';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const entry = (i: number, extra: Partial<ModerationLogEntry> = {}): ModerationLogEntry => ({
  action: 'remove_starter',
  rule: 'free',
  at: new Date(Date.UTC(2026, 10, 1, 12) - i * 60_000).toISOString(),
  place: 'Leeds, England, United Kingdom',
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

describe('/moderation/log', () => {
  it('lists actions with their rule, town and time, names only the banned, and pages on', async () => {
    const first = [
      entry(0, { action: 'ban', member: 'gone_for_good' }),
      entry(1, { action: 'suspend', rule: null, place: null }),
      ...Array.from({ length: 28 }, (_, i) => entry(i + 2)),
    ];
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return json(url.includes('before=') ? [entry(40, { action: 'restore_starter' })] : first);
      }),
    );
    renderWithProviders(<ModerationLogPage />);
    expect(await screen.findByRole('heading', { name: 'Moderation Log' })).toBeInTheDocument();
    expect(await screen.findByText('Member banned')).toBeInTheDocument();
    expect(screen.getByText('Banned: gone_for_good')).toBeInTheDocument();
    expect(screen.getByText('Member suspended')).toBeInTheDocument();
    expect(screen.getByText('No rule named')).toBeInTheDocument();
    expect(screen.getByText('Place unknown')).toBeInTheDocument();
    expect(screen.getAllByText('Leeds, England, United Kingdom').length).toBeGreaterThan(0);
    expect(screen.queryAllByText(/^Banned:/)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await screen.findByText('Listing restored on appeal')).toBeInTheDocument();
    expect(calls[1]).toContain(`before=${encodeURIComponent(first[29]!.at)}`);
  });

  it('words a banned member who has no name in the reader’s language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json([entry(0, { action: 'ban', member: null })])),
    );
    await showIn('es');
    renderWithProviders(<ModerationLogPage />);
    expect(await screen.findByText('Expulsado: un miembro')).toBeInTheDocument();
    expect(screen.queryByText(/A member/)).toBeNull();
  });
});
