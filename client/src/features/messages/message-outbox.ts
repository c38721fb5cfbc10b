import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Message } from '../../../../common/conversations/messages';
import { toastError } from '../../components/ui/toast';
import { apiRequest, errorMessage, isNetworkError } from '../../lib/api';
import { messagesKeys } from '../../lib/query-keys';
import { conversationsT } from '../../lib/conversations-t';

/** A message written without a connection, kept on this device until the server has it. */
export interface OutboxMessage {
  /** Sent as the Idempotency-Key: a retry after a lost answer is stored once. */
  key: string;
  /** Only the member who wrote it sends it, whoever signs in on this device later. */
  senderId: string;
  starterId: number;
  receiverId: string;
  content: string;
  createdAt: string;
}

const STORAGE_KEY = 'cultureshare:message-outbox';
const listeners = new Set<() => void>();
let cached: OutboxMessage[] | null = null;

function read(): OutboxMessage[] {
  if (cached) return cached;
  try {
    cached = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as OutboxMessage[];
  } catch {
    cached = [];
  }
  return cached;
}

function write(items: OutboxMessage[]) {
  cached = items;
  // Kept in localStorage so a closed tab or a restart loses nothing.
  localStorage.setItem(STORAGE_KEY, JSON.stringify(items));
  listeners.forEach((l) => l());
}

const EMPTY: OutboxMessage[] = [];
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** This thread's messages waiting to be sent, oldest first. */
export function useOutbox(starterId: number, receiverId: string | null): OutboxMessage[] {
  const all = useSyncExternalStore(subscribe, read, () => EMPTY);
  return all.filter((m) => m.starterId === starterId && m.receiverId === receiverId);
}

export const newOutboxKey = () => crypto.randomUUID();

export function addToOutbox(item: OutboxMessage): void {
  if (read().some((m) => m.key === item.key)) return;
  write([...read(), item]);
}

const sendOne = (item: OutboxMessage) =>
  apiRequest<Message>('/api/messages', {
    method: 'POST',
    body: { starterId: item.starterId, receiverId: item.receiverId, content: item.content },
    headers: { 'Idempotency-Key': item.key },
  });

let flushing: Promise<void> | null = null;

/**
 * Sends what waits, in order, one at a time. A lost connection stops the round and keeps the
 * rest; a refusal (a blocked member, a removed starter) drops that message and says why.
 */
export function flushOutbox(queryClient: QueryClient, meId: string): Promise<void> {
  flushing ??= (async () => {
    try {
      for (const item of read().filter((m) => m.senderId === meId)) {
        try {
          const message = await sendOne(item);
          write(read().filter((m) => m.key !== item.key));
          queryClient.setQueryData<Message[]>(
            messagesKeys.thread(message.starterId, message.receiverId),
            (old) => (old && !old.some((m) => m.id === message.id) ? [...old, message] : old),
          );
          void queryClient.invalidateQueries({ queryKey: messagesKeys.all });
        } catch (err) {
          if (isNetworkError(err)) return;
          write(read().filter((m) => m.key !== item.key));
          toastError(errorMessage(err, conversationsT('thread.sendFailed')));
        }
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** Sends waiting messages when the app starts and whenever the connection comes back. */
export function useOutboxSender(meId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!meId) return;
    const flush = () => void flushOutbox(queryClient, meId);
    if (navigator.onLine && read().length > 0) flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [meId, queryClient]);
}

/** Mounted once in the layout: the sender runs on every page, not only in the thread. */
export function OutboxSender({ meId }: { meId: string | undefined }) {
  useOutboxSender(meId);
  return null;
}
