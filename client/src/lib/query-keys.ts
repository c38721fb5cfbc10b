import type { QueryClient, QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { ReportStatus } from '../../../common/listings/catalogue';
import type { AppealStatus } from '../../../common/moderation/moderation';
import type { StarterListParams } from '../../../common/listings/browse-page';
import type { Starter } from '../../../common/listings/starters';

/*
 * Every cached answer's key, for every feature, in one plain-data module (decision 039). A
 * feature's `*-api.ts` builds its queries from these; a mutation that changes what another
 * feature shows invalidates that feature's keys by importing them from here, so there is one
 * way to refresh across features and no feature imports another. Each factory's keys start
 * with its `all`, so one invalidation refreshes the whole family.
 */

export const currentUserQueryKey = ['current-user'] as const;
/** The member's trust level and what would raise it: refreshed with the current user. */
export const myTrustQueryKey = ['current-user', 'trust'] as const;

export const siteQueryKey = ['site'] as const;

/** Review by the many (decision 165): the trusted member's queue. */
export const reviewKeys = {
  all: ['review'] as const,
  queue: ['review', 'queue'] as const,
};
export const siteLanguagesQueryKey = ['site', 'languages'] as const;

export const starterKeys = {
  all: ['starters'] as const,
  list: (params: StarterListParams) => ['starters', 'list', params] as const,
  detail: (id: number) => ['starters', 'detail', id] as const,
  /** What the browse map shows of a view (decision 082), by its question. */
  map: (query: string) => ['starters', 'map', query] as const,
  /** How far a starter is from a place (its detail page's distance line). */
  distance: (id: number, near: string) => ['starters', 'distance', id, near] as const,
  mine: ['starters', 'mine'] as const,
  /** A listing's photos as files, to post it again ("Post Again"). */
  photoFiles: (id: number) => ['starters', 'photo-files', id] as const,
};

/** Asks (decision 060): browse's "Asked for" view, one ask, the member's own. */
export const askKeys = {
  all: ['asks'] as const,
  list: (params: Record<string, string>) => ['asks', 'list', params] as const,
  detail: (id: number) => ['asks', 'detail', id] as const,
  mine: ['asks', 'mine'] as const,
  forListing: (starterId: number) => ['asks', 'listing', starterId] as const,
};

/** The gazetteer never changes: places typed ahead, by what was typed. */
export const placeKeys = {
  all: ['places'] as const,
  suggestions: (typed: string) => ['places', 'suggestions', typed] as const,
  /** The names the browse map draws for a view. */
  labels: (view: string) => ['places', 'labels', view] as const,
  /** Where the browse map opens for a named place. */
  centre: (name: string) => ['places', 'centre', name] as const,
};

/**
 * The landing page's figures and listings (GET /api/site/home, decision 046): under
 * `starterKeys.all`, so posting, claiming or deleting a starter refreshes them too.
 */
export const homeQueryKey = [...starterKeys.all, 'home'] as const;

/**
 * How another feature receives the starters feature's one cache entry of a starter (decision
 * 016): `starterQueries.detail`, handed over by the page.
 */
export type StarterQuery<Key extends QueryKey = QueryKey> = (
  starterId: number,
) => UseQueryOptions<Starter, Error, Starter, Key>;

/**
 * Family trees (decision 031) sit under `starterKeys.all`, so posting, claiming or deleting a
 * starter refreshes the trees it may appear in.
 */
export const lineageKeys = {
  lineage: (id: number) => [...starterKeys.all, 'lineage', id] as const,
  received: [...starterKeys.all, 'received-cultures'] as const,
  receivedOne: (handoverId: number) =>
    [...starterKeys.all, 'received-cultures', handoverId] as const,
};

/** A scanned jar label's page (decision 157). */
export const meetKeys = {
  all: ['meets'] as const,
  near: (near: string) => ['meets', 'near', near] as const,
  detail: (id: number) => ['meets', 'detail', id] as const,
};

export const labelKeys = {
  view: (code: string) => ['labels', code] as const,
};

export const messagesKeys = {
  all: ['messages'] as const,
  conversations: ['messages', 'conversations'] as const,
  unread: ['messages', 'unread'] as const,
  /** Every thread with anyone about one starter. */
  starterThreads: (starterId: number) => ['messages', 'thread', starterId] as const,
  thread: (starterId: number, withId: string | null) =>
    ['messages', 'thread', starterId, withId] as const,
  /** Facts about the member who opened a conversation, for the one they wrote to. */
  signs: (starterId: number, withId: string) => ['messages', 'signs', starterId, withId] as const,
};

export const handoverKeys = {
  all: ['handovers'] as const,
  summary: (userId: string) => ['handovers', 'summary', userId] as const,
  /** The signed-in owner's listings with who asked and where each stands. */
  activity: ['handovers', 'starter-activity'] as const,
  /** What is reserved for the signed-in member, and what they received or gave. */
  mine: ['handovers', 'mine'] as const,
  /** Listings about to expire, hand-overs waiting for "Received": the site-wide notices. */
  notices: ['handovers', 'notices'] as const,
};

/** Blocks decide who may message whom: the Message buttons hide behind `unreachable`. */
export const blockKeys = {
  all: ['blocks'] as const,
  mine: ['blocks', 'mine'] as const,
  /** Members a block stands between, either way round: no Message button for them. */
  unreachable: ['blocks', 'unreachable'] as const,
};

export const standingOfferKeys = {
  all: ['standing-offers'] as const,
  /** A starter's standing offer as the signed-in member (or visitor) sees it. */
  detail: (starterId: number) => ['standing-offers', 'starter', starterId] as const,
  /** The member's own standing offers and the turns offered to them. */
  mine: ['standing-offers', 'mine'] as const,
  /** The signed-in member's open offers ("It's your turn", site-wide). */
  myTurns: ['standing-offers', 'my-turns'] as const,
};

export const checkinKeys = {
  all: ['checkins'] as const,
  /** One check-in as its mailed answer link shows it. */
  byMail: (id: number, key: string) => ['checkins', 'mail', id, key] as const,
  /** The signed-in member's check-ins that are due now (at most one per hand-over). */
  due: ['checkins', 'due'] as const,
};

/** Every dashboard query sits under `all`: any moderator action reloads them together. */
export const moderationKeys = {
  all: ['moderation'] as const,
  reports: (status: ReportStatus) => ['moderation', 'reports', status] as const,
  reportStats: ['moderation', 'report-stats'] as const,
  sanctions: (active: boolean) => ['moderation', 'sanctions', active] as const,
  audit: ['moderation', 'audit'] as const,
  appeals: (status: AppealStatus) => ['moderation', 'appeals', status] as const,
  /** Why a starter was removed, as its owner sees it on the listing. */
  removal: (starterId: number) => ['moderation', 'removal', starterId] as const,
  /** Messages and new listings screening held for a moderator. */
  held: ['moderation', 'held'] as const,
  heldStarters: ['moderation', 'held-starters'] as const,
  /** What waits on the Held and Reports tabs: the counts beside their names. */
  waiting: ['moderation', 'waiting'] as const,
  /** The screening rules and their figures on the corpus. */
  screening: ['moderation', 'screening'] as const,
  /** The public moderation log (decision 167). */
  log: ['moderation', 'log'] as const,
  /** Stewards and their areas (decision 166). */
  stewards: ['moderation', 'stewards'] as const,
};

export const careKeys = {
  all: ['care-cards'] as const,
  card: (subcategory: string) => ['care-cards', subcategory] as const,
};

/** Whose account a mailed confirmation link is for (read before its button is pressed). */
export const confirmationDetailsKey = (token: string) => ['confirmation-details', token] as const;

/** The member's own sessions ("Where am I signed in"). */
export const sessionKeys = {
  all: ['sessions'] as const,
};

export const mailSettingsKeys = {
  all: ['mail-settings'] as const,
  /** One kind's choice as a mail's stop link shows it (no sign-in: the key in the link). */
  byKey: (key: string, kind: string) => ['mail-settings', 'key', key, kind] as const,
};

/** The notification centre: its list, and the bell's count (refreshed together). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
};

/**
 * What each kind of change makes stale beyond its own feature. A mutation names its kind here
 * rather than being handed keys by its page, so the rule is read in one place.
 */
export const staleAfter = {
  /** Portions and status on the starter, system lines in the thread, my hand-overs. */
  handover: [handoverKeys.all, starterKeys.all, messagesKeys.all],
  /** An accepted offer becomes a reservation: everything a hand-over changes, and the offer. */
  standingOffer: [standingOfferKeys.all, handoverKeys.all, starterKeys.all, messagesKeys.all],
  /** A block hides Message buttons and ends the offers and reservations between the two. */
  block: [blockKeys.all, handoverKeys.all, starterKeys.all, messagesKeys.all],
  /** A live event (a message, a system line, a block) may move a thread's hand-over bar. */
  message: [messagesKeys.all, handoverKeys.all, blockKeys.all],
  /**
   * A new notification (live) may come with a hand-over to confirm or a listing about to end:
   * the bell, and the to-dos shown beside it.
   */
  notification: [notificationKeys.all, handoverKeys.notices],
  /** A moderator who reports sees the new report on the dashboard without a reload. */
  report: [moderationKeys.all],
} as const;

export function invalidateAll(
  queryClient: QueryClient,
  keys: readonly (readonly unknown[])[],
): Promise<unknown> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The signed-in member's passkeys (GET /api/users/me/passkeys). */
export const passkeyKeys = {
  all: ['passkeys'] as const,
};

export const pushKeys = {
  all: ['push'] as const,
  settings: ['push', 'settings'] as const,
  /** Whether this browser is subscribed, and as which of the member's subscriptions. */
  device: ['push', 'device'] as const,
};

/** The member's alerts (GET /api/alerts) and what a mail's stop link would stop. */
export const alertKeys = {
  all: ['alerts'] as const,
  mine: ['alerts', 'mine'] as const,
  stop: (key: string, id: string) => ['alerts', 'stop', key, id] as const,
};
