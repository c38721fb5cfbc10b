/**
 * What one step of joining tells the next, in the router's history state rather than the
 * address (decision 048): the terms just agreed on /join, and the address just signed up with.
 * History state stays with the tab (a reload keeps it) but is never sent to the server, shown
 * in the address bar or written to logs, and a shared link does not carry it.
 */
export interface JoinArrival {
  /** Ticked on /join a moment ago: the sign-up form's terms box starts ticked. */
  agreedTerms?: boolean;
  /** The address a new account was created with: /login says a link went there. */
  emailed?: string;
}

export function readArrival(state: unknown): JoinArrival {
  if (!state || typeof state !== 'object') return {};
  const { agreedTerms, emailed } = state as Record<string, unknown>;
  return {
    agreedTerms: agreedTerms === true,
    emailed: typeof emailed === 'string' && emailed ? emailed : undefined,
  };
}
