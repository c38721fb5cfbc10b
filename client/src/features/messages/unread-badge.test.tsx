import { act, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handoverKeys } from '../../lib/query-keys';
import { renderWithProviders } from '../../test/render';
import { UnreadBadge } from './unread-badge';
import { retryDelay } from './use-live-message-events';

/** Stands in for the browser's EventSource so the test can play the server. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  closed = false;
  private listeners = new Map<string, Array<() => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string) {
    for (const fn of this.listeners.get(type) ?? []) fn();
  }
  close() {
    this.closed = true;
  }
}

function serveUnread() {
  let count = 0;
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/messages/unread-count') {
      return new Response(JSON.stringify({ count }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response('[]', { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { setCount: (n: number) => (count = n), fetchMock };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeEventSource.instances = [];
});

describe('the unread badge', () => {
  it('shows the unread total as soon as a live event says a message arrived', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const server = serveUnread();
    renderWithProviders(<UnreadBadge />);
    await waitFor(() => expect(server.fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('unread-badge')).toBeNull();

    const [source] = FakeEventSource.instances;
    expect(source!.url).toBe('/api/events');
    server.setCount(3);
    act(() => source!.emit('message'));
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('3');
    expect(screen.getByText(', 3 unread')).toBeInTheDocument();

    server.setCount(0);
    act(() => source!.emit('read'));
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).toBeNull());
  });

  it('reconnects after a dropped stream and refetches what it missed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('EventSource', FakeEventSource);
    const server = serveUnread();
    renderWithProviders(<UnreadBadge />);
    await waitFor(() => expect(server.fetchMock).toHaveBeenCalled());
    const first = FakeEventSource.instances[0]!;

    act(() => first.emit('error'));
    expect(first.closed).toBe(true);
    server.setCount(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(retryDelay(0, 1));
    });
    const second = FakeEventSource.instances[1];
    expect(second).toBeDefined();
    act(() => second!.emit('open'));
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('2');
  });

  it('also refreshes what a message may change elsewhere (a thread’s hand-over bar)', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let fetched = 0;
    function HandoverBar() {
      const { data } = useQuery({
        queryKey: handoverKeys.activity,
        queryFn: () => ++fetched,
      });
      return <p>Hand-over bar, version {data}</p>;
    }
    const server = serveUnread();
    renderWithProviders(
      <>
        <UnreadBadge />
        <HandoverBar />
      </>,
    );
    await waitFor(() => expect(server.fetchMock).toHaveBeenCalled());
    expect(await screen.findByText('Hand-over bar, version 1')).toBeInTheDocument();

    act(() => FakeEventSource.instances[0]!.emit('message'));
    expect(await screen.findByText('Hand-over bar, version 2')).toBeInTheDocument();
    // One stream, however often the header renders.
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});

describe('reconnect backoff', () => {
  it('waits longer after each failure, up to half a minute', () => {
    expect(retryDelay(0, 1)).toBe(1000);
    expect(retryDelay(1, 1)).toBe(2000);
    expect(retryDelay(3, 1)).toBe(8000);
    expect(retryDelay(10, 1)).toBe(30_000);
    expect(retryDelay(2, 0)).toBe(2000);
  });
});
