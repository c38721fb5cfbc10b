/**
 * Why a moderator removed a listing: one of the four numbered rules of /rules or one of its
 * additional guidelines (client/src/pages/rules.tsx words them in full). One list for the
 * Remove Starter dialog, the server's check, the owner's mail and the notice on the listing.
 */
export const removalReasons = [
  {
    value: 'safety',
    rule: 'Rule 1',
    title: 'Safety & Quality',
    summary: 'Only healthy, safe and active starters, with no sign of contamination.',
  },
  {
    value: 'free',
    rule: 'Rule 2',
    title: 'Free Items Only',
    summary: 'Everything shared here is free: no selling, trades for money or hidden fees.',
  },
  {
    value: 'starters-only',
    rule: 'Rule 3',
    title: 'Fermentation Starters Only',
    summary:
      'Only living starters in dairy, grains, tea/beverage and legume/soy; no prepared or store-bought foods.',
  },
  {
    value: 'accurate',
    rule: 'Rule 4',
    title: 'Be Clear & Accurate',
    summary:
      'Name the starter type and base, its history and care tips, and whether it is dehydrated, frozen or active.',
  },
  {
    value: 'privacy',
    rule: 'Guideline',
    title: 'Respect Privacy',
    summary: 'Keep addresses and phone numbers out of listings.',
  },
  {
    value: 'inappropriate',
    rule: 'Guideline',
    title: 'No Inappropriate Content',
    summary: 'No offensive, hateful or unrelated content in listings, photos or messages.',
  },
  {
    value: 'one-account',
    rule: 'Guideline',
    title: 'One Person, One Account',
    summary: 'Use a single account so the community knows who it is talking to.',
  },
  {
    value: 'claimed',
    rule: 'Guideline',
    title: 'Archive or Delete Once Claimed',
    summary: 'Mark a starter as claimed or delete the listing once it has found a new home.',
  },
] as const;

export type RemovalReason = (typeof removalReasons)[number]['value'];
export const removalReasonValues = removalReasons.map((r) => r.value) as [
  RemovalReason,
  ...RemovalReason[],
];

export const REMOVAL_REASON_REQUIRED = 'Please choose the rule it breaks';

/** "Rule 1: Safety & Quality", "Guideline: Respect Privacy"; the value itself if unknown. */
export function removalReasonLabel(value: string): string {
  const reason = removalReasons.find((r) => r.value === value);
  return reason ? `${reason.rule}: ${reason.title}` : value;
}

export function removalReasonSummary(value: string): string | null {
  return removalReasons.find((r) => r.value === value)?.summary ?? null;
}
