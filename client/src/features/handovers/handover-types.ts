/**
 * The hand-over shapes the screens rely on, as the contract gives them. They move to
 * `common/handovers.ts` (the server's schemas) once those land; until then this is the contract.
 */
export type Travel = 'pickup' | 'post';
export type Postage = 'giver' | 'recipient';
export type ListingStatus = 'available' | 'reserved' | 'claimed' | 'expired';
export type FeedbackRating = 'up' | 'down';
export const FEEDBACK_DOWN_REASONS = [
  { value: 'no-show', label: 'No-show' },
  { value: 'late', label: 'Late' },
  { value: 'rude', label: 'Rude' },
  { value: 'unhealthy', label: 'Culture arrived unhealthy' },
  { value: 'other', label: 'Other' },
] as const;
export type FeedbackReason = (typeof FEEDBACK_DOWN_REASONS)[number]['value'];

/** What a starter carries about its hand-over (the contract's additions to Starter JSON). */
export interface ListingHandoverFields {
  portions?: number;
  portionsLeft?: number;
  travel?: Travel[];
  postage?: Postage | null;
  bring?: string | null;
  availableUntil?: string;
  status?: ListingStatus;
}

export interface MemberSummary {
  given: number;
  received: number;
  thumbsUp: number;
  thumbsDown: number;
  replyRate: number | null;
  typicalReplyMinutes: number | null;
  backedOut90d: number;
}

export interface Reservation {
  id: number;
  starterId: number;
  memberId: string;
  at: string | null;
  createdAt: string;
}

export interface Handover {
  id: number;
  starterId: number;
  /** null: given to someone not on CultureShare. */
  memberId: string | null;
  giverId: string;
  confirmed: boolean | null;
  createdAt: string;
  /** Whether the member asking has left feedback on it. */
  myFeedback: FeedbackRating | null;
}

/** Where a conversation about one starter stands between its owner and one member. */
export interface ThreadHandoverState {
  starterId: number;
  ownerId: string;
  memberId: string;
  reservation: Reservation | null;
  handover: Handover | null;
  blocked: boolean;
}

export interface MyHandoverItem {
  starterId: number;
  starterTitle: string;
  ownerName: string;
  kind: 'reserved' | 'received';
  at: string | null;
  reservationId: number | null;
  handoverId: number | null;
}

export interface Block {
  memberId: string;
  name: string;
}
