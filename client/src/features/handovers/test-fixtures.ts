import type { Handover } from '../../../../common/conversations/handovers';

/** A member as hand-over answers show one. */
const person = (id: string, firstName: string) => ({
  id,
  username: null,
  firstName,
  lastName: null,
  profileImageUrl: null,
});

/** The member who asks for the starter, and its owner who gives it. */
export const asker = person('asker', 'Arlo');
export const owner = person('owner', 'Olive');
/** The starter (id 5) as the hand-over lists name it. */
export const brief = { id: 5, title: 'Kefir grains', thumbnailPath: null, owner };

/** Owner → asker hand-over 3 of starter 5, given and not yet confirmed; override the rest. */
export const aHandover = (over: Partial<Handover> = {}): Handover => ({
  id: 3,
  starterId: 5,
  giver: owner,
  recipient: asker,
  status: 'given',
  at: null,
  createdAt: '',
  confirmedAt: null,
  healthCheck: null,
  canLeaveFeedback: false,
  myFeedback: null,
  myFeedbackWithdrawableUntil: null,
  ...over,
});
