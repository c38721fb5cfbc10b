import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateAll, staleAfter } from '../../lib/query-keys';
import { refreshReadState } from './messages-api';
import { toast } from '../../components/ui/toast';
import { conversationsT } from '../../lib/conversations-t';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** Waits longer after each failure, with jitter so a restarted server isn't hit all at once. */
export function retryDelay(attempt: number, random = Math.random()): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return Math.round(base * (0.5 + random / 2));
}

/**
 * Keeps the messaging queries live from GET /api/events while `enabled` (signed in). Events
 * carry ids only: each one refetches what a message may change (`staleAfter.message`: the
 * threads, and the thread's hand-over bar). Every (re)connection refetches too, so whatever
 * happened while the stream was down shows up.
 */
export function useLiveMessageEvents(enabled: boolean) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const refreshAll = () => {
      void invalidateAll(queryClient, staleAfter.message);
      void invalidateAll(queryClient, staleAfter.notification);
    };

    const connect = () => {
      source = new EventSource('/api/events', { withCredentials: true });
      source.addEventListener('open', () => {
        attempt = 0;
        refreshAll();
      });
      source.addEventListener('message', refreshAll);
      source.addEventListener('read', () => refreshReadState(queryClient));
      // Someone is waiting for an answer: said once, where the member is now.
      source.addEventListener('nudge', () => {
        toast({
          title: conversationsT('live.nudgeTitle'),
          description: conversationsT('live.nudgeText'),
        });
        refreshAll();
      });
      // The stream is the member's, not only the messages': the bell rings on it too.
      const refreshBell = () => void invalidateAll(queryClient, staleAfter.notification);
      source.addEventListener('notification', refreshBell);
      source.addEventListener('notifications_read', refreshBell);
      source.addEventListener('error', () => {
        // EventSource would retry at a fixed pace on its own; we back off instead.
        source?.close();
        source = null;
        if (stopped) return;
        timer = setTimeout(connect, retryDelay(attempt));
        attempt += 1;
      });
    };
    connect();

    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [enabled, queryClient]);
}
