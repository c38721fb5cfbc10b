/** The toast showing, kept apart from its Radix view so calling `toast()` loads no Radix code. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** One button beside the text (e.g. "Reload"); such a toast stays until it is used or closed. */
  action?: { label: string; onClick: () => void };
  /** How long it shows; with an action, until used or closed unless given (an undo's minute). */
  durationMs?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

// One toast at a time (spec §9): a new toast replaces the one showing.
let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showToast(input: ToastInput): void {
  current = { ...input, id: nextId++, open: true };
  emit();
}

export function dismissToast(id: number) {
  if (current?.id === id) {
    current = { ...current, open: false };
    emit();
  }
}

export function subscribeToToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toast showing (or closing), if any. */
export const currentToast = (): ToastItem | null => current;
