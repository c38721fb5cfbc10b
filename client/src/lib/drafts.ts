/**
 * Typed text kept for one member in this browser tab until it is sent, so closing a dialog by
 * mistake loses nothing. Session storage: a shared computer forgets it with the tab.
 */
function key(memberId: string, what: string) {
  return `cultureshare:draft:${memberId}:${what}`;
}

export function readDraft(memberId: string | undefined, what: string): string {
  if (!memberId) return '';
  try {
    return sessionStorage.getItem(key(memberId, what)) ?? '';
  } catch {
    return '';
  }
}

export function saveDraft(memberId: string | undefined, what: string, text: string) {
  if (!memberId) return;
  try {
    if (text.trim()) sessionStorage.setItem(key(memberId, what), text);
    else sessionStorage.removeItem(key(memberId, what));
  } catch {
    // Storage refused (private mode, full): the draft lives only while the dialog is open.
  }
}
