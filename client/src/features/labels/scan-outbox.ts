import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReceivedLabel } from '../../../../common/cultures/labels';
import { toastError } from '../../components/ui/toast';
import { apiRequest, errorMessage, isNetworkError } from '../../lib/api';
import { handoverKeys, labelKeys, lineageKeys, starterKeys } from '../../lib/query-keys';

/**
 * A jar scanned without a connection (a swap meet in a field, decision 169): kept on this
 * device with the time it was scanned, and sent when the connection comes back.
 */
export interface QueuedScan {
  code: string;
  /** Only the member who scanned sends it, whoever signs in on this device later. */
  memberId: string;
  scannedAt: string;
}

const STORAGE_KEY = 'cultureshare:scan-outbox';
const listeners = new Set<() => void>();
let cached: QueuedScan[] | null = null;

function read(): QueuedScan[] {
  if (cached) return cached;
  try {
    cached = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as QueuedScan[];
  } catch {
    cached = [];
  }
  return cached;
}

function write(items: QueuedScan[]) {
  cached = items;
  // Kept in localStorage so a closed tab or a phone restarting loses nothing.
  localStorage.setItem(STORAGE_KEY, JSON.stringify(items));
  listeners.forEach((l) => l());
}

const EMPTY: QueuedScan[] = [];
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Whether the scan of `code` waits on this device to be sent. */
export function useQueuedScan(code: string): boolean {
  const all = useSyncExternalStore(subscribe, read, () => EMPTY);
  return all.some((s) => s.code === code);
}

export function queueScan(scan: QueuedScan): void {
  if (read().some((s) => s.code === scan.code)) return;
  write([...read(), scan]);
}

/** The page, the family and the lists reload after a scan was recorded. */
export function afterReceived(queryClient: QueryClient, code: string, received?: ReceivedLabel) {
  void queryClient.invalidateQueries({ queryKey: labelKeys.view(code) });
  if (!received) return;
  void queryClient.invalidateQueries({ queryKey: lineageKeys.lineage(received.starterId) });
  void queryClient.invalidateQueries({ queryKey: starterKeys.all });
  void queryClient.invalidateQueries({ queryKey: handoverKeys.all });
}

export const sendScan = (code: string, scannedAt?: string) =>
  apiRequest<ReceivedLabel>(`/api/labels/${encodeURIComponent(code)}/receive`, {
    method: 'POST',
    ...(scannedAt ? { body: { scannedAt } } : {}),
  });

let flushing: Promise<void> | null = null;

/**
 * Sends the member's waiting scans, one at a time. A lost connection stops the round and keeps
 * the rest; a refusal (someone else received the jar first) drops that scan and says why.
 */
export function flushScans(queryClient: QueryClient, meId: string, failed: string): Promise<void> {
  flushing ??= (async () => {
    try {
      for (const scan of read().filter((s) => s.memberId === meId)) {
        try {
          const received = await sendScan(scan.code, scan.scannedAt);
          write(read().filter((s) => s.code !== scan.code));
          afterReceived(queryClient, scan.code, received);
        } catch (err) {
          if (isNetworkError(err)) return;
          write(read().filter((s) => s.code !== scan.code));
          afterReceived(queryClient, scan.code);
          toastError(errorMessage(err, failed));
        }
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** Mounted once in the layout: waiting scans go when the app starts and whenever it is back online. */
export function ScanOutboxSender({ meId }: { meId: string | undefined }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('pages');
  const failed = t('jar.sendFailed');
  useEffect(() => {
    if (!meId) return;
    const flush = () => void flushScans(queryClient, meId, failed);
    if (navigator.onLine && read().length > 0) flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [meId, queryClient, failed]);
  return null;
}
