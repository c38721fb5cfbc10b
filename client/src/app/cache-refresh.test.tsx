import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBlockMember } from '../features/blocks/blocks-api';
import { useReserve } from '../features/handovers/handovers-api';
import { useCreateReport } from '../features/reports/reports-api';
import { useJoinWaitlist } from '../features/standing-offers/standing-offers-api';
import { createQueryClient } from '../lib/query-client';
import {
  blockKeys,
  handoverKeys,
  messagesKeys,
  moderationKeys,
  standingOfferKeys,
  starterKeys,
} from '../lib/query-keys';
import { fakeServer } from '../test/fake-server';

afterEach(() => vi.unstubAllGlobals());

/** One cached answer of each feature, so the test can see which ones a change made stale. */
const cached = {
  starter: starterKeys.detail(5),
  thread: messagesKeys.thread(5, 'asker'),
  handovers: handoverKeys.mine,
  offer: standingOfferKeys.detail(5),
  blocks: blockKeys.unreachable,
  dashboard: moderationKeys.reportStats,
};
type Part = keyof typeof cached;

/** Runs one mutation with every part cached and answers which parts it marked stale. */
async function staleAfterRunning<T>(
  useChange: () => { mutateAsync: (input: T) => Promise<unknown> },
  input: T,
): Promise<Part[]> {
  const queryClient = createQueryClient();
  for (const key of Object.values(cached)) queryClient.setQueryData(key, {});
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(useChange, { wrapper });
  await act(() => result.current.mutateAsync(input));
  return (Object.keys(cached) as Part[]).filter(
    (part) => queryClient.getQueryState(cached[part])?.isInvalidated,
  );
}

describe('a change refreshes what it makes stale in other features (lib/query-keys)', () => {
  it('a report reloads the moderation dashboard', async () => {
    fakeServer({ 'POST /api/reports': () => undefined });
    const input = { starterId: 5, reason: 'spam' as const, description: '' };
    expect(await staleAfterRunning(useCreateReport, input)).toEqual(['dashboard']);
  });

  it('a reservation refreshes the starter, its threads and the hand-overs', async () => {
    fakeServer({ 'POST /api/starters/5/reservations': () => ({ id: 1 }) });
    const input = { starterId: 5, memberId: 'asker', at: null };
    expect(await staleAfterRunning(useReserve, input)).toEqual(['starter', 'thread', 'handovers']);
  });

  it('joining a standing offer refreshes the offer and everything a hand-over touches', async () => {
    fakeServer({ 'POST /api/starters/5/waitlist': () => ({}) });
    expect(await staleAfterRunning(() => useJoinWaitlist(5), undefined)).toEqual([
      'starter',
      'thread',
      'handovers',
      'offer',
    ]);
  });

  it('a block refreshes who is reachable, and the hand-overs and threads it ends', async () => {
    fakeServer({ 'PUT /api/blocks/asker': () => undefined });
    const input = { memberId: 'asker', block: true };
    expect(await staleAfterRunning(useBlockMember, input)).toEqual([
      'starter',
      'thread',
      'handovers',
      'blocks',
    ]);
  });
});
