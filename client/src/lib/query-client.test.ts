import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

/** A count on the server, and the fetches of it still waiting for their answer. */
function countOnServer() {
  const server = { count: 0, asked: [] as Array<() => void> };
  const queryFn = () =>
    new Promise<number>((resolve) => {
      const answer = server.count; // what the server had when it was asked
      server.asked.push(() => resolve(answer));
    });
  return { server, queryFn };
}

describe('the query client', () => {
  it('asks again when a change is announced while the first answer is on its way', async () => {
    const queryClient = createQueryClient();
    const { server, queryFn } = countOnServer();
    const observer = new QueryObserver(queryClient, { queryKey: ['count'], queryFn });
    const unsubscribe = observer.subscribe(() => {});
    expect(server.asked).toHaveLength(1);

    // The count changes, and the news of it arrives before the first answer (given before).
    server.count = 1;
    const invalidated = queryClient.invalidateQueries({ queryKey: ['count'] });
    server.asked[0]!();
    await vi.waitFor(() => expect(server.asked).toHaveLength(2));
    server.asked[1]!();
    await invalidated;

    expect(queryClient.getQueryData(['count'])).toBe(1);
    expect(observer.getCurrentResult().data).toBe(1);
    unsubscribe();
  });

  it('asks once when the query already holds an answer', async () => {
    const queryClient = createQueryClient();
    const { server, queryFn } = countOnServer();
    const observer = new QueryObserver(queryClient, { queryKey: ['count'], queryFn });
    const unsubscribe = observer.subscribe(() => {});
    server.asked[0]!();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(0));

    server.count = 2;
    const invalidated = queryClient.invalidateQueries({ queryKey: ['count'] });
    expect(server.asked).toHaveLength(2);
    server.asked[1]!();
    await invalidated;

    expect(server.asked).toHaveLength(2);
    expect(observer.getCurrentResult().data).toBe(2);
    unsubscribe();
  });
});
