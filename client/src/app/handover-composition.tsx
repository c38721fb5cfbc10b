import type { ReactNode } from 'react';
import { HandoverRelatedKeysProvider } from '../features/handovers/handovers-api';
import { messagesKeys } from '../features/messages/messages-api';
import { starterKeys } from '../features/starters/starters-api';

/** A hand-over changes starters (portions, status) and threads (system lines): both refresh. */
const relatedKeys = [starterKeys.all, messagesKeys.all] as const;

export function WithHandovers({ children }: { children: ReactNode }) {
  return <HandoverRelatedKeysProvider value={relatedKeys}>{children}</HandoverRelatedKeysProvider>;
}
